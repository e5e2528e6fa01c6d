//! Per-user credentials: the API credential of a call chosen from its verified caller.
//!
//! Over Streamable HTTP, a [`TokenVerifier`](crate::inbound::access::auth::TokenVerifier) that names the
//! subject of the inbound token makes that subject, with the token, the call's [`Caller`]. A
//! [`PerUser`] set on the executor
//! ([`ExecutorConfig::per_user`](crate::outbound::executor::ExecutorConfig::per_user)) turns the
//! caller into the credential of each scheme it covers:
//!
//! - [`PerUser::exchange`]: OAuth 2.0 Token Exchange (RFC 8693) of the inbound token at the
//!   operator's authorization server ([`crate::outbound::exchange`]), for the OAuth schemes
//!   (`oauth2` of any flow, `openIdConnect`); the token it issues is sent as
//!   `Authorization: Bearer`.
//! - [`PerUser::source`]: a [`CredentialSource`] the operator implements, asked for every scheme
//!   (or those named with [`PerUser::schemes`]).
//!
//! A covered scheme is never served from the operator's own credentials: a call without a
//! caller (over stdio, or a verifier that names no subject), or whose caller gets no credential,
//! is refused before anything is sent. The inbound token is never sent to the API; it reaches
//! only the authorization server, as the exchange's `subject_token`, and the credential source.

pub(crate) use super::caller::Missing;
pub use super::caller::{Caller, current, scope};
use super::credential::Credential;
use crate::outbound::executor::error::ExecuteError;
use catalog_core::spec::security::{SchemeKind, SchemeUse};
use std::collections::BTreeSet;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// Why a caller gets no credential. The text goes into the tool's error, after
/// `no credential for <subject> for scheme <scheme>: `; it must not repeat a secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A future a [`CredentialSource`] returns.
pub type CredentialFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Credential, Refusal>> + Send + 'a>>;

/// The operator's per-subject credentials: asked once per API request for each scheme it
/// covers, with the verified caller. It may look the subject up in a vault, a database, or
/// exchange the caller's token itself; it should cache what is costly to get.
pub trait CredentialSource: Send + Sync + 'static {
    /// The credential `caller` reaches the API with under `scheme` (by the scheme's kind: a
    /// [`Credential::Secret`] for an API key, a bearer token or an OAuth scheme, a
    /// [`Credential::Basic`] for `http` basic), or why there is none.
    fn credential<'a>(&'a self, caller: &'a Caller, scheme: &'a SchemeUse) -> CredentialFuture<'a>;
}

#[derive(Clone)]
enum Kind {
    Exchange(Arc<crate::outbound::exchange::TokenExchange>),
    Source(Arc<dyn CredentialSource>),
}

/// Where per-user credentials come from, and which schemes they cover.
#[derive(Clone)]
pub struct PerUser {
    kind: Kind,
    schemes: Option<BTreeSet<String>>,
}

impl fmt::Debug for PerUser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match &self.kind {
            Kind::Exchange(e) => format!("{e:?}"),
            Kind::Source(_) => "CredentialSource".to_string(),
        };
        f.debug_struct("PerUser")
            .field("from", &kind)
            .field("schemes", &self.schemes)
            .finish()
    }
}

impl PerUser {
    /// Token exchange at the operator's authorization server, for the OAuth schemes.
    pub fn exchange(exchange: crate::outbound::exchange::TokenExchange) -> PerUser {
        PerUser {
            kind: Kind::Exchange(Arc::new(exchange)),
            schemes: None,
        }
    }

    /// The operator's `source`, for every scheme.
    pub fn source(source: impl CredentialSource) -> PerUser {
        PerUser {
            kind: Kind::Source(Arc::new(source)),
            schemes: None,
        }
    }

