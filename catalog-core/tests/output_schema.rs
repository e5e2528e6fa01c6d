//! Output schemas of the real documents in `CATALOG_SPECS_DIR`: every operation the
//! success-response rule types gets an `outputSchema` that is valid JSON Schema 2020-12 with an
//! object at its root, and the rule's verdicts add up to every operation.

use catalog_core::check::output::{Output, output};
use catalog_core::index::Index;
use catalog_core::present::output::{output_schema, output_wrap};
use catalog_core::present::schema::{DIALECT, json_text};
use serde_json::{Value, json};
use std::collections::BTreeMap;

#[path = "support/real_specs.rs"]
mod real_specs;
use real_specs::{SPECS, specs_dir};

fn assert_meta_valid(schema: &Value, what: &str) {
    if let Err(e) = jsonschema::draft202012::meta::validate(schema) {
        panic!("{what}: not a valid 2020-12 schema: {e}\n{schema:#}");
    }
    let mut declared = schema.clone();
    declared["$schema"] = json!(DIALECT);
    assert!(
        jsonschema::meta::is_valid(&declared),
        "{what}: invalid with $schema"
    );
    jsonschema::draft202012::new(schema)
        .unwrap_or_else(|e| panic!("{what}: does not compile: {e}"));
}

// Whether a `$ref` keyword appears anywhere in a schema (a property *named* `$ref`, as SCIM
// has, is not one).
fn has_ref(schema: &Value) -> bool {
    match schema {
        Value::Object(m) => m.iter().any(|(k, v)| match k.as_str() {
            "$ref" | "$defs" => true,
            "properties" => v.as_object().is_some_and(|p| p.values().any(has_ref)),
            "enum" | "const" | "default" | "examples" => false,
            _ => has_ref(v),
        }),
        Value::Array(a) => a.iter().any(has_ref),
        _ => false,
    }
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_output_schema_of_the_real_specs_is_valid_2020_12_with_an_object_root() {
    let dir = specs_dir();
    let mut figures: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for name in SPECS {
        let index = Index::load(&dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let counts = figures.entry(name).or_default();
        for op in &index.operations {
            let what = format!("{name}: {}", op.key());
            let o = output(op);
            *counts.entry(o.kind()).or_default() += 1;
            let schema = output_schema(op);
            assert_eq!(
                schema.is_some(),
                matches!(o, Output::Typed(_) | Output::Several(_)),
                "{what}"
            );
            let Some(schema) = schema else { continue };
            assert_meta_valid(&schema, &what);
            // The macro's writer gives serde_json's bytes for every output schema.
            assert_eq!(json_text(&schema), schema.to_string(), "{what}");
            assert_eq!(schema["type"], "object", "{what}: MCP needs an object root");
            assert!(!has_ref(&schema), "{what}: not self-contained");
            let wrap = output_wrap(op).expect("typed");
            if let Some(key) = wrap.key() {
                assert_eq!(schema["required"], json!([key]), "{what}");
            }
        }
        eprintln!("{name}: {:?}", figures[name]);
    }
    // The verdicts of the rule on the real documents: a change shows here.
    let of = |name: &str, verdict: &str| figures[name].get(verdict).copied().unwrap_or(0);
    assert_eq!(of("netbox-4.6.8.json", "typed"), 942);
    assert_eq!(of("netbox-4.6.8.json", "no content"), 251);
    // ErsatzTV's `application/json` and `text/json` of one schema are one output.
    assert_eq!(of("ersatztv-v1.json", "typed as several"), 0);
    assert_eq!(of("ersatztv-v1.json", "typed"), 6);
    assert_eq!(of("ersatztv-v1.json", "no content"), 12);
    assert_eq!(of("progenitor-cli-gen.json", "undocumented"), 1);
    // One Mattermost operation answers one schema under two statuses: one output.
    assert_eq!(of("mattermost-v4.json", "typed"), 371);
    // Of the 32 operations with several success responses, 13 answer one schema under each
    // (one output) and 19 different ones (each an arm of the output).
    assert_eq!(
        of("progenitor-github-api-2021.json", "typed as several"),
        19
    );
    assert_eq!(of("progenitor-github-api-2021.json", "typed"), 556);
}
