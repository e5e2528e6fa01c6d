//! The HTTP executor: sends the request a tool built to the API and hands the response back as
//! data.
//!
//! What it guarantees, whatever the tool or the agent asks:
//!
//! - the base URL's path prefix is kept (`http://h/api/v1` + `/boards/x/tasks` ->
//!   `http://h/api/v1/boards/x/tasks`);
//! - the configured auth header is sent on every request, marked sensitive (redacted in `Debug`);
//! - `Accept: application/json, */*;q=0.8` is sent unless the tool set an `Accept` itself;
//! - one timeout bounds the whole exchange, headers and the streamed body together;
//! - the selected headers and the body kept are at most [`ExecutorConfig::max_response_bytes`]
//!   together, and what is kept is valid: a JSON array is cut at an element boundary with the
//!   items left out counted, a JSON object too large is reported with its size, text is cut on a
//!   UTF-8 boundary, a binary body is never decoded ([`crate::serve::bounded`]);
//! - a tool that writes (any method but GET, HEAD and OPTIONS, unless the tool declares
//!   otherwise) is refused, before anything is sent, unless writes were enabled for it
//!   ([`Writes`]: none, all, or a list of tools);
//! - redirects are not followed: a 3xx is an answer like any other, returned as it came;
//! - proxies come from `HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY` and `NO_PROXY`, as curl reads
//!   them;
//! - with a [`Recorder`](crate::audit::recorder::Recorder) attached ([`Executor::with_recorder`];
//!   the executor sees it as a [`RequestObserver`] only), every request that passed the writes
//!   guard is recorded before it is sent, and one that reaches an operation its tool does not
//!   declare is refused ([`ExecuteError::Undeclared`]), and every response is checked against the
//!   spec ([`Recorder::record_response`](crate::audit::recorder::Recorder::record_response); a
//!   body cut at the cap for its status and media type only).
//!
//! - a tool call that may be sent twice (its `idempotentHint`) is sent again on a connection
//!   failure, 429 or 503, honouring `Retry-After`, within the call's one timeout
//!   ([`retry`]; the answer says how many attempts were made).
//!
//! The response (status, a few selected headers, body) is never interpreted.

use crate::serve::bounded::{BodyReader, Bounded, KeptHeaders, SCAN_FACTOR, bound_headers};
use crate::serve::credentials::{Credential, Credentials, DEFAULT_TOKEN_LIFETIME, base64};
use crate::serve::settings;
use crate::spec::security::{Requirement, SchemeKind};
use crate::wire::observe::{RequestObserver, Undeclared};
use client::{Client, describe_failure};
use http::header::{HeaderName, HeaderValue};
use http::{Method, StatusCode};
use http_body_util::BodyExt;
pub use retry::RetryPolicy;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The environment variable that enables writes in [`ExecutorConfig::with_catalog_env`].
pub const ENV_ALLOW_WRITES: &str = "CATALOG_ALLOW_WRITES";
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

/// The response headers handed back to the agent, in this order, when present. Others are left
/// out: they are transport detail an agent cannot act on, and they cost context.
pub const SELECTED_HEADERS: &[&str] = &[
    "content-type",
    "etag",
    "last-modified",
    "location",
    "retry-after",
    "link",
];

