//! OAuth 2.0 Token Exchange (RFC 8693): the caller's verified inbound token exchanged at the
//! operator's authorization server for an access token to the API, per caller.
//!
//! The request is a POST to the token endpoint, the MCP server authenticating as its own client
//! (`client_secret_basic`):
//!
//! ```text
//! grant_type=urn:ietf:params:oauth:grant-type:token-exchange
//! subject_token=<the verified inbound token>
//! subject_token_type=urn:ietf:params:oauth:token-type:access_token
//! audience=<setting>  resource=<setting>  scope=<setting, else the operation's scopes>
//! ```
//!
//! The issued token is cached per subject, scope, audience and resource until it has less than
//! the skew ([`DEFAULT_SKEW`]) left, then exchanged again. Settings, all or none of the first
//! three ([`TokenExchange::from_env`]):
//!
//! | variable | meaning |
//! |---|---|
//! | `CATALOG_TOKEN_EXCHANGE_URL` | the token endpoint (https; http only on a loopback address) |
//! | `CATALOG_TOKEN_EXCHANGE_CLIENT_ID`, `.._CLIENT_SECRET` | the MCP server's own client |
//! | `CATALOG_TOKEN_EXCHANGE_AUDIENCE`, `.._RESOURCE` | the API, as the server names it (optional) |
//! | `CATALOG_TOKEN_EXCHANGE_SCOPE` | the scopes asked for (optional; else the operation's) |
//! | `CATALOG_TOKEN_EXCHANGE_SKEW_SECS` | how long before expiry a token is exchanged again |

use crate::config::variable_error::VariableError;
use crate::outbound::credentials::caller::{Caller, Missing};
use crate::outbound::credentials::credential::{DEFAULT_TOKEN_LIFETIME, base64};
use crate::outbound::executor::client::{Body, Client, describe_failure};
use http_body_util::BodyExt;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// `CATALOG_TOKEN_EXCHANGE_URL`: the authorization server's token endpoint.
pub const ENV_TOKEN_EXCHANGE_URL: &str = "CATALOG_TOKEN_EXCHANGE_URL";
/// `CATALOG_TOKEN_EXCHANGE_CLIENT_ID`: the MCP server's client id at the authorization server.
pub const ENV_TOKEN_EXCHANGE_CLIENT_ID: &str = "CATALOG_TOKEN_EXCHANGE_CLIENT_ID";
/// `CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET`: its client secret.
pub const ENV_TOKEN_EXCHANGE_CLIENT_SECRET: &str = "CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET";
/// `CATALOG_TOKEN_EXCHANGE_AUDIENCE`: the `audience` asked for (the API's name there).
pub const ENV_TOKEN_EXCHANGE_AUDIENCE: &str = "CATALOG_TOKEN_EXCHANGE_AUDIENCE";
/// `CATALOG_TOKEN_EXCHANGE_RESOURCE`: the `resource` asked for (the API's URL, RFC 8707).
pub const ENV_TOKEN_EXCHANGE_RESOURCE: &str = "CATALOG_TOKEN_EXCHANGE_RESOURCE";
/// `CATALOG_TOKEN_EXCHANGE_SCOPE`: the `scope` asked for (space-separated).
pub const ENV_TOKEN_EXCHANGE_SCOPE: &str = "CATALOG_TOKEN_EXCHANGE_SCOPE";
/// `CATALOG_TOKEN_EXCHANGE_SKEW_SECS`: seconds before expiry at which a token is exchanged again.
pub const ENV_TOKEN_EXCHANGE_SKEW_SECS: &str = "CATALOG_TOKEN_EXCHANGE_SKEW_SECS";

/// An exchanged token is exchanged again when it has less than this left.
pub const DEFAULT_SKEW: Duration = Duration::from_secs(60);

/// RFC 8693's grant type.
pub const GRANT_TYPE: &str = "urn:ietf:params:oauth:grant-type:token-exchange";
/// RFC 8693's token type of an OAuth access token.
pub const ACCESS_TOKEN_TYPE: &str = "urn:ietf:params:oauth:token-type:access_token";

