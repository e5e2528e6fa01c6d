//! The recorder wrapped around the executor, against a real HTTP server on loopback: every
//! request a tool sends is matched to an operation of the spec before it leaves, one that
//! reaches an operation its tool does not declare is refused and reported, and the suite learns
//! which declared operations it never called.
#![cfg(feature = "runtime")]

#[path = "support/loopback.rs"]
mod loopback;

use catalog_core::index::Index;
use catalog_core::model::Operation;
use catalog_core::spec::load::{self as spec, Format};
use catalog_runtime::audit::recorder::{Recorder, Report, RouteMatch};
use catalog_runtime::outbound::executor::{ExecuteError, Executor, ExecutorConfig};
use catalog_runtime::tools::catalog::CallError;
use catalog_runtime::tools::catalog::Catalog;
use catalog_runtime::tools::tool::Tool;
use catalog_runtime::wire::decode::ArgumentError;
use catalog_runtime::wire::encode::RequestError;
use loopback::response;
use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let p = json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}});
        // Every operation answers JSON, as the loopback API does.
        let ok = json!({"200": {"description": "ok", "content": {"application/json": {}}}});
        let d = json!({
            "openapi": "3.0.3",
            "info": {"title": "Users", "version": "1.0"},
            "paths": {
                "/users/{id}": {"get": {"operationId": "GetUser", "parameters": [p], "responses": ok},
                                "delete": {"operationId": "DeleteUser", "parameters": [p],
                                           "responses": ok}},
                "/users/me": {"get": {"operationId": "GetMe", "responses": ok}},
                "/devices/": {"get": {"operationId": "ListDevices", "responses": ok}}
            }
        });
        let doc = spec::parse(d.to_string().as_bytes(), Format::Json, "users").unwrap();
        let mut idx = Index::from_document(&doc);
        // A tool's operation carries its spec's stamp; the index's do not.
        for o in &mut idx.operations {
            o.spec = idx.spec.clone();
        }
        idx
    })
}

fn op(id: &str) -> &'static Operation {
    index()
        .operations
        .iter()
        .find(|o| o.id.as_deref() == Some(id))
        .unwrap()
}

/// Tools written by hand, so that a test can make one send any method and path: `#[tool]` tools
/// only ever build their own template, which is the point, but not what a test of the recorder
/// needs. Arguments: `{"method": "GET", "path": "/users/42"}`.
macro_rules! raw_tool {
    ($ty:ident, $name:literal, $op:literal) => {
        struct $ty {
            method: String,
            path: String,
        }

        // The seal `#[tool]` writes: these tests stand in for its expansion.
        impl catalog_runtime::tools::tool::__private::Accounted for $ty {}

        impl Tool for $ty {
            const NAME: &'static str = $name;
            const DESCRIPTION: &'static str = "test tool";
            const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;

            fn operation() -> &'static Operation {
                op($op)
            }

            fn input_schema() -> &'static Value {
                static SCHEMA: OnceLock<Value> = OnceLock::new();
                SCHEMA.get_or_init(|| json!({"type": "object"}))
            }

            fn from_arguments(args: Value) -> Result<Self, ArgumentError> {
                let field = |k: &str| {
                    args.get(k)
                        .and_then(Value::as_str)
                        .map(str::to_string)
                        .ok_or_else(|| ArgumentError::other(format!("$.{k}"), "a string"))
                };
                Ok($ty {
                    method: field("method")?,
                    path: field("path")?,
                })
            }

            fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
                Ok(http::Request::builder()
                    .method(self.method.as_str())
                    .uri(self.path.as_str())
                    .body(Vec::new())
                    .unwrap())
            }
        }
    };
}

raw_tool!(GetUser, "get_user", "GetUser");
raw_tool!(GetMe, "get_me", "GetMe");
raw_tool!(DeleteUser, "delete_user", "DeleteUser");
raw_tool!(ListDevices, "list_devices", "ListDevices");

fn catalog() -> Catalog {
    Catalog::new()
        .tool::<GetUser>()
        .tool::<GetMe>()
        .tool::<DeleteUser>()
        .tool::<ListDevices>()
}

struct Setup {
    server: loopback::Loopback,
    executor: Executor,
    recorder: Arc<Recorder>,
    catalog: Catalog,
}

