//! The `#[arg]` overrides below the top level, by address (openapi/nested.yaml,
//! `CreateReading`, whose nested properties the spec types loosely):
//! `arg("body.sample.level", wire_type = "integer", ...)`, `values = [...]` and an address
//! through an array's items; and a property the spec leaves out, which the struct sets
//! (`undocumented("body.sample.marks[].weight", wire_type = "integer", ...)`). The struct standing for the object is checked against the type the
//! server reads; the input schema advertises it, the decoder enforces it, the request carries
//! the agent's value as the server reads it, and rustdoc shows what the spec said.

use catalog::{Tool, tool};
use serde_json::{Value, json};

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("id", reason = "the server numbers readings"))]
pub struct Sample {
    pub level: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<Vec<Mark>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Mark {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<f64>,
    /// Not in the spec: the tool declares it `undocumented(...)` with its type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<i64>,
}

/// Record a reading.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateReading",
    arg(
        "body.sample.level",
        wire_type = "integer",
        read_at = "readings/api.py: ReadingIn.level (int)",
        reason = "the spec types the level as text; the server parses a whole number"
    ),
    arg(
        "body.sample.unit",
        values = ["celsius", "fahrenheit"],
        read_at = "readings/api.py: Unit (an enum of two)",
        reason = "the spec allows any text; the server reads the two units it converts"
    ),
    arg(
        "body.sample.marks[].at",
        wire_type = "number",
        read_at = "readings/api.py: Mark.at (float seconds)",
        reason = "the spec types the offset as text; the server reads seconds as a number"
    ),
    undocumented(
        "body.sample.marks[].weight",
        wire_type = "integer",
        read_at = "readings/api.py: Mark.weight (int, default 1)",
        reason = "the chart sizes a mark by its weight; the spec leaves the property out"
    )
)]
pub struct CreateReading {
    pub sample: Sample,
}

fn sent(args: Value) -> Value {
    let tool = CreateReading::from_arguments(args).expect("valid arguments");
    serde_json::from_slice(tool.to_request().expect("a request").body()).expect("a JSON body")
}

fn refused(args: Value) -> String {
    CreateReading::from_arguments(args)
        .expect_err("refused")
        .to_string()
}

#[test]
fn the_agents_values_are_sent_as_the_server_reads_them() {
    let args = json!({"sample": {"level": 3, "unit": "celsius",
                                 "marks": [{"at": 1.5, "weight": 2}, {}]}});
    assert_eq!(sent(args.clone()), args);
}

#[test]
fn a_value_of_the_specs_type_but_not_the_servers_is_refused_at_its_path() {
    assert_eq!(
        refused(json!({"sample": {"level": "3"}})),
        "invalid arguments: $.sample.level: expected integer, got string \"3\""
    );
    assert_eq!(
        refused(json!({"sample": {"level": 3, "unit": "kelvin"}})),
        "invalid arguments: $.sample.unit: expected one of \"celsius\", \"fahrenheit\", got \
         string \"kelvin\""
    );
    assert_eq!(
        refused(json!({"sample": {"level": 3, "marks": [{"at": 1}, {"at": "soon"}]}})),
        "invalid arguments: $.sample.marks[1].at: expected number, got string \"soon\""
    );
    assert_eq!(
        refused(json!({"sample": {"level": 3, "marks": [{"weight": 1.5}]}})),
        "invalid arguments: $.sample.marks[0].weight: expected integer, got number 1.5"
    );
}

#[test]
fn the_input_schema_advertises_the_servers_types() {
    let schema = CreateReading::input_schema();
    let sample = &schema["properties"]["sample"];
    assert_eq!(sample["properties"]["level"]["type"], "integer");
    assert_eq!(
        sample["properties"]["level"]["description"],
        "The level read"
    );
    assert_eq!(
        sample["properties"]["unit"]["enum"],
        json!(["celsius", "fahrenheit"])
    );
    assert_eq!(
        sample["properties"]["marks"]["items"]["properties"]["at"]["type"],
        "number"
    );
    assert_eq!(
        sample["properties"]["marks"]["items"]["properties"]["weight"]["type"],
        "integer"
    );
}

#[test]
fn the_accounting_records_what_the_spec_said_at_each_address() {
    let op = CreateReading::operation();
    let row = op
        .accounting
        .iter()
        .find(|r| r.param.name == "sample")
        .expect("the row of `sample`");
    let said: Vec<(&str, &str, bool)> = row
        .below
        .iter()
        .filter_map(|b| {
            let o = b.overridden.as_ref()?;
            Some((b.address.as_str(), o.spec_type.as_str(), o.narrowed))
        })
        .collect();
    assert_eq!(
        said,
        [
            ("sample.level", "string", false),
            ("sample.unit", "string", true),
            ("sample.marks[].at", "string", false),
        ]
    );
}

#[test]
fn the_rustdoc_table_has_a_row_per_override_with_what_the_spec_said() {
    let doc = catalog_core::present::doc::accounting_markdown(CreateReading::operation());
    let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("| body")).collect();
    assert_eq!(
        rows,
        [
            "| body | `sample` | object (3 fields) | yes | Set as `sample` |  |",
            "| body | `sample.level` | integer | yes | Set as `level` | Wire type overridden: the \
             spec says `string`, the server reads `integer` (read at `readings/api.py: \
             ReadingIn.level (int)`): the spec types the level as text; the server parses a \
             whole number |",
            "| body | `sample.unit` | string enum \\[celsius, fahrenheit\\] | no | Set as `unit` | \
             Narrowed: the spec says `string`, the server reads `string enum [celsius, \
             fahrenheit]` (read at `readings/api.py: Unit (an enum of two)`): the spec allows \
             any text; the server reads the two units it converts |",
            "| body | `sample.marks[].at` | number | no | Set as `at` | Wire type overridden: \
             the spec says `string`, the server reads `number` (read at `readings/api.py: \
             Mark.at (float seconds)`): the spec types the offset as text; the server reads \
             seconds as a number |",
            "| body | `sample.marks[].weight` | integer | no | Undocumented, set as `weight`, \
             read at `readings/api.py: Mark.weight (int, default 1)` | the chart sizes a mark by \
             its weight; the spec leaves the property out |",
        ]
    );
}
