//! A tool over an operation whose body is a dense graph of schemas (`openapi/dense.json`: 2^24
//! nodes if written out as a tree, and two cycles): it compiles, its input schema stays within
//! the expansion budget and is valid 2020-12, and where it was cut is on the operation. And
//! what `catalog check` reads of an operation in outline is what the expansion gives.

mod support;

use catalog::Tool;
use catalog::tool;
use catalog_core::check::output::output;
use catalog_core::check::union::{describe_arms, union_arms};
use catalog_core::index::inline::BUDGET;
use catalog_core::model::{Degradation, DegradeReason, Operation};
use catalog_core::present::output::describe_output;
use catalog_core::spec::load::load_normalized;
use serde_json::{Value, json};
use support::{specs_dir, workspace_root};

/// Store a graph.
#[tool(spec = "dense", operation = "CreateGraph")]
pub struct CreateGraph {
    pub name: String,
    pub root: Option<Value>,
    pub ring: Option<Value>,
    pub tree: Option<Value>,
}

// Schema nodes of an emitted JSON schema: every object that is a schema.
fn schema_nodes(v: &Value) -> usize {
    let Some(o) = v.as_object() else { return 0 };
    let mut n = 1;
    if let Some(props) = o.get("properties").and_then(Value::as_object) {
        n += props.values().map(schema_nodes).sum::<usize>();
    }
    n += o.get("items").map_or(0, schema_nodes);
    if let Some(arms) = o.get("anyOf").and_then(Value::as_array) {
        n += arms.iter().map(schema_nodes).sum::<usize>();
    }
    n
}

#[test]
fn the_input_schema_is_valid_2020_12_and_within_the_budget() {
    let schema = CreateGraph::input_schema();
    jsonschema::draft202012::meta::validate(schema).unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(CreateGraph::INPUT_SCHEMA).unwrap(),
        *schema
    );
    let nodes = schema_nodes(schema);
    assert!(
        (BUDGET / 2..BUDGET + 200).contains(&nodes),
        "{nodes} schema nodes"
    );
    // The first cut: the depth-first walk went left as far as the budget allowed.
    let cut = schema
        .pointer("/properties/root/properties/left/properties/left/properties/left")
        .unwrap();
    assert!(cut.get("properties").is_some(), "{cut}");
}

#[test]
fn the_degradations_are_on_the_operation_with_their_text() {
    let degraded = &CreateGraph::operation().degraded;
    let budget: Vec<&Degradation> = degraded
        .iter()
        .filter(|d| d.reason == DegradeReason::Budget(BUDGET))
        .collect();
    assert!(!budget.is_empty(), "{degraded:?}");
    let first = budget[0];
    assert_eq!(
        first.to_string(),
        format!(
            "`{}` accepts any JSON value: writing out `{}` would pass the budget of 4096 schema \
             nodes per operation; the server validates it",
            first.at, first.pointer
        )
    );
    assert!(first.at.starts_with("body.root.left.left"), "{}", first.at);
    // The cut part of the emitted schema says the same.
    let mut at = CreateGraph::input_schema().clone();
    for step in first.at.trim_start_matches("body.").split('.') {
        at = at["properties"][step].clone();
    }
    assert_eq!(
        at,
        json!({"description": format!(
            "`{}` is not written out here: the input schema reached its budget of 4096 schema \
             nodes; any JSON value is accepted here and the server validates it",
            first.pointer
        )})
    );
    // The two cycles, each written out once.
    let recursive: Vec<(&str, &str)> = degraded
        .iter()
        .filter(|d| d.reason == DegradeReason::Recursive)
        .map(|d| (d.at.as_str(), d.pointer.as_str()))
        .collect();
    assert_eq!(
        recursive,
        [
            ("body.ring.next.next.next", "#/components/schemas/RingA"),
            ("body.tree.parent", "#/components/schemas/Tree"),
        ]
    );
}

#[test]
fn arguments_deeper_than_the_schema_is_written_out_are_accepted() {
    let mut deep = json!("leaf");
    for _ in 0..24 {
        deep = json!({ "left": deep });
    }
    let t = CreateGraph::from_arguments(json!({
        "name": "g",
        "root": deep,
        "tree": {"name": "child", "parent": {"name": "root", "parent": null}},
    }))
    .unwrap();
    assert_eq!(t.name, "g");
    assert!(t.root.is_some() && t.tree.is_some() && t.ring.is_none());
}

#[test]
fn the_rustdoc_lists_where_the_schema_was_not_written_out() {
    let doc = catalog_core::present::doc::accounting_markdown(CreateGraph::operation());
    let list = doc
        .split_once("\nNot written out in full")
        .map(|(_, list)| list)
        .unwrap_or_else(|| panic!("{doc}"));
    assert_eq!(
        list,
        " (any JSON value is accepted there):

- `body.ring.next.next.next`: `#/components/schemas/RingA` contains itself and is written out once
- `body.tree.parent`: `#/components/schemas/Tree` contains itself and is written out once
- `body.root.left.left.left.left.left.left.left.left.left.left`: `#/components/schemas/Level10` \
would pass the budget of 4096 schema nodes per operation; the server validates it
"
    );
}

// What `catalog check` prints of an operation: where it was cut (and where recursion stopped),
// its body's union arms, its output and the output's kind.
type Read = (
    Vec<Degradation>,
    Vec<Degradation>,
    Option<String>,
    String,
    &'static str,
);

fn what_check_reads(op: &Operation) -> Read {
    (
        op.degraded.clone(),
        op.degraded_output.clone(),
        union_arms(op).map(describe_arms),
        describe_output(op),
        output(op).kind(),
    )
}

#[test]
fn an_outline_reads_as_the_expansion_does() {
    let specs = [
        "dense.json",
        "unions.yaml",
        "outputs.yaml",
        "bodies.yaml",
        "taskboard.yaml",
    ]
    .iter()
    .map(|f| workspace_root().join("openapi").join(f))
    .collect();
    let (unions, cut) = assert_outlines_read_as_expansions(specs);
    // Not compared in vain: union bodies and cuts were among them.
    assert!(unions > 0 && cut > 0, "{unions} unions, {cut} cut");
}

/// The real specs: their schemas are shared across operations, so what is counted of a schema
/// for one operation is reused at other depths for the next.
#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn an_outline_of_a_real_spec_reads_as_the_expansion_does() {
    let mut specs: Vec<_> = std::fs::read_dir(specs_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    specs.sort();
    let (unions, _) = assert_outlines_read_as_expansions(specs);
    assert!(unions > 0, "no union body among the real specs' operations");
}

/// Compares every operation's outline with its expansion; returns how many had union bodies and
/// how many had a schema cut by the budget.
fn assert_outlines_read_as_expansions(specs: Vec<std::path::PathBuf>) -> (usize, usize) {
    let (mut unions, mut cut) = (0, 0);
    for path in specs {
        let (_, normalized) = load_normalized(&path).unwrap();
        let mut compared = 0;
        for (stored, outline) in normalized.operations.iter().zip(normalized.outlines()) {
            let read = what_check_reads(&outline);
            assert_eq!(
                read,
                what_check_reads(&normalized.inlined(stored)),
                "{}: {}",
                path.display(),
                stored.key()
            );
            unions += usize::from(read.2.is_some());
            cut += usize::from(
                read.0
                    .iter()
                    .chain(&read.1)
                    .any(|d| d.reason == DegradeReason::Budget(BUDGET)),
            );
            compared += 1;
        }
        assert_eq!(compared, normalized.operations.len(), "{}", path.display());
    }
    (unions, cut)
}
