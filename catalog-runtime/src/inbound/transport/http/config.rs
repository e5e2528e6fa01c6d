//! How the HTTP server admits requests ([`HttpConfig`]) and the `CATALOG_HTTP_*` variables that
//! set it.

use crate::config::settings::VariableError;
use crate::inbound::access::auth::{ENV_HTTP_TOKEN, StaticToken, TokenVerifier};
use crate::observe::metrics::ENV_HTTP_METRICS;
use std::fmt;
use std::sync::Arc;

/// `CATALOG_HTTP_MAX_REQUESTS`: how many HTTP requests are handled at once (503 past it).
pub const ENV_HTTP_MAX_REQUESTS: &str = "CATALOG_HTTP_MAX_REQUESTS";
/// HTTP requests handled at once unless [`HttpConfig::max_requests`] says otherwise.
pub const DEFAULT_MAX_REQUESTS: usize = 256;

/// `CATALOG_HTTP_ALLOWED_HOSTS`: comma-separated `Host` names (or `host:port`) accepted besides
/// loopback ones; set it when serving on a non-loopback address.
pub const ENV_HTTP_ALLOWED_HOSTS: &str = "CATALOG_HTTP_ALLOWED_HOSTS";
/// `CATALOG_HTTP_ALLOWED_ORIGINS`: comma-separated browser origins (`https://app.example:443`,
/// `http://localhost:*`) allowed to call; any other `Origin` gets 403.
pub const ENV_HTTP_ALLOWED_ORIGINS: &str = "CATALOG_HTTP_ALLOWED_ORIGINS";
/// `CATALOG_HTTP_CLIENT_SELECTION=1` lets each client narrow the tool selection with headers
/// ([`HttpConfig::client_selection`]).
pub const ENV_HTTP_CLIENT_SELECTION: &str = "CATALOG_HTTP_CLIENT_SELECTION";
/// `CATALOG_HTTP_SESSIONS=1` keeps sessions for clients of revisions before 2026-07-28.
pub const ENV_HTTP_SESSIONS: &str = "CATALOG_HTTP_SESSIONS";
/// `CATALOG_HTTP_PUBLIC_URL`: the URL clients reach the server at (behind a proxy or load
/// balancer), for the metadata's `resource`; otherwise `http://<Host header>`.
pub const ENV_HTTP_PUBLIC_URL: &str = "CATALOG_HTTP_PUBLIC_URL";
/// `CATALOG_HTTP_AUTHORIZATION_SERVERS`: comma-separated OAuth authorization server issuer
/// URLs, listed in the metadata.
pub const ENV_HTTP_AUTHORIZATION_SERVERS: &str = "CATALOG_HTTP_AUTHORIZATION_SERVERS";

/// `CATALOG_HTTP_SHUTDOWN_DELAY`: seconds the server keeps serving after SIGTERM, readiness
/// already 503, before it closes its connections ([`HttpConfig::shutdown_delay`]).
pub const ENV_HTTP_SHUTDOWN_DELAY: &str = "CATALOG_HTTP_SHUTDOWN_DELAY";
/// The longest [`ENV_HTTP_SHUTDOWN_DELAY`] accepted.
pub const MAX_SHUTDOWN_DELAY: std::time::Duration = std::time::Duration::from_secs(300);

/// `CATALOG_HTTP_READY_STATUS_PATH`: the API's status document, read by readiness for the
/// version it reports ([`HttpConfig::ready_spec_version`]).
pub const ENV_READY_STATUS_PATH: &str = "CATALOG_HTTP_READY_STATUS_PATH";
/// `CATALOG_HTTP_READY_VERSION_FIELD`: the dotted field of that document holding the version
/// (default `version`).
pub const ENV_READY_VERSION_FIELD: &str = "CATALOG_HTTP_READY_VERSION_FIELD";
/// `CATALOG_HTTP_READY_SPEC_PATH`: where the API serves its own spec, read by readiness for
/// its hash ([`HttpConfig::ready_spec_hash`]).
pub const ENV_READY_SPEC_PATH: &str = "CATALOG_HTTP_READY_SPEC_PATH";

