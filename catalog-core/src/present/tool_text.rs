//! What an agent reads about a tool besides its schema: its MCP tool name and its description.
//! The macro writes both into `Tool::NAME` and `Tool::DESCRIPTION`; the scaffold and the docs
//! state the same rules.

use crate::model::{Disposition, Location, Operation};
use heck::ToSnakeCase;

/// A tool description lists the parameters it cannot send (with the reasons) only up to this
/// many: a glob can omit hundreds of filters, and an agent is told about those when it sends one.
pub const OMITTED_LISTED_AT_MOST: usize = 12;

/// The MCP tool name: `name = "..."` when given; else the operationId in snake_case
/// (`CreatePost` -> `create_post`, `repos/list-for-org` -> `repos_list_for_org`); else, for an
/// operation without an operationId, the struct's name in snake_case.
pub fn tool_name(explicit: Option<&str>, operation_id: Option<&str>, type_name: &str) -> String {
    match (explicit, operation_id) {
        (Some(name), _) => name.to_string(),
        (None, Some(id)) => id.to_snake_case(),
        (None, None) => type_name.to_snake_case(),
    }
}

/// The tool description: the struct's doc comment, else the operation's summary, description,
/// or `METHOD /path`; then what the accounting means for the agent: a PUT is a full replace
/// that clears what the tool cannot send, and the parameters it cannot send, with why.
pub fn tool_description(doc: Option<&str>, op: &Operation) -> String {
    let mut text = doc
        .map(str::to_string)
        .or_else(|| op.summary.clone())
        .or_else(|| op.description.clone())
        .unwrap_or_else(|| format!("{} {}", op.method, op.path));
    if op.method == "PUT" {
        text.push_str(&full_replace_warning(op));
    }
    text.push_str(&not_available(op));
    text
}

/// A full replace clears what the tool cannot send.
fn full_replace_warning(op: &Operation) -> String {
    let omitted: Vec<String> = op
        .accounting
        .iter()
        .filter(|r| {
            r.param.location == Location::Body
                && matches!(r.disposition, Disposition::Omitted { .. })
        })
        .map(|r| format!("`{}`", r.param.name))
        .collect();
    let mut text =
        "\n\nThis is a full replace (PUT): every body field you leave out is written as empty."
            .to_string();
    if !omitted.is_empty() {
        text.push_str(&format!(
            " This tool cannot send {}, so those are cleared too.",
            omitted.join(", ")
        ));
    }
    text
}

/// "Not available through this tool", one line per omitted parameter with its reason, when there
/// are at most [`OMITTED_LISTED_AT_MOST`].
fn not_available(op: &Operation) -> String {
    let omitted: Vec<String> = op
        .accounting
        .iter()
        .filter_map(|r| match &r.disposition {
            Disposition::Omitted { reason, .. } if !r.param.name.is_empty() => {
                Some(format!("- `{}` is not available: {reason}", r.param.name))
            }
            _ => None,
        })
        .collect();
    if omitted.is_empty() || omitted.len() > OMITTED_LISTED_AT_MOST {
        return String::new();
    }
    format!(
        "\n\nNot available through this tool:\n{}",
        omitted.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tool_name_is_the_explicit_name_else_the_snake_case_operation_id_else_the_type() {
        assert_eq!(
            tool_name(Some("post"), Some("CreatePost"), "NewPost"),
            "post"
        );
        assert_eq!(
            tool_name(None, Some("CreatePost"), "NewPost"),
            "create_post"
        );
        assert_eq!(
            tool_name(None, Some("repos/list-for-org"), "ListRepos"),
            "repos_list_for_org"
        );
        assert_eq!(tool_name(None, None, "NewPost"), "new_post");
    }
}
