use super::super::tests::{json_body, op, param, set};
use super::super::{RequestErrorKind, build_request_ref};
use super::*;
use serde_json::json;

/// A reply to a post: a path of two values, query scalars and an array, a header and a JSON
/// body with a nested object and a nullable field.
fn reply() -> Operation {
    op(
        "POST",
        "/teams/{team}/posts/{post}/replies",
        vec![
            set("path", "team", json!({"required": true})),
            set("path", "post", json!({"required": true})),
            set("query", "tags", json!({"explode": true})),
            set("query", "per_page", json!({})),
            set("header", "X-Request-Id", json!({})),
            set("body", "message", json!({"required": true})),
            set("body", "root_id", json!({})),
            set("body", "filter", json!({})),
        ],
        json_body(),
    )
}

const NAMES: [&str; 8] = [
    "team",
    "post",
    "tags",
    "per_page",
    "X-Request-Id",
    "message",
    "root_id",
    "filter",
];

/// Method, URI, headers and body.
fn parts(r: &http::Request<Vec<u8>>) -> (String, String, Vec<(String, String)>, String) {
    let headers = r
        .headers()
        .iter()
        .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).into()))
        .collect();
    (
        r.method().to_string(),
        r.uri().to_string(),
        headers,
        String::from_utf8_lossy(r.body()).into(),
    )
}

#[test]
fn a_covered_call_is_the_general_request_byte_for_byte() {
    let o = reply();
    let plan = Plan::new(&o, NAMES);
    assert!(plan.covers());
    let (team, post, tags) = ("a b/c", 12_i64, vec!["red", "x&y"]);
    let (page, id, message) = (50_i64, "req-7f3a", "say \"hi\"\n");
    let filter = json!({"name": "ops", "channels": ["town-square"]});
    let args = [
        ("team", ArgRef::Typed(&team)),
        ("post", ArgRef::Typed(&post)),
        ("tags", ArgRef::Typed(&tags)),
        ("per_page", ArgRef::Typed(&page)),
        ("X-Request-Id", ArgRef::Typed(&id)),
        ("message", ArgRef::Typed(&message)),
        ("root_id", ArgRef::Null),
        ("filter", ArgRef::Typed(&filter)),
    ];
    let planned = plan.build(&o, &args).map(|r| parts(&r));
    let general = build_request_ref(&o, &args).map(|r| parts(&r));
    assert_eq!(planned, general.ok());
    assert_eq!(
        planned.map(|(_, uri, headers, body)| (uri, headers, body)),
        Some((
            "/teams/a%20b%2Fc/posts/12/replies?tags=red&tags=x%26y&per_page=50".to_string(),
            vec![
                ("x-request-id".to_string(), "req-7f3a".to_string()),
                ("content-type".to_string(), "application/json".to_string()),
            ],
            r#"{"message":"say \"hi\"\n","root_id":null,"filter":{"name":"ops","channels":["town-square"]}}"#
                .to_string(),
        ))
    );
}

