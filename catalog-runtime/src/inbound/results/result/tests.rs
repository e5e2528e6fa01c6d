//! Why a typed tool's answer (or a composite's value) has no structured result: each
//! [`OutputError`], with the message the agent reads after `[no structured result: `.

use super::*;
use crate::tools::catalog::tool_info::info_of;
use crate::tools::output_error::OutputError;
use crate::tools::tool::{OutputArm, Tool, ToolOutput};
use crate::wire::bounded::Bounded;
use crate::wire::decode::ArgumentError;
use crate::wire::encode::RequestError;
use catalog_core::model::Operation;
use catalog_core::present::output::Wrap;
use http::StatusCode;

const JOB: &str = r#"{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}"#;
const JOBS: &str = r#"{"type":"array","items":{"type":"integer"}}"#;

/// A hand-written tool whose output is its `200` JSON body, or with `ARMS`, a `201` answered as
/// one of two media types.
pub(super) struct GetJob<const ARMS: bool>;

impl<const ARMS: bool> crate::tools::tool::__private::Accounted for GetJob<ARMS> {}

impl<const ARMS: bool> Tool for GetJob<ARMS> {
    const NAME: &'static str = "get_job";
    const DESCRIPTION: &'static str = "Get a job";
    const INPUT_SCHEMA: &'static str = r#"{"type":"object","additionalProperties":false}"#;
    const OUTPUT: Option<ToolOutput> = Some(if ARMS {
        ToolOutput {
            status: "201",
            media_type: "application/json",
            schema: JOB,
            wrap: Wrap::None,
            arms: &[
                OutputArm {
                    status: "201",
                    media_type: "application/json",
                    schema: JOB,
                },
                OutputArm {
                    status: "201",
                    media_type: "application/vnd.jobs+json",
                    schema: JOBS,
                },
            ],
        }
    } else {
        ToolOutput {
            status: "200",
            media_type: "application/json",
            schema: JOB,
            wrap: Wrap::None,
            arms: &[],
        }
    });

    fn operation() -> &'static Operation {
        static OP: std::sync::LazyLock<Operation> = std::sync::LazyLock::new(|| {
            serde_json::from_value(json!({
                "method": "GET", "path": "/job", "pointer": "#/paths/~1job/get"
            }))
            .unwrap()
        });
        &OP
    }

    fn input_schema() -> &'static Value {
        static S: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| json!({}));
        &S
    }

    fn from_arguments(_args: Value) -> Result<Self, ArgumentError> {
        Ok(GetJob)
    }

    fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
        Ok(http::Request::get("/job").body(Vec::new()).unwrap())
    }
}

pub(super) fn answer(status: u16, media_type: &str, body: Bounded) -> ApiResponse {
    ApiResponse {
        status: StatusCode::from_u16(status).unwrap(),
        url: "https://api.example/job".into(),
        headers: vec![("content-type".into(), media_type.into())],
        left_out_headers: Vec::new(),
        body,
        max_bytes: 1000,
        attempts: 1,
        retried_after: Vec::new(),
    }
}

pub(super) fn whole(text: &str) -> Bounded {
    Bounded::Whole(text.as_bytes().to_vec())
}

/// What `typed` says of `response` for `GetJob<ARMS>`.
fn refusal<const ARMS: bool>(response: &ApiResponse) -> OutputError {
    let tool = info_of::<GetJob<ARMS>>();
    let output = tool.output.unwrap();
    typed(&tool, response, &output).unwrap_err()
}

