//! Rate limits per caller: a token bucket for each caller, for the whole server
//! ([`ENV_RATE_LIMIT`]) and per tool ([`ENV_RATE_LIMIT_TOOLS`]), taken from before anything is
//! sent. A call over a limit is refused with when to retry: over Streamable HTTP an HTTP 429
//! with `Retry-After` (checked on the POST, before rmcp or the short path sees it), over stdio
//! a tool error saying when.
//!
//! The grammar of a rate: `N/UNIT` with an optional `,burst=B`: `60/min`, `5/s,burst=10`. `N`
//! and `B` are whole numbers, at least 1; `UNIT` is `s` (`sec`, `second`), `min` (`minute`) or
//! `h` (`hour`). The burst (the bucket's size: how many calls may come at once after a quiet
//! spell) is `N` by default. Per tool, entries `tool=RATE` are separated by `;`
//! (`create_task=10/min;search=5/s,burst=10`); a call of such a tool takes from both its tool's
//! bucket and the server's.
//!
//! Who the caller is ([`CallerKey`]): over HTTP with a verifier, the token's subject when the
//! verifier names one, else the token (its keyed hash: the token itself is not kept); over HTTP
//! without one, the session (`Mcp-Session-Id`) or else the TCP connection; over stdio the one
//! connection, which is the process's. Each server holds its own buckets: N replicas behind a
//! load balancer allow a caller N times the rate, unless they share the buckets in a Redis
//! ([`shared::ENV_RATE_LIMIT_STORE`]; [`shared`] says how, and what happens when it fails).

use crate::config::variable_error::VariableError;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `CATALOG_RATE_LIMIT`: each caller's rate for the whole server (`60/min,burst=10`).
pub const ENV_RATE_LIMIT: &str = "CATALOG_RATE_LIMIT";
/// `CATALOG_RATE_LIMIT_TOOLS`: each caller's rate per tool (`create_task=10/min;search=5/s`).
pub const ENV_RATE_LIMIT_TOOLS: &str = "CATALOG_RATE_LIMIT_TOOLS";

/// Past this many buckets, the ones full again (no call for a whole refill) are dropped.
const MAX_BUCKETS: usize = 10_000;

const RATE_GRAMMAR: &str = "expected calls per unit of time, with an optional burst: `60/min`, \
                            `5/s,burst=10` (units: s, min, h; whole numbers, at least 1)";

/// One rate: `calls` per `per`, at most `burst` at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// How many calls.
    pub calls: u32,
    /// In how long.
    pub per: Duration,
    /// The bucket's size.
    pub burst: u32,
}

impl Rate {
    /// Reads `value` of `variable` (`60/min`, `5/s,burst=10`).
    pub fn parse(variable: &str, value: &str) -> Result<Rate, VariableError> {
        let invalid = || VariableError::invalid(variable, value, RATE_GRAMMAR);
        let (rate, burst) = match value.trim().split_once(',') {
            Some((rate, burst)) => {
                let burst = burst
                    .trim()
                    .strip_prefix("burst")
                    .map(str::trim_start)
                    .and_then(|b| b.strip_prefix('='))
                    .ok_or_else(invalid)?;
                (rate, Some(whole(burst).ok_or_else(invalid)?))
            }
            None => (value.trim(), None),
        };
        let (calls, unit) = rate.split_once('/').ok_or_else(invalid)?;
        let calls = whole(calls).ok_or_else(invalid)?;
        let per = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            _ => return Err(invalid()),
        };
        Ok(Rate {
            calls,
            per,
            burst: burst.unwrap_or(calls),
        })
    }

    // Tokens added per second.
    fn per_second(&self) -> f64 {
        f64::from(self.calls) / self.per.as_secs_f64()
    }

    // `60 calls per minute (burst 10)`.
    fn describe(&self) -> String {
        let unit = match self.per.as_secs() {
            1 => "second",
            60 => "minute",
            _ => "hour",
        };
        let calls = match self.calls {
            1 => "1 call".to_string(),
            n => format!("{n} calls"),
        };
        format!("{calls} per {unit} (burst {})", self.burst)
    }
}

// A whole number, at least 1.
fn whole(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|n| *n > 0)
}

/// Who a call's bucket belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CallerKey {
    /// The subject a verifier named.
    Subject(String),
    /// A token the verifier accepted without naming a subject: its keyed hash, and its name
    /// in the shared store ([`shared`]).
    Token {
        /// This server's keyed hash of the token.
        hash: u64,
        /// The digest every replica gives the token.
        shared: [u8; 16],
    },
    /// An HTTP session (`Mcp-Session-Id`), without a verifier.
    Session(String),
    /// A connection: the TCP connection over HTTP without a verifier or session, the one
    /// connection of stdio.
    Connection(u64),
}

/// Why a call is refused: the rate it is over, of the server or of a tool, and when a call
/// will be let through.
#[derive(Clone, Debug, PartialEq)]
pub struct Limited {
    /// The tool whose own rate it is; `None`: the server's.
    pub tool: Option<String>,
    /// The rate.
    pub rate: Rate,
    /// How long until the next call is let through.
    pub retry_after: Duration,
}

impl Limited {
    /// Whole seconds until the next call is let through, at least 1 (`Retry-After`).
    pub fn retry_after_secs(&self) -> u64 {
        let secs = self.retry_after.as_secs_f64().ceil();
        // A rate's refill is at most an hour: the cast cannot overflow.
        (secs as u64).max(1)
    }
}