/// How an [`Executor`] reaches the API. Built with [`ExecutorConfig::new`] and its setters.
#[derive(Clone)]
pub struct ExecutorConfig {
    base_url: String,
    auth: Option<(String, String)>,
    timeout: Duration,
    max_response_bytes: usize,
    writes: Writes,
    credentials: Credentials,
    retry: RetryPolicy,
}

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
    /// ([`McpServer::check_settings`](crate::serve::mcp::McpServer::check_settings)).
    pub fn parse(text: &str) -> Result<Writes, String> {
        const EXPECTED: &str =
            "expected 1 (all tools), 0 (none) or a comma-separated list of tool names";
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "all" => return Ok(Writes::All),
            "0" | "false" | "no" | "" => return Ok(Writes::Refused),
            "on" | "enable" | "enabled" | "y" | "t" => {
                return Err(format!(
                    "{EXPECTED}; {t:?} is not read as a switch: write 1 to enable writes for every tool"
                ));
            }
            "off" | "disable" | "disabled" | "none" | "n" | "f" => {
                return Err(format!(
                    "{EXPECTED}; {t:?} is not read as a switch: write 0 to refuse every write"
                ));
            }
            n if n
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.')) =>
            {
                return Err(format!(
                    "{EXPECTED}; {t:?} is neither: write 1 for every tool or 0 for none"
                ));
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
                return Err(format!("{EXPECTED}; {name:?} is not a tool name"));
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
    /// [`crate::serve::credentials::per_user`]).
    pub fn per_user(mut self, per_user: crate::serve::credentials::PerUser) -> Self {
        self.credentials.set_per_user(per_user);
        self
    }

    /// Reads the credential of every scheme `catalog`'s tools can use from the
    /// `CATALOG_CREDENTIAL_<SCHEME>` variables that are set (see
    /// [`crate::serve::credentials`]).
    pub fn with_credentials_env(
        self,
        catalog: &crate::serve::catalog::Catalog,
    ) -> Result<Self, ConfigError> {
        self.with_credentials_from(catalog, |name| std::env::var(name).ok())
    }

    /// [`with_credentials_env`](Self::with_credentials_env) reading from `lookup`.
    pub fn with_credentials_from(
        mut self,
        catalog: &crate::serve::catalog::Catalog,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        for t in catalog.tools() {
            for scheme in t.operation.security.iter().flatten() {
                if self.credentials.get(&scheme.scheme).is_some() {
                    continue;
                }
                if let Some(c) = crate::serve::credentials::from_env(scheme, &lookup)
                    .map_err(ConfigError::new)?
                {
                    self.credentials.insert(scheme.scheme.clone(), c);
                }
            }
        }
        Ok(self)
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
    /// together ([`crate::serve::bounded`]). Past it a JSON array is cut at an item (read on, not
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
    /// [`DEFAULT_ATTEMPTS`](crate::serve::settings::DEFAULT_ATTEMPTS)); see [`retry`].
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
    /// [`ENV_RETRIES`](crate::serve::settings::ENV_RETRIES) (attempts, 0 to 10) and
    /// [`ENV_NO_RETRY`](crate::serve::settings::ENV_NO_RETRY) (tool names), and token exchange
    /// for per-user credentials (the `CATALOG_TOKEN_EXCHANGE_*` variables,
    /// [`TokenExchange::from_env`](crate::serve::exchange::TokenExchange::from_env)).
    pub fn with_catalog_env(self) -> Result<Self, ConfigError> {
        self.with_env(|name| std::env::var(name).ok())
    }

    /// [`with_catalog_env`](Self::with_catalog_env) reading from `lookup` instead of the
    /// process environment (for tests, or another source of settings).
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        if let Some(v) = lookup(ENV_ALLOW_WRITES) {
            self.writes =
                Writes::parse(&v).map_err(|e| ConfigError::env(ENV_ALLOW_WRITES, &v, &e))?;
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
        if let Some(exchange) =
            crate::serve::exchange::TokenExchange::from_env(&lookup).map_err(ConfigError::new)?
        {
            if self.credentials.per_user().is_some() {
                return Err(ConfigError::new(
                    "CATALOG_TOKEN_EXCHANGE_* is set, and per-user credentials are already \
                     configured in code (ExecutorConfig::per_user): unset the variables, or drop \
                     the setting in code",
                ));
            }
            self.credentials
                .set_per_user(crate::serve::credentials::PerUser::exchange(exchange));
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

/// A configuration that cannot be used, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    message: String,
}

impl ConfigError {
    pub(crate) fn new(message: impl Into<String>) -> ConfigError {
        ConfigError {
            message: message.into(),
        }
    }

    fn env(name: &str, value: &str, expected: &str) -> ConfigError {
        ConfigError::new(format!("{name}={value:?}: {expected}"))
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// Why a request was not answered.
#[derive(Debug)]
pub enum ExecuteError {
    /// The tool writes and writes are not enabled for it; nothing was sent.
    WritesDisabled {
        /// The method refused.
        method: Method,
        /// The tool that sent it (empty for a request sent without a tool name).
        tool: String,
    },
    /// The request could not be turned into a URL or an HTTP request; nothing was sent.
    InvalidRequest(String),
    /// No complete answer came within the timeout (headers and body together).
    Timeout(Duration),
    /// The connection failed or broke off.
    Transport(String),
    /// The executor's recorder ([`RequestObserver`]) found that the request reaches an operation its tool does not
    /// declare; nothing was sent.
    Undeclared(Undeclared),
    /// The operation needs a credential the executor does not have, or a client-credentials
    /// token (or a token exchange) could not be fetched; nothing was sent to the API.
    Credentials(String),
    /// The call's caller has no credential of their own for the operation: no verified caller,
    /// the authorization server refused the exchange, or the operator's credential source had
    /// none ([`crate::serve::credentials::per_user`]); nothing was sent to the API. A tool
    /// error, not a server fault.
    CallerCredential(String),
}

impl fmt::Display for ExecuteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExecuteError::WritesDisabled { method, tool } if tool.is_empty() => write!(
                f,
                "writes are disabled: this request sends {method}, and only GET, HEAD and \
                 OPTIONS are allowed; enable writes with {ENV_ALLOW_WRITES}=1 in the server's \
                 environment (ExecutorConfig::allow_writes(true) in code)"
            ),
            ExecuteError::WritesDisabled { method, tool } => write!(
                f,
                "writes are disabled for `{tool}`: it sends {method}; enable it with \
                 {ENV_ALLOW_WRITES}={tool} in the server's environment (a comma-separated list \
                 of tools; {ENV_ALLOW_WRITES}=1 enables every tool; ExecutorConfig::writes in \
                 code)"
            ),
            ExecuteError::InvalidRequest(m) => write!(f, "the request cannot be sent: {m}"),
            ExecuteError::Timeout(t) => {
                write!(f, "the API did not answer within {} s", t.as_secs_f64())
            }
            ExecuteError::Transport(m) => write!(f, "the API could not be reached: {m}"),
            ExecuteError::Undeclared(u) => write!(f, "the request was not sent: {u}"),
            ExecuteError::Credentials(m) | ExecuteError::CallerCredential(m) => {
                write!(f, "the request was not sent: {m}")
            }
        }
    }
}

impl std::error::Error for ExecuteError {}

/// The API's answer, as data: status, the [`SELECTED_HEADERS`] present, and the body, within
/// the response cap together ([`crate::serve::bounded`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiResponse {
    /// The HTTP status.
    pub status: StatusCode,
    /// The URL the tool's request went to (credentials the executor adds are not in it).
    pub url: String,
    /// The selected headers present that fit the cap, whole, lowercase names, in
    /// [`SELECTED_HEADERS`] order.
    pub headers: Vec<(String, String)>,
    /// The selected headers present that did not fit the cap: name and bytes.
    pub left_out_headers: Vec<(String, usize)>,
    /// The body as kept within what the headers left of the cap.
    pub body: Bounded,
    /// The cap in force, for the markers.
    pub max_bytes: usize,
    /// How many times the request was sent (more than 1 when it was retried: [`retry`]).
    pub attempts: u32,
    /// What the other attempts got, in order (`HTTP 503 Service Unavailable`, `connection
    /// failed`, `no answer in time`); empty when there was one.
    pub retried_after: Vec<String>,
}

impl ApiResponse {
    /// The `ETag` header, verbatim (quotes and a `W/` prefix included), if the API sent one.
    pub fn etag(&self) -> Option<&str> {
        self.header("etag")
    }

    /// A selected header's value, by lowercase name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the status is 4xx or 5xx.
    pub fn is_error(&self) -> bool {
        self.status.is_client_error() || self.status.is_server_error()
    }

    /// The body's media type without parameters, lower case, when the API sent one.
    pub fn media_type(&self) -> Option<String> {
        self.header("content-type")
            .map(|t| crate::model::media_base(t).into_owned())
    }

    /// The whole body, when it is binary: a media type that is not text, or bytes that are not
    /// UTF-8. Such a body is never shown as text.
    pub fn binary(&self) -> Option<&[u8]> {
        let Bounded::Whole(bytes) = &self.body else {
            return None;
        };
        let textual = self
            .header("content-type")
            .is_none_or(crate::serve::bounded::is_text_media_type);
        (!textual || std::str::from_utf8(bytes).is_err()).then_some(bytes.as_slice())
    }

    /// The body as text, when it is text: whole, a cut array (valid JSON), or cut text.
    pub fn body_text(&self) -> Option<&str> {
        match &self.body {
            Bounded::Whole(_) if self.binary().is_some() => None,
            Bounded::Whole(bytes) => std::str::from_utf8(bytes).ok(),
            Bounded::Items { json, .. } => Some(json),
            Bounded::Cut(text) => Some(text),
            Bounded::TooLarge { .. } => None,
        }
    }

    /// What the agent reads: the status line, the selected headers (a line for each left out),
    /// a blank line, the body verbatim (or a line saying what it is when it is binary or too
    /// large), then a line saying what was cut, when something was, and a line saying how many
    /// attempts were made, when there were more than one.
    pub fn to_text(&self) -> String {
        self.text_with(None)
    }

    /// [`to_text`](Self::to_text), with `hint` (how to ask for the rest: the next page, fewer
    /// items) in the line saying what was cut.
    pub fn text_with(&self, hint: Option<&str>) -> String {
        self.text_in_place_of_body(hint, None)
    }

    /// [`text_with`](Self::text_with), with `instead` in place of a body that is text (a JSON
    /// body sent elsewhere, such as in `structuredContent`); the lines saying what was cut stay.
    pub fn text_in_place_of_body(&self, hint: Option<&str>, instead: Option<&str>) -> String {
        let mut out = format!(
            "HTTP {} {}\n",
            self.status.as_u16(),
            self.status.canonical_reason().unwrap_or("")
        );
        for (name, value) in &self.headers {
            // A body in `structuredContent` is JSON: its media type tells the agent nothing more.
            if instead.is_some() && name.eq_ignore_ascii_case("content-type") {
                continue;
            }
            out.push_str(name);
            out.push_str(": ");
            out.push_str(value);
            out.push('\n');
        }
        for (name, bytes) in &self.left_out_headers {
            out.push_str(&format!(
                "[header {name} left out: {bytes} bytes, over the {}-byte response cap]\n",
                self.max_bytes
            ));
        }
        out.push('\n');
        let hint = hint.map(|h| format!("; {h}")).unwrap_or_default();
        match &self.body {
            Bounded::Whole(bytes) => match self.binary() {
                Some(_) => out.push_str(&format!(
                    "[binary body: {} bytes of {}, not shown as text]",
                    bytes.len(),
                    self.media_type()
                        .unwrap_or_else(|| "application/octet-stream".into())
                )),
                None => match instead {
                    Some(text) => out.push_str(text),
                    None => out.push_str(&String::from_utf8_lossy(bytes)),
                },
            },
            Bounded::Items {
                json,
                kept,
                left_out,
                counted,
            } => {
                out.push_str(instead.unwrap_or(json));
                let total = kept + left_out;
                let of = if *counted {
                    total.to_string()
                } else {
                    format!("at least {total}")
                };
                out.push_str(&format!(
                    "\n[truncated: the first {kept} of {of} items; the response exceeded the {}-byte cap{hint}]",
                    self.max_bytes
                ));
            }
            Bounded::Cut(text) => {
                out.push_str(text);
                out.push_str(&truncation_marker(self.max_bytes));
            }
            Bounded::TooLarge {
                bytes,
                measured,
                what,
            } => {
                let size = if *measured {
                    format!("the {bytes}-byte {what}")
                } else {
                    format!("a {what} of at least {bytes} bytes")
                };
                out.push_str(&format!(
                    "[not returned: {size} exceeds the {}-byte response cap{hint}]",
                    self.max_bytes
                ));
            }
        }
        if self.attempts > 1 {
            out.push_str(&format!(
                "\n[attempts: {}; the others got: {}]",
                self.attempts,
                self.retried_after.join(", ")
            ));
        }
        out
    }
}

/// The marker appended to a body cut at `max` bytes.
pub fn truncation_marker(max: usize) -> String {
    format!("\n[truncated: response exceeded {max} bytes]")
}

/// The longest prefix of `bytes` of at most `max` bytes that does not split a UTF-8 sequence.
pub fn utf8_prefix(bytes: &[u8], max: usize) -> &[u8] {
    if bytes.len() <= max {
        return bytes;
    }
    let mut cut = max;
    // Step back over continuation bytes (10xxxxxx) to the start of the character the cut falls
    // in; a sequence is at most 4 bytes long, so this looks back at most 3.
    while cut > 0 && max - cut < 3 && (bytes[cut] & 0xC0) == 0x80 {
        cut -= 1;
    }
    if (bytes[cut] & 0xC0) == 0x80 {
        // Not UTF-8 around the cut anyway: cut where asked.
        cut = max;
    }
    &bytes[..cut]
}

/// One tool call as the executor sends it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Call<'a> {
    /// The tool's MCP name.
    pub tool: &'a str,
    /// The operation's security requirement.
    pub security: &'a [Requirement],
    /// Whether sending it twice does no more than once (its declared effects): only then is it
    /// retried.
    pub idempotent: bool,
    /// When the answer is due.
    pub deadline: std::time::Instant,
}

/// Sends tools' requests to one API. Cheap to clone (the connection pool is shared).
#[derive(Clone, Debug)]
pub struct Executor {
    client: Client,
    base: String,
    auth: Option<(HeaderName, HeaderValue)>,
    timeout: Duration,
    max_response_bytes: usize,
    writes: Writes,
    credentials: Credentials,
    recorder: Option<Arc<dyn RequestObserver>>,
    retry: RetryPolicy,
}

impl Executor {
    /// Checks the configuration and builds the HTTP client (rustls; when the process has no
    /// rustls crypto provider installed yet, ring's is installed as the default).
    pub fn new(config: ExecutorConfig) -> Result<Executor, ConfigError> {
        let url = url::Url::parse(&config.base_url)
            .map_err(|e| ConfigError::new(format!("base URL {:?}: {e}", config.base_url)))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(ConfigError::new(format!(
                "base URL {:?}: the scheme must be http or https",
                config.base_url
            )));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(ConfigError::new(format!(
                "base URL {:?}: a query or fragment cannot be combined with a tool's path",
                config.base_url
            )));
        }
        // The tool's path starts with `/`; the prefix keeps everything before it.
        let base = url.as_str().trim_end_matches('/').to_string();
        let auth = match config.auth {
            None => None,
            Some((name, value)) => {
                let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| {
                    ConfigError::new(format!("auth header name {name:?} is invalid"))
                })?;
                let mut value = HeaderValue::from_str(&value).map_err(|_| {
                    ConfigError::new(format!(
                        "the value of auth header {name} is not a valid header value"
                    ))
                })?;
                value.set_sensitive(true);
                Some((name, value))
            }
        };
        // rustls on ring unless the application installed a crypto provider already (then
        // theirs is kept).
        if rustls::crypto::CryptoProvider::get_default().is_none() {
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        let client = Client::new(hyper_util::client::proxy::matcher::Matcher::from_env())
            .map_err(|e| ConfigError::new(format!("the HTTP client cannot be built: {e}")))?;
        Ok(Executor {
            client,
            base,
            auth,
            timeout: config.timeout,
            max_response_bytes: config.max_response_bytes,
            writes: config.writes,
            credentials: config.credentials,
            recorder: None,
            retry: config.retry,
        })
    }

    /// This executor with its response cap lowered to `bytes` (never raised), for one call whose
    /// result is held to a smaller cap ([`crate::serve::result_size`]).
    pub(crate) fn capped(&self, bytes: usize) -> Executor {
        let mut capped = self.clone();
        capped.max_response_bytes = self.max_response_bytes.min(bytes.max(1));
        capped
    }

    /// Hands every request to `recorder` before sending it (after the writes guard), for test
    /// suites: a request that reaches an operation its tool does not declare is refused with
    /// [`ExecuteError::Undeclared`], and the recorder reports the declared operations never
    /// called. Requests are recorded relative to the base URL, so build the recorder with an
    /// empty base path ([`Catalog::recorder`](crate::serve::catalog::Catalog::recorder)). Keep a clone of the `Arc` to read the report.
    ///
    /// The executor sees it through [`RequestObserver`] only, so any observer of one's own goes
    /// here too.
    pub fn with_recorder<R: RequestObserver + 'static>(mut self, recorder: Arc<R>) -> Executor {
        self.recorder = Some(recorder);
        self
    }

    /// The recorder (or observer) attached with [`with_recorder`](Self::with_recorder), if any.
    pub fn recorder(&self) -> Option<&Arc<dyn RequestObserver>> {
        self.recorder.as_ref()
    }

    /// Whether every tool may write.
    pub fn writes_allowed(&self) -> bool {
        self.writes == Writes::All
    }

    /// The one timeout of a call: the wait for a slot, the exchange and any retries together.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Which tools may write.
    pub fn writes(&self) -> &Writes {
        &self.writes
    }

    /// Which tool calls are retried, and how many times ([`retry`]).
    pub fn retry_policy(&self) -> &RetryPolicy {
        &self.retry
    }

    /// The absolute URL a tool's request goes to: the base URL, then the request's path and
    /// query as they are.
    pub fn url_for(&self, request: &http::Request<Vec<u8>>) -> String {
        let pq = request
            .uri()
            .path_and_query()
            .map(|pq| pq.as_str())
            .unwrap_or("/");
        if pq.starts_with('/') {
            format!("{}{pq}", self.base)
        } else {
            format!("{}/{pq}", self.base)
        }
    }

    /// Refuses a request sent without a tool name when its method writes (not GET, HEAD or
    /// OPTIONS) and writes are not enabled for every tool.
    pub fn check_allowed(&self, method: &Method) -> Result<(), ExecuteError> {
        if crate::serve::effects::safe_method(method.as_str()) || self.writes == Writes::All {
            Ok(())
        } else {
            Err(ExecuteError::WritesDisabled {
                method: method.clone(),
                tool: String::new(),
            })
        }
    }

    /// Refuses the tool `tool` when it writes (`read_only` is false) and writes are not
    /// enabled for it.
    pub fn check_tool(
        &self,
        tool: &str,
        read_only: bool,
        method: &Method,
    ) -> Result<(), ExecuteError> {
        if read_only || self.writes.allows(tool) {
            Ok(())
        } else {
            Err(ExecuteError::WritesDisabled {
                method: method.clone(),
                tool: tool.to_string(),
            })
        }
    }

    /// Sends `request` (as a tool's `to_request` built it) and reads the answer within the
    /// timeout and the size cap. With a recorder attached, prefer
    /// [`execute_tool`](Self::execute_tool): a request without a tool name cannot be checked
    /// against a declared operation, so the recorder refuses it.
    pub async fn execute(
        &self,
        request: http::Request<Vec<u8>>,
    ) -> Result<ApiResponse, ExecuteError> {
        self.check_allowed(request.method())?;
        self.send_checked("", &[], request).await
    }

    /// [`execute`](Self::execute) for a request the tool named `tool` built: the name the
    /// recorder checks it against, and the writes guard too (a tool that writes is refused
    /// unless writes are enabled for it; its method says whether it writes).
    pub async fn execute_tool(
        &self,
        tool: &str,
        request: http::Request<Vec<u8>>,
    ) -> Result<ApiResponse, ExecuteError> {
        let method = request.method().clone();
        self.check_tool(
            tool,
            crate::serve::effects::safe_method(method.as_str()),
            &method,
        )?;
        self.send_checked(tool, &[], request).await
    }

    /// Whether the configured credentials satisfy `requirements` (one alternative of it): a
    /// credential per scheme, or the configured auth header standing for an `apiKey` header
    /// scheme of that name (or for bearer and basic when it is `Authorization`).
    pub fn satisfies(&self, requirements: &[Requirement]) -> bool {
        if requirements.is_empty() || self.credentials.choose(requirements).is_some() {
            return true;
        }
        let Some((header, _)) = &self.auth else {
            return false;
        };
        requirements.iter().any(|alternative| {
            alternative.iter().all(|s| match &s.kind {
                SchemeKind::ApiKey { location, name } => {
                    location == "header" && name.eq_ignore_ascii_case(header.as_str())
                }
                SchemeKind::Bearer | SchemeKind::Basic | SchemeKind::AccessToken { .. } => {
                    header == http::header::AUTHORIZATION
                }
                _ => false,
            })
        })
    }

    /// Adds the credentials of the alternative of `requirements` to send to `url` and
    /// `headers`.
    async fn authorize(
        &self,
        requirements: &[Requirement],
        url: &mut String,
        headers: &mut http::HeaderMap,
    ) -> Result<(), ExecuteError> {
        if requirements.is_empty() {
            return Ok(());
        }
        let Some(chosen) = self.credentials.choose(requirements) else {
            if self.satisfies(requirements) {
                // The configured auth header stands for it; it is added with the rest.
                return Ok(());
            }
            let wanted: Vec<String> = requirements
                .iter()
                .flatten()
                .map(crate::serve::credentials::describe)
                .collect();
            return Err(ExecuteError::Credentials(format!(
                "the operation needs credentials for one of {}",
                wanted.join(", ")
            )));
        };
        for scheme in chosen {
            let credential = self
                .credentials
                .resolve(scheme, &self.client, self.timeout)
                .await?;
            let value = match (&scheme.kind, credential.as_ref()) {
                (SchemeKind::ApiKey { location, name }, Some(Credential::Secret(key))) => {
                    match location.as_str() {
                        "query" => {
                            append_query_pair(url, name, key);
                            continue;
                        }
                        "cookie" => {
                            let pair = format!("{name}={key}");
                            let cookie = match headers.get(http::header::COOKIE) {
                                Some(v) => {
                                    format!("{}; {pair}", String::from_utf8_lossy(v.as_bytes()))
                                }
                                None => pair,
                            };
                            insert_secret(headers, http::header::COOKIE, &cookie)?;
                            continue;
                        }
                        _ => {
                            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| {
                                ExecuteError::Credentials(format!(
                                    "scheme `{}` names header {name:?}, which is not a valid header name",
                                    scheme.scheme
                                ))
                            })?;
                            insert_secret(headers, name, key)?;
                            continue;
                        }
                    }
                }
                (
                    SchemeKind::Bearer | SchemeKind::AccessToken { .. },
                    Some(Credential::Secret(token)),
                ) => format!("Bearer {token}"),
                // An OAuth scheme's access token from the caller (token exchange, or the
                // operator's credential source).
                (kind, Some(Credential::Secret(token)))
                    if crate::serve::credentials::per_user::is_oauth(kind) =>
                {
                    format!("Bearer {token}")
                }
                (SchemeKind::Basic, Some(Credential::Basic { user, password })) => {
                    format!("Basic {}", base64(format!("{user}:{password}").as_bytes()))
                }
                (
                    SchemeKind::ClientCredentials { token_url },
                    Some(Credential::Client { id, secret }),
                ) => {
                    format!(
                        "Bearer {}",
                        self.client_token(&scheme.scheme, token_url, id, secret, &scheme.scopes)
                            .await?
                    )
                }
                _ => continue,
            };
            insert_secret(headers, http::header::AUTHORIZATION, &value)?;
        }
        Ok(())
    }

    /// A client-credentials access token: the cached one while it has more than
    /// [`REFRESH_MARGIN`](crate::serve::credentials::REFRESH_MARGIN) left, else a new one from
    /// `token_url`.
    async fn client_token(
        &self,
        scheme: &str,
        token_url: &str,
        id: &str,
        secret: &str,
        scopes: &[String],
    ) -> Result<String, ExecuteError> {
        let key = format!("{scheme} {}", scopes.join(" "));
        if let Some(token) = self.credentials.cached_token(&key) {
            return Ok(token);
        }
        let failed = |why: String| {
            ExecuteError::Credentials(format!(
                "no access token for scheme `{scheme}` from {token_url}: {why}"
            ))
        };
        let mut form = String::from("grant_type=client_credentials");
        if !scopes.is_empty() {
            form.push_str("&scope=");
            form.push_str(
                &percent_encoding::utf8_percent_encode(
                    &scopes.join(" "),
                    percent_encoding::NON_ALPHANUMERIC,
                )
                .to_string(),
            );
        }
        let basic = format!("Basic {}", base64(format!("{id}:{secret}").as_bytes()));
        let request = http::Request::post(token_url)
            .header(http::header::AUTHORIZATION, basic)
            .header(
                http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .header(http::header::ACCEPT, "application/json")
            .body(client::Body::from(form))
            .map_err(|e| failed(format!("the token URL: {e}")))?;
        let fetch = async {
            let response = self
                .client
                .send(request)
                .await
                .map_err(|e| failed(describe_failure(token_url, &e)))?;
            let status = response.status();
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|e| failed(describe_failure(token_url, &e)))?
                .to_bytes();
            if !status.is_success() {
                return Err(failed(format!("the token endpoint answered {status}")));
            }
            let doc: serde_json::Value = serde_json::from_slice(&body)
                .map_err(|e| failed(format!("the answer is not JSON: {e}")))?;
            let token = doc
                .get("access_token")
                .and_then(serde_json::Value::as_str)
                .ok_or_else(|| failed("the answer has no `access_token`".into()))?
                .to_string();
            let lifetime = doc
                .get("expires_in")
                .and_then(serde_json::Value::as_f64)
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
                .map_or(DEFAULT_TOKEN_LIFETIME, Duration::from_secs_f64);
            Ok((token, lifetime))
        };
        let (token, lifetime) = tokio::time::timeout(self.timeout, fetch)
            .await
            .map_err(|_| failed(format!("no answer within {} s", self.timeout.as_secs_f64())))??;
        self.credentials.store_token(&key, token.clone(), lifetime);
        Ok(token)
    }

    /// Sends a request the writes guard has passed, with the credentials `security` needs.
    pub(crate) async fn send_checked(
        &self,
        tool: &str,
        security: &[Requirement],
        request: http::Request<Vec<u8>>,
    ) -> Result<ApiResponse, ExecuteError> {
        self.send_once(tool, security, request, self.timeout, true)
            .await
    }

    /// Sends a tool's request the writes guard has passed, answered by `call.deadline`, again
    /// when it may be ([`retry`]).
    pub(crate) async fn send_call(
        &self,
        call: Call<'_>,
        request: http::Request<Vec<u8>>,
    ) -> Result<ApiResponse, ExecuteError> {
        self.send_retrying(call, request).await
    }

    /// One exchange, headers and body within `timeout`; the request is shown to the recorder
    /// when `record` (a retry is the same call, recorded once).
    async fn send_once(
        &self,
        tool: &str,
        security: &[Requirement],
        request: http::Request<Vec<u8>>,
        timeout: Duration,
        record: bool,
    ) -> Result<ApiResponse, ExecuteError> {
        if let Some(recorder) = self.recorder.as_ref().filter(|_| record) {
            recorder
                .observe_request(tool, &request)
                .map_err(ExecuteError::Undeclared)?;
        }
        let sent_to = self.url_for(&request);
        let mut url = sent_to.clone();
        let (mut parts, body) = request.into_parts();
        #[cfg(feature = "mcp")]
        crate::serve::span::note_request(body.len());
        let headers = &mut parts.headers;
        if !headers.contains_key(http::header::ACCEPT) {
            // Agents read text, and JSON best; servers (and mocks) that offer several media types
            // otherwise pick their first, which may be one they cannot render.
            headers.insert(
                http::header::ACCEPT,
                HeaderValue::from_static(DEFAULT_ACCEPT),
            );
        }
        if let Some((traceparent, tracestate)) = crate::serve::trace::outgoing()
            && !headers.contains_key("traceparent")
        {
            // The caller's trace, continued ([`crate::serve::trace`]); a tool's own
            // `traceparent` parameter keeps its value.
            if let Ok(v) = HeaderValue::from_str(&traceparent) {
                headers.insert("traceparent", v);
            }
            if let Some(v) = tracestate.and_then(|s| HeaderValue::from_str(&s).ok()) {
                headers.insert("tracestate", v);
            }
        }
        if let Some((name, value)) = &self.auth {
            // The operator's credential wins over anything a tool could set.
            headers.insert(name.clone(), value.clone());
        }
        self.authorize(security, &mut url, headers).await?;
        parts.uri = http::Uri::try_from(url.as_str())
            .map_err(|e| ExecuteError::InvalidRequest(format!("{url}: {e}")))?;
        let req = http::Request::from_parts(parts, client::Body::from(body));
        let exchange = async {
            let response = self
                .client
                .send(req)
                .await
                .map_err(|e| ExecuteError::Transport(describe_failure(&sent_to, &e)))?;
            let status = response.status();
            let present: Vec<(String, String)> = SELECTED_HEADERS
                .iter()
                .filter_map(|name| {
                    response.headers().get(*name).map(|v| {
                        (
                            (*name).to_string(),
                            String::from_utf8_lossy(v.as_bytes()).into_owned(),
                        )
                    })
                })
                .collect();
            let cap = self.max_response_bytes;
            let KeptHeaders {
                kept: headers,
                left_out: left_out_headers,
                used,
            } = bound_headers(present, cap);
            let content_type = headers
                .iter()
                .find(|(n, _)| n == "content-type")
                .map(|(_, v)| v.clone());
            let mut reader = BodyReader::new(
                cap - used,
                cap.saturating_mul(SCAN_FACTOR),
                content_type.as_deref(),
            )
            .with_length(hyper::body::Body::size_hint(response.body()).exact());
            let mut body = response.into_body();
            let mut ended = true;
            while let Some(frame) = body.frame().await {
                let frame =
                    frame.map_err(|e| ExecuteError::Transport(describe_failure(&sent_to, &e)))?;
                if let Ok(chunk) = frame.into_data()
                    && !reader.feed(&chunk)
                {
                    // Stop reading: the rest would only be thrown away.
                    ended = false;
                    break;
                }
            }
            let body = reader.finish(ended);
            if let Some(recorder) = &self.recorder {
                // A mismatch is kept in the recorder's report; the answer goes back as it came.
                let whole: &[u8] = match &body {
                    Bounded::Whole(bytes) => bytes,
                    _ => &[],
                };
                recorder.observe_response(tool, status.as_u16(), content_type.as_deref(), whole);
            }
            Ok(ApiResponse {
                status,
                url: sent_to,
                headers,
                left_out_headers,
                body,
                max_bytes: cap,
                attempts: 1,
                retried_after: Vec::new(),
            })
        };
        match tokio::time::timeout(timeout, exchange).await {
            Ok(result) => result,
            Err(_) => Err(ExecuteError::Timeout(timeout)),
        }
    }
}

/// Inserts a credential header, marked sensitive (never printed).
fn insert_secret(
    headers: &mut http::HeaderMap,
    name: HeaderName,
    value: &str,
) -> Result<(), ExecuteError> {
    let mut value = HeaderValue::from_str(value).map_err(|_| {
        ExecuteError::Credentials(format!(
            "the credential for header {name} is not a valid header value"
        ))
    })?;
    value.set_sensitive(true);
    headers.insert(name, value);
    Ok(())
}

/// Appends `name=value` to `url`'s query, form-encoded (`&` after an existing query, else `?`).
fn append_query_pair(url: &mut String, name: &str, value: &str) {
    match url.find('?') {
        Some(q) if q + 1 < url.len() => url.push('&'),
        Some(_) => {}
        None => url.push('?'),
    }
    url.extend(form_urlencoded::byte_serialize(name.as_bytes()));
    url.push('=');
    url.extend(form_urlencoded::byte_serialize(value.as_bytes()));
}

pub(crate) mod client;
mod probe;
pub mod retry;
#[cfg(test)]
mod tests;