async fn setup(allow_writes: bool) -> Setup {
    let server =
        loopback::start(|_| response("200 OK", &[("content-type", "application/json")], b"{}"))
            .await;
    let catalog = catalog();
    let recorder = Arc::new(catalog.recorder(index()));
    // A base path on the server: requests are recorded relative to it.
    let config = ExecutorConfig::new(format!("{}/api/v1", server.url)).allow_writes(allow_writes);
    let executor = Executor::new(config)
        .unwrap()
        .with_recorder(recorder.clone());
    Setup {
        server,
        executor,
        recorder,
        catalog,
    }
}

impl Setup {
    async fn call(&self, tool: &str, method: &str, path: &str) -> Result<(), CallError> {
        self.catalog
            .call(
                &self.executor,
                tool,
                json!({"method": method, "path": path}),
            )
            .await
            .map(|_| ())
    }

    fn undeclared(e: CallError) -> catalog_runtime::audit::recorder::Undeclared {
        match e {
            CallError::Execute(ExecuteError::Undeclared(u)) => u,
            other => panic!("expected an undeclared request, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_request_that_matches_its_operation_is_recorded_and_sent() {
    let s = setup(false).await;
    s.call("get_user", "GET", "/users/42").await.unwrap();
    s.call("get_user", "GET", "/users/7?expand=1")
        .await
        .unwrap();
    let seen = s.server.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].request_line, "GET /api/v1/users/42 HTTP/1.1");
    let summary = s.recorder.summary();
    assert_eq!(summary.calls["get_user"].calls, 2);
    assert_eq!(summary.calls["get_user"].operation, "GET /users/{id}");
    assert!(s.recorder.undeclared().is_empty());
}

#[tokio::test]
async fn a_request_that_reaches_an_undeclared_operation_fails_and_is_not_sent() {
    let s = setup(false).await;
    // `me` is a literal segment of another operation: the more specific template wins.
    let u = Setup::undeclared(s.call("get_user", "GET", "/users/me").await.unwrap_err());
    assert_eq!(u.tool, "get_user");
    assert_eq!(u.matched, RouteMatch::Operation("GET /users/me".into()));
    assert_eq!(
        u.to_string(),
        "tool `get_user` sent `GET /users/me`, which reaches operation `GET /users/me`; the \
         tool declares `GET /users/{id}`"
    );
    // A path outside the spec.
    let u = Setup::undeclared(s.call("get_me", "GET", "/nowhere").await.unwrap_err());
    assert_eq!(u.matched, RouteMatch::NoRoute);
    // Nothing reached the server, and the suite fails at the end with both.
    assert!(s.server.seen().is_empty());
    assert_eq!(s.recorder.undeclared().len(), 2);
    let panic = std::panic::catch_unwind(|| s.recorder.assert_no_undeclared()).unwrap_err();
    let msg = panic.downcast_ref::<String>().unwrap();
    assert!(
        msg.starts_with("2 request(s) reached an operation their tool does not declare:\n"),
        "{msg}"
    );
    assert!(!s.recorder.summary().is_clean());
}

#[tokio::test]
async fn a_wrong_method_is_undeclared_and_the_writes_guard_comes_first() {
    // Writes disabled: a DELETE is refused by the guard before the recorder sees it, so it is
    // neither a call nor an undeclared request.
    let s = setup(false).await;
    let e = s.call("get_user", "DELETE", "/users/42").await.unwrap_err();
    assert!(
        matches!(e, CallError::Execute(ExecuteError::WritesDisabled { .. })),
        "{e:?}"
    );
    assert!(s.recorder.undeclared().is_empty());

    let s = setup(true).await;
    // DELETE /users/{id} is an operation, just not get_user's.
    let u = Setup::undeclared(s.call("get_user", "DELETE", "/users/42").await.unwrap_err());
    assert_eq!(
        u.matched,
        RouteMatch::Operation("DELETE /users/{id}".into())
    );
    // No operation of the spec answers POST on this path.
    let u = Setup::undeclared(s.call("get_user", "POST", "/users/42").await.unwrap_err());
    assert_eq!(
        u.matched,
        RouteMatch::WrongMethod(vec!["DELETE".into(), "GET".into()])
    );
    assert!(
        u.to_string()
            .contains("which reaches a path the spec serves only for DELETE, GET"),
        "{u}"
    );
    // The tool that does declare DELETE goes through.
    s.call("delete_user", "DELETE", "/users/42").await.unwrap();
    assert_eq!(s.server.seen().len(), 1);
}

#[tokio::test]
async fn trailing_slashes_and_encoded_segments() {
    let s = setup(false).await;
    // The spec spells `/devices/` and has no `/devices`: either spelling is the operation.
    s.call("list_devices", "GET", "/devices").await.unwrap();
    s.call("list_devices", "GET", "/devices/").await.unwrap();
    // `%2F` stays inside its segment: one id, not a deeper path.
    s.call("get_user", "GET", "/users/a%2Fb").await.unwrap();
    // An encoded literal is still the literal: `%6De` is `me`.
    let u = Setup::undeclared(s.call("get_user", "GET", "/users/%6De").await.unwrap_err());
    assert_eq!(u.matched, RouteMatch::Operation("GET /users/me".into()));
    let summary = s.recorder.summary();
    assert_eq!(summary.calls["list_devices"].calls, 2);
    assert_eq!(summary.calls["get_user"].calls, 1);
    let lines: Vec<String> = s
        .server
        .seen()
        .iter()
        .map(|r| r.request_line.clone())
        .collect();
    assert_eq!(
        lines,
        [
            "GET /api/v1/devices HTTP/1.1",
            "GET /api/v1/devices/ HTTP/1.1",
            "GET /api/v1/users/a%2Fb HTTP/1.1",
        ]
    );
}

#[tokio::test]
async fn never_called_lists_the_declared_operations_not_called() {
    let s = setup(false).await;
    s.call("get_user", "GET", "/users/1").await.unwrap();
    s.call("get_me", "GET", "/users/me").await.unwrap();
    assert_eq!(
        s.recorder.never_called(),
        [
            "delete_user: DELETE /users/{id}",
            "list_devices: GET /devices/"
        ]
    );
    assert_eq!(
        s.recorder.report(),
        "    0  delete_user: DELETE /users/{id}\n    1  get_me: GET /users/me\n    1  \
         get_user: GET /users/{id}\n    0  list_devices: GET /devices/\n"
    );
    let panic = std::panic::catch_unwind(|| s.recorder.assert_all_called()).unwrap_err();
    assert_eq!(
        panic.downcast_ref::<String>().unwrap(),
        "2 declared operation(s) never called:\n  delete_user: DELETE /users/{id}\n  \
         list_devices: GET /devices/"
    );
}

#[tokio::test]
async fn a_request_without_a_tool_name_is_refused_under_a_recorder() {
    let s = setup(false).await;
    let req = http::Request::builder()
        .uri("/users/1")
        .body(Vec::new())
        .unwrap();
    let e = s.executor.execute(req).await.unwrap_err();
    let ExecuteError::Undeclared(u) = e else {
        panic!("{e:?}")
    };
    assert_eq!(
        u.to_string(),
        "a request without a tool name sent `GET /users/1`, which reaches operation `GET \
         /users/{id}`; send it with Executor::execute_tool or Catalog::call so that it can be \
         checked against its tool"
    );
    // Naming the tool is enough.
    let req = http::Request::builder()
        .uri("/users/1")
        .body(Vec::new())
        .unwrap();
    s.executor.execute_tool("get_user", req).await.unwrap();
    assert_eq!(s.server.seen().len(), 1);
}

#[tokio::test]
async fn reports_of_several_processes_add_up_in_one_file() {
    let path = std::env::temp_dir().join(format!("catalog-record-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    // Two server sessions of one suite: a read-only one and one with writes.
    let first = setup(false).await;
    first.call("get_user", "GET", "/users/1").await.unwrap();
    first
        .call("list_devices", "GET", "/devices/")
        .await
        .unwrap();
    let merged = first.recorder.merge_into_file(&path).unwrap();
    assert_eq!(merged.never_called.len(), 2);

    let second = setup(true).await;
    second
        .call("delete_user", "DELETE", "/users/1")
        .await
        .unwrap();
    let _ = second.call("get_me", "GET", "/users/x").await;
    let merged = second.recorder.merge_into_file(&path).unwrap();
    assert_eq!(merged.calls["get_user"].calls, 1);
    assert_eq!(merged.calls["delete_user"].calls, 1);
    assert_eq!(merged.never_called, ["get_me: GET /users/me"]);
    assert_eq!(merged.undeclared.len(), 1);
    assert!(!merged.is_clean());
    // The file is the merged report.
    let read: Report = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(read, merged);
    let _ = std::fs::remove_file(&path);
}