/// How the HTTP server admits requests. [`HttpConfig::new`] is loopback-only, stateless, no
/// browser origin, no authorization.
#[derive(Clone)]
pub struct HttpConfig {
    pub(super) allowed_hosts: Vec<String>,
    pub(super) allowed_origins: Vec<String>,
    pub(super) sessions: bool,
    pub(super) verifier: Option<Arc<dyn TokenVerifier>>,
    pub(super) authorization_servers: Vec<String>,
    pub(super) public_url: Option<String>,
    pub(super) max_requests: usize,
    pub(super) metrics: bool,
    pub(super) client_selection: bool,
    /// How long the server keeps serving after a stop begins ([`HttpConfig::shutdown_delay`]).
    pub(super) shutdown_delay: std::time::Duration,
    /// Where readiness reads the API's version: the status document's path and the dotted
    /// field ([`super::health`]).
    pub(super) ready_version: Option<(String, String)>,
    /// Where readiness reads the spec the API serves, for its hash ([`super::health`]).
    pub(super) ready_spec: Option<String>,
}

impl Default for HttpConfig {
    fn default() -> HttpConfig {
        HttpConfig {
            allowed_hosts: Vec::new(),
            allowed_origins: Vec::new(),
            sessions: false,
            verifier: None,
            authorization_servers: Vec::new(),
            public_url: None,
            max_requests: DEFAULT_MAX_REQUESTS,
            metrics: true,
            client_selection: false,
            shutdown_delay: std::time::Duration::ZERO,
            ready_version: None,
            ready_spec: None,
        }
    }
}

impl fmt::Debug for HttpConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpConfig")
            .field("allowed_hosts", &self.allowed_hosts)
            .field("allowed_origins", &self.allowed_origins)
            .field("sessions", &self.sessions)
            .field("verifier", &self.verifier.as_ref().map(|_| "<verifier>"))
            .field("authorization_servers", &self.authorization_servers)
            .field("public_url", &self.public_url)
            .field("max_requests", &self.max_requests)
            .field("client_selection", &self.client_selection)
            .field("shutdown_delay", &self.shutdown_delay)
            .field("ready_version", &self.ready_version)
            .field("ready_spec", &self.ready_spec)
            .finish()
    }
}

fn list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

impl HttpConfig {
    /// Loopback only, stateless, no browser origin allowed, no authorization.
    pub fn new() -> HttpConfig {
        HttpConfig::default()
    }

    /// `Host` names accepted besides loopback ones (`mcp.example.com`, `10.0.0.5:8080`).
    pub fn allowed_hosts(mut self, hosts: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.allowed_hosts = hosts.into_iter().map(Into::into).collect();
        self
    }

