//! How an executor is configured: [`ExecutorConfig`] (base URL, credentials, timeout, response
//! cap, writes, retries), read from the code or from `CATALOG_*` settings, [`Writes`], and
//! the [`ConfigError`] a configuration that cannot be used is refused with.

use super::retry::RetryPolicy;
pub use super::writes::{ENV_ALLOW_WRITES, Writes};
use crate::config::settings;
use crate::outbound::credentials::{Credential, Credentials};
use std::fmt;
use std::time::Duration;

pub use crate::config::config_error::ConfigError;

/// The environment variable that sets the response cap in [`ExecutorConfig::with_catalog_env`].
pub const ENV_MAX_RESPONSE_BYTES: &str = "CATALOG_MAX_RESPONSE_BYTES";
/// The environment variable that sets the timeout in [`ExecutorConfig::with_catalog_env`].
pub const ENV_TIMEOUT_SECS: &str = "CATALOG_TIMEOUT_SECS";

/// The default timeout for one request, headers and body together.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The default cap on the response (selected headers and body) kept for the agent.
pub const DEFAULT_MAX_RESPONSE_BYTES: usize = 256 * 1024;

/// The `Accept` header sent when the tool's request has none: JSON preferred, anything else
/// taken.
pub const DEFAULT_ACCEPT: &str = "application/json, */*;q=0.8";

/// How an [`Executor`](crate::outbound::executor::Executor) reaches the API. Built with [`ExecutorConfig::new`] and its setters.
#[derive(Clone)]
pub struct ExecutorConfig {
    pub(super) base_url: String,
    pub(super) auth: Option<(String, String)>,
    pub(super) timeout: Duration,
    pub(super) max_response_bytes: usize,
    pub(super) writes: Writes,
    pub(super) credentials: Credentials,
    pub(super) retry: RetryPolicy,
}

impl fmt::Debug for ExecutorConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The auth value is a secret: only its header name is shown.
        f.debug_struct("ExecutorConfig")
            .field("base_url", &self.base_url)
            .field(
                "auth",
                &self.auth.as_ref().map(|(name, _)| (name, "<redacted>")),
            )
            .field("timeout", &self.timeout)
            .field("max_response_bytes", &self.max_response_bytes)
            .field("writes", &self.writes)
            .field("credentials", &self.credentials)
            .field("retry", &self.retry)
            .finish()
    }
}

impl ExecutorConfig {
    /// A configuration for the API at `base_url` (`http` or `https`; a path prefix such as
    /// `/api/v1` is kept). No auth header, [`DEFAULT_TIMEOUT`], [`DEFAULT_MAX_RESPONSE_BYTES`],
    /// writes refused.
    pub fn new(base_url: impl Into<String>) -> ExecutorConfig {
        ExecutorConfig {
            base_url: base_url.into(),
            auth: None,
            timeout: DEFAULT_TIMEOUT,
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
            writes: Writes::Refused,
            credentials: Credentials::default(),
            retry: RetryPolicy::default(),
        }
    }

    /// Sends `credential` for the security scheme named `scheme` (its key in
    /// `components.securitySchemes`) to every tool whose operation requires it.
    pub fn credential(mut self, scheme: impl Into<String>, credential: Credential) -> Self {
        self.credentials.insert(scheme, credential);
        self
    }

    /// Takes the credential of each scheme `per_user` covers from the call's verified caller
    /// (token exchange, or the operator's credential source; see
    /// [`crate::outbound::credentials::per_user`]).
    pub fn per_user(mut self, per_user: crate::outbound::credentials::PerUser) -> Self {
        self.credentials.set_per_user(per_user);
        self
    }

