//! The MCP result of a composite's error: a tool error whose text says what happened and what
//! to do. Its value takes a tool's path ([`crate::inbound::results::result::sized_result`]).

use super::ToolError;
use crate::observe::metrics::Outcome;
use crate::tools::catalog::CallError;
use rmcp::model::{CallToolResult, ContentBlock, MetaObject};
use serde_json::{Map, json};

/// The `_meta` key of a composite's result: which binding answered what (`binding`,
/// `status`), for an error the API gave.
pub const META_KEY: &str = "catalog/composite";

/// A composite's error as a tool error (`isError`), its text the error's message; an API
/// error carries the binding, status and body in `_meta`.
pub fn error_result(e: &ToolError) -> CallToolResult {
    // The message can quote an API's body: its invisible characters are written visibly.
    let text = crate::wire::visible_text::escape_invisible(&e.to_string()).into_owned();
    let result = CallToolResult::error(vec![ContentBlock::text(text)]);
    let meta = match e {
        ToolError::Status {
            binding,
            status,
            body,
        } => json!({"binding": binding, "status": status, "body": body}),
        ToolError::Changed { write, .. } => json!({"binding": write, "status": 412}),
        _ => return result,
    };
    let mut m = Map::new();
    m.insert(META_KEY.into(), meta);
    result.with_meta(Some(MetaObject(m)))
}

/// The metrics outcome of a composite's error: an API status as answered, a binding's call
/// error as that error's outcome, anything else refused.
pub(crate) fn outcome_of(e: &ToolError, call: fn(&CallError) -> Outcome) -> Outcome {
    match e {
        ToolError::Status { status, .. } => Outcome::Answered(*status),
        ToolError::Changed { .. } => Outcome::Answered(412),
        ToolError::Call { error, .. } => call(error),
        _ => Outcome::Refused("composite"),
    }
}
