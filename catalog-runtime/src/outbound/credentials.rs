//! Upstream credentials: what the executor sends to the API for a tool whose operation has a
//! security requirement, by the spec's `securitySchemes`.
//!
//! Credentials are configured by scheme name, from code ([`ExecutorConfig::credential`]) or
//! the environment ([`ExecutorConfig::with_credentials_env`]), never from a tool's arguments or
//! schema. For each request the first alternative of the operation's requirement whose every
//! scheme has a credential is sent (an alternative with no scheme, meaning "anonymous", is used
//! only when none can be satisfied):
//!
//! | scheme | sent as | environment (`<S>` = the scheme name in upper snake case, or upper-cased as written: [`env_names`]) |
//! |---|---|---|
//! | `apiKey` in header / query / cookie | that header / query parameter / cookie | `CATALOG_CREDENTIAL_<S>` |
//! | `http` bearer | `Authorization: Bearer ..` | `CATALOG_CREDENTIAL_<S>` |
//! | `http` basic | `Authorization: Basic ..` | `CATALOG_CREDENTIAL_<S>_USER`, `.._PASSWORD` |
//! | `oauth2` with another flow (authorization code, implicit, password, device), `openIdConnect` | `Authorization: Bearer <token>`, an access token the operator obtained (RFC 6750: the API reads it however it was issued); catalog does not run the flow or refresh it | `CATALOG_CREDENTIAL_<S>` |
//! | `oauth2` client credentials | `Authorization: Bearer <token>`, the token fetched from `tokenUrl` (client_secret_basic), cached, and fetched again [`REFRESH_MARGIN`] before it expires | `CATALOG_CREDENTIAL_<S>_CLIENT_ID`, `.._CLIENT_SECRET` |
//!
//! [`Catalog::check_credentials`](crate::tools::catalog::Catalog::check_credentials) tells at
//! start-up which tool's requirement the configured credentials cannot satisfy.
//!
//! Per-user credentials ([`per_user`]: token exchange, or the operator's [`CredentialSource`])
//! take the place of these for the schemes they cover.
//!
//! [`ExecutorConfig::credential`]: crate::outbound::executor::ExecutorConfig::credential
//! [`ExecutorConfig::with_credentials_env`]: crate::outbound::executor::ExecutorConfig::with_credentials_env

pub(crate) mod caller;
pub(crate) mod credential;
pub mod per_user;

pub use credential::{Credential, DEFAULT_TOKEN_LIFETIME, REFRESH_MARGIN, base64};
pub use per_user::{Caller, CredentialFuture, CredentialSource, PerUser, Refusal};

use crate::config::variable_error::VariableError;
use catalog_core::spec::security::{Requirement, SchemeKind, SchemeUse};
use heck::ToShoutySnakeCase;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The environment variable prefix of scheme `scheme`: `CATALOG_CREDENTIAL_<S>`, the scheme's
/// name in SHOUTY_SNAKE_CASE (`OAuth2` is `O_AUTH2`, `basicAuth` is `BASIC_AUTH`). Messages
/// name this form.
pub fn env_name(scheme: &str) -> String {
    format!("CATALOG_CREDENTIAL_{}", scheme.to_shouty_snake_case())
}

/// Every prefix the credential of `scheme` is read from: [`env_name`], and the scheme's name
/// upper-cased as written, each character that is not an ASCII letter or digit read as `_`
/// (`OAuth2` is `OAUTH2`, `basicAuth` is `BASICAUTH`), when that differs. Setting both for one
/// scheme is refused ([`VariableError::Ambiguous`]).
pub fn env_names(scheme: &str) -> Vec<String> {
    let written: String = scheme
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    let written = format!("CATALOG_CREDENTIAL_{written}");
    let canonical = env_name(scheme);
    if written == canonical {
        vec![canonical]
    } else {
        vec![canonical, written]
    }
}

/// The endings of the variables a credential of `kind` is read from (`""`: the prefix alone).
fn suffixes(kind: &SchemeKind) -> &'static [&'static str] {
    match kind {
        SchemeKind::ApiKey { .. } | SchemeKind::Bearer | SchemeKind::AccessToken { .. } => &[""],
        SchemeKind::Basic => &["_USER", "_PASSWORD"],
        SchemeKind::ClientCredentials { .. } => &["_CLIENT_ID", "_CLIENT_SECRET"],
        SchemeKind::Unsupported { .. } => &[],
    }
}

/// Every variable the credential of `scheme` is read from, in each form [`env_names`] accepts,
/// the canonical ones first.
pub fn variables(scheme: &SchemeUse) -> Vec<String> {
    env_names(&scheme.scheme)
        .iter()
        .flat_map(|base| {
            suffixes(&scheme.kind)
                .iter()
                .map(move |suffix| format!("{base}{suffix}"))
        })
        .collect()
}

