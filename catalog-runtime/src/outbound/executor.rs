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
//!   UTF-8 boundary, a binary body is never decoded ([`crate::wire::bounded`]);
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

use crate::outbound::credentials::{Credential, Credentials, DEFAULT_TOKEN_LIFETIME, base64};
use crate::wire::bounded::{BodyReader, Bounded, KeptHeaders, SCAN_FACTOR, bound_headers};
pub use crate::wire::bounded::{SELECTED_HEADERS, utf8_prefix};
use crate::wire::observe::RequestObserver;
use catalog_core::spec::security::{Requirement, SchemeKind};
use client::{Client, describe_failure};
pub use config::{
    ConfigError, DEFAULT_ACCEPT, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT, ENV_ALLOW_WRITES,
    ENV_MAX_RESPONSE_BYTES, ENV_TIMEOUT_SECS, ExecutorConfig, Writes,
};
pub use error::{ExecuteError, ProbeError};
use http::Method;
use http::header::{HeaderName, HeaderValue};
use http_body_util::BodyExt;
pub use response::{ApiResponse, truncation_marker};
pub use retry::RetryPolicy;
use std::sync::Arc;
use std::time::Duration;

/// One tool call as the executor sends it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Call<'a> {
    /// The tool's MCP name.
    pub tool: &'a str,
    /// The operation's security requirement.
    pub security: &'a [Requirement],
    /// The tool's accounting: the parameters that carry a credential are filled from it.
    pub accounting: &'a [catalog_core::model::Accounted],
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
    /// rustls crypto provider installed yet, aws-lc-rs's is installed as the default).
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
        // rustls on aws-lc-rs unless the application installed a crypto provider already (then
        // theirs is kept).
        if rustls::crypto::CryptoProvider::get_default().is_none() {
            let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
        }
        let client = Client::new(crate::wire::environment::proxies())
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
    /// result is held to a smaller cap ([`crate::inbound::results::result_size`]).
    pub(crate) fn capped(&self, bytes: usize) -> Executor {
        let mut capped = self.clone();
        capped.max_response_bytes = self.max_response_bytes.min(bytes.max(1));
        capped
    }

    /// This executor with its response cap set to `bytes`, raised or lowered, for a read that is
    /// not a tool's result: readiness reading the spec the API serves, whole
    /// ([`crate::inbound::transport::http::health::SPEC_MAX_BYTES`]), which the tools' cap would cut.
    #[cfg(feature = "mcp")]
    pub(crate) fn with_response_cap(&self, bytes: usize) -> Executor {
        let mut capped = self.clone();
        capped.max_response_bytes = bytes.max(1);
        capped
    }

    /// Hands every request to `recorder` before sending it (after the writes guard), for test
    /// suites: a request that reaches an operation its tool does not declare is refused with
    /// [`ExecuteError::Undeclared`], and the recorder reports the declared operations never
    /// called. Requests are recorded relative to the base URL, so build the recorder with an
    /// empty base path ([`Catalog::recorder`](crate::tools::catalog::Catalog::recorder)). Keep a clone of the `Arc` to read the report.
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
        if crate::tools::effects::safe_method(method.as_str()) || self.writes == Writes::All {
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
            crate::tools::effects::safe_method(method.as_str()),
            &method,
        )?;
        self.send_checked(tool, &[], request).await
    }

    /// Whether a credential of `scheme` is configured (or comes from the caller, under per-user
    /// credentials) as text the server can write into a parameter (`credential(...)`): the
    /// configured auth header does not count, being no scheme's.
    pub fn has_credential_of(&self, scheme: &catalog_core::model::SchemeUse) -> bool {
        self.credentials.satisfies(scheme) && !matches!(scheme.kind, SchemeKind::Basic)
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
                .map(crate::outbound::credentials::describe)
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
                    if crate::outbound::credentials::per_user::is_oauth(kind) =>
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
    /// [`REFRESH_MARGIN`](crate::outbound::credentials::REFRESH_MARGIN) left, else a new one from
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
        #[cfg(feature = "mcp")]
        progress::report(progress::Step::Sending {
            method: request.method(),
            path: request.uri().path(),
            attempts: 1,
        })
        .await;
        let answer = self
            .send_once(tool, security, &[], request, self.timeout, true)
            .await;
        #[cfg(feature = "mcp")]
        if let Ok(r) = &answer {
            progress::report(progress::Step::Answered(r.status)).await;
        }
        answer
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
        accounting: &[catalog_core::model::Accounted],
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
        crate::observe::span::note_request(body.len());
        let headers = &mut parts.headers;
        if !headers.contains_key(http::header::ACCEPT) {
            // Agents read text, and JSON best; servers (and mocks) that offer several media types
            // otherwise pick their first, which may be one they cannot render.
            headers.insert(
                http::header::ACCEPT,
                HeaderValue::from_static(DEFAULT_ACCEPT),
            );
        }
        if let Some((traceparent, tracestate)) = crate::observe::trace::outgoing()
            && !headers.contains_key("traceparent")
        {
            // The caller's trace, continued ([`crate::observe::trace`]); a tool's own
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
        self.credential_params(security, accounting, &mut url, headers)
            .await?;
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
#[cfg(feature = "mcp")]
use crate::observe::progress;
mod config;
mod credential_params;
mod credentials_env;
pub(crate) mod error;
mod probe;
mod response;
pub mod retry;
mod retrying;
#[cfg(test)]
mod tests;
mod writes;