/// Token exchange settings and the tokens exchanged so far. `Debug` never shows a secret.
pub struct TokenExchange {
    url: String,
    client_id: String,
    client_secret: String,
    audience: Option<String>,
    resource: Option<String>,
    scope: Option<String>,
    skew: Duration,
    cache: Mutex<HashMap<String, (String, Instant)>>,
    /// One exchange at a time per cache key: concurrent calls of one caller share it.
    pending: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

impl fmt::Debug for TokenExchange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenExchange")
            .field("url", &self.url)
            .field("client_id", &self.client_id)
            .field("audience", &self.audience)
            .field("resource", &self.resource)
            .field("scope", &self.scope)
            .field("skew", &self.skew)
            .finish_non_exhaustive()
    }
}

/// Checks that `url` can carry a client secret: https, or http to a loopback address.
fn check_url(name: &str, url: &str) -> Result<(), VariableError> {
    let parsed =
        url::Url::parse(url).map_err(|e| VariableError::invalid(name, url, e.to_string()))?;
    let loopback = match parsed.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(d)) => d == "localhost",
        None => false,
    };
    match parsed.scheme() {
        "https" => Ok(()),
        "http" if loopback => Ok(()),
        _ => Err(VariableError::invalid(
            name,
            url,
            "the token endpoint receives the server's client secret and the caller's token, so \
             it must be an https URL (http only on a loopback address)",
        )),
    }
}

fn non_empty(name: &str, value: String) -> Result<String, VariableError> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(VariableError::Empty {
            variable: name.to_string(),
            fix: "set a value or unset it".to_string(),
        });
    }
    Ok(trimmed.to_string())
}

impl TokenExchange {
    /// Exchanges at the token endpoint `url`, authenticating as `client_id` / `client_secret`.
    pub fn new(
        url: impl Into<String>,
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
    ) -> Result<TokenExchange, VariableError> {
        let url = non_empty(ENV_TOKEN_EXCHANGE_URL, url.into())?;
        check_url(ENV_TOKEN_EXCHANGE_URL, &url)?;
        Ok(TokenExchange {
            url,
            client_id: non_empty(ENV_TOKEN_EXCHANGE_CLIENT_ID, client_id.into())?,
            client_secret: non_empty(ENV_TOKEN_EXCHANGE_CLIENT_SECRET, client_secret.into())?,
            audience: None,
            resource: None,
            scope: None,
            skew: DEFAULT_SKEW,
            cache: Mutex::new(HashMap::new()),
            pending: Mutex::new(HashMap::new()),
        })
    }

    /// Asks for a token for `audience` (the API's name at the authorization server).
    pub fn audience(mut self, audience: impl Into<String>) -> Self {
        self.audience = Some(audience.into());
        self
    }

    /// Asks for a token for `resource` (the API's URL, RFC 8707).
    pub fn resource(mut self, resource: impl Into<String>) -> Self {
        self.resource = Some(resource.into());
        self
    }

    /// Asks for `scope` (space-separated) instead of the operation's scopes.
    pub fn scope(mut self, scope: impl Into<String>) -> Self {
        self.scope = Some(scope.into());
        self
    }

    /// Exchanges again when a token has less than `skew` left (default [`DEFAULT_SKEW`]).
    pub fn skew(mut self, skew: Duration) -> Self {
        self.skew = skew;
        self
    }

