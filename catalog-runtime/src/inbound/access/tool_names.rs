//! The start-up check that every tool a setting names is one of the server's tools: a name it
//! does not serve is refused with the nearest one (`did you mean ...`), and a name a tool had
//! before a rename with the name to write (these settings compare names as written; only the
//! selection settings and calls follow a former name).

use crate::config::config_error::ConfigError;
use crate::tools::catalog::{CallError, Catalog};

/// Refuses a setting `setting` that names a tool `catalog` does not serve, naming the nearest.
pub fn check_tool_names<'a>(
    catalog: &Catalog,
    setting: &str,
    names: impl IntoIterator<Item = &'a String>,
) -> Result<(), ConfigError> {
    let problems: Vec<String> = names
        .into_iter()
        .filter_map(|name| match catalog.get(name) {
            Some(tool) if tool.name == name.as_str() => None,
            Some(tool) => Some(format!(
                "`{name}` (renamed: the tool is `{}` now; write that name)",
                tool.name
            )),
            None => Some(match catalog.unknown(name) {
                CallError::UnknownTool { suggestion, .. } => format!("`{name}` ({suggestion})"),
                other => other.to_string(),
            }),
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