    /// Sends `name: value` on every request (an API key header, or `Authorization`). The value
    /// is marked sensitive and never printed.
    pub fn auth_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.auth = Some((name.into(), value.into()));
        self
    }

    /// Bounds each request, from sending it to the last byte of the body kept.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Caps what is kept of a response for the agent: the selected headers and the body
    /// together ([`crate::wire::bounded`]). Past it a JSON array is cut at an item (read on, not
    /// kept, to count the rest), anything else is cut or not returned, and the rest is not read.
    pub fn max_response_bytes(mut self, bytes: usize) -> Self {
        self.max_response_bytes = bytes;
        self
    }

    /// Lets every tool that writes send its request (`true`), or none (`false`).
    pub fn allow_writes(mut self, allow: bool) -> Self {
        self.writes = if allow { Writes::All } else { Writes::Refused };
        self
    }

    /// Lets exactly the tools `writes` names send a write.
    pub fn writes(mut self, writes: Writes) -> Self {
        self.writes = writes;
        self
    }

    /// The most attempts an idempotent tool call gets on a connection failure, 429 or 503
    /// (`0` and `1`: no retry; default
    /// [`DEFAULT_ATTEMPTS`](crate::config::settings::DEFAULT_ATTEMPTS)); see [`retry`](crate::outbound::executor::retry).
    pub fn retries(mut self, attempts: u32) -> Self {
        self.retry.attempts = attempts.max(1);
        self
    }

    /// Never retries the calls of the tools `tools` names (checked against the tools served at
    /// start-up, like the writes list).
    pub fn no_retry(mut self, tools: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.retry.off = tools.into_iter().map(Into::into).collect();
        self
    }

    /// Which calls are retried, and how many times.
    pub fn retry_policy(&self) -> &RetryPolicy {
        &self.retry
    }

    /// Applies the `CATALOG_*` environment variables that are set: [`ENV_ALLOW_WRITES`]
    /// (`1`/`true`/`yes`/`all` enable writes for every tool, `0`/`false`/`no`/empty for none, a
    /// comma-separated list of tool names for those tools: [`Writes::parse`]),
    /// [`ENV_MAX_RESPONSE_BYTES`] (a positive integer), [`ENV_TIMEOUT_SECS`] (a positive
    /// number of seconds, fractions allowed), and the retries:
    /// [`ENV_RETRIES`](crate::config::settings::ENV_RETRIES) (attempts, 0 to 10) and
    /// [`ENV_NO_RETRY`](crate::config::settings::ENV_NO_RETRY) (tool names), and token exchange
    /// for per-user credentials (the `CATALOG_TOKEN_EXCHANGE_*` variables,
    /// [`TokenExchange::from_env`](crate::outbound::exchange::TokenExchange::from_env)).
    pub fn with_catalog_env(self) -> Result<Self, ConfigError> {
        self.with_env(crate::wire::environment::var)
    }

    /// [`with_catalog_env`](Self::with_catalog_env) reading from `lookup` instead of the
    /// process environment (for tests, or another source of settings).
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        if let Some(v) = lookup(ENV_ALLOW_WRITES) {
            self.writes = Writes::parse(&v)?;
        }
        if let Some(v) = lookup(ENV_MAX_RESPONSE_BYTES) {
            self.max_response_bytes = match v.trim().parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(ConfigError::env(
                        ENV_MAX_RESPONSE_BYTES,
                        &v,
                        "expected a positive number of bytes",
                    ));
                }
            };
        }
        if let Some(v) = lookup(settings::ENV_RETRIES) {
            self.retry.attempts = settings::attempts(&v)?;
        }
        if let Some(v) = lookup(settings::ENV_NO_RETRY) {
            self.retry.off = settings::tool_names(settings::ENV_NO_RETRY, &v)?;
        }
        if let Some(exchange) = crate::outbound::exchange::TokenExchange::from_env(&lookup)? {
            if self.credentials.per_user().is_some() {
                return Err(ConfigError::new(
                    "CATALOG_TOKEN_EXCHANGE_* is set, and per-user credentials are already \
                     configured in code (ExecutorConfig::per_user): unset the variables, or drop \
                     the setting in code",
                ));
            }
            self.credentials
                .set_per_user(crate::outbound::credentials::PerUser::exchange(exchange));
        }
        if let Some(v) = lookup(ENV_TIMEOUT_SECS) {
            self.timeout = match v.trim().parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Duration::from_secs_f64(s),
                _ => {
                    return Err(ConfigError::env(
                        ENV_TIMEOUT_SECS,
                        &v,
                        "expected a positive number of seconds",
                    ));
                }
            };
        }
        Ok(self)
    }

    /// Whether writes are enabled for every tool.
    pub fn writes_allowed(&self) -> bool {
        self.writes == Writes::All
    }

    /// Which tools may write.
    pub fn writes_setting(&self) -> &Writes {
        &self.writes
    }
}
