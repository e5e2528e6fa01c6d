//! The error of a configuration that cannot be used, shared by every setting the server reads.

use crate::config::variable_error::VariableError;
use std::fmt;

/// A configuration that cannot be used, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    message: String,
    // Boxed: a `ConfigError` is returned by every settings reader and stays small.
    setting: Option<Box<VariableError>>,
}

impl ConfigError {
    pub(crate) fn new(message: impl Into<String>) -> ConfigError {
        ConfigError {
            message: message.into(),
            setting: None,
        }
    }

    /// The setting refused, when one setting (or a group that goes together) is the cause.
    pub fn setting(&self) -> Option<&VariableError> {
        self.setting.as_deref()
    }

    pub(crate) fn env(name: &str, value: &str, expected: &str) -> ConfigError {
        ConfigError::from(VariableError::invalid(name, value, expected))
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

impl From<VariableError> for ConfigError {
    fn from(setting: VariableError) -> ConfigError {
        ConfigError {
            message: setting.to_string(),
            setting: Some(Box::new(setting)),
        }
    }
}
