//! Recorder matching, coverage, pinning and the version stamp.

use catalog_core::index::Index;
use catalog_core::model::Operation;
use catalog_core::model::SpecInfo;
use catalog_core::spec::load::{self as spec, Format};
use catalog_runtime::audit::coverage::{self, compare_version, version_from_status};
use catalog_runtime::audit::recorder::{Recorder, RouteMatch, RouteMatcher};
use serde_json::json;
use std::path::PathBuf;

fn index(paths: serde_json::Value) -> Index {
    let d = json!({"openapi": "3.0.3", "info": {"title": "T", "version": "2.1"}, "paths": paths});
    let mut idx =
        Index::from_document(&spec::parse(d.to_string().as_bytes(), Format::Json, "t").unwrap());
    // Operations in an index carry no spec stamp; a tool's do. Stamp them as a tool would be.
    for o in &mut idx.operations {
        o.spec = idx.spec.clone();
    }
    idx
}

fn users() -> Index {
    let p =
        |n: &str| json!({"name": n, "in": "path", "required": true, "schema": {"type": "string"}});
    index(json!({
        "/users/{id}": {"get": {"operationId": "GetUser", "parameters": [p("id")]},
                        "delete": {"operationId": "DeleteUser", "parameters": [p("id")]}},
        "/users/me": {"get": {"operationId": "GetMe"}},
        "/users/{id}/posts/{post}": {"get": {"operationId": "GetPost", "parameters": [p("id"), p("post")]}},
        "/devices/": {"get": {"operationId": "ListDevices"}}
    }))
}

#[test]
fn literal_segments_beat_templated_ones() {
    let m = RouteMatcher::new(&users().operations);
    assert_eq!(
        m.find("GET", "/users/me"),
        RouteMatch::Operation("GET /users/me".into())
    );
    assert_eq!(
        m.find("GET", "/users/42"),
        RouteMatch::Operation("GET /users/{id}".into())
    );
    assert_eq!(
        m.find("GET", "/users/7/posts/9?x=1"),
        RouteMatch::Operation("GET /users/{id}/posts/{post}".into())
    );
}

#[test]
fn parameters_within_a_segment_match_a_non_empty_run() {
    let p =
        |n: &str| json!({"name": n, "in": "path", "required": true, "schema": {"type": "string"}});
    let idx = index(json!({
        "/files/{name}.{ext}": {"get": {"operationId": "GetFile", "parameters": [p("name"), p("ext")]}},
        "/files/{name}": {"get": {"operationId": "GetAny", "parameters": [p("name")]}},
        "/files/readme.md": {"get": {"operationId": "GetReadme"}}
    }));
    let m = RouteMatcher::new(&idx.operations);
    let found = |path: &str| m.find("GET", path);
    assert_eq!(
        found("/files/notes.tar.gz"),
        RouteMatch::Operation("GET /files/{name}.{ext}".into())
    );
    // Text with a parameter beats a parameter alone; literal text beats both.
    assert_eq!(
        found("/files/readme.md"),
        RouteMatch::Operation("GET /files/readme.md".into())
    );
    // Each parameter needs at least one character: `.txt` has no name, `notes.` no extension.
    assert_eq!(
        found("/files/.txt"),
        RouteMatch::Operation("GET /files/{name}".into())
    );
    assert_eq!(
        found("/files/notes."),
        RouteMatch::Operation("GET /files/{name}".into())
    );
    assert_eq!(found("/files/"), RouteMatch::NoRoute);
}

#[test]
fn encoded_segments_are_decoded_after_splitting() {
    let m = RouteMatcher::new(&users().operations);
    // `%2F` stays inside the segment: this is one id, not a deeper path.
    assert_eq!(
        m.find("GET", "/users/a%2Fb"),
        RouteMatch::Operation("GET /users/{id}".into())
    );
    // An encoded literal still matches the literal.
    assert_eq!(
        m.find("GET", "/users/%6De"),
        RouteMatch::Operation("GET /users/me".into())
    );
    assert_eq!(m.find("GET", "/users/a/b"), RouteMatch::NoRoute);
}

#[test]
fn trailing_slashes_and_wrong_methods() {
    let m = RouteMatcher::new(&users().operations);
    assert_eq!(
        m.find("GET", "/devices"),
        RouteMatch::Operation("GET /devices/".into())
    );
    assert_eq!(
        m.find("GET", "/devices/"),
        RouteMatch::Operation("GET /devices/".into())
    );
    assert_eq!(
        m.find("POST", "/users/42"),
        RouteMatch::WrongMethod(vec!["DELETE".into(), "GET".into()])
    );
    assert_eq!(m.find("GET", "/nothing"), RouteMatch::NoRoute);
}

fn op<'a>(idx: &'a Index, id: &str) -> &'a Operation {
    idx.operations
        .iter()
        .find(|o| o.id.as_deref() == Some(id))
        .unwrap()
}

#[test]
fn a_request_to_an_undeclared_operation_fails() {
    let idx = users();
    let rec = Recorder::new(&idx, [("get_user", op(&idx, "GetUser"))], "/api/v1");
    rec.record("get_user", "GET", "/api/v1/users/42").unwrap();
    let e = rec
        .record("get_user", "DELETE", "/api/v1/users/42")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "tool `get_user` sent `DELETE /api/v1/users/42`, which reaches operation \
         `DELETE /users/{id}`; the tool declares `GET /users/{id}`"
    );
    let e = rec
        .record("get_user", "GET", "/api/v1/users/me")
        .unwrap_err();
    assert_eq!(e.matched, RouteMatch::Operation("GET /users/me".into()));
}