#[test]
fn absent_optional_arguments_are_left_out_as_the_general_encoder_leaves_them() {
    let o = reply();
    let plan = Plan::new(&o, NAMES);
    let (team, post, message) = ("t", 1_i64, "m");
    let args = [
        ("team", ArgRef::Typed(&team)),
        ("post", ArgRef::Typed(&post)),
        ("tags", ArgRef::Absent),
        ("per_page", ArgRef::Absent),
        ("X-Request-Id", ArgRef::Absent),
        ("message", ArgRef::Typed(&message)),
        ("root_id", ArgRef::Absent),
        ("filter", ArgRef::Absent),
    ];
    let planned = plan.build(&o, &args).map(|r| parts(&r));
    assert_eq!(
        planned
            .as_ref()
            .map(|(_, uri, _, body)| (uri.as_str(), body.as_str())),
        Some(("/teams/t/posts/1/replies", r#"{"message":"m"}"#))
    );
    assert_eq!(
        planned,
        build_request_ref(&o, &args).map(|r| parts(&r)).ok()
    );
}

#[test]
fn calls_the_plan_does_not_cover_get_the_general_encoders_answer() {
    let o = reply();
    let plan = Plan::new(&o, NAMES);
    let with = |team: ArgRef<'static>, tags: ArgRef<'static>, message: ArgRef<'static>| {
        [
            ("team", team),
            ("post", ArgRef::Typed(&1_i64)),
            ("tags", tags),
            ("per_page", ArgRef::Absent),
            ("X-Request-Id", ArgRef::Absent),
            ("message", message),
            ("root_id", ArgRef::Absent),
            ("filter", ArgRef::Absent),
        ]
    };
    let cases = [
        // A null query value is spelled by the general encoder (`tags=`).
        (
            with(ArgRef::Typed(&"t"), ArgRef::Null, ArgRef::Typed(&"m")),
            None,
        ),
        // A path value that would name another resource is refused there.
        (
            with(ArgRef::Typed(&".."), ArgRef::Absent, ArgRef::Typed(&"m")),
            Some(RequestErrorKind::PathValue),
        ),
        // So is a missing required body field.
        (
            with(ArgRef::Typed(&"t"), ArgRef::Absent, ArgRef::Absent),
            Some(RequestErrorKind::Missing),
        ),
    ];
    for (args, refused) in cases {
        assert!(plan.build(&o, &args).is_none());
        assert_eq!(
            build_request_ref(&o, &args).err().map(|e| e.kind()),
            refused
        );
    }
}

#[test]
fn operations_the_plan_does_not_cover() {
    let fixed = json!({"param": param("query", "f", json!({})), "disposition": "fixed",
                       "value": 1, "reason": "r"});
    let uncovered = [
        // A cookie.
        (
            op("GET", "/c", vec![set("cookie", "c", json!({}))], None),
            vec!["c"],
        ),
        // A fixed value.
        (op("GET", "/f", vec![fixed], None), vec![]),
        // A label-style path.
        (
            op(
                "GET",
                "/l/{p}",
                vec![set(
                    "path",
                    "p",
                    json!({"required": true, "style": "label"}),
                )],
                None,
            ),
            vec!["p"],
        ),
        // A form body.
        (
            op(
                "POST",
                "/b",
                vec![set("body", "a", json!({}))],
                Some(
                    json!({"media_type": "application/x-www-form-urlencoded", "kind": "form", "pointer": "#/b"}),
                ),
            ),
            vec!["a"],
        ),
        // A header the body's `content-type` would clash with.
        (
            op(
                "GET",
                "/h",
                vec![set("header", "Content-Type", json!({}))],
                None,
            ),
            vec!["Content-Type"],
        ),
        // A template with a dot segment of its own (which every call is refused for).
        (
            op(
                "GET",
                "/a/../{p}",
                vec![set("path", "p", json!({"required": true}))],
                None,
            ),
            vec!["p"],
        ),
        // An argument the operation does not take, and one handed over twice.
        (
            op("GET", "/q", vec![set("query", "q", json!({}))], None),
            vec!["q", "z"],
        ),
        (
            op("GET", "/q", vec![set("query", "q", json!({}))], None),
            vec!["q", "q"],
        ),
    ];
    for (o, names) in uncovered {
        assert!(!Plan::new(&o, names.iter().copied()).covers(), "{}", o.path);
    }
    let covered = op("GET", "/q", vec![set("query", "q", json!({}))], None);
    assert!(Plan::new(&covered, ["q"]).covers());
}

#[test]
fn a_call_with_another_number_of_arguments_is_left_to_the_general_encoder() {
    let o = op("GET", "/q", vec![set("query", "q", json!({}))], None);
    let plan = Plan::new(&o, ["q"]);
    assert!(plan.build(&o, &[("q", ArgRef::Typed(&1))]).is_some());
    assert!(plan.build(&o, &[]).is_none());
}

#[test]
fn a_template_dot_segment_is_refused_by_the_general_encoder_and_dots_in_values_are_kept() {
    let dotted = op(
        "GET",
        "/a/./{p}",
        vec![set("path", "p", json!({"required": true}))],
        None,
    );
    let args = [("p", ArgRef::Typed(&"x"))];
    assert!(!Plan::new(&dotted, ["p"]).covers());
    assert_eq!(
        build_request_ref(&dotted, &args).err().map(|e| e.kind()),
        Some(RequestErrorKind::PathTemplate)
    );
    // Dots beside values, or in a segment of their own with more text, are no dot segment.
    let o = op(
        "GET",
        "/a.b/.{p}./{q}",
        vec![
            set("path", "p", json!({"required": true})),
            set("path", "q", json!({"required": true})),
        ],
        None,
    );
    let plan = Plan::new(&o, ["p", "q"]);
    assert!(plan.covers());
    let args = [("p", ArgRef::Typed(&"...")), ("q", ArgRef::Typed(&"a.."))];
    let planned = plan.build(&o, &args).map(|r| r.uri().to_string());
    assert_eq!(planned.as_deref(), Some("/a.b/...../a.."));
    assert_eq!(
        planned,
        build_request_ref(&o, &args)
            .ok()
            .map(|r| r.uri().to_string())
    );
    // A value that is a dot segment is still refused.
    for dots in [".", ".."] {
        let args = [("p", ArgRef::Typed(&"x")), ("q", ArgRef::Typed(&dots))];
        assert!(plan.build(&o, &args).is_none());
        assert_eq!(
            build_request_ref(&o, &args).err().map(|e| e.kind()),
            Some(RequestErrorKind::PathValue)
        );
    }
}

/// A body value whose `Serialize` builds a planned request of its own while the outer one is
/// being written, and serializes as that request's URI.
struct Nested<'a> {
    plan: &'a Plan,
    op: &'a Operation,
}

