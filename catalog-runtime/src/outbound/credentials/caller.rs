//! The verified caller of a call ([`Caller`]), the task-local that carries it to the API
//! requests, and why a caller's credential could not be had: what the per-user credentials and
//! the token exchange share.

use std::fmt;
use std::future::Future;
use std::sync::Arc;

/// The verified caller of a call: the subject of its inbound token, and the token itself.
/// `Debug` never shows the token.
#[derive(Clone, PartialEq, Eq)]
pub struct Caller {
    subject: String,
    token: Arc<str>,
}

impl Caller {
    /// The caller `subject`, verified by `token`.
    pub fn new(subject: impl Into<String>, token: impl Into<String>) -> Caller {
        Caller {
            subject: subject.into(),
            token: Arc::from(token.into()),
        }
    }

    /// Who the caller is (the token's `sub`).
    pub fn subject(&self) -> &str {
        &self.subject
    }

    /// The verified inbound token: for a token exchange or a credential source, never for the
    /// API.
    pub fn token(&self) -> &str {
        &self.token
    }
}

impl fmt::Debug for Caller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Caller({}, <token redacted>)", self.subject)
    }
}

tokio::task_local! {
    static CALLER: Caller;
}

/// Runs `f` with `caller` as the caller of the API requests it sends (none when `None`).
pub async fn scope<F: Future>(caller: Option<Caller>, f: F) -> F::Output {
    match caller {
        Some(caller) => CALLER.scope(caller, f).await,
        None => f.await,
    }
}

/// The caller of the call being served, if it has one.
pub fn current() -> Option<Caller> {
    CALLER.try_with(Caller::clone).ok()
}

/// Why a caller's credential could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Missing {
    /// Refused for this caller (the authorization server's `invalid_grant`, the source's
    /// [`Refusal`]).
    Refused(String),
    /// The authorization server could not be asked, or answered something unusable.
    Failed(String),
}
