//! The server's own `CATALOG_*` settings, read from the environment (the start-up check that
//! every tool a setting names is one of the server's tools is `tool_names`).
//!
//! A wrong setting is refused at start-up, never taken silently: a count that is not a positive
//! integer names the variable and what it expects, and a tool name the server does not serve is
//! refused with the nearest one (`did you mean ...`). The executor's settings
//! (`CATALOG_ALLOW_WRITES`, `CATALOG_TIMEOUT_SECS`, ...) are read by
//! [`ExecutorConfig::with_catalog_env`](crate::outbound::executor::ExecutorConfig::with_catalog_env),
//! the HTTP server's by `HttpConfig::with_catalog_env` (`inbound::transport::http`).
//!
//! | variable | what | default |
//! |---|---|---|
//! | [`ENV_RETRIES`] | attempts of an idempotent call on a connection failure, 429 or 503; `0` or `1` turns retries off | [`DEFAULT_ATTEMPTS`] |
//! | [`ENV_NO_RETRY`] | tools whose calls are never retried, comma-separated | none |
//! | [`ENV_SHUTDOWN_GRACE`] | seconds the calls in flight get to finish after SIGTERM | [`DEFAULT_SHUTDOWN_GRACE`] |

use crate::config::config_error::ConfigError;
pub use crate::config::variable_error::VariableError;

/// `CATALOG_MAX_IN_FLIGHT`: tool calls waiting on the API at once
/// ([`McpServer::max_in_flight`](crate::inbound::mcp::McpServer::max_in_flight)).
pub const ENV_MAX_IN_FLIGHT: &str = "CATALOG_MAX_IN_FLIGHT";
/// `CATALOG_MAX_LINE_BYTES`: one incoming MCP message, a stdio line or an HTTP request body
/// ([`McpServer::max_line_bytes`](crate::inbound::mcp::McpServer::max_line_bytes)).
pub const ENV_MAX_LINE_BYTES: &str = "CATALOG_MAX_LINE_BYTES";
/// `CATALOG_MAX_PENDING`: stdio requests read whose answer is not written yet
/// ([`McpServer::max_pending`](crate::inbound::mcp::McpServer::max_pending)).
pub const ENV_MAX_PENDING: &str = "CATALOG_MAX_PENDING";

/// `CATALOG_RETRIES`: the most attempts an idempotent call gets (`0` and `1`: one, no retry).
pub const ENV_RETRIES: &str = "CATALOG_RETRIES";
/// `CATALOG_NO_RETRY`: tools whose calls are never retried (comma-separated tool names).
pub const ENV_NO_RETRY: &str = "CATALOG_NO_RETRY";
/// `CATALOG_SHUTDOWN_GRACE`: seconds the calls in flight get to finish after SIGTERM or SIGINT.
pub const ENV_SHUTDOWN_GRACE: &str = "CATALOG_SHUTDOWN_GRACE";

/// Attempts an idempotent call gets unless [`ENV_RETRIES`] says otherwise.
pub const DEFAULT_ATTEMPTS: u32 = 3;
/// The most attempts [`ENV_RETRIES`] accepts: each waits within the call's one timeout anyway.
pub const MAX_ATTEMPTS: u32 = 10;
/// How long the calls in flight get to finish after SIGTERM: under Kubernetes' default
/// `terminationGracePeriodSeconds` of 30, so the process exits before it is killed.
pub const DEFAULT_SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(25);

/// The attempts [`ENV_RETRIES`] holding `value` allows: a whole number from 0 to
/// [`MAX_ATTEMPTS`], `0` read as `1` (retries off).
pub fn attempts(value: &str) -> Result<u32, ConfigError> {
    match value.trim().parse::<u32>() {
        Ok(n) if n <= MAX_ATTEMPTS => Ok(n.max(1)),
        _ => Err(ConfigError::new(format!(
            "{ENV_RETRIES}={value:?}: expected a whole number of attempts from 0 to \
             {MAX_ATTEMPTS} (0 or 1 turns retries off; the default is {DEFAULT_ATTEMPTS})"
        ))),
    }
}

/// The grace [`ENV_SHUTDOWN_GRACE`] holding `value` gives: seconds, fractions allowed, from 0
/// to an hour.
pub fn shutdown_grace(value: &str) -> Result<std::time::Duration, ConfigError> {
    let advice = format!(
        " (the default is {}; keep it under the orchestrator's own grace period, 30 s in \
         Kubernetes)",
        DEFAULT_SHUTDOWN_GRACE.as_secs()
    );
    Ok(seconds(ENV_SHUTDOWN_GRACE, value, 3600, &advice)?)
}

/// A duration the variable `name` holds as `value`: seconds, fractions allowed, from 0 to
/// `max` seconds; refused with `advice` after what it expects.
pub(crate) fn seconds(
    name: &str,
    value: &str,
    max: u64,
    advice: &str,
) -> Result<std::time::Duration, VariableError> {
    match value.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=max as f64).contains(&s) => {
            Ok(std::time::Duration::from_secs_f64(s))
        }
        _ => Err(VariableError::invalid(
            name,
            value,
            format!("expected a number of seconds from 0 to {max}{advice}"),
        )),
    }
}

