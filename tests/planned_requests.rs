//! The request a `#[tool]` writes by its plan (made on its first call) is byte for byte the
//! request the general encoder writes from the same fields, and a call the plan declines still
//! gets the general encoder's request or error.

use catalog::__private_v1::{arg, arg_nullable, arg_option};
use catalog::Tool;
use catalog_runtime::wire::encode::build_request_ref;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize, catalog::Object)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    channels: Option<Vec<String>>,
}

/// Every location the plan covers: path, query scalars and an exploded array, a header, and
/// JSON body fields (a nested object, a nullable one).
#[catalog::tool(operation = "CreateReply", spec = "chat")]
#[derive(Clone)]
pub struct CreateReply {
    team_id: String,
    post_id: i64,
    tags: Option<Vec<String>>,
    sort: Option<String>,
    per_page: Option<i64>,
    ratio: Option<f64>,
    x_request_id: Option<String>,
    message: String,
    root_id: Option<Option<String>>,
    filter: Option<Filter>,
    priority: Option<i64>,
    urgent: Option<bool>,
}

/// The general encoder's answer for the same fields, in accounting order.
fn general(t: &CreateReply) -> Result<http::Request<Vec<u8>>, String> {
    build_request_ref(
        CreateReply::operation(),
        &[
            ("team_id", arg(&t.team_id)),
            ("post_id", arg(&t.post_id)),
            ("tags", arg_option(&t.tags, false)),
            ("sort", arg_option(&t.sort, false)),
            ("per_page", arg_option(&t.per_page, false)),
            ("ratio", arg_option(&t.ratio, false)),
            ("X-Request-Id", arg_option(&t.x_request_id, false)),
            ("message", arg(&t.message)),
            ("root_id", arg_nullable(&t.root_id)),
            ("filter", arg_option(&t.filter, false)),
            ("priority", arg_option(&t.priority, false)),
            ("urgent", arg_option(&t.urgent, false)),
        ],
    )
    .map_err(|e| e.to_string())
}

/// Method, URI, headers and body, or the error's message.
type Parts = Result<(String, String, Vec<(String, Vec<u8>)>, Vec<u8>), String>;

fn parts(r: Result<http::Request<Vec<u8>>, String>) -> Parts {
    r.map(|r| {
        let headers = r
            .headers()
            .iter()
            .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
            .collect();
        (
            r.method().to_string(),
            r.uri().to_string(),
            headers,
            r.body().clone(),
        )
    })
}

fn reply() -> CreateReply {
    CreateReply {
        team_id: "8k3fj2nd9aqwe7rt5yu1io0pzx".into(),
        post_id: 12345,
        tags: Some(vec!["red".into(), "blue".into()]),
        sort: Some("desc".into()),
        per_page: Some(50),
        ratio: Some(0.25),
        x_request_id: Some("req-7f3a".into()),
        message: "Deploy finished.".into(),
        root_id: Some(None),
        filter: Some(Filter {
            name: "ops".into(),
            level: Some(3),
            channels: Some(vec!["town-square".into()]),
        }),
        priority: Some(2),
        urgent: Some(false),
    }
}

#[test]
fn the_planned_request_is_the_general_encoders() {
    let t = reply();
    let planned = parts(t.to_request().map_err(|e| e.to_string()));
    assert_eq!(planned, parts(general(&t)));
    let (method, uri, headers, body) = planned.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(method, "POST");
    assert_eq!(
        uri,
        "/api/v4/teams/8k3fj2nd9aqwe7rt5yu1io0pzx/posts/12345/replies?tags=red&tags=blue&sort=desc&per_page=50&ratio=0.25"
    );
    assert_eq!(
        headers,
        vec![
            ("x-request-id".to_string(), b"req-7f3a".to_vec()),
            ("content-type".to_string(), b"application/json".to_vec()),
        ]
    );
    assert_eq!(
        String::from_utf8_lossy(&body),
        r#"{"message":"Deploy finished.","root_id":null,"filter":{"name":"ops","level":3,"channels":["town-square"]},"priority":2,"urgent":false}"#
    );
}

#[test]
fn absent_fields_are_left_out_by_the_plan_as_by_the_general_encoder() {
    let t = CreateReply {
        tags: None,
        sort: None,
        per_page: None,
        ratio: None,
        x_request_id: None,
        root_id: None,
        filter: None,
        priority: None,
        urgent: None,
        ..reply()
    };
    let planned = parts(t.to_request().map_err(|e| e.to_string()));
    assert_eq!(planned, parts(general(&t)));
    let (_, uri, headers, body) = planned.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        uri,
        "/api/v4/teams/8k3fj2nd9aqwe7rt5yu1io0pzx/posts/12345/replies"
    );
    assert_eq!(headers.len(), 1);
    assert_eq!(body, br#"{"message":"Deploy finished."}"#);
}

#[test]
fn a_declined_step_gets_the_general_encoders_error() {
    // A control character in a header: the plan declines, and the general encoder says why.
    let t = CreateReply {
        x_request_id: Some("a\nb".into()),
        ..reply()
    };
    let e = t.to_request().map(|_| ()).unwrap_err().to_string();
    assert_eq!(Err(e.clone()), general(&t).map(|_| ()));
    assert!(
        e.contains("a header value cannot contain control characters (found U+000A)"),
        "{e}"
    );
    // A path value that is a dot segment.
    let t = CreateReply {
        team_id: "..".into(),
        ..reply()
    };
    let e = t.to_request().map(|_| ()).unwrap_err().to_string();
    assert_eq!(Err(e.clone()), general(&t).map(|_| ()));
}

proptest! {
    #[test]
    fn any_fields_give_the_general_encoders_request_or_error(
        team in any::<String>(),
        post in any::<i64>(),
        tags in proptest::option::of(proptest::collection::vec(any::<String>(), 0..3)),
        sort in proptest::option::of(any::<String>()),
        ratio in proptest::option::of(any::<f64>()),
        id in proptest::option::of(any::<String>()),
        message in any::<String>(),
        root in proptest::option::of(proptest::option::of(any::<String>())),
        name in any::<String>(),
    ) {
        let t = CreateReply {
            team_id: team,
            post_id: post,
            tags,
            sort,
            ratio,
            x_request_id: id,
            message,
            root_id: root,
            filter: Some(Filter { name, level: None, channels: None }),
            ..reply()
        };
        prop_assert_eq!(parts(t.to_request().map_err(|e| e.to_string())), parts(general(&t)));
    }
}