impl std::fmt::Display for Limited {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, variable) = match &self.tool {
            Some(tool) => (format!("`{tool}`"), ENV_RATE_LIMIT_TOOLS),
            None => ("this server's tools".to_string(), ENV_RATE_LIMIT),
        };
        write!(
            f,
            "rate limited: this caller may call {what} {} ({variable}); nothing was sent; retry \
             in {} s",
            self.rate.describe(),
            self.retry_after_secs()
        )
    }
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    // The tokens at `now`.
    fn level(&self, rate: &Rate, now: Instant) -> f64 {
        let refilled = now.saturating_duration_since(self.at).as_secs_f64() * rate.per_second();
        (self.tokens + refilled).min(f64::from(rate.burst))
    }
}

/// The rates of one server and its callers' buckets (shared by its clones).
#[derive(Debug, Default)]
pub struct RateLimits {
    server: Option<Rate>,
    tools: BTreeMap<String, Rate>,
    buckets: Mutex<HashMap<(CallerKey, Option<String>), Bucket>>,
    hasher: RandomState,
    store: Option<shared::Store>,
}

impl RateLimits {
    /// Reads [`ENV_RATE_LIMIT`] and [`ENV_RATE_LIMIT_TOOLS`] from `lookup`; a value that is not
    /// a rate is refused, naming the variable and the grammar. With
    /// [`shared::ENV_RATE_LIMIT_STORE`], the store its URL names (a URL that is not one is
    /// refused the same way).
    pub fn from_env(lookup: impl Fn(&str) -> Option<String>) -> Result<RateLimits, VariableError> {
        let server = lookup(ENV_RATE_LIMIT)
            .map(|v| Rate::parse(ENV_RATE_LIMIT, &v))
            .transpose()?;
        let mut tools = BTreeMap::new();
        if let Some(value) = lookup(ENV_RATE_LIMIT_TOOLS) {
            for entry in value.split(';').filter(|e| !e.trim().is_empty()) {
                let Some((tool, rate)) = entry.split_once('=') else {
                    return Err(VariableError::invalid(
                        ENV_RATE_LIMIT_TOOLS,
                        &value,
                        format!(
                            "expected `tool=RATE` entries separated by `;` \
                             (`create_task=10/min;search=5/s,burst=10`); `{}` names no tool",
                            entry.trim()
                        ),
                    ));
                };
                let rate = Rate::parse(ENV_RATE_LIMIT_TOOLS, rate).map_err(|_| {
                    VariableError::invalid(
                        ENV_RATE_LIMIT_TOOLS,
                        &value,
                        format!("`{}`: {RATE_GRAMMAR}", entry.trim()),
                    )
                })?;
                tools.insert(tool.trim().to_string(), rate);
            }
        }
        RateLimits {
            server,
            tools,
            ..RateLimits::default()
        }
        .store_from_env(lookup)
    }

    /// Each caller's rate for the whole server, and per tool.
    pub fn new(server: Option<Rate>, tools: BTreeMap<String, Rate>) -> RateLimits {
        RateLimits {
            server,
            tools,
            ..RateLimits::default()
        }
    }

    /// Whether any rate is set.
    pub fn is_on(&self) -> bool {
        self.server.is_some() || !self.tools.is_empty()
    }

    /// The tools given a rate of their own, to check against the tools served.
    pub fn tool_names(&self) -> impl Iterator<Item = &String> {
        self.tools.keys()
    }

    /// The key of a caller known by a token the verifier accepted without naming a subject.
    pub fn token_key(&self, token: &str) -> CallerKey {
        CallerKey::Token {
            hash: self.hash(token),
            shared: shared::token_digest(token),
        }
    }

    /// `text`'s keyed hash: the key is this server's, drawn at random when it starts, so the
    /// hash names a token or a session without giving it away.
    pub(crate) fn hash(&self, text: &str) -> u64 {
        self.hasher.hash_one(text)
    }

    /// Takes one call of `tool` (`None`: a name no tool has) from `caller`'s buckets at
    /// `now`: from the tool's and from the server's, or from neither when either is empty.
    pub fn take(
        &self,
        caller: &CallerKey,
        tool: Option<&str>,
        now: Instant,
    ) -> Result<(), Limited> {
        let tool_rate = tool.and_then(|t| self.tools.get_key_value(t));
        if self.server.is_none() && tool_rate.is_none() {
            return Ok(());
        }
        let Ok(mut buckets) = self.buckets.lock() else {
            return Ok(());
        };
        let mut wanted: Vec<((CallerKey, Option<String>), Rate, f64)> = Vec::with_capacity(2);
        let rates = tool_rate
            .map(|(t, r)| (Some(t.clone()), *r))
            .into_iter()
            .chain(self.server.map(|r| (None, r)));
        for (scope, rate) in rates {
            let key = (caller.clone(), scope);
            let level = buckets
                .get(&key)
                .map_or(f64::from(rate.burst), |b| b.level(&rate, now));
            if level < 1.0 {
                let wait = (1.0 - level) / rate.per_second();
                return Err(Limited {
                    tool: key.1,
                    rate,
                    retry_after: Duration::from_secs_f64(wait),
                });
            }
            wanted.push((key, rate, level));
        }
        if buckets.len() >= MAX_BUCKETS {
            self.prune(&mut buckets, now);
        }
        for (key, _, level) in wanted {
            buckets.insert(
                key,
                Bucket {
                    tokens: level - 1.0,
                    at: now,
                },
            );
        }
        Ok(())
    }

    // Drops the buckets full again at `now`: a caller back after a quiet spell starts full.
    fn prune(&self, buckets: &mut HashMap<(CallerKey, Option<String>), Bucket>, now: Instant) {
        buckets.retain(|(_, scope), bucket| {
            let rate = match scope {
                Some(tool) => self.tools.get(tool).copied(),
                None => self.server,
            };
            rate.is_some_and(|r| bucket.level(&r, now) < f64::from(r.burst))
        });
    }
}

mod replicas;
mod resp;
pub mod shared;

#[cfg(test)]
mod tests;
