//! The rate limits of a server that shares its buckets with its replicas
//! ([`super::shared`]): which callers go to the store, and the server's own buckets when the
//! store is not set, cannot name the caller, or fails.

use super::shared::{ENV_RATE_LIMIT_STORE, Store, StoreUrl, Wanted, digest, hex};
use super::{CallerKey, Limited, RateLimits};
use crate::config::config_error::ConfigError;
use crate::config::variable_error::VariableError;
use std::time::Instant;

/// The caller's name in the store, the same on every replica; `None` for a connection, whose
/// buckets stay the server's own.
pub(crate) fn caller_id(key: &CallerKey) -> Option<String> {
    let digest = match key {
        CallerKey::Subject(subject) => digest("subject", subject.as_bytes()),
        CallerKey::Token { shared, .. } => *shared,
        CallerKey::Session(session) => digest("session", session.as_bytes()),
        CallerKey::Connection(_) => return None,
    };
    Some(hex(&digest))
}

impl RateLimits {
    /// Reads [`ENV_RATE_LIMIT_STORE`] from `lookup` into these limits.
    pub(crate) fn store_from_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<RateLimits, VariableError> {
        if let Some(value) = lookup(ENV_RATE_LIMIT_STORE) {
            self.store = Some(Store::new(StoreUrl::parse(ENV_RATE_LIMIT_STORE, &value)?));
        }
        Ok(self)
    }

    /// Shares the buckets with the other servers of the same name through the store at `url`
    /// (checked when the HTTP server starts).
    pub fn with_store(mut self, url: StoreUrl) -> RateLimits {
        self.store = Some(Store::new(url));
        self
    }

    /// At the HTTP server's start: the store, if one is set, answers (else refused, naming
    /// the fix); the keys are named after `server`.
    pub(crate) async fn start_store(&self, server: &str) -> Result<(), ConfigError> {
        match &self.store {
            Some(store) => store.start(server).await,
            None => Ok(()),
        }
    }

    /// The store's metrics, when one is set.
    pub(crate) fn render_store(&self, out: &mut String) {
        if let Some(store) = &self.store {
            store.render(out);
        }
    }

    /// [`take`](Self::take), from the shared store when one is set and `caller` is known to
    /// every replica; from this server's own buckets otherwise, and while the store fails.
    pub async fn take_shared(
        &self,
        caller: &CallerKey,
        tool: Option<&str>,
        now: Instant,
    ) -> Result<(), Limited> {
        let (Some(store), Some(id)) = (&self.store, caller_id(caller)) else {
            return self.take(caller, tool, now);
        };
        let scopes = self.scopes(tool);
        if scopes.is_empty() {
            return Ok(());
        }
        let buckets: Vec<Wanted> = scopes
            .iter()
            .map(|(scope, rate)| Wanted {
                scope: scope.clone(),
                calls: rate.calls,
                per: rate.per,
                burst: rate.burst,
            })
            .collect();
        match store.take(&id, &buckets).await {
            Ok(None) => Ok(()),
            // The script's index is checked against the buckets: `None` cannot happen.
            Ok(Some((i, wait))) => match scopes.into_iter().nth(i) {
                Some((tool, rate)) => Err(Limited {
                    tool,
                    rate,
                    retry_after: wait,
                }),
                None => self.take(caller, tool, now),
            },
            Err(()) => self.take(caller, tool, now),
        }
    }

    // The buckets a call of `tool` takes from, the tool's first, with their rates.
    fn scopes(&self, tool: Option<&str>) -> Vec<(Option<String>, super::Rate)> {
        tool.and_then(|t| self.tools.get_key_value(t))
            .map(|(t, r)| (Some(t.clone()), *r))
            .into_iter()
            .chain(self.server.map(|r| (None, r)))
            .collect()
    }
}
