//! The catalog's output schemas: listed per tool, parsed once, projected like input schemas.

use super::*;
use crate::tools::tool::ToolOutput;
use crate::wire::decode::ArgumentError;
use crate::wire::encode::RequestError;
use catalog_core::present::output::Wrap;
use serde_json::json;

const OUTPUT_SCHEMA: &str = r#"{"type":"object","properties":{"id":{"type":"integer"},"pacing":{"type":"string","x-applies-when":{"delivery_types":["guaranteed"]}}},"required":["id"]}"#;

/// A hand-written tool with a typed output whose optional `pacing` is annotated.
struct GetCampaign;

impl crate::tools::tool::__private::Accounted for GetCampaign {}

impl Tool for GetCampaign {
    const NAME: &'static str = "get_campaign";
    const DESCRIPTION: &'static str = "Get a campaign";
    const INPUT_SCHEMA: &'static str = r#"{"type":"object","additionalProperties":false}"#;
    const OUTPUT: Option<ToolOutput> = Some(ToolOutput {
        status: "200",
        media_type: "application/json",
        schema: OUTPUT_SCHEMA,
        wrap: Wrap::None,
        arms: &[],
    });

    fn operation() -> &'static Operation {
        static OP: std::sync::LazyLock<Operation> = std::sync::LazyLock::new(|| {
            serde_json::from_value(json!({
                "method": "GET", "path": "/campaign", "pointer": "#/paths/~1campaign/get"
            }))
            .unwrap()
        });
        &OP
    }

    fn input_schema() -> &'static Value {
        static S: std::sync::LazyLock<Value> =
            std::sync::LazyLock::new(|| serde_json::from_str(GetCampaign::INPUT_SCHEMA).unwrap());
        &S
    }

    fn from_arguments(_args: Value) -> Result<Self, ArgumentError> {
        Ok(GetCampaign)
    }

    fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
        Ok(http::Request::get("/campaign").body(Vec::new()).unwrap())
    }
}

#[test]
fn a_tool_lists_its_output_parsed_once() {
    let a = Catalog::new().tool::<GetCampaign>();
    let b = Catalog::new().tool::<GetCampaign>();
    let info = a.get("get_campaign").unwrap();
    assert_eq!(info.output, GetCampaign::OUTPUT);
    let schema = info.output_schema.unwrap();
    assert_eq!(
        schema.schema(),
        &serde_json::from_str::<Value>(OUTPUT_SCHEMA).unwrap()
    );
    // One parsed copy per process, whatever the catalog.
    assert!(std::ptr::eq(
        schema,
        b.get("get_campaign").unwrap().output_schema.unwrap()
    ));
    assert_eq!((info.output_value)(json!([1])), Ok(json!([1])));
}

#[test]
fn output_schemas_are_projected_only_when_asked_and_byte_identical_otherwise() {
    let c = Catalog::new().tool::<GetCampaign>();
    let own = c.advertised_output_schema("get_campaign").unwrap();
    assert!(matches!(own, std::borrow::Cow::Borrowed(_)));
    assert_eq!(serde_json::to_string(own.as_ref()).unwrap(), OUTPUT_SCHEMA);
    let rules = catalog_core::present::projection::Rules::new("x-applies-when")
        .list("delivery_types", "media_buy.supported_delivery_types");
    let c = c.with_projection(
        json!({"media_buy": {"supported_delivery_types": ["non_guaranteed"]}}),
        rules,
    );
    let projected = c.advertised_output_schema("get_campaign").unwrap();
    let props: Vec<&String> = projected["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(props, ["id"]);
    // The input schema's projection is independent of it.
    assert!(c.advertised_schema("get_campaign").is_some());
    assert_eq!(c.advertised_output_schema("nope"), None);
    // An exempted tool advertises its own output schema, itself.
    let c = c
        .exempt_from_projection::<GetCampaign>("a campaign already booked keeps its pacing")
        .unwrap();
    let exempted = c.advertised_output_schema("get_campaign").unwrap();
    assert!(matches!(exempted, std::borrow::Cow::Borrowed(_)));
    assert_eq!(
        serde_json::to_string(exempted.as_ref()).unwrap(),
        OUTPUT_SCHEMA
    );
}
