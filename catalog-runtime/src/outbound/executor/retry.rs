//! Retries: a tool call that may be sent twice is sent again when the API could not be reached,
//! or answered 429 (Too Many Requests) or 503 (Service Unavailable), all within the call's one
//! timeout.
//!
//! - Only idempotent calls are retried: a tool's `idempotentHint`, from its method (GET, HEAD,
//!   OPTIONS, PUT, DELETE) unless it declares otherwise (`#[tool(effects(idempotent = ..))]`). A
//!   POST or PATCH is never sent twice unless its tool declares it idempotent.
//! - At most [`RetryPolicy::attempts`] attempts ([`ENV_RETRIES`](crate::config::settings::ENV_RETRIES),
//!   default [`DEFAULT_ATTEMPTS`]); none for the tools [`RetryPolicy::off`] names
//!   ([`ENV_NO_RETRY`](crate::config::settings::ENV_NO_RETRY)).
//! - The wait before the next attempt is the answer's `Retry-After` (seconds or an HTTP date)
//!   when it has one, else an exponential backoff with jitter ([`backoff`]).
//! - The call's deadline is never passed: when the wait would end after it, the last answer is
//!   returned at once; when a later attempt runs out of time, the answer before it is returned.
//! - The answer says how many attempts were made
//!   ([`ApiResponse::attempts`](super::ApiResponse::attempts), and the earlier outcomes in
//!   [`ApiResponse::retried_after`](super::ApiResponse::retried_after)).

use crate::config::settings::DEFAULT_ATTEMPTS;
use crate::random::random;
use http::StatusCode;
use std::time::{Duration, SystemTime};

/// The first backoff step: the wait before the second attempt is between half of this and this.
pub const BACKOFF_BASE: Duration = Duration::from_millis(200);
/// The longest backoff step.
pub const BACKOFF_CAP: Duration = Duration::from_secs(5);

/// Which calls are retried, and how many times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The most attempts a call gets (1: no retry).
    pub attempts: u32,
    /// Tools whose calls are never retried, by MCP name.
    pub off: Vec<String>,
}

impl Default for RetryPolicy {
    fn default() -> RetryPolicy {
        RetryPolicy {
            attempts: DEFAULT_ATTEMPTS,
            off: Vec::new(),
        }
    }
}

impl RetryPolicy {
    /// The attempts a call of the tool `tool` gets: 1 unless it is idempotent and not turned
    /// off.
    pub fn attempts_for(&self, tool: &str, idempotent: bool) -> u32 {
        if idempotent && !self.off.iter().any(|t| t == tool) {
            self.attempts.max(1)
        } else {
            1
        }
    }
}

/// Whether an answer with this status is worth another attempt.
pub(super) fn retryable(status: StatusCode) -> bool {
    status == StatusCode::TOO_MANY_REQUESTS || status == StatusCode::SERVICE_UNAVAILABLE
}

/// The wait a `Retry-After` value asks for: whole seconds, or an HTTP date (a date already past
/// is no wait). `None` when it is neither.
pub fn retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        // More digits than fit are as good as forever: past any deadline.
        return Some(Duration::from_secs(
            value.parse::<u64>().unwrap_or(u64::MAX),
        ));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// The wait after the `failed`-th failed attempt (1 for the first): `BACKOFF_BASE * 2^(failed-1)`,
/// capped at [`BACKOFF_CAP`], of which a random half is waited on top of the other half (so
/// clients that failed together do not come back together).
pub fn backoff(failed: u32) -> Duration {
    let step = BACKOFF_BASE
        .saturating_mul(1u32 << failed.saturating_sub(1).min(16))
        .min(BACKOFF_CAP);
    let half = step / 2;
    let nanos = u64::try_from(half.as_nanos()).unwrap_or(u64::MAX);
    half + Duration::from_nanos(random() % nanos.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_is_seconds_or_an_http_date() {
        let now = httpdate::parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
        assert_eq!(retry_after("120", now), Some(Duration::from_secs(120)));
        assert_eq!(retry_after(" 0 ", now), Some(Duration::ZERO));
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:49:40 GMT", now),
            Some(Duration::from_secs(3))
        );
        // The obsolete forms HTTP still asks recipients to read.
        assert_eq!(
            retry_after("Sunday, 06-Nov-94 08:49:47 GMT", now),
            Some(Duration::from_secs(10))
        );
        assert_eq!(
            retry_after("Sun Nov  6 08:49:38 1994", now),
            Some(Duration::from_secs(1))
        );
        // A date already past is no wait.
        assert_eq!(
            retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(
            retry_after("99999999999999999999999", now),
            Some(Duration::from_secs(u64::MAX))
        );
        for unreadable in ["", "soon", "-1", "1.5", "Sun, 06 Nov 1994"] {
            assert_eq!(retry_after(unreadable, now), None, "{unreadable:?}");
        }
    }

    #[test]
    fn backoff_doubles_with_jitter_up_to_the_cap() {
        for failed in 1..=12u32 {
            let step = BACKOFF_BASE
                .saturating_mul(1 << (failed - 1).min(16))
                .min(BACKOFF_CAP);
            for _ in 0..50 {
                let wait = backoff(failed);
                assert!(
                    wait >= step / 2 && wait < step,
                    "{failed}: {wait:?} of {step:?}"
                );
            }
        }
        assert_eq!(
            BACKOFF_BASE.saturating_mul(1 << 5).min(BACKOFF_CAP),
            BACKOFF_CAP
        );
        // Jittered: fifty waits are not all the same.
        let waits: std::collections::HashSet<Duration> = (0..50).map(|_| backoff(3)).collect();
        assert!(waits.len() > 1);
    }

    #[test]
    fn only_idempotent_tools_not_turned_off_get_more_than_one_attempt() {
        let policy = RetryPolicy {
            attempts: 4,
            off: vec!["search".into()],
        };
        assert_eq!(policy.attempts_for("list_tasks", true), 4);
        assert_eq!(policy.attempts_for("create_task", false), 1);
        assert_eq!(policy.attempts_for("search", true), 1);
        let off = RetryPolicy {
            attempts: 1,
            off: vec![],
        };
        assert_eq!(off.attempts_for("list_tasks", true), 1);
    }
}
