//! One tool as a [`Catalog`](super::Catalog) lists it: [`ToolInfo`].

use crate::tools::effects::{Effects, Hints, hints};
use crate::tools::output_error::OutputError;
use crate::tools::output_schema::{OutputSchema, output_schema};
use crate::tools::tool::{Tool, ToolOutput};
use catalog_core::model::Operation;
use serde_json::Value;
use std::fmt;

/// One tool as the catalog lists it.
#[derive(Clone, Copy)]
pub struct ToolInfo {
    /// The MCP tool name.
    pub name: &'static str,
    /// The names the tool answered to before a rename (`#[tool(former_names = [...])]`): a
    /// call or a selection setting naming one reaches this tool; `tools/list` shows `name` only.
    pub former_names: &'static [&'static str],
    /// What the agent is told.
    pub description: &'static str,
    /// The MCP `inputSchema`.
    pub input_schema: &'static Value,
    /// The same schema as the JSON text the macro emitted.
    pub input_schema_json: &'static str,
    /// The operation the tool wraps.
    pub operation: &'static Operation,
    /// What the tool declares about its effects beyond its method.
    pub effects: Effects,
    /// The tool's typed output (`Tool::OUTPUT`): the response it returns as
    /// `structuredContent`, and how; `None` when its output is text only.
    pub output: Option<ToolOutput>,
    /// The `outputSchema` (`Tool::OUTPUT`'s schema, or a composite's declared output, parsed
    /// once per process), when the tool has a typed output.
    pub output_schema: Option<&'static OutputSchema>,
    /// `Tool::output_value`: the decoded success body turned into the tool's value; for a
    /// composite, its value turned into `structuredContent` (wrapped as its output says).
    pub output_value: fn(Value) -> Result<Value, OutputError>,
    /// For a composite tool, each binding it uses (empty for a tool of one operation); its
    /// `operation` is then the table of its own arguments, sent nowhere.
    pub uses: &'static [ToolInfo],
}

/// The [`ToolInfo`] of the tool `T`.
pub(crate) fn info_of<T: Tool>() -> ToolInfo {
    ToolInfo {
        name: T::NAME,
        former_names: T::FORMER_NAMES,
        description: T::description(),
        input_schema: T::input_schema(),
        input_schema_json: T::input_schema_json(),
        operation: T::operation(),
        effects: T::EFFECTS,
        output: T::OUTPUT,
        output_schema: T::OUTPUT.map(|o| output_schema(T::NAME, o.schema)),
        output_value: T::output_value,
        uses: &[],
    }
}

impl fmt::Debug for ToolInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolInfo")
            .field("name", &self.name)
            .field("method", &self.operation.method)
            .field("path", &self.operation.path)
            .finish_non_exhaustive()
    }
}

impl ToolInfo {
    /// The tool's hints: from its method (GET, HEAD and OPTIONS only read; PUT and DELETE are
    /// destructive and idempotent, ...) and what it declares; a composite's are the strongest
    /// of its bindings'.
    pub fn hints(&self) -> Hints {
        if self.uses.is_empty() {
            hints(&self.operation.method, &self.effects)
        } else {
            crate::tools::effects::strongest(self.uses.iter().map(ToolInfo::hints))
        }
    }

    /// Whether the tool is a composite (it uses several bindings).
    pub fn is_composite(&self) -> bool {
        !self.uses.is_empty()
    }

    /// Whether the tool only reads (GET, HEAD, OPTIONS, unless it declares otherwise): the only
    /// tools sent while writes are disabled.
    pub fn read_only(&self) -> bool {
        self.hints().read_only
    }
}
