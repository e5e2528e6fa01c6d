//! The catalog's projection option: off by default and then byte-identical; on, it drops the
//! optional properties whose applies-when annotation the server's capabilities do not match,
//! reading each annotation where the property is declared, exactly as the rule does on the
//! unexpanded document.

use catalog::projection::{Rules, project};
use catalog::{Catalog, Tool, tool};
use serde_json::{Value, json};

#[path = "support/projection_tools.rs"]
mod media;

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

/// The rules of `openapi/projection.json` and `openapi/edge-cases.json`.
fn media_rules() -> Rules {
    Rules::new("x-applies-when")
        .list("delivery_types", "media_buy.supported_delivery_types")
        .list("pricing_models", "media_buy.supported_pricing_models")
}

/// A seller with non-guaranteed CPM delivery, no webhooks, no dry runs, signals without
/// audiences: every annotation of the fixtures that can fail to match does not.
fn narrow_seller() -> Value {
    json!({
        "media_buy": {
            "supported_delivery_types": ["non_guaranteed"],
            "supported_pricing_models": ["cpm"]
        },
        "signals": {}
    })
}

fn property_names(schema: &Value) -> Vec<&str> {
    schema["properties"]
        .as_object()
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

#[test]
fn a_ref_whose_target_is_annotated_is_kept_when_the_property_declares_none() {
    let c = media::catalog().with_projection(narrow_seller(), media_rules());
    let s = c.advertised_schema(media::CreateMediaBuy::NAME).unwrap();
    // `pacing` references `Pacing`, annotated for guaranteed delivery only; `floor_price`
    // references `Price`, a `$ref` to `Amount`, both annotated for auctions only. Neither
    // property declares an annotation, so the rule keeps both. `guarantee` carries its
    // annotation beside its `$ref`, which counts, and goes.
    assert_eq!(
        property_names(&s),
        [
            "name",
            "budget",
            "pacing",
            "floor_price",
            "targeting",
            "notes"
        ]
    );
    // The targets' annotations are not copied onto the referencing properties at all.
    let own = media::CreateMediaBuy::input_schema();
    assert_eq!(
        own["properties"]["pacing"],
        json!({"type": "string", "enum": ["even", "asap"]})
    );
    assert_eq!(own["properties"]["floor_price"], json!({"type": "number"}));
    // Inside the referenced `Targeting`, annotations are declared on its properties and read
    // there: `audience` goes, `frequency_cap` is required by `Targeting` and stays.
    assert_eq!(
        property_names(&s["properties"]["targeting"]),
        ["geo", "frequency_cap"]
    );
}

/// The capability documents the rule is compared under: nothing published, the narrow seller,
/// a seller offering everything, and sellers in between.
fn sellers() -> Vec<Value> {
    vec![
        json!({}),
        narrow_seller(),
        json!({
            "media_buy": {
                "supported_delivery_types": ["guaranteed"],
                "supported_pricing_models": ["auction"],
                "reporting": {"webhooks": true},
                "dry_run": true,
                "frequency_capping": true
            },
            "signals": {"audiences": true}
        }),
        json!({"media_buy": {"supported_pricing_models": ["auction"], "dry_run": false}}),
        json!({"media_buy": {"supported_delivery_types": ["guaranteed"]}, "signals": null}),
    ]
}

/// The value at a local `$ref` of `doc`, following chains of references.
fn resolve<'a>(doc: &'a Value, mut schema: &'a Value) -> &'a Value {
    while let Some(pointer) = schema.get("$ref").and_then(Value::as_str) {
        let pointer = pointer.strip_prefix('#').expect("a local reference");
        schema = doc
            .pointer(pointer)
            .unwrap_or_else(|| panic!("no {pointer}"));
    }
    schema
}

/// One object schema as the tool has it and as the document declares it, each before and
/// after projection.
struct Place<'a> {
    at: String,
    tool: (&'a Value, &'a Value),
    spec: (&'a Value, Option<&'a Value>),
}

