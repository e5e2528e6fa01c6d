//! Inbound authorization for the Streamable HTTP server: who may call the MCP endpoint.
//!
//! A request must carry `Authorization: Bearer <token>`; a [`TokenVerifier`] decides whether
//! the token is good. Without one, or with one it refuses, the answer is 401 with a
//! `WWW-Authenticate` header whose `resource_metadata` points at the server's OAuth Protected
//! Resource Metadata (RFC 9728), which the server serves, so that an OAuth-aware client can find
//! where to get a token.
//!
//! [`StaticToken`] compares against one shared secret (`CATALOG_HTTP_TOKEN`) in constant time.
//! An operator with an OAuth authorization server implements [`TokenVerifier`] over their JWT
//! and JWKS library (check the signature, `exp`, `iss`, and that `aud` names this server) and
//! hands it to [`HttpConfig::verifier`](crate::inbound::transport::http::HttpConfig::verifier), listing the
//! authorization server with
//! [`HttpConfig::authorization_server`](crate::inbound::transport::http::HttpConfig::authorization_server).
//!
//! The client's token is never logged, never shown in `Debug`, and never sent to the API: the
//! executor's requests carry only the credentials the executor was configured with.

use crate::config::settings::VariableError;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use subtle::ConstantTimeEq;

/// The environment variable holding the one bearer token the HTTP server accepts.
pub const ENV_HTTP_TOKEN: &str = "CATALOG_HTTP_TOKEN";

/// Why a token was refused; the text goes into the 401's `error_description` (RFC 6750), so it
/// must not repeat the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A future a [`TokenVerifier`] returns.
pub type Verdict<'a> = Pin<Box<dyn Future<Output = Result<(), Refused>> + Send + 'a>>;

/// A future [`TokenVerifier::identify`] returns: the token's subject, if it names one.
pub type Identity<'a> = Pin<Box<dyn Future<Output = Result<Option<String>, Refused>> + Send + 'a>>;

/// Decides whether a bearer token may call the server. Implement it to plug in a real OAuth
/// verifier (a JWT checked against the authorization server's JWKS, or the token introspected
/// there, RFC 7662); it is asked once per HTTP request, with the token only (never the request
/// body).
pub trait TokenVerifier: Send + Sync + 'static {
    /// `Ok(())` to let the request through; `Err` to answer 401 `invalid_token`.
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a>;

    /// Verifies `token` as [`verify`](Self::verify) does and names who it stands for (its
    /// `sub`): that subject, with the token, is the caller per-user credentials are chosen for
    /// ([`crate::outbound::credentials::per_user`]). The server asks this method, not `verify`;
    /// by default it calls `verify` and names no one, so calls get no per-user credential.
    fn identify<'a>(&'a self, token: &'a str) -> Identity<'a> {
        Box::pin(async move { self.verify(token).await.map(|()| None) })
    }
}

/// One shared secret, compared in constant time.
#[derive(Clone)]
pub struct StaticToken {
    token: Vec<u8>,
}

impl StaticToken {
    /// Accepts exactly `token`. An empty token is refused: it would let anyone in.
    pub fn new(token: impl Into<String>) -> Result<StaticToken, VariableError> {
        let token = token.into();
        if token.trim().is_empty() {
            return Err(VariableError::Empty {
                variable: ENV_HTTP_TOKEN.to_string(),
                fix: "set it to a long random secret, or unset it to serve without authorization"
                    .to_string(),
            });
        }
        Ok(StaticToken {
            token: token.into_bytes(),
        })
    }
}

impl fmt::Debug for StaticToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StaticToken(<redacted>)")
    }
}

impl TokenVerifier for StaticToken {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        // `ct_eq` on slices of different lengths is false without looking at the bytes; only
        // the length can leak, which a long random secret makes worthless.
        let good: bool = self.token.as_slice().ct_eq(token.as_bytes()).into();
        Box::pin(async move {
            if good {
                Ok(())
            } else {
                Err(Refused("the token is not valid for this server".into()))
            }
        })
    }
}

/// The bearer token of an `Authorization` header value, if it is one (`Bearer` is matched
/// case-insensitively, as RFC 9110 says of auth schemes).
pub fn bearer(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(v: &StaticToken, token: &str) -> Result<(), Refused> {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(v.verify(token))
    }

    #[test]
    fn a_static_token_accepts_only_itself() {
        let v = StaticToken::new("s3cret-s3cret").unwrap();
        assert_eq!(verdict(&v, "s3cret-s3cret"), Ok(()));
        for wrong in ["s3cret-s3creT", "s3cret", "s3cret-s3cret-", ""] {
            assert_eq!(
                verdict(&v, wrong),
                Err(Refused("the token is not valid for this server".into())),
                "{wrong:?}"
            );
        }
        assert_eq!(format!("{v:?}"), "StaticToken(<redacted>)");
    }

    #[test]
    fn an_empty_static_token_is_refused() {
        let e = StaticToken::new(" ").unwrap_err();
        assert_eq!(e.kind(), "empty");
        assert_eq!(
            e.to_string(),
            "CATALOG_HTTP_TOKEN is set but empty; set it to a long random secret, or unset it \
             to serve without authorization"
        );
    }

    #[test]
    fn bearer_reads_the_scheme_case_insensitively() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer   abc "), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer"), None);
        assert_eq!(bearer("Bearer "), None);
    }
}
