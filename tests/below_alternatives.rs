//! Required alternatives below the top level (`CreateRule` in openapi/nested.yaml: `rule` needs
//! `inbound` or `outbound`, and exactly one of `allow` or `deny`) when the tool fixes or omits
//! one of their properties by address: a property the tool always sends holds every arm naming
//! it, one it never sends holds none. The decoder and the advertised input schema (read by a
//! JSON Schema validator nobody here wrote) agree on every call, and with what the tool sends.

use catalog::{Tool, tool};
use serde_json::{Value, json};

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Rule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outbound: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deny: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Create an inbound rule.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateRule",
    fixed(
        "body.rule.inbound",
        value = "any",
        reason = "this tool guards inbound traffic; outbound rules are the network team's"
    )
)]
pub struct CreateInboundRule {
    pub rule: Rule,
}

/// Create an outbound rule.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateRule",
    omitted(
        "body.rule.inbound",
        reason = "inbound rules are the network team's; this tool writes outbound ones only"
    )
)]
pub struct CreateOutboundRule {
    pub rule: Rule,
}

/// A rule whose struct omits `inbound` itself.
#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "inbound",
    reason = "inbound rules are the network team's; this struct writes outbound ones only"
))]
pub struct OutboundRule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outbound: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deny: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Create an outbound rule, the struct omitting `inbound`.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateRule",
    name = "create_outbound_rule_by_struct"
)]
pub struct CreateOutboundRuleByStruct {
    pub rule: OutboundRule,
}

/// Whether the decoder takes `args`, and whether the input schema's validator does.
fn verdicts<T: Tool>(args: &Value) -> (bool, bool) {
    let validator = jsonschema::draft202012::new(T::input_schema()).expect("a valid schema");
    (
        T::from_arguments(args.clone()).is_ok(),
        validator.is_valid(args),
    )
}

#[test]
fn a_fixed_property_holds_every_arm_that_names_it() {
    let tool = CreateInboundRule::from_arguments(json!({"rule": {"allow": true}}))
        .expect("`inbound` is sent by the tool");
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(body, json!({"rule": {"allow": true, "inbound": "any"}}));
    for (args, taken) in [
        (json!({"rule": {"allow": true}}), true),
        (json!({"rule": {"allow": true, "outbound": "x"}}), true),
        // The tool's constraint the spec keeps: exactly one of `allow` or `deny`.
        (json!({"rule": {"allow": true, "deny": true}}), false),
        (json!({"rule": {"label": "l"}}), false),
    ] {
        assert_eq!(
            verdicts::<CreateInboundRule>(&args),
            (taken, taken),
            "{args}"
        );
    }
}

#[test]
fn an_omitted_property_holds_no_arm_so_the_others_are_needed() {
    assert_eq!(
        CreateOutboundRule::from_arguments(json!({"rule": {"allow": true}}))
            .unwrap_err()
            .to_string(),
        "invalid arguments: $.rule: needs `outbound`"
    );
    for (args, taken) in [
        (json!({"rule": {"allow": true}}), false),
        (json!({"rule": {"deny": true, "outbound": "x"}}), true),
    ] {
        assert_eq!(
            verdicts::<CreateOutboundRule>(&args),
            (taken, taken),
            "{args}"
        );
    }
}

#[test]
fn a_property_the_struct_omits_holds_no_arm_either() {
    assert_eq!(
        CreateOutboundRuleByStruct::from_arguments(json!({"rule": {"allow": true}}))
            .unwrap_err()
            .to_string(),
        "invalid arguments: $.rule: needs `outbound`"
    );
    for (args, taken) in [
        (json!({"rule": {"allow": true}}), false),
        (json!({"rule": {"deny": true, "outbound": "x"}}), true),
        (
            json!({"rule": {"deny": true, "allow": true, "outbound": "x"}}),
            false,
        ),
    ] {
        assert_eq!(
            verdicts::<CreateOutboundRuleByStruct>(&args),
            (taken, taken),
            "{args}"
        );
    }
}