/// Asserts that every property the tool takes from the document's object at `place` is kept
/// by the tool's projection exactly when the rule keeps it in the projected document, at every
/// depth. Returns how many such properties were compared and how many of them went.
fn same_properties(place: Place<'_>, docs: (&Value, &Value)) -> (usize, usize) {
    let (tool_before, tool_after) = place.tool;
    let spec_before = resolve(docs.0, place.spec.0);
    let spec_after = place.spec.1.map(|s| resolve(docs.1, s));
    let (mut compared, mut removed) = (0, 0);
    let Some(declared) = tool_before["properties"].as_object() else {
        return (0, 0);
    };
    for (name, before) in declared {
        let Some(in_spec) = spec_before["properties"].get(name) else {
            continue;
        };
        let kept_by_rule = spec_after.and_then(|s| s["properties"].get(name));
        let kept_by_tool = tool_after["properties"].get(name);
        let at = format!("{}.{name}", place.at);
        assert_eq!(
            kept_by_tool.is_some(),
            kept_by_rule.is_some(),
            "{at}: the tool's projection and the rule's disagree"
        );
        compared += 1;
        removed += usize::from(kept_by_tool.is_none());
        if let Some(after) = kept_by_tool {
            let (c, r) = same_properties(
                Place {
                    at,
                    tool: (before, after),
                    spec: (in_spec, kept_by_rule),
                },
                docs,
            );
            compared += c;
            removed += r;
        }
    }
    (compared, removed)
}

/// The tool's arguments taken from the operation's parameters: each kept exactly when the rule
/// keeps it as a property declared by the parameter's schema (required when the parameter is).
fn same_parameters(
    tool: (&Value, &Value),
    operation: &Value,
    doc: &Value,
    (capabilities, rules): (&Value, &Rules),
) -> (usize, usize) {
    let (mut compared, mut removed) = (0, 0);
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let parameter = resolve(doc, parameter);
        let name = parameter["name"].as_str().unwrap();
        if tool.0["properties"].get(name).is_none() {
            continue;
        }
        let required = parameter["required"] == true;
        let declared = json!({
            "type": "object",
            "properties": {name: parameter["schema"]},
            "required": if required { vec![name] } else { vec![] },
        });
        let kept_by_rule = project(&declared, capabilities, rules)["properties"]
            .get(name)
            .is_some();
        let kept_by_tool = tool.1["properties"].get(name).is_some();
        assert_eq!(kept_by_tool, kept_by_rule, "parameter {name}: disagree");
        compared += 1;
        removed += usize::from(!kept_by_tool);
    }
    (compared, removed)
}

