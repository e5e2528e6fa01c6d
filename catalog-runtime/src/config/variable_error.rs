//! Why a setting read from the environment is refused ([`VariableError`]), shared by every
//! settings reader and the [`ConfigError`](crate::outbound::executor::ConfigError) that carries it.

/// Why one setting, or a group of settings that go together, is refused: each says the
/// variable and the fix. A settings reader returning
/// [`ConfigError`](crate::outbound::executor::ConfigError) carries it
/// ([`ConfigError::setting`](crate::outbound::executor::ConfigError::setting)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariableError {
    /// `variable` holds `value`, which it does not take: `expected` says what it takes.
    Invalid {
        /// The variable, `CATALOG_TIMEOUT_SECS`.
        variable: String,
        /// What it holds, as given.
        value: String,
        /// What it takes, and the fix.
        expected: String,
    },
    /// `variable` is set to nothing but spaces.
    Empty {
        /// The variable.
        variable: String,
        /// What to set instead.
        fix: String,
    },
    /// Some of the variables of `feature` that go together are set, `missing` are not.
    Incomplete {
        /// What they configure together (`token exchange`).
        feature: String,
        /// The variables set.
        set: Vec<String>,
        /// The required ones not set.
        missing: Vec<String>,
        /// The required ones, all to be set together.
        required: Vec<String>,
        /// The family to unset to serve without it (`CATALOG_TOKEN_EXCHANGE_*`).
        family: String,
    },
    /// One of two variables of the security scheme `scheme` that go together is set alone.
    Paired {
        /// The first of the two (`CATALOG_CREDENTIAL_OAUTH_CLIENT_ID`).
        first: String,
        /// The second.
        second: String,
        /// The security scheme they give the credential of.
        scheme: String,
    },
    /// `variable` is a `CATALOG_*` variable the server does not read: a misspelled name, or a
    /// setting of another server.
    Unknown {
        /// The variable set.
        variable: String,
        /// The closest name the server reads (`did you mean ...?`), or what it reads instead.
        hint: String,
    },
    /// Two variables that give the same credential are both set: the scheme's name written
    /// two ways (`CATALOG_CREDENTIAL_O_AUTH2` and `CATALOG_CREDENTIAL_OAUTH2`).
    Ambiguous {
        /// The first, the scheme's name in SHOUTY_SNAKE_CASE.
        first: String,
        /// The second, the scheme's name upper-cased as written.
        second: String,
        /// The security scheme they both give the credential of.
        scheme: String,
    },
    /// `variable` (holding `value`) is set without `requires`, which it needs.
    Requires {
        /// The variable set.
        variable: String,
        /// What it holds.
        value: String,
        /// The variable it needs.
        requires: String,
        /// The fix.
        fix: String,
    },
}

impl VariableError {
    /// `variable` holding `value` is refused: `expected` says what it takes.
    pub(crate) fn invalid(variable: &str, value: &str, expected: impl Into<String>) -> Self {
        VariableError::Invalid {
            variable: variable.to_string(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

#[cfg(test)]
impl VariableError {
    /// The variant's name, for tests to compare with the message.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            VariableError::Invalid { .. } => "invalid",
            VariableError::Empty { .. } => "empty",
            VariableError::Incomplete { .. } => "incomplete",
            VariableError::Paired { .. } => "paired",
            VariableError::Requires { .. } => "requires",
            VariableError::Unknown { .. } => "unknown",
            VariableError::Ambiguous { .. } => "ambiguous",
        }
    }
}

impl std::fmt::Display for VariableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariableError::Invalid {
                variable,
                value,
                expected,
            } => write!(f, "{variable}={value:?}: {expected}"),
            VariableError::Empty { variable, fix } => {
                write!(f, "{variable} is set but empty; {fix}")
            }
            VariableError::Incomplete {
                feature,
                set,
                missing,
                required,
                family,
            } => write!(
                f,
                "{feature} is half configured: {} set, {} missing; set {} together (or unset \
                 every {family} variable to serve without it)",
                set.join(", "),
                missing.join(", "),
                required.join(", ")
            ),
            VariableError::Paired {
                first,
                second,
                scheme,
            } => write!(
                f,
                "{first} and {second} go together; set both for scheme `{scheme}`"
            ),
            VariableError::Requires {
                variable,
                value,
                requires,
                fix,
            } => write!(f, "{variable}={value:?} is set without {requires}: {fix}"),
            VariableError::Unknown { variable, hint } => {
                write!(f, "{variable} is not a setting this server reads; {hint}")
            }
            VariableError::Ambiguous {
                first,
                second,
                scheme,
            } => write!(
                f,
                "{first} and {second} are both set, and both give the credential of scheme \
                 `{scheme}`; unset one"
            ),
        }
    }
}

impl std::error::Error for VariableError {}