/// The variable of `scheme` ending in `suffix` that is set, by its name, and its value:
/// whichever form of the scheme's name is set, refused when both are.
fn lookup_either(
    scheme: &SchemeUse,
    suffix: &str,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<(String, String)>, VariableError> {
    let mut set = env_names(&scheme.scheme)
        .into_iter()
        .map(|base| format!("{base}{suffix}"))
        .filter_map(|name| lookup(&name).map(|value| (name, value)));
    match (set.next(), set.next()) {
        (Some((first, _)), Some((second, _))) => Err(VariableError::Ambiguous {
            first,
            second,
            scheme: scheme.scheme.clone(),
        }),
        (found, _) => Ok(found),
    }
}

/// The credential for `scheme` from `lookup`, if its variables are set (under either name
/// [`env_names`] accepts).
pub fn from_env(
    scheme: &SchemeUse,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Result<Option<Credential>, VariableError> {
    let pair = |a: &str, b: &str| -> Result<Option<(String, String)>, VariableError> {
        match (
            lookup_either(scheme, a, lookup)?,
            lookup_either(scheme, b, lookup)?,
        ) {
            (Some((_, x)), Some((_, y))) => Ok(Some((x, y))),
            (None, None) => Ok(None),
            (Some((set, _)), None) => Err(VariableError::Paired {
                second: format!("{}{b}", set.strip_suffix(a).unwrap_or(&set)),
                first: set,
                scheme: scheme.scheme.clone(),
            }),
            (None, Some((set, _))) => Err(VariableError::Paired {
                first: format!("{}{a}", set.strip_suffix(b).unwrap_or(&set)),
                second: set,
                scheme: scheme.scheme.clone(),
            }),
        }
    };
    Ok(match &scheme.kind {
        SchemeKind::ApiKey { .. } | SchemeKind::Bearer | SchemeKind::AccessToken { .. } => {
            lookup_either(scheme, "", lookup)?.map(|(_, secret)| Credential::Secret(secret))
        }
        SchemeKind::Basic => {
            pair("_USER", "_PASSWORD")?.map(|(user, password)| Credential::Basic { user, password })
        }
        SchemeKind::ClientCredentials { .. } => pair("_CLIENT_ID", "_CLIENT_SECRET")?
            .map(|(id, secret)| Credential::Client { id, secret }),
        SchemeKind::Unsupported { .. } => None,
    })
}

/// What to configure for `scheme`, for messages.
pub fn describe(scheme: &SchemeUse) -> String {
    let base = env_name(&scheme.scheme);
    let how = match &scheme.kind {
        SchemeKind::ApiKey { location, name } => {
            format!("an API key in {location} `{name}`: set {base}")
        }
        SchemeKind::Bearer => format!("a bearer token: set {base}"),
        SchemeKind::AccessToken { what } => {
            format!("{what}: an access token obtained outside catalog: set {base}")
        }
        SchemeKind::Basic => format!("a user and password: set {base}_USER and {base}_PASSWORD"),
        SchemeKind::ClientCredentials { token_url } => format!(
            "OAuth2 client credentials for {token_url}: set {base}_CLIENT_ID and \
             {base}_CLIENT_SECRET"
        ),
        SchemeKind::Unsupported { what } => format!("{what}, which catalog cannot send"),
    };
    format!("`{}` ({how})", scheme.scheme)
}

/// The configured credentials, the client-credentials tokens fetched so far, and where
/// per-user credentials come from.
#[derive(Clone, Default)]
pub struct Credentials {
    by_scheme: BTreeMap<String, Credential>,
    tokens: Arc<Mutex<HashMap<String, (String, Instant)>>>,
    per_user: Option<PerUser>,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        map.entries(self.by_scheme.iter());
        if let Some(p) = &self.per_user {
            map.entry(&"per_user", p);
        }
        map.finish()
    }
}

impl Credentials {
    /// Sets the credential of `scheme`.
    pub fn insert(&mut self, scheme: impl Into<String>, credential: Credential) {
        self.by_scheme.insert(scheme.into(), credential);
    }

    /// The credential of `scheme`.
    pub fn get(&self, scheme: &str) -> Option<&Credential> {
        self.by_scheme.get(scheme)
    }

    /// Takes the credentials of the schemes `per_user` covers from the caller.
    pub fn set_per_user(&mut self, per_user: PerUser) {
        self.per_user = Some(per_user);
    }

    /// Where per-user credentials come from, if anywhere.
    pub fn per_user(&self) -> Option<&PerUser> {
        self.per_user.as_ref()
    }

    /// The credential to send for `scheme` in the call being served: the caller's when
    /// per-user credentials cover it (an error when the caller has none), else the configured
    /// one.
    pub(crate) async fn resolve(
        &self,
        scheme: &SchemeUse,
        client: &crate::outbound::executor::client::Client,
        timeout: Duration,
    ) -> Result<Option<Credential>, crate::outbound::executor::error::ExecuteError> {
        match &self.per_user {
            Some(p) if p.covers(scheme) => p.credential(client, timeout, scheme).await.map(Some),
            _ => Ok(self.get(&scheme.scheme).cloned()),
        }
    }

    /// Whether the credential of `scheme` fits its kind, or comes from the caller.
    pub fn satisfies(&self, scheme: &SchemeUse) -> bool {
        if self.per_user.as_ref().is_some_and(|p| p.covers(scheme)) {
            return true;
        }
        matches!(
            (&scheme.kind, self.get(&scheme.scheme)),
            (
                SchemeKind::ApiKey { .. } | SchemeKind::Bearer | SchemeKind::AccessToken { .. },
                Some(Credential::Secret(_))
            ) | (SchemeKind::Basic, Some(Credential::Basic { .. }))
                | (
                    SchemeKind::ClientCredentials { .. },
                    Some(Credential::Client { .. })
                )
        )
    }

    /// The alternative of `requirements` to send: the first whose every scheme is satisfied,
    /// else an anonymous one. `None` when nothing fits (and something is required).
    pub fn choose<'r>(&self, requirements: &'r [Requirement]) -> Option<&'r Requirement> {
        if requirements.is_empty() {
            return None;
        }
        requirements
            .iter()
            .find(|r| !r.is_empty() && r.iter().all(|s| self.satisfies(s)))
            .or_else(|| requirements.iter().find(|r| r.is_empty()))
    }

    /// A cached token for `key` with more than [`REFRESH_MARGIN`] left.
    pub(crate) fn cached_token(&self, key: &str) -> Option<String> {
        let tokens = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        tokens
            .get(key)
            .filter(|(_, expires)| {
                expires.saturating_duration_since(Instant::now()) > REFRESH_MARGIN
            })
            .map(|(t, _)| t.clone())
    }

    pub(crate) fn store_token(&self, key: &str, token: String, lifetime: Duration) {
        let mut tokens = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        tokens.insert(key.to_string(), (token, Instant::now() + lifetime));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uses(scheme: &str, kind: SchemeKind) -> SchemeUse {
        SchemeUse {
            scheme: scheme.into(),
            kind,
            scopes: vec![],
        }
    }

    #[test]
    fn base64_matches_rfc_4648() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain}");
        }
    }

    #[test]
    fn the_first_satisfied_alternative_is_chosen_and_anonymous_is_the_fallback() {
        let key = uses(
            "key",
            SchemeKind::ApiKey {
                location: "header".into(),
                name: "X-Key".into(),
            },
        );
        let jwt = uses("jwt", SchemeKind::Bearer);
        let mut c = Credentials::default();
        let reqs = vec![vec![jwt.clone()], vec![], vec![key.clone()]];
        assert_eq!(c.choose(&reqs), Some(&reqs[1]));
        c.insert("key", Credential::Secret("k".into()));
        assert_eq!(c.choose(&reqs), Some(&reqs[2]));
        c.insert("jwt", Credential::Secret("t".into()));
        assert_eq!(c.choose(&reqs), Some(&reqs[0]));
        assert_eq!(c.choose(&[vec![uses("pw", SchemeKind::Basic)]]), None);
        // A credential of the wrong kind does not satisfy.
        c.insert("pw", Credential::Secret("x".into()));
        assert!(!c.satisfies(&uses("pw", SchemeKind::Basic)));
    }

    #[test]
    fn credentials_come_from_the_environment_by_scheme_name() {
        let env = |name: &str| match name {
            "CATALOG_CREDENTIAL_API_KEY" => Some("k-1".to_string()),
            "CATALOG_CREDENTIAL_BASIC_AUTH_USER" => Some("ana".to_string()),
            "CATALOG_CREDENTIAL_BASIC_AUTH_PASSWORD" => Some("pw".to_string()),
            "CATALOG_CREDENTIAL_OAUTH_CLIENT_ID" => Some("client".to_string()),
            _ => None,
        };
        let key = uses(
            "api_key",
            SchemeKind::ApiKey {
                location: "query".into(),
                name: "k".into(),
            },
        );
        assert_eq!(
            from_env(&key, &env),
            Ok(Some(Credential::Secret("k-1".into())))
        );
        assert_eq!(
            from_env(&uses("basicAuth", SchemeKind::Basic), &env),
            Ok(Some(Credential::Basic {
                user: "ana".into(),
                password: "pw".into()
            }))
        );
        let oauth = uses(
            "oauth",
            SchemeKind::ClientCredentials {
                token_url: "http://t".into(),
            },
        );
        let e = from_env(&oauth, &env).unwrap_err();
        assert_eq!(e.kind(), "paired");
        assert_eq!(
            e.to_string(),
            "CATALOG_CREDENTIAL_OAUTH_CLIENT_ID and CATALOG_CREDENTIAL_OAUTH_CLIENT_SECRET go \
             together; set both for scheme `oauth`"
        );
        assert_eq!(from_env(&uses("jwt", SchemeKind::Bearer), &env), Ok(None));
        assert_eq!(
            format!(
                "{:?}",
                Credential::Basic {
                    user: "ana".into(),
                    password: "pw".into()
                }
            ),
            "Basic(ana, <redacted>)"
        );
    }
}