    /// Covers only the schemes named (their keys in `securitySchemes`); the others keep the
    /// operator's own credentials.
    pub fn schemes(mut self, names: impl IntoIterator<Item = impl Into<String>>) -> PerUser {
        self.schemes = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// Whether the credential of `scheme` comes from the caller.
    pub fn covers(&self, scheme: &SchemeUse) -> bool {
        if let Some(names) = &self.schemes {
            return names.contains(&scheme.scheme);
        }
        match &self.kind {
            Kind::Exchange(_) => is_oauth(&scheme.kind),
            Kind::Source(_) => true,
        }
    }

    /// The credential of `scheme` for the current caller, or why there is none: the caller's
    /// ([`ExecuteError::CallerCredential`], a tool error) or the server's
    /// ([`ExecuteError::Credentials`]: the authorization server could not be asked).
    pub(crate) async fn credential(
        &self,
        client: &crate::outbound::executor::client::Client,
        timeout: std::time::Duration,
        scheme: &SchemeUse,
    ) -> Result<Credential, ExecuteError> {
        let Some(caller) = current() else {
            return Err(ExecuteError::CallerCredential(format!(
                "scheme `{}` takes the caller's own credential, and this call has no verified \
                 caller: per-user credentials are served over Streamable HTTP with a token \
                 verifier that names the token's subject (TokenVerifier::identify)",
                scheme.scheme
            )));
        };
        let got = match &self.kind {
            Kind::Exchange(exchange) => exchange
                .token(client, timeout, &caller, &scheme.scopes)
                .await
                .map(Credential::Secret),
            Kind::Source(source) => source
                .credential(&caller, scheme)
                .await
                .map_err(|r| Missing::Refused(r.0)),
        };
        got.map_err(|missing| {
            let prefix = format!(
                "no credential for `{}` for scheme `{}`",
                caller.subject(),
                scheme.scheme
            );
            match missing {
                Missing::Refused(why) => ExecuteError::CallerCredential(format!("{prefix}: {why}")),
                Missing::Failed(why) => ExecuteError::Credentials(format!("{prefix}: {why}")),
            }
        })
    }
}

/// Whether `kind` is an OAuth scheme (`oauth2` of any flow, `openIdConnect`), whose credential
/// is a bearer access token.
pub fn is_oauth(kind: &SchemeKind) -> bool {
    matches!(
        kind,
        SchemeKind::ClientCredentials { .. } | SchemeKind::AccessToken { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed;

    impl CredentialSource for Fixed {
        fn credential<'a>(&'a self, caller: &'a Caller, _: &'a SchemeUse) -> CredentialFuture<'a> {
            Box::pin(async move {
                match caller.subject() {
                    "ana" => Ok(Credential::Secret("key-ana".into())),
                    who => Err(Refusal(format!("{who} has no API key on file"))),
                }
            })
        }
    }

    fn uses(scheme: &str, kind: SchemeKind) -> SchemeUse {
        SchemeUse {
            scheme: scheme.into(),
            kind,
            scopes: vec![],
        }
    }

    #[test]
    fn exchange_covers_the_oauth_schemes_and_a_source_every_scheme_or_those_named() {
        let oauth = uses(
            "sso",
            SchemeKind::AccessToken {
                what: "oauth2 (authorizationCode)".into(),
            },
        );
        let oidc = uses(
            "oidc",
            SchemeKind::AccessToken {
                what: "openIdConnect".into(),
            },
        );
        let digest = uses(
            "digest",
            SchemeKind::Unsupported {
                what: "http digest".into(),
            },
        );
        let bearer = uses("jwt", SchemeKind::Bearer);
        let exchange = PerUser::exchange(
            crate::outbound::exchange::TokenExchange::new("https://login.example/token", "id", "s")
                .unwrap(),
        );
        assert!(exchange.covers(&oauth));
        assert!(exchange.covers(&oidc));
        assert!(!exchange.covers(&digest));
        assert!(!exchange.covers(&bearer));
        let source = PerUser::source(Fixed);
        assert!(source.covers(&bearer) && source.covers(&digest));
        let named = PerUser::source(Fixed).schemes(["jwt"]);
        assert!(named.covers(&bearer));
        assert!(!named.covers(&oauth));
    }

    #[test]
    fn the_caller_is_scoped_to_its_call_and_its_token_never_shows() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let ana = Caller::new("ana", "inbound-secret");
        assert_eq!(format!("{ana:?}"), "Caller(ana, <token redacted>)");
        rt.block_on(async {
            assert_eq!(current(), None);
            let inside = scope(Some(ana.clone()), async { current() }).await;
            assert_eq!(inside, Some(ana.clone()));
            assert_eq!(scope(None, async { current() }).await, None);
            assert_eq!(current(), None);
        });
    }

    #[test]
    fn a_source_answers_per_caller_and_a_call_without_one_is_refused() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let client =
            crate::outbound::executor::client::Client::new(crate::wire::environment::proxies())
                .unwrap();
        let timeout = std::time::Duration::from_secs(1);
        let per_user = PerUser::source(Fixed);
        let key = uses(
            "key",
            SchemeKind::ApiKey {
                location: "header".into(),
                name: "X-Key".into(),
            },
        );
        rt.block_on(async {
            let ana = Caller::new("ana", "t-ana");
            let bo = Caller::new("bo", "t-bo");
            assert_eq!(
                scope(Some(ana), per_user.credential(&client, timeout, &key))
                    .await
                    .unwrap(),
                Credential::Secret("key-ana".into())
            );
            let refused = scope(Some(bo), per_user.credential(&client, timeout, &key)).await;
            let Err(ExecuteError::CallerCredential(m)) = refused else {
                panic!("{refused:?}")
            };
            assert_eq!(
                m,
                "no credential for `bo` for scheme `key`: bo has no API key on file"
            );
            let none = per_user.credential(&client, timeout, &key).await;
            let Err(ExecuteError::CallerCredential(m)) = none else {
                panic!("{none:?}")
            };
            assert_eq!(
                m,
                "scheme `key` takes the caller's own credential, and this call has no verified \
                 caller: per-user credentials are served over Streamable HTTP with a token \
                 verifier that names the token's subject (TokenVerifier::identify)"
            );
        });
    }
}