    /// Browser origins allowed to call (`https://app.example.com:443`, `http://localhost:*`).
    pub fn allowed_origins(mut self, origins: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.allowed_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// Keeps sessions for clients of protocol revisions before 2026-07-28 (off: stateless).
    pub fn sessions(mut self, on: bool) -> Self {
        self.sessions = on;
        self
    }

    /// Requires a bearer token `verifier` accepts on every MCP request.
    pub fn verifier(mut self, verifier: impl TokenVerifier) -> Self {
        self.verifier = Some(Arc::new(verifier));
        self
    }

    /// Lists an OAuth authorization server (its issuer URL) in the metadata.
    pub fn authorization_server(mut self, issuer: impl Into<String>) -> Self {
        self.authorization_servers.push(issuer.into());
        self
    }

    /// The URL clients reach the server at, without `/mcp` (`https://mcp.example.com`).
    pub fn public_url(mut self, url: impl Into<String>) -> Self {
        self.public_url = Some(url.into().trim_end_matches('/').to_string());
        self
    }

    /// How many HTTP requests are handled at once (at least 1); a request past it is answered
    /// 503 with `Retry-After: 1` at once.
    pub fn max_requests(mut self, requests: usize) -> Self {
        self.max_requests = requests.max(1);
        self
    }

    /// Whether `GET /metrics` answers with the server's metrics ([`crate::observe::metrics`];
    /// default on, behind the token when there is one).
    pub fn metrics(mut self, on: bool) -> Self {
        self.metrics = on;
        self
    }

    /// Lets each client narrow the server's tool selection with the headers
    /// [`HEADER_TOOLSETS`](crate::inbound::access::selection::HEADER_TOOLSETS),
    /// [`HEADER_TOOLS`](crate::inbound::access::selection::HEADER_TOOLS) and
    /// [`HEADER_READ_ONLY`](crate::inbound::access::selection::HEADER_READ_ONLY) (default off: the
    /// headers are ignored). A client never sees more than the server's own selection.
    pub fn client_selection(mut self, on: bool) -> Self {
        self.client_selection = on;
        self
    }

    /// How long the server keeps serving after SIGTERM (or the stop future) before it closes
    /// its connections (default zero, at most [`MAX_SHUTDOWN_DELAY`]). Readiness is 503 from
    /// the signal on and every answer closes its connection; the listener stays open and
    /// kept-alive connections stay usable until the delay ends, so a load balancer has time to
    /// see readiness fail and stop sending before a connection it would reuse is closed. Set it
    /// above the balancer's time to take a server out (HAProxy: `fall` times `inter`); under
    /// Kubernetes, a `preStop` sleep does the same. The grace for calls in flight
    /// ([`McpServer::shutdown_grace`](crate::inbound::mcp::McpServer::shutdown_grace)) starts when
    /// the delay ends.
    pub fn shutdown_delay(mut self, delay: std::time::Duration) -> Self {
        self.shutdown_delay = delay.min(MAX_SHUTDOWN_DELAY);
        self
    }

    /// Applies the `CATALOG_HTTP_*` variables that are set: [`ENV_HTTP_TOKEN`],
    /// [`ENV_HTTP_ALLOWED_HOSTS`], [`ENV_HTTP_ALLOWED_ORIGINS`], [`ENV_HTTP_SESSIONS`], [`ENV_HTTP_METRICS`],
    /// [`ENV_HTTP_PUBLIC_URL`], [`ENV_HTTP_AUTHORIZATION_SERVERS`], [`ENV_HTTP_MAX_REQUESTS`],
    /// [`ENV_HTTP_CLIENT_SELECTION`], [`ENV_HTTP_SHUTDOWN_DELAY`], [`ENV_READY_STATUS_PATH`],
    /// [`ENV_READY_VERSION_FIELD`], [`ENV_READY_SPEC_PATH`].
    pub fn with_catalog_env(self) -> Result<HttpConfig, VariableError> {
        self.with_env(crate::wire::environment::var)
    }

    /// [`with_catalog_env`](Self::with_catalog_env) reading from `lookup`.
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<HttpConfig, VariableError> {
        if let Some(token) = lookup(ENV_HTTP_TOKEN) {
            self = self.verifier(StaticToken::new(token)?);
        }
        if let Some(v) = lookup(ENV_HTTP_ALLOWED_HOSTS) {
            self.allowed_hosts = list(&v);
        }
        if let Some(v) = lookup(ENV_HTTP_ALLOWED_ORIGINS) {
            self.allowed_origins = list(&v);
        }
        if let Some(v) = lookup(ENV_HTTP_SESSIONS) {
            self.sessions = match v.trim() {
                "1" | "true" | "yes" => true,
                "0" | "false" | "no" | "" => false,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_HTTP_SESSIONS,
                        &v,
                        "expected 1 or 0",
                    ));
                }
            };
        }
        if let Some(v) = lookup(ENV_HTTP_METRICS) {
            self.metrics = match v.trim() {
                "1" | "true" | "yes" => true,
                "0" | "false" | "no" => false,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_HTTP_METRICS,
                        &v,
                        "expected 1 or 0",
                    ));
                }
            };
        }
        if let Some(v) = lookup(ENV_HTTP_PUBLIC_URL) {
            self = self.public_url(v);
        }
        if let Some(v) = lookup(ENV_HTTP_AUTHORIZATION_SERVERS) {
            self.authorization_servers = list(&v);
        }
        if let Some(v) = lookup(ENV_HTTP_CLIENT_SELECTION) {
            self.client_selection =
                crate::inbound::access::selection::switch(ENV_HTTP_CLIENT_SELECTION, &v)?;
        }
        match (
            lookup(ENV_READY_STATUS_PATH),
            lookup(ENV_READY_VERSION_FIELD),
        ) {
            (Some(path), field) => {
                let field = field.unwrap_or_else(|| "version".to_string());
                self = self.ready_spec_version(path, field)?;
            }
            (None, Some(field)) => {
                return Err(VariableError::Requires {
                    variable: ENV_READY_VERSION_FIELD.to_string(),
                    value: field,
                    requires: ENV_READY_STATUS_PATH.to_string(),
                    fix: "set the path of the API's status document too (/api/status/), or \
                          unset it"
                        .to_string(),
                });
            }
            (None, None) => {}
        }
        if let Some(path) = lookup(ENV_READY_SPEC_PATH) {
            self = self.ready_spec_hash(path)?;
        }
        if let Some(v) = lookup(ENV_HTTP_MAX_REQUESTS) {
            self.max_requests = match v.trim().parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ => {
                    return Err(VariableError::invalid(
                        ENV_HTTP_MAX_REQUESTS,
                        &v,
                        "expected a whole number of requests, at least 1",
                    ));
                }
            };
        }
        if let Some(v) = lookup(ENV_HTTP_SHUTDOWN_DELAY) {
            self.shutdown_delay = shutdown_delay(&v)?;
        }
        Ok(self)
    }

    /// Readiness also compares the version the API reports in its status document (`GET
    /// status_path`, relative to the base URL, the dotted `version_field` in its JSON) with the
    /// spec version the tools were built from: `/readyz` is 503 when they differ, or when the
    /// document does not say ([`Catalog::check_spec_version`]). Refused unless `status_path`
    /// starts with `/`.
    ///
    /// [`Catalog::check_spec_version`]: crate::tools::catalog::Catalog::check_spec_version
    pub fn ready_spec_version(
        mut self,
        status_path: impl Into<String>,
        version_field: impl Into<String>,
    ) -> Result<HttpConfig, VariableError> {
        let (path, field) = (status_path.into(), version_field.into());
        if !path.starts_with('/') || path.starts_with("//") {
            return Err(VariableError::invalid(
                ENV_READY_STATUS_PATH,
                &path,
                "expected the path of the API's status document under the base URL, starting \
                 with / (/api/status/)",
            ));
        }
        if field.trim().is_empty() {
            return Err(VariableError::invalid(
                ENV_READY_VERSION_FIELD,
                &field,
                "expected the dotted field of the status document holding the version \
                 (version, info.version)",
            ));
        }
        self.ready_version = Some((path, field.trim().to_string()));
        Ok(self)
    }

    /// Readiness also reads the spec the API serves (`GET spec_path`, relative to the base URL,
    /// `/openapi/v1.json`) and compares the hash of its bytes with the hash the build stamped on
    /// the tools ([`Catalog::check_spec_hash`]): `/readyz` is 503 when they differ, or when the
    /// document cannot be read, so a changed spec is seen even when its `info.version` does not
    /// move. The document is read whole up to [`SPEC_MAX_BYTES`] (not the tools' response cap)
    /// within [`SPEC_TIMEOUT`], and its outcome is kept for [`SPEC_TTL`]. The tools must be
    /// built from the very file the API serves. Refused unless `spec_path` starts with `/`.
    ///
    /// [`Catalog::check_spec_hash`]: crate::tools::catalog::Catalog::check_spec_hash
    /// [`SPEC_MAX_BYTES`]: super::health::SPEC_MAX_BYTES
    /// [`SPEC_TIMEOUT`]: super::health::SPEC_TIMEOUT
    /// [`SPEC_TTL`]: super::health::SPEC_TTL
    pub fn ready_spec_hash(
        mut self,
        spec_path: impl Into<String>,
    ) -> Result<HttpConfig, VariableError> {
        let path = spec_path.into();
        if !path.starts_with('/') || path.starts_with("//") {
            return Err(VariableError::invalid(
                ENV_READY_SPEC_PATH,
                &path,
                "expected the path under the base URL where the API serves its spec, starting \
                 with / (/openapi/v1.json)",
            ));
        }
        self.ready_spec = Some(path);
        Ok(self)
    }

    /// Whether a bearer token is required.
    pub fn requires_token(&self) -> bool {
        self.verifier.is_some()
    }
}

/// The delay [`ENV_HTTP_SHUTDOWN_DELAY`] holding `value` gives: seconds, fractions allowed, from
/// 0 to [`MAX_SHUTDOWN_DELAY`].
fn shutdown_delay(value: &str) -> Result<std::time::Duration, VariableError> {
    crate::config::settings::seconds(
        ENV_HTTP_SHUTDOWN_DELAY,
        value,
        MAX_SHUTDOWN_DELAY.as_secs(),
        ", longer than the load balancer takes to see readiness fail (0, the default, closes \
         the connections at once)",
    )
}