    /// The settings from `lookup` (the `CATALOG_TOKEN_EXCHANGE_*` variables): `None` when none
    /// is set; an error naming the fix when some are missing, empty or wrong.
    pub fn from_env(
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<Self>, VariableError> {
        let required = [
            ENV_TOKEN_EXCHANGE_URL,
            ENV_TOKEN_EXCHANGE_CLIENT_ID,
            ENV_TOKEN_EXCHANGE_CLIENT_SECRET,
        ];
        let optional = [
            ENV_TOKEN_EXCHANGE_AUDIENCE,
            ENV_TOKEN_EXCHANGE_RESOURCE,
            ENV_TOKEN_EXCHANGE_SCOPE,
            ENV_TOKEN_EXCHANGE_SKEW_SECS,
        ];
        let given: Vec<&str> = required
            .iter()
            .chain(optional.iter())
            .copied()
            .filter(|n| lookup(n).is_some())
            .collect();
        if given.is_empty() {
            return Ok(None);
        }
        let missing: Vec<&str> = required
            .iter()
            .copied()
            .filter(|n| lookup(n).is_none())
            .collect();
        if !missing.is_empty() {
            let owned = |names: &[&str]| names.iter().map(|n| n.to_string()).collect();
            return Err(VariableError::Incomplete {
                feature: "token exchange".to_string(),
                set: owned(&given),
                missing: owned(&missing),
                required: owned(&required),
                family: "CATALOG_TOKEN_EXCHANGE_*".to_string(),
            });
        }
        let get = |n: &str| lookup(n).unwrap_or_default();
        let mut exchange = TokenExchange::new(
            get(ENV_TOKEN_EXCHANGE_URL),
            get(ENV_TOKEN_EXCHANGE_CLIENT_ID),
            get(ENV_TOKEN_EXCHANGE_CLIENT_SECRET),
        )?;
        if let Some(v) = lookup(ENV_TOKEN_EXCHANGE_AUDIENCE) {
            exchange.audience = Some(non_empty(ENV_TOKEN_EXCHANGE_AUDIENCE, v)?);
        }
        if let Some(v) = lookup(ENV_TOKEN_EXCHANGE_RESOURCE) {
            let v = non_empty(ENV_TOKEN_EXCHANGE_RESOURCE, v)?;
            url::Url::parse(&v).map_err(|e| {
                VariableError::invalid(
                    ENV_TOKEN_EXCHANGE_RESOURCE,
                    &v,
                    format!(
                        "{e}; a resource is an absolute URL (RFC 8707); name the API otherwise \
                         with {ENV_TOKEN_EXCHANGE_AUDIENCE}"
                    ),
                )
            })?;
            exchange.resource = Some(v);
        }
        if let Some(v) = lookup(ENV_TOKEN_EXCHANGE_SCOPE) {
            exchange.scope = Some(non_empty(ENV_TOKEN_EXCHANGE_SCOPE, v)?);
        }
        if let Some(v) = lookup(ENV_TOKEN_EXCHANGE_SKEW_SECS) {
            exchange.skew = match v.trim().parse::<f64>() {
                Ok(s) if s.is_finite() && (0.0..1e6).contains(&s) => Duration::from_secs_f64(s),
                _ => {
                    return Err(VariableError::invalid(
                        ENV_TOKEN_EXCHANGE_SKEW_SECS,
                        &v,
                        "expected a number of seconds, 0 or more",
                    ));
                }
            };
        }
        Ok(Some(exchange))
    }

    /// The scope asked for: the setting, else the operation's scopes (`None` when empty).
    fn scope_for(&self, scopes: &[String]) -> Option<String> {
        self.scope
            .clone()
            .or_else(|| (!scopes.is_empty()).then(|| scopes.join(" ")))
    }

    fn cache_key(&self, caller: &Caller, scope: Option<&str>) -> String {
        // Fields joined by a byte no subject, scope or URL holds.
        [
            caller.subject(),
            scope.unwrap_or(""),
            self.audience.as_deref().unwrap_or(""),
            self.resource.as_deref().unwrap_or(""),
        ]
        .join("\u{0}")
    }

    fn cached(&self, key: &str) -> Option<String> {
        let cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        cache
            .get(key)
            .filter(|(_, expires)| expires.saturating_duration_since(Instant::now()) > self.skew)
            .map(|(t, _)| t.clone())
    }

    /// The request body of an exchange of `caller`'s token for `scope`.
    fn form(&self, caller: &Caller, scope: Option<&str>) -> String {
        let mut form = form_urlencoded::Serializer::new(String::new());
        form.append_pair("grant_type", GRANT_TYPE)
            .append_pair("subject_token", caller.token())
            .append_pair("subject_token_type", ACCESS_TOKEN_TYPE);
        if let Some(a) = &self.audience {
            form.append_pair("audience", a);
        }
        if let Some(r) = &self.resource {
            form.append_pair("resource", r);
        }
        if let Some(s) = scope {
            form.append_pair("scope", s);
        }
        form.finish()
    }

    /// An access token to the API for `caller`: the cached one while it has more than the skew
    /// left, else a new one from the authorization server. `scopes` are the operation's.
    pub(crate) async fn token(
        &self,
        client: &Client,
        timeout: Duration,
        caller: &Caller,
        scopes: &[String],
    ) -> Result<String, Missing> {
        let scope = self.scope_for(scopes);
        let key = self.cache_key(caller, scope.as_deref());
        if let Some(token) = self.cached(&key) {
            return Ok(token);
        }
        let turn = {
            let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
            pending.entry(key.clone()).or_default().clone()
        };
        let _turn = turn.lock().await;
        // A call that waited may find the token the one before it fetched.
        let result = match self.cached(&key) {
            Some(token) => Ok((token, Duration::ZERO)),
            None => {
                let fetched = self
                    .exchange(client, timeout, caller, scope.as_deref())
                    .await;
                if let Ok((token, lifetime)) = &fetched
                    && *lifetime > self.skew
                {
                    let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
                    // Tokens past their time are dropped as new ones come, so the cache holds
                    // at most one entry per live caller and scope.
                    let now = Instant::now();
                    cache.retain(|_, (_, expires)| *expires > now);
                    cache.insert(key.clone(), (token.clone(), now + *lifetime));
                }
                fetched
            }
        };
        {
            let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
            // Dropped once no other call waits on it (this call and the map hold the rest); a
            // call that comes after finds the token in the cache.
            if Arc::strong_count(&turn) <= 2 {
                pending.remove(&key);
            }
        }
        result.map(|(token, _)| token)
    }

    /// One exchange of `caller`'s token at the authorization server: the token and its lifetime.
    async fn exchange(
        &self,
        client: &Client,
        timeout: Duration,
        caller: &Caller,
        scope: Option<&str>,
    ) -> Result<(String, Duration), Missing> {
        let url = &self.url;
        let failed =
            |why: String| Missing::Failed(format!("the token exchange at {url} failed: {why}"));
        let basic = format!(
            "Basic {}",
            base64(format!("{}:{}", self.client_id, self.client_secret).as_bytes())
        );
        let request = http::Request::post(url.as_str())
            .header(http::header::AUTHORIZATION, basic)
            .header(
                http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .header(http::header::ACCEPT, "application/json")
            .body(Body::from(self.form(caller, scope)))
            .map_err(|e| failed(format!("the token URL: {e}")))?;
        let fetch = async {
            let response = client
                .send(request)
                .await
                .map_err(|e| failed(describe_failure(url, &e)))?;
            let status = response.status();
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|e| failed(describe_failure(url, &e)))?
                .to_bytes();
            let doc: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
            if !status.is_success() {
                return Err(refused(url, status, &doc));
            }
            read_issued(&doc).map_err(|e| failed(e.to_string()))
        };
        tokio::time::timeout(timeout, fetch)
            .await
            .map_err(|_| failed(format!("no answer within {} s", timeout.as_secs_f64())))?
    }
}

/// The authorization server's refusal, with its `error` and `error_description` (RFC 6749
/// §5.2), which name no secret: the caller's when it refuses the subject token, the scope or the
/// audience for them, else the server's (its own client refused, the endpoint failing).
fn refused(url: &str, status: http::StatusCode, doc: &serde_json::Value) -> Missing {
    let field = |name: &str| {
        doc.get(name)
            .and_then(serde_json::Value::as_str)
            .map(|s| s.chars().take(200).collect::<String>())
    };
    let Some(error) = field("error") else {
        return Missing::Failed(format!("the token exchange at {url} answered {status}"));
    };
    let message = match field("error_description") {
        Some(d) => {
            format!("the authorization server at {url} refused the token exchange: {error} ({d})")
        }
        None => format!("the authorization server at {url} refused the token exchange: {error}"),
    };
    match error.as_str() {
        "invalid_grant" | "invalid_scope" | "invalid_target" | "access_denied" => {
            Missing::Refused(message)
        }
        _ => Missing::Failed(message),
    }
}

/// Why a successful exchange's answer gives no token catalog can send.
#[derive(Clone, Debug, PartialEq, Eq)]
enum IssuedError {
    /// No `access_token`, or an empty one.
    NoAccessToken,
    /// `issued_token_type` names another kind of token (an ID token, say).
    NotAccessToken(String),
    /// `token_type` is not `Bearer`.
    NotBearer(String),
}

impl fmt::Display for IssuedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IssuedError::NoAccessToken => f.write_str("the answer has no `access_token`"),
            IssuedError::NotAccessToken(kind) => write!(
                f,
                "the issued token is a {kind}, not an access token ({ACCESS_TOKEN_TYPE})"
            ),
            IssuedError::NotBearer(kind) => write!(
                f,
                "the issued token is of type {kind}; catalog sends bearer tokens only"
            ),
        }
    }
}

