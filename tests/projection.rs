//! The catalog's projection option: off by default and then byte-identical; on, it drops the
//! optional properties whose applies-when annotation the server's capabilities do not match.

use catalog::projection::Rules;
use catalog::{Catalog, Tool, tool};
use serde_json::json;

/// Create a campaign.
#[tool(spec = "edge-cases", operation = "CreateCampaign")]
pub struct CreateCampaign {
    pub name: String,
    pub guaranteed_impressions: Option<i64>,
    pub floor_price: Option<f64>,
    pub pacing: Option<String>,
}

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

fn catalog() -> Catalog {
    Catalog::new()
        .tool::<CreateCampaign>()
        .tool::<tools::ListTasks>()
        .tool::<tools::CreateTask>()
}

#[test]
fn off_by_default_and_byte_identical() {
    let c = catalog();
    for t in c.tools() {
        let advertised = c.advertised_schema(t.name).unwrap();
        assert_eq!(
            serde_json::to_string(advertised.as_ref()).unwrap(),
            t.input_schema_json
        );
        assert!(matches!(advertised, std::borrow::Cow::Borrowed(_)));
    }
}

#[test]
fn on_it_drops_what_the_server_does_not_support() {
    let rules = Rules::new("x-applies-when")
        .list("delivery_types", "media_buy.supported_delivery_types")
        .list("pricing_models", "media_buy.supported_pricing_models");
    let caps = json!({"media_buy": {
        "supported_delivery_types": ["non_guaranteed"],
        "supported_pricing_models": ["auction"]
    }});
    let c = catalog().with_projection(caps, rules);
    let s = c.advertised_schema(CreateCampaign::NAME).unwrap();
    let props: Vec<&String> = s["properties"].as_object().unwrap().keys().collect();
    assert_eq!(props, ["name", "floor_price", "pacing"]);
    // The tool's own schema (and decoding) is untouched.
    assert!(CreateCampaign::input_schema()["properties"]["guaranteed_impressions"].is_object());
    // Tools without annotations come back as they were.
    let t = c.advertised_schema(tools::ListTasks::NAME).unwrap();
    assert_eq!(
        serde_json::to_string(t.as_ref()).unwrap(),
        tools::ListTasks::INPUT_SCHEMA
    );
}

#[test]
fn the_projected_schema_stays_closed_and_valid() {
    let rules =
        Rules::new("x-applies-when").list("delivery_types", "media_buy.supported_delivery_types");
    let caps = json!({"media_buy": {"supported_delivery_types": []}});
    // An empty list matches (nothing declared): nothing removed, the tool's own schema comes back.
    let c = catalog().with_projection(caps, rules.clone());
    assert!(matches!(
        c.advertised_schema(CreateCampaign::NAME).unwrap(),
        std::borrow::Cow::Borrowed(_)
    ));
    let c = catalog().with_projection(
        json!({"media_buy": {"supported_delivery_types": ["x"]}}),
        rules,
    );
    let s = c.advertised_schema(CreateCampaign::NAME).unwrap();
    assert_eq!(s["additionalProperties"], false);
    assert!(s["properties"].get("guaranteed_impressions").is_none());
    jsonschema::draft202012::meta::validate(&s).unwrap();
}
