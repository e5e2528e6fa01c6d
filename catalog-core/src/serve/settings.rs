//! The server's own `CATALOG_*` settings, read from the environment, and the start-up check
//! that every tool a setting names is one of the server's tools.
//!
//! A wrong setting is refused at start-up, never taken silently: a count that is not a positive
//! integer names the variable and what it expects, and a tool name the server does not serve is
//! refused with the nearest one (`did you mean ...`). The executor's settings
//! (`CATALOG_ALLOW_WRITES`, `CATALOG_TIMEOUT_SECS`, ...) are read by
//! [`ExecutorConfig::with_catalog_env`](crate::serve::executor::ExecutorConfig::with_catalog_env),
//! the HTTP server's by [`HttpConfig::with_catalog_env`](crate::serve::http::HttpConfig::with_catalog_env).

use crate::serve::catalog::{CallError, Catalog};
use crate::serve::executor::ConfigError;

/// `CATALOG_MAX_IN_FLIGHT`: tool calls waiting on the API at once
/// ([`McpServer::max_in_flight`](crate::serve::mcp::McpServer::max_in_flight)).
pub const ENV_MAX_IN_FLIGHT: &str = "CATALOG_MAX_IN_FLIGHT";
/// `CATALOG_MAX_LINE_BYTES`: one incoming MCP message, a stdio line or an HTTP request body
/// ([`McpServer::max_line_bytes`](crate::serve::mcp::McpServer::max_line_bytes)).
pub const ENV_MAX_LINE_BYTES: &str = "CATALOG_MAX_LINE_BYTES";
/// `CATALOG_MAX_PENDING`: stdio requests read whose answer is not written yet
/// ([`McpServer::max_pending`](crate::serve::mcp::McpServer::max_pending)).
pub const ENV_MAX_PENDING: &str = "CATALOG_MAX_PENDING";

/// A positive whole number from the variable `name` holding `value`; `what` names the unit
/// (`tool calls`, `bytes`).
pub fn positive_count(name: &str, value: &str, what: &str) -> Result<usize, ConfigError> {
    match value.trim().parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(ConfigError::new(format!(
            "{name}={value:?}: expected a whole number of {what}, at least 1"
        ))),
    }
}

/// Refuses a setting `setting` that names a tool `catalog` does not serve, naming the nearest.
pub fn check_tool_names<'a>(
    catalog: &Catalog,
    setting: &str,
    names: impl IntoIterator<Item = &'a String>,
) -> Result<(), ConfigError> {
    let problems: Vec<String> = names
        .into_iter()
        .filter(|name| catalog.get(name).is_none())
        .map(|name| match catalog.unknown(name) {
            CallError::UnknownTool { suggestion, .. } => format!("`{name}` ({suggestion})"),
            other => other.to_string(),
        })
        .collect();
    if problems.is_empty() {
        return Ok(());
    }
    Err(ConfigError::new(format!(
        "{setting} names {} this server does not serve: {}",
        if problems.len() == 1 {
            "a tool"
        } else {
            "tools"
        },
        problems.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_a_positive_whole_number() {
        assert_eq!(positive_count("CATALOG_X", " 8 ", "calls"), Ok(8));
        for bad in ["0", "-1", "1.5", "many", ""] {
            assert_eq!(
                positive_count("CATALOG_X", bad, "calls")
                    .unwrap_err()
                    .to_string(),
                format!("CATALOG_X={bad:?}: expected a whole number of calls, at least 1")
            );
        }
    }
}
