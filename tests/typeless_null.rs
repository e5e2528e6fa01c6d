//! A typeless schema (`{}`: any JSON value) takes `null`, as JSON Schema reads it: the tool's
//! input schema and its decoder agree on that at every field. `Option<Option<T>>` offers null
//! and sends it; one `Option` cannot send it (serde reads null as `None`), so its input schema
//! says `not: {type: null}` and the decoder refuses null, where before the schema (`{}`)
//! offered null and the decoder refused it with "cannot be null; expected any JSON value".

use catalog::{ProblemKind, Tool, tool};
use serde_json::{Value, json};

/// `anything` (`{}` in the spec) with null sent.
#[tool(
    spec = "edge-cases",
    operation = "EveryType",
    omitted(
        "query.dry_run",
        reason = "every call is real; a dry run would report success for nothing"
    ),
    omitted("body.text", reason = "not part of this case"),
    omitted("body.count32", reason = "not part of this case"),
    omitted("body.count64", reason = "not part of this case"),
    omitted("body.plain", reason = "not part of this case"),
    omitted("body.small", reason = "not part of this case"),
    omitted("body.ratio", reason = "not part of this case"),
    omitted("body.fraction", reason = "not part of this case"),
    omitted("body.flag", reason = "not part of this case"),
    omitted("body.ids", reason = "not part of this case"),
    omitted("body.doc", reason = "not part of this case"),
    omitted("body.either", reason = "not part of this case"),
    omitted("body.color", reason = "not part of this case"),
    omitted("body.maybe", reason = "not part of this case"),
    omitted("body.tags", reason = "not part of this case")
)]
pub struct SendsNull {
    pub mode: String,
    pub note: Option<String>,
    pub anything: Option<Option<Value>>,
}

/// `anything` with one `Option`: null cannot be sent, so it is neither offered nor taken.
#[derive(Debug)]
#[tool(
    spec = "edge-cases",
    operation = "EveryType",
    omitted(
        "query.dry_run",
        reason = "every call is real; a dry run would report success for nothing"
    ),
    omitted("body.text", reason = "not part of this case"),
    omitted("body.count32", reason = "not part of this case"),
    omitted("body.count64", reason = "not part of this case"),
    omitted("body.plain", reason = "not part of this case"),
    omitted("body.small", reason = "not part of this case"),
    omitted("body.ratio", reason = "not part of this case"),
    omitted("body.fraction", reason = "not part of this case"),
    omitted("body.flag", reason = "not part of this case"),
    omitted("body.ids", reason = "not part of this case"),
    omitted("body.doc", reason = "not part of this case"),
    omitted("body.either", reason = "not part of this case"),
    omitted("body.color", reason = "not part of this case"),
    omitted("body.maybe", reason = "not part of this case"),
    omitted("body.tags", reason = "not part of this case")
)]
pub struct UnsetOnly {
    pub mode: String,
    pub note: Option<String>,
    pub anything: Option<Value>,
}

fn body(req: &http::Request<Vec<u8>>) -> Value {
    serde_json::from_slice(req.body()).unwrap()
}

/// Whether the tool's advertised input schema accepts `args` (as a client validating against it
/// would).
fn schema_takes<T: Tool>(args: &Value) -> bool {
    jsonschema::draft202012::new(T::input_schema())
        .unwrap()
        .is_valid(args)
}

#[test]
fn a_typeless_property_offers_null_and_sends_it() {
    let args = json!({"mode": "fast", "note": "n", "anything": null});
    assert_eq!(
        SendsNull::input_schema()["properties"]["anything"],
        json!({})
    );
    assert!(schema_takes::<SendsNull>(&args));
    let tool = SendsNull::from_arguments(args).unwrap();
    assert_eq!(tool.anything, Some(None));
    assert_eq!(
        body(&tool.to_request().unwrap()),
        json!({"note": "n", "anything": null})
    );
    // Absent is still absent, and any other value is sent as written.
    let tool = SendsNull::from_arguments(json!({"mode": "fast", "note": "n"})).unwrap();
    assert_eq!(body(&tool.to_request().unwrap()), json!({"note": "n"}));
    let tool = SendsNull::from_arguments(
        json!({"mode": "fast", "note": "n", "anything": [1, {"a": null}]}),
    )
    .unwrap();
    assert_eq!(
        body(&tool.to_request().unwrap()),
        json!({"note": "n", "anything": [1, {"a": null}]})
    );
}

#[test]
fn one_option_over_a_typeless_property_neither_offers_null_nor_takes_it() {
    let args = json!({"mode": "fast", "note": "n", "anything": null});
    assert_eq!(
        UnsetOnly::input_schema()["properties"]["anything"],
        json!({"not": {"type": "null"}})
    );
    // The schema and the decoder say the same: no.
    assert!(!schema_takes::<UnsetOnly>(&args));
    let e = UnsetOnly::from_arguments(args).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.anything: cannot be null; expected any JSON value"
    );
    assert_eq!(e.problems()[0].kind(), ProblemKind::Null);
    // Every other value is offered and sent.
    let args = json!({"mode": "fast", "note": "n", "anything": {"k": [1]}});
    assert!(schema_takes::<UnsetOnly>(&args));
    let tool = UnsetOnly::from_arguments(args).unwrap();
    assert_eq!(
        body(&tool.to_request().unwrap()),
        json!({"note": "n", "anything": {"k": [1]}})
    );
}
