//! Which tools may send a write ([`Writes`]) and the [`ENV_ALLOW_WRITES`] setting that says it.

use crate::config::variable_error::VariableError;

/// The environment variable that enables writes in
/// [`ExecutorConfig::with_catalog_env`](super::ExecutorConfig::with_catalog_env).
pub const ENV_ALLOW_WRITES: &str = "CATALOG_ALLOW_WRITES";

/// Which tools may send a write (a method other than GET, HEAD and OPTIONS).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Writes {
    /// None: only tools that read are sent (the default).
    #[default]
    Refused,
    /// Every tool.
    All,
    /// Only these tools, by MCP name.
    Tools(Vec<String>),
}

impl Writes {
    /// Reads [`ENV_ALLOW_WRITES`]'s syntax: `1`/`true`/`yes`/`all` for every tool,
    /// `0`/`false`/`no`/empty for none, else a comma-separated list of tool names
    /// (`create_task,add_comment`). A value that looks like a switch this syntax does not read
    /// (`2`, `on`, `off`, `enabled`) is refused rather than taken as a tool's name; whether each
    /// name is one of the server's tools is checked at start-up
    /// ([`McpServer::check_settings`](crate::inbound::mcp::McpServer::check_settings)).
    pub fn parse(text: &str) -> Result<Writes, VariableError> {
        const EXPECTED: &str =
            "expected 1 (all tools), 0 (none) or a comma-separated list of tool names";
        let refuse = |why: String| VariableError::invalid(ENV_ALLOW_WRITES, text, why);
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "all" => return Ok(Writes::All),
            "0" | "false" | "no" | "" => return Ok(Writes::Refused),
            "on" | "enable" | "enabled" | "y" | "t" => {
                return Err(refuse(format!(
                    "{EXPECTED}; {t:?} is not read as a switch: write 1 to enable writes for every tool"
                )));
            }
            "off" | "disable" | "disabled" | "none" | "n" | "f" => {
                return Err(refuse(format!(
                    "{EXPECTED}; {t:?} is not read as a switch: write 0 to refuse every write"
                )));
            }
            n if n
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.')) =>
            {
                return Err(refuse(format!(
                    "{EXPECTED}; {t:?} is neither: write 1 for every tool or 0 for none"
                )));
            }
            _ => {}
        }
        let mut tools = Vec::new();
        for name in t.split(',').map(str::trim) {
            let valid = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
            if !valid {
                return Err(refuse(format!("{EXPECTED}; {name:?} is not a tool name")));
            }
            if !tools.iter().any(|t| t == name) {
                tools.push(name.to_string());
            }
        }
        Ok(Writes::Tools(tools))
    }

    /// Whether the tool `name` may write.
    pub fn allows(&self, name: &str) -> bool {
        match self {
            Writes::Refused => false,
            Writes::All => true,
            Writes::Tools(tools) => tools.iter().any(|t| t == name),
        }
    }
}