#[test]
fn a_body_that_fits_is_the_structured_result() {
    let tool = info_of::<GetJob<false>>();
    let output = tool.output.unwrap();
    let response = answer(200, "application/json", whole(r#"{"id":7}"#));
    assert_eq!(typed(&tool, &response, &output), Ok(json!({"id": 7})));
}

#[test]
fn a_body_cut_by_the_response_cap_is_not_typed() {
    let e = refusal::<false>(&answer(
        200,
        "application/json",
        Bounded::Cut("{\"id\"".into()),
    ));
    assert_eq!(e.kind(), "over_cap");
    assert_eq!(
        e.to_string(),
        "the body is over the response cap and was not kept whole"
    );
}

#[test]
fn a_body_that_is_not_json_says_why_when_it_is_text() {
    let e = refusal::<false>(&answer(200, "application/json", whole("{id: 7}")));
    assert_eq!(e.kind(), "not_json");
    assert_eq!(
        e.to_string(),
        "the body is not JSON: key must be a string at line 1 column 2"
    );
    let binary = answer(
        200,
        "application/octet-stream",
        Bounded::Whole(vec![0xff, 0]),
    );
    let e = refusal::<false>(&binary);
    assert_eq!(e.kind(), "not_json");
    assert_eq!(e.to_string(), "the body is not JSON");
}

#[test]
fn a_status_that_is_not_the_output_names_the_output_responses() {
    let e = refusal::<false>(&answer(202, "application/json", whole("{}")));
    assert_eq!(e.kind(), "not_output_status");
    assert_eq!(
        e.to_string(),
        "HTTP 202 is not the tool's output (the `200` response)"
    );
    let e = refusal::<true>(&answer(200, "application/json", whole("{}")));
    assert_eq!(e.kind(), "not_output_status");
    assert_eq!(
        e.to_string(),
        "HTTP 200 is not the tool's output (the `201` responses)"
    );
}

#[test]
fn a_media_type_that_is_no_arm_names_the_documented_ones() {
    let e = refusal::<true>(&answer(201, "text/json", whole("{}")));
    assert_eq!(e.kind(), "not_output_media_type");
    assert_eq!(
        e.to_string(),
        "the body's media type (text/json) is none of the tool's outputs for HTTP 201 \
         (application/json, application/vnd.jobs+json)"
    );
}

#[test]
fn a_body_the_schema_refuses_says_where() {
    let e = refusal::<false>(&answer(200, "application/json", whole(r#"{"id":"seven"}"#)));
    assert_eq!(e.kind(), "body_does_not_match");
    assert_eq!(
        e.to_string(),
        "the body does not match the tool's outputSchema: at `$.id`: \"seven\" is not of type \
         \"integer\""
    );
}

#[test]
fn a_body_that_does_not_fit_the_output_type_names_it() {
    let e = crate::tools::tool::__private::output_value::<u64>(json!(-1), "u64").unwrap_err();
    assert_eq!(e.kind(), "does_not_fit");
    assert_eq!(
        e.to_string(),
        "the response body does not fit `u64`: invalid value: integer `-1`, expected u64"
    );
}

/// Reads any body, and cannot be written back.
struct Unwritable;

impl<'de> serde::Deserialize<'de> for Unwritable {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d)?;
        Ok(Unwritable)
    }
}

impl serde::Serialize for Unwritable {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("a handle is not data"))
    }
}

#[test]
fn an_output_type_that_does_not_serialize_back_names_it() {
    let e = crate::tools::tool::__private::output_value::<Unwritable>(json!({}), "Unwritable")
        .unwrap_err();
    assert_eq!(e.kind(), "not_serializable");
    assert_eq!(
        e.to_string(),
        "`Unwritable` does not serialize back to JSON: a handle is not data"
    );
}

#[test]
fn a_composite_value_the_schema_refuses_says_where() {
    let tool = info_of::<GetJob<false>>();
    let schema = tool.output_schema.unwrap();
    assert_eq!(
        structured_value(&tool, schema, &json!({"id": 7})),
        Ok(json!({"id": 7}))
    );
    let e = structured_value(&tool, schema, &json!({"id": "seven"})).unwrap_err();
    assert_eq!(e.kind(), "value_does_not_match");
    assert_eq!(
        e.to_string(),
        "the value does not match the tool's outputSchema: at `$.id`: \"seven\" is not of type \
         \"integer\""
    );
}

#[test]
fn a_schema_that_cannot_be_compiled_checks_nothing_and_says_so() {
    let schema = crate::tools::output_schema::output_schema(
        "odd",
        r#"{"type":"object","properties":{"a":{"type":"string","pattern":"(unclosed"}}}"#,
    );
    let e = schema.errors(&json!({"a": "x"})).unwrap_err();
    assert_eq!(e.kind(), "schema_not_compiled");
    assert_eq!(
        e.to_string(),
        "the output schema cannot be compiled (\"(unclosed\" is not a \"regex\")"
    );
}