fn fixture(stem: &str) -> Value {
    let path = format!("{}/openapi/{stem}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn the_projected_schema_equals_the_rule_on_the_unexpanded_document() {
    let tools = media::catalog().tool::<CreateCampaign>();
    let rules = media_rules();
    let (mut compared, mut removed) = (0, 0);
    for capabilities in sellers() {
        let c = tools
            .clone()
            .with_projection(capabilities.clone(), rules.clone());
        for t in c.tools() {
            let doc = fixture(&t.operation.spec.stem);
            let projected = project(&doc, &capabilities, &rules);
            let pointer = t.operation.pointer.trim_start_matches('#');
            let operation = doc.pointer(pointer).unwrap();
            let body = "/requestBody/content/application~1json/schema";
            let advertised = c.advertised_schema(t.name).unwrap();
            let place = Place {
                at: format!("{} under {capabilities}", t.name),
                tool: (t.input_schema, &advertised),
                spec: (
                    operation.pointer(body).unwrap(),
                    projected.pointer(&format!("{pointer}{body}")),
                ),
            };
            let (c1, r1) = same_properties(place, (&doc, &projected));
            let tool = (t.input_schema, advertised.as_ref());
            let (c2, r2) = same_parameters(tool, operation, &doc, (&capabilities, &rules));
            // Every argument of these tools comes from the document.
            let arguments = property_names(t.input_schema).len();
            assert!(
                c1 + c2 >= arguments,
                "{}: arguments left uncompared",
                t.name
            );
            compared += c1 + c2;
            removed += r1 + r2;
        }
    }
    // Not vacuous: the sellers remove some arguments and keep others.
    assert!(removed > 0 && removed < compared, "{removed} of {compared}");
}

/// The message of a refused projection setting.
#[track_caller]
fn refused(setting: Result<Catalog, catalog::projection::SettingError>) -> String {
    match setting {
        Ok(_) => panic!("the setting was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_projection_setting_that_would_do_nothing_is_refused_with_the_fix() {
    let on = || media::catalog().with_projection(narrow_seller(), media_rules());
    assert_eq!(
        refused(media::catalog().exempt_from_projection::<media::UpdateMediaBuy>("accepted")),
        "projection is off, so a projection setting for `update_media_buy` would do nothing: \
         call Catalog::with_projection first"
    );
    assert_eq!(
        refused(
            Catalog::new()
                .with_projection(narrow_seller(), media_rules())
                .annotate::<media::CreateMediaBuy>("notes", json!({"capabilities": ["a.b"]}))
        ),
        "the catalog has no tool `create_media_buy`: add it with Catalog::tool before its \
         projection settings"
    );
    assert_eq!(
        refused(on().exempt_from_projection::<media::UpdateMediaBuy>(" ")),
        "the exemption of `update_media_buy` from projection has no reason: say why its schemas \
         are advertised whole (for instance, it changes records the server already accepted)"
    );
    let exempted = "`update_media_buy` is exempted from projection, so the annotation on its \
                    argument `budget` would never be read: drop one of the two";
    let webhooks = json!({"capabilities": ["media_buy.reporting.webhooks"]});
    assert_eq!(
        refused(
            on().exempt_from_projection::<media::UpdateMediaBuy>("accepted")
                .unwrap()
                .annotate::<media::UpdateMediaBuy>("budget", webhooks.clone())
        ),
        exempted
    );
    assert_eq!(
        refused(
            on().annotate::<media::UpdateMediaBuy>("budget", webhooks.clone())
                .unwrap()
                .exempt_from_projection::<media::UpdateMediaBuy>("accepted")
        ),
        exempted
    );
}

#[test]
fn an_authored_annotation_that_could_not_apply_is_refused_with_the_fix() {
    let annotate = |argument: &str, annotation: Value| {
        refused(
            media::catalog()
                .with_projection(narrow_seller(), media_rules())
                .annotate::<media::CreateMediaBuy>(argument, annotation),
        )
    };
    let webhooks = json!({"capabilities": ["media_buy.reporting.webhooks"]});
    assert_eq!(
        annotate("note", webhooks.clone()),
        "cannot annotate `note` of `create_media_buy`: the tool has no such argument; did you \
         mean `notes`?"
    );
    assert_eq!(
        annotate("name", webhooks.clone()),
        "cannot annotate `name` of `create_media_buy`: it is required, and projection never \
         hides a required argument; annotate an optional one"
    );
    assert_eq!(
        annotate("bid_price", webhooks.clone()),
        "cannot annotate `bid_price` of `create_media_buy`: the spec already annotates it \
         (`x-applies-when`: {\"pricing_models\":[\"auction\"]}), and the spec's annotation is \
         the one read; remove the authored one"
    );
    assert_eq!(
        refused(
            media::catalog()
                .with_projection(narrow_seller(), media_rules())
                .annotate::<media::CreateMediaBuy>("notes", webhooks.clone())
                .unwrap()
                .annotate::<media::CreateMediaBuy>("notes", webhooks)
        ),
        "cannot annotate `notes` of `create_media_buy`: it is annotated already; put every key \
         in one annotation"
    );
    assert_eq!(
        annotate("notes", json!({})),
        "cannot annotate `notes` of `create_media_buy`: an annotation is a non-empty object of \
         keys (`delivery_types`, `pricing_models`, `capabilities`), not {}; write the \
         annotation as the spec would"
    );
    assert_eq!(
        annotate("notes", json!({"delivery_type": ["guaranteed"]})),
        "cannot annotate `notes` of `create_media_buy`: `delivery_type` is not a key of these \
         rules, which know `delivery_types`, `pricing_models`, `capabilities`; write the \
         annotation as the spec would"
    );
    assert_eq!(
        annotate("notes", json!({"delivery_types": []})),
        "cannot annotate `notes` of `create_media_buy`: `delivery_types` takes a non-empty \
         array of values, not []; write the annotation as the spec would"
    );
    assert_eq!(
        annotate("notes", json!({"capabilities": ["media_buy..notes"]})),
        "cannot annotate `notes` of `create_media_buy`: `capabilities` takes a non-empty array \
         of dotted paths into the capabilities document, such as \
         \"media_buy.reporting.webhooks\", not [\"media_buy..notes\"]; write the annotation as \
         the spec would"
    );
}
