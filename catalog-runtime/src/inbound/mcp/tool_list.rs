//! The tool list: each tool as `tools/list` shows it, and the [`Budget`] the list costs a
//! model's context.

use crate::tools::effects::Effects;
use catalog_core::model::Operation;
use catalog_core::present::schema::input_schema;
use catalog_core::present::tool_text::{tool_description, tool_name};
use rmcp::model::JsonObject;
use serde_json::Value;
use std::fmt;
use std::sync::Arc;

/// One tool as `tools/list` gives it: the one place a listing is written, for the server and for
/// [`Budget::of_operations`].
pub(super) fn listing(
    name: String,
    description: String,
    input: &Value,
    output: Option<&Value>,
    annotations: rmcp::model::ToolAnnotations,
    file_paths: bool,
) -> rmcp::model::Tool {
    let input: JsonObject = match input {
        // A path arm is offered only where the operator allows paths (`CATALOG_FILES_DIR`).
        Value::Object(m) if !file_paths => {
            let mut schema = Value::Object(m.clone());
            catalog_core::present::schema::without_file_paths(&mut schema);
            match schema {
                Value::Object(m) => m,
                _ => JsonObject::new(),
            }
        }
        Value::Object(m) => m.clone(),
        // The macro always emits an object schema; anything else would be a bug, and an empty
        // object schema is still valid for clients.
        _ => JsonObject::new(),
    };
    let annotations = compact_annotations(annotations, &description);
    let mut tool = rmcp::model::Tool::new(name, description, input);
    if annotations != rmcp::model::ToolAnnotations::default() {
        tool = tool.with_annotations(annotations);
    }
    // Within its budget, so that no output schema dominates the list.
    let output = output.map(|o| {
        catalog_core::present::output_budget::output_schema_within(
            o,
            catalog_core::present::output_budget::DEFAULT_OUTPUT_SCHEMA_BYTES,
        )
    });
    if let Some(Value::Object(output)) = output {
        tool.output_schema = Some(Arc::new(output));
    }
    tool
}

/// `a` as the list carries it: the hints that say something the specification's defaults do
/// not (`readOnlyHint` false, `destructiveHint` true, `idempotentHint` false, `openWorldHint`
/// true; the destructive and idempotent hints mean nothing for a read-only tool), and the title
/// unless the description already starts with it. A client that reads the annotations as the
/// specification defines them reads the same hints.
fn compact_annotations(
    mut a: rmcp::model::ToolAnnotations,
    description: &str,
) -> rmcp::model::ToolAnnotations {
    let read_only = a.read_only_hint == Some(true);
    let said = |hint: Option<bool>, default: bool| hint.filter(|&h| h != default);
    a.read_only_hint = said(a.read_only_hint, false);
    a.destructive_hint = if read_only {
        None
    } else {
        said(a.destructive_hint, true)
    };
    a.idempotent_hint = if read_only {
        None
    } else {
        said(a.idempotent_hint, false)
    };
    a.open_world_hint = said(a.open_world_hint, true);
    let repeats = |title: &String| {
        let title = title.trim().trim_end_matches('.');
        !title.is_empty() && description.trim_start().starts_with(title)
    };
    if a.title.as_ref().is_some_and(repeats) {
        a.title = None;
    }
    a
}

/// The size of a server's `tools/list`, per tool (see [`McpServer::budget`](crate::inbound::mcp::McpServer::budget)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Each tool's name and the bytes of its JSON in `tools/list`.
    pub tools: Vec<(String, usize)>,
}

impl Budget {
    /// All tools' bytes together (the list's own brackets and commas aside).
    pub fn total_bytes(&self) -> usize {
        self.tools.iter().map(|(_, b)| b).sum()
    }

    /// A token estimate for `bytes` of JSON: one token per four bytes, rounded up (the usual
    /// rule of thumb for English and JSON with common tokenizers; it is an estimate, not a
    /// count).
    pub fn tokens(bytes: usize) -> usize {
        bytes.div_ceil(4)
    }