/// A comma-separated list of tool names in the variable `name` holding `value` (empty: none).
/// Whether each is one of the server's tools is checked at start-up (`tool_names::check_tool_names`).
pub fn tool_names(name: &str, value: &str) -> Result<Vec<String>, ConfigError> {
    let mut tools: Vec<String> = Vec::new();
    for tool in value.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let valid = tool
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        if !valid {
            return Err(ConfigError::new(format!(
                "{name}={value:?}: expected a comma-separated list of tool names; {tool:?} is \
                 not a tool name"
            )));
        }
        if !tools.iter().any(|t| t == tool) {
            tools.push(tool.to_string());
        }
    }
    Ok(tools)
}

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

    #[test]
    fn retries_are_a_small_whole_number_of_attempts() {
        assert_eq!(attempts(" 4 "), Ok(4));
        assert_eq!(attempts("0"), Ok(1));
        assert_eq!(attempts("1"), Ok(1));
        assert_eq!(attempts("10"), Ok(10));
        for bad in ["abc", "-1", "2.5", "11", ""] {
            assert_eq!(
                attempts(bad).unwrap_err().to_string(),
                format!(
                    "CATALOG_RETRIES={bad:?}: expected a whole number of attempts from 0 to 10 \
                     (0 or 1 turns retries off; the default is 3)"
                )
            );
        }
    }

    #[test]
    fn the_shutdown_grace_is_seconds() {
        use std::time::Duration;
        assert_eq!(shutdown_grace("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(shutdown_grace("0"), Ok(Duration::ZERO));
        for bad in ["-1", "forever", "inf", "3601"] {
            let err = shutdown_grace(bad).unwrap_err();
            assert_eq!(err.setting().map(VariableError::kind), Some("invalid"));
            assert_eq!(
                err.to_string(),
                format!(
                    "CATALOG_SHUTDOWN_GRACE={bad:?}: expected a number of seconds from 0 to 3600 \
                     (the default is 25; keep it under the orchestrator's own grace period, 30 s \
                     in Kubernetes)"
                )
            );
        }
    }

    #[test]
    fn a_tool_list_is_names() {
        assert_eq!(
            tool_names("CATALOG_NO_RETRY", " a, b ,a,"),
            Ok(vec!["a".to_string(), "b".to_string()])
        );
        assert_eq!(tool_names("CATALOG_NO_RETRY", ""), Ok(vec![]));
        assert_eq!(
            tool_names("CATALOG_NO_RETRY", "a, b c")
                .unwrap_err()
                .to_string(),
            "CATALOG_NO_RETRY=\"a, b c\": expected a comma-separated list of tool names; \"b c\" \
             is not a tool name"
        );
    }

    #[test]
    fn a_setting_error_names_the_variable_and_the_fix() {
        let invalid = VariableError::invalid("CATALOG_X", "many", "expected a number");
        assert_eq!(invalid.kind(), "invalid");
        assert!(
            matches!(&invalid, VariableError::Invalid { variable, value, .. } if variable == "CATALOG_X" && value == "many")
        );
        assert_eq!(invalid.to_string(), "CATALOG_X=\"many\": expected a number");
        let empty = VariableError::Empty {
            variable: "CATALOG_Y".to_string(),
            fix: "set a value or unset it".to_string(),
        };
        assert_eq!(empty.kind(), "empty");
        assert_eq!(
            empty.to_string(),
            "CATALOG_Y is set but empty; set a value or unset it"
        );
        let incomplete = VariableError::Incomplete {
            feature: "token exchange".to_string(),
            set: vec!["CATALOG_A".to_string()],
            missing: vec!["CATALOG_B".to_string()],
            required: vec!["CATALOG_A".to_string(), "CATALOG_B".to_string()],
            family: "CATALOG_*".to_string(),
        };
        assert_eq!(incomplete.kind(), "incomplete");
        assert_eq!(
            incomplete.to_string(),
            "token exchange is half configured: CATALOG_A set, CATALOG_B missing; set CATALOG_A, \
             CATALOG_B together (or unset every CATALOG_* variable to serve without it)"
        );
        let requires = VariableError::Requires {
            variable: "CATALOG_F".to_string(),
            value: "v".to_string(),
            requires: "CATALOG_P".to_string(),
            fix: "set it too".to_string(),
        };
        assert_eq!(requires.kind(), "requires");
        assert_eq!(
            requires.to_string(),
            "CATALOG_F=\"v\" is set without CATALOG_P: set it too"
        );
        let paired = VariableError::Paired {
            first: "CATALOG_CREDENTIAL_A_USER".to_string(),
            second: "CATALOG_CREDENTIAL_A_PASSWORD".to_string(),
            scheme: "a".to_string(),
        };
        assert_eq!(paired.kind(), "paired");
        assert_eq!(
            paired.to_string(),
            "CATALOG_CREDENTIAL_A_USER and CATALOG_CREDENTIAL_A_PASSWORD go together; set both \
             for scheme `a`"
        );
        let config = ConfigError::from(requires.clone());
        assert_eq!(config.setting(), Some(&requires));
        assert_eq!(config.to_string(), requires.to_string());
    }
}