#[test]
fn never_called_operations_are_reported() {
    let idx = users();
    let rec = Recorder::new(
        &idx,
        [
            ("get_user", op(&idx, "GetUser")),
            ("get_me", op(&idx, "GetMe")),
        ],
        "",
    );
    rec.record("get_user", "GET", "/users/1").unwrap();
    assert_eq!(rec.never_called(), ["get_me: GET /users/me"]);
    assert_eq!(
        rec.report(),
        "    0  get_me: GET /users/me\n    1  get_user: GET /users/{id}\n"
    );
    let panic = std::panic::catch_unwind(|| rec.assert_all_called()).unwrap_err();
    let msg = panic.downcast_ref::<String>().unwrap();
    assert_eq!(
        msg,
        "1 declared operation(s) never called:\n  get_me: GET /users/me"
    );
}

#[test]
fn coverage_lists_wrapped_and_unwrapped_operations() {
    let idx = users();
    let stamped = op(&idx, "GetMe").clone();
    let mut other = op(&idx, "GetUser").clone();
    other.spec.stem = "elsewhere".into();
    let c = coverage::coverage(&idx, [("me", &stamped), ("user", &other)]);
    assert_eq!(c.wrapped(), 1);
    assert_eq!(
        c.unwrapped(),
        [
            "GET /users/{id}",
            "DELETE /users/{id}",
            "GET /users/{id}/posts/{post}",
            "GET /devices/"
        ]
    );
    assert_eq!(
        c.foreign,
        [("user".to_string(), "GET /users/{id}".to_string())]
    );
    assert!(c.to_string().starts_with("t: 1 of 5 operations wrapped\n"));
    assert!(c.to_string().contains("  +  GET /users/me  <- me\n"));
}

#[test]
fn pinning_names_additions_and_removals() {
    let idx = users();
    let pinned = coverage::pin([("me", op(&idx, "GetMe")), ("user", op(&idx, "GetUser"))]);
    assert_eq!(
        pinned,
        "me -> GET /users/me (GetMe) [t]\nuser -> GET /users/{id} (GetUser) [t]\n"
    );
    coverage::assert_pinned(
        [("user", op(&idx, "GetUser")), ("me", op(&idx, "GetMe"))],
        &pinned,
    );
    // Re-pointing a tool changes the list.
    let r = std::panic::catch_unwind(|| {
        coverage::assert_pinned(
            [("me", op(&idx, "GetMe")), ("user", op(&idx, "DeleteUser"))],
            &pinned,
        )
    });
    let msg = r.unwrap_err().downcast_ref::<String>().unwrap().clone();
    assert!(
        msg.contains("added:\n  user -> DELETE /users/{id} (DeleteUser) [t]"),
        "{msg}"
    );
    assert!(
        msg.contains("removed:\n  user -> GET /users/{id} (GetUser) [t]"),
        "{msg}"
    );
}

#[test]
fn version_mismatch_is_a_warning_value() {
    let spec = SpecInfo {
        title: "NetBox REST API".into(),
        version: "4.6.8".into(),
        ..Default::default()
    };
    assert_eq!(compare_version(&spec, "v4.6.8"), None);
    let status = json!({"django-version": "6.0.8", "netbox-version": "4.7.0"});
    let reported = version_from_status(&status, "netbox-version").unwrap();
    let w = compare_version(&spec, reported).unwrap();
    assert_eq!(
        w.to_string(),
        "tools were checked against NetBox REST API 4.6.8, but the server reports 4.7.0: \
         parameters may have been added or changed; re-index the server's spec and rebuild"
    );
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn coverage_of_real_specs() {
    let dir = std::env::var_os("CATALOG_SPECS_DIR").expect(
        "CATALOG_SPECS_DIR is not set: point it at the real specs (.ci/run sets it to ../shared/specs)",
    );
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir);
    let idx = Index::load(&dir.join("mattermost-v4.json")).unwrap();
    let tools: Vec<(&str, &Operation)> = ["CreatePost", "GetPostsForChannel", "UpdateChannel"]
        .iter()
        .map(|id| (*id, op(&idx, id)))
        .collect();
    // Operations straight from the index carry no spec stamp: stamp them as a tool would be.
    let stamped: Vec<Operation> = tools
        .iter()
        .map(|(_, o)| Operation {
            spec: idx.spec.clone(),
            ..(*o).clone()
        })
        .collect();
    let c = coverage::coverage(&idx, tools.iter().map(|(n, _)| *n).zip(stamped.iter()));
    assert_eq!(c.operations.len(), 420);
    assert_eq!(c.wrapped(), 3);
    assert_eq!(c.unwrapped().len(), 417);
    // Every operation of a real spec is matched back to itself by the recorder, including
    // NetBox's trailing-slash paths and Mattermost's duplicate operationIds.
    for name in [
        "mattermost-v4.json",
        "netbox-4.6.8.json",
        "oxide-nexus.json",
    ] {
        let idx = Index::load(&dir.join(name)).unwrap();
        let m = RouteMatcher::new(&idx.operations);
        for o in &idx.operations {
            let concrete = o.path.replace('{', "x").replace('}', "");
            let got = m.find(&o.method, &concrete);
            // A concrete path can legitimately prefer a more literal template that happens to
            // match it; it must then be a real operation with the same method.
            match got {
                RouteMatch::Operation(k) => {
                    assert!(k.starts_with(&o.method), "{name} {}: {k}", o.key())
                }
                other => panic!("{name} {}: {other:?}", o.key()),
            }
        }
    }
}