    /// What `tools/list` would cost with one tool per operation of `ops`, each as `catalog
    /// scaffold` writes it (every parameter a field, the spec's descriptions, effects from the
    /// method) and a server lists it by default (no `outputSchema`: see
    /// [`McpServer::advertise_output_schemas`](crate::inbound::mcp::McpServer::advertise_output_schemas)): an upper bound for a catalog over the spec
    /// before any tool is written. Operations no tool can wrap are left out.
    pub fn of_operations<O: std::borrow::Borrow<Operation>>(
        ops: impl IntoIterator<Item = O>,
    ) -> Budget {
        let tools = ops
            .into_iter()
            .filter(|op| op.borrow().is_supported())
            .map(|op| {
                let op = &scaffolded(op.borrow());
                let name = tool_name(None, op.id.as_deref(), &op.key());
                let hints = crate::tools::effects::hints(&op.method, &Effects::FROM_METHOD);
                let tool = listing(
                    name.clone(),
                    tool_description(None, op, hints.semantics),
                    &input_schema(op),
                    None,
                    crate::tools::effects::annotations_of(hints, op.summary.as_deref()),
                    // The whole listing, as a server with a files directory gives it: an upper
                    // bound whatever this process's environment.
                    true,
                );
                (name, serde_json::to_vec(&tool).map_or(0, |v| v.len()))
            })
            .collect();
        Budget { tools }
    }
}

/// `op` accounted as `catalog scaffold` writes a tool for it: every parameter Set, its argument
/// named as on the wire. An operation from the index has no accounting, and without one its
/// input schema would offer no argument at all.
fn scaffolded(op: &Operation) -> Operation {
    let mut op = op.clone();
    if op.accounting.is_empty() {
        op.accounting = op
            .params
            .iter()
            .map(|param| catalog_core::model::Accounted {
                param: param.clone(),
                disposition: catalog_core::model::Disposition::Set {
                    argument: param.name.clone(),
                    field: heck::ToSnakeCase::to_snake_case(param.name.as_str()),
                },
                null: None,
                overridden: None,
                absent: None,
                appends: false,
                below: Vec::new(),
            })
            .collect();
    }
    op
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.tools.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, bytes) in &self.tools {
            writeln!(
                f,
                "{name:<width$}  {bytes:>7} bytes  ~{:>6} tokens",
                Budget::tokens(*bytes)
            )?;
        }
        let total = self.total_bytes();
        write!(
            f,
            "{} tools: {total} bytes, ~{} tokens in tools/list",
            self.tools.len(),
            Budget::tokens(total)
        )
    }
}

/// Whether the operator allows file paths (`CATALOG_FILES_DIR` set and not empty), as the
/// request builder reads it (`Uploads::from_env`): where not, a file's `path` arm is not listed.
pub(super) fn file_paths_allowed() -> bool {
    crate::wire::environment::var_os(crate::wire::uploads::FILES_DIR_ENV)
        .is_some_and(|d| !d.is_empty())
}

#[cfg(test)]
mod tests {
    use super::listing;
    use serde_json::{Value, json};

    /// The `oneOf` arms' `required` lists of `avatar` as listed, with paths allowed or not.
    fn arms(file_paths: bool) -> Vec<Value> {
        let file = catalog_core::present::schema::schema_of(
            &serde_json::from_value(json!({"type": "file"})).unwrap(),
        );
        let input = json!({"type": "object", "properties": {"avatar": file}});
        let tool = listing(
            "upload".into(),
            "Uploads.".into(),
            &input,
            None,
            rmcp::model::ToolAnnotations::default(),
            file_paths,
        );
        let listed = Value::Object((*tool.input_schema).clone());
        listed["properties"]["avatar"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|arm| arm["required"].clone())
            .collect()
    }

    #[test]
    fn a_file_path_is_listed_only_where_the_operator_allows_paths() {
        assert_eq!(arms(true), [json!(["content_base64"]), json!(["path"])]);
        assert_eq!(arms(false), [json!(["content_base64"])]);
    }
}