impl std::error::Error for IssuedError {}

/// The issued access token and its lifetime, from a successful exchange's answer.
fn read_issued(doc: &serde_json::Value) -> Result<(String, Duration), IssuedError> {
    let token = doc
        .get("access_token")
        .and_then(serde_json::Value::as_str)
        .filter(|t| !t.is_empty())
        .ok_or(IssuedError::NoAccessToken)?;
    if let Some(kind) = doc.get("issued_token_type").and_then(|v| v.as_str())
        && kind != ACCESS_TOKEN_TYPE
    {
        return Err(IssuedError::NotAccessToken(kind.to_string()));
    }
    if let Some(kind) = doc.get("token_type").and_then(|v| v.as_str())
        && !kind.eq_ignore_ascii_case("bearer")
    {
        return Err(IssuedError::NotBearer(kind.to_string()));
    }
    let lifetime = doc
        .get("expires_in")
        .and_then(serde_json::Value::as_f64)
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map_or(DEFAULT_TOKEN_LIFETIME, Duration::from_secs_f64);
    Ok((token.to_string(), lifetime))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    const URL: (&str, &str) = ("CATALOG_TOKEN_EXCHANGE_URL", "https://login.example/token");
    const ID: (&str, &str) = ("CATALOG_TOKEN_EXCHANGE_CLIENT_ID", "mcp");
    const SECRET: (&str, &str) = ("CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET", "s3cret");

    #[test]
    fn settings_come_from_the_environment() {
        assert!(TokenExchange::from_env(env(&[])).unwrap().is_none());
        let e = TokenExchange::from_env(env(&[
            URL,
            ID,
            SECRET,
            ("CATALOG_TOKEN_EXCHANGE_AUDIENCE", "tasks-api"),
            ("CATALOG_TOKEN_EXCHANGE_RESOURCE", "https://api.example"),
            ("CATALOG_TOKEN_EXCHANGE_SCOPE", "tasks.read"),
            ("CATALOG_TOKEN_EXCHANGE_SKEW_SECS", "5"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(e.url, "https://login.example/token");
        assert_eq!(e.audience.as_deref(), Some("tasks-api"));
        assert_eq!(e.resource.as_deref(), Some("https://api.example"));
        assert_eq!(e.scope.as_deref(), Some("tasks.read"));
        assert_eq!(e.skew, Duration::from_secs(5));
        assert!(!format!("{e:?}").contains("s3cret"), "{e:?}");
        let plain = TokenExchange::from_env(env(&[URL, ID, SECRET]))
            .unwrap()
            .unwrap();
        assert_eq!(plain.skew, DEFAULT_SKEW);
        // http is fine on loopback.
        let local = ("CATALOG_TOKEN_EXCHANGE_URL", "http://127.0.0.1:9/token");
        assert!(TokenExchange::from_env(env(&[local, ID, SECRET])).is_ok());
    }

    #[test]
    fn a_half_given_or_wrong_setting_is_refused_naming_the_fix() {
        // The variables set, the kind of refusal, and its message.
        type Case = (
            Vec<(&'static str, &'static str)>,
            &'static str,
            &'static str,
        );
        let cases: Vec<Case> = vec![
            (
                vec![URL],
                "incomplete",
                "token exchange is half configured: CATALOG_TOKEN_EXCHANGE_URL set, \
                 CATALOG_TOKEN_EXCHANGE_CLIENT_ID, CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET missing; \
                 set CATALOG_TOKEN_EXCHANGE_URL, CATALOG_TOKEN_EXCHANGE_CLIENT_ID, \
                 CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET together (or unset every \
                 CATALOG_TOKEN_EXCHANGE_* variable to serve without it)",
            ),
            (
                vec![("CATALOG_TOKEN_EXCHANGE_AUDIENCE", "api")],
                "incomplete",
                "token exchange is half configured: CATALOG_TOKEN_EXCHANGE_AUDIENCE set, \
                 CATALOG_TOKEN_EXCHANGE_URL, CATALOG_TOKEN_EXCHANGE_CLIENT_ID, \
                 CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET missing; set CATALOG_TOKEN_EXCHANGE_URL, \
                 CATALOG_TOKEN_EXCHANGE_CLIENT_ID, CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET \
                 together (or unset every CATALOG_TOKEN_EXCHANGE_* variable to serve without it)",
            ),
            (
                vec![
                    ("CATALOG_TOKEN_EXCHANGE_URL", "http://login.example/token"),
                    ID,
                    SECRET,
                ],
                "invalid",
                "CATALOG_TOKEN_EXCHANGE_URL=\"http://login.example/token\": the token endpoint \
                 receives the server's client secret and the caller's token, so it must be an \
                 https URL (http only on a loopback address)",
            ),
            (
                vec![
                    ("CATALOG_TOKEN_EXCHANGE_URL", "login.example/token"),
                    ID,
                    SECRET,
                ],
                "invalid",
                "CATALOG_TOKEN_EXCHANGE_URL=\"login.example/token\": relative URL without a base",
            ),
            (
                vec![URL, ID, ("CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET", " ")],
                "empty",
                "CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET is set but empty; set a value or unset it",
            ),
            (
                vec![URL, ID, SECRET, ("CATALOG_TOKEN_EXCHANGE_SKEW_SECS", "-1")],
                "invalid",
                "CATALOG_TOKEN_EXCHANGE_SKEW_SECS=\"-1\": expected a number of seconds, 0 or more",
            ),
            (
                vec![
                    URL,
                    ID,
                    SECRET,
                    ("CATALOG_TOKEN_EXCHANGE_RESOURCE", "tasks-api"),
                ],
                "invalid",
                "CATALOG_TOKEN_EXCHANGE_RESOURCE=\"tasks-api\": relative URL without a base; a \
                 resource is an absolute URL (RFC 8707); name the API otherwise with \
                 CATALOG_TOKEN_EXCHANGE_AUDIENCE",
            ),
        ];
        for (pairs, kind, message) in cases {
            let e = TokenExchange::from_env(env(&pairs)).unwrap_err();
            assert_eq!(
                (e.kind(), e.to_string().as_str()),
                (kind, message),
                "{pairs:?}"
            );
        }
    }

    #[test]
    fn the_request_names_the_subject_token_audience_resource_and_scope() {
        let e = TokenExchange::new("https://login.example/token", "mcp", "s")
            .unwrap()
            .audience("tasks-api")
            .resource("https://api.example/v1");
        let ana = Caller::new("ana", "in/bound+token");
        let scope = e.scope_for(&["tasks.read".into(), "tasks.write".into()]);
        assert_eq!(
            e.form(&ana, scope.as_deref()),
            "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Atoken-exchange\
             &subject_token=in%2Fbound%2Btoken\
             &subject_token_type=urn%3Aietf%3Aparams%3Aoauth%3Atoken-type%3Aaccess_token\
             &audience=tasks-api&resource=https%3A%2F%2Fapi.example%2Fv1\
             &scope=tasks.read+tasks.write"
        );
        // The setting wins over the operation's scopes; none at all sends none.
        let set = e.scope("tasks.read");
        assert_eq!(set.scope_for(&["x".into()]).as_deref(), Some("tasks.read"));
        let bare = TokenExchange::new("https://login.example/token", "mcp", "s").unwrap();
        assert_eq!(bare.scope_for(&[]), None);
        // Two subjects, or two scopes, never share a cache entry.
        let bo = Caller::new("bo", "in/bound+token");
        assert_ne!(bare.cache_key(&ana, None), bare.cache_key(&bo, None));
        assert_ne!(
            bare.cache_key(&ana, Some("a")),
            bare.cache_key(&ana, Some("b"))
        );
    }

    #[test]
    fn the_answer_must_be_a_bearer_access_token() {
        assert_eq!(
            read_issued(&json!({"access_token": "t", "expires_in": 30,
                "issued_token_type": ACCESS_TOKEN_TYPE, "token_type": "Bearer"})),
            Ok(("t".to_string(), Duration::from_secs(30)))
        );
        assert_eq!(
            read_issued(&json!({"access_token": "t"})),
            Ok(("t".to_string(), DEFAULT_TOKEN_LIFETIME))
        );
        let unread = |doc: serde_json::Value| {
            let e = read_issued(&doc).unwrap_err();
            (e.clone(), e.to_string())
        };
        assert_eq!(
            unread(json!({"token_type": "Bearer"})),
            (
                IssuedError::NoAccessToken,
                "the answer has no `access_token`".to_string()
            )
        );
        assert_eq!(
            unread(json!({"access_token": "", "token_type": "Bearer"})).0,
            IssuedError::NoAccessToken
        );
        let id_token = "urn:ietf:params:oauth:token-type:id_token";
        assert_eq!(
            unread(json!({"access_token": "t", "issued_token_type": id_token})),
            (
                IssuedError::NotAccessToken(id_token.to_string()),
                "the issued token is a urn:ietf:params:oauth:token-type:id_token, not an access \
                 token (urn:ietf:params:oauth:token-type:access_token)"
                    .to_string()
            )
        );
        assert_eq!(
            unread(json!({"access_token": "t", "token_type": "N_A"})),
            (
                IssuedError::NotBearer("N_A".to_string()),
                "the issued token is of type N_A; catalog sends bearer tokens only".to_string()
            )
        );
        assert_eq!(
            refused(
                "https://l/token",
                http::StatusCode::BAD_REQUEST,
                &json!({"error": "invalid_grant", "error_description": "no access"})
            ),
            Missing::Refused(
                "the authorization server at https://l/token refused the token exchange: \
                 invalid_grant (no access)"
                    .into()
            )
        );
        assert_eq!(
            refused(
                "https://l/token",
                http::StatusCode::UNAUTHORIZED,
                &json!({"error": "invalid_client"})
            ),
            Missing::Failed(
                "the authorization server at https://l/token refused the token exchange: \
                 invalid_client"
                    .into()
            )
        );
        assert_eq!(
            refused(
                "https://l/token",
                http::StatusCode::BAD_GATEWAY,
                &serde_json::Value::Null
            ),
            Missing::Failed(
                "the token exchange at https://l/token answered 502 Bad Gateway".into()
            )
        );
    }
}