impl serde::Serialize for Nested<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (team, post, message) = ("inner", 2_i64, "m");
        let args = [
            ("team", ArgRef::Typed(&team)),
            ("post", ArgRef::Typed(&post)),
            ("tags", ArgRef::Absent),
            ("per_page", ArgRef::Absent),
            ("X-Request-Id", ArgRef::Absent),
            ("message", ArgRef::Typed(&message)),
            ("root_id", ArgRef::Absent),
            ("filter", ArgRef::Absent),
        ];
        let uri = self
            .plan
            .build(self.op, &args)
            .map(|r| r.uri().to_string())
            .unwrap_or_default();
        s.serialize_str(&uri)
    }
}

#[test]
fn a_request_built_while_another_is_written_takes_buffers_of_its_own() {
    let o = reply();
    let plan = Plan::new(&o, NAMES);
    let (team, post, id) = ("outer", 1_i64, "req-1");
    let message = Nested {
        plan: &plan,
        op: &o,
    };
    let args = [
        ("team", ArgRef::Typed(&team)),
        ("post", ArgRef::Typed(&post)),
        ("tags", ArgRef::Absent),
        ("per_page", ArgRef::Absent),
        ("X-Request-Id", ArgRef::Typed(&id)),
        ("message", ArgRef::Typed(&message)),
        ("root_id", ArgRef::Absent),
        ("filter", ArgRef::Absent),
    ];
    let planned = plan.build(&o, &args).map(|r| parts(&r));
    assert_eq!(
        planned
            .as_ref()
            .map(|(_, uri, _, body)| (uri.as_str(), body.as_str())),
        Some((
            "/teams/outer/posts/1/replies",
            r#"{"message":"/teams/inner/posts/2/replies"}"#
        ))
    );
    assert_eq!(
        planned,
        build_request_ref(&o, &args).map(|r| parts(&r)).ok()
    );
}
