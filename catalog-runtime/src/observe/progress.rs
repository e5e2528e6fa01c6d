//! Progress notifications for a tool call whose request carries `_meta.progressToken` (MCP
//! `notifications/progress`).
//!
//! A call of one operation reports the steps its REST exchange goes through, each with a short
//! message:
//!
//! | step | `progress` | `message` |
//! |---|---|---|
//! | the arguments checked, the request built and about to be sent | 1 | `sending GET /tasks/7` |
//! | each retry sent ([`crate::outbound::executor::retry`]) | the attempt's number | `attempt 2 after 503` |
//! | the API's answer read | `total - 1` | `the API answered 200` |
//! | the result built, about to be answered | `total` | `the result is ready` |
//!
//! `total` is the most attempts the call may make plus 2, known once the request is about to be
//! sent: a call answered on its first attempt goes from 1 to `total - 1`, the retries it did not
//! need skipped. A composite tool's steps are those of each request it sends, counted 1, 2, 3,
//! ... without a `total` (how many requests it sends depends on the answers). A call refused
//! before anything is sent (its arguments, writes disabled) reports nothing; one that fails on
//! the way (timeout, no connection) stops at its last step, and its JSON-RPC error follows.
//!
//! A call without a token reports nothing and pays for nothing but a task-local lookup per
//! step: no [`Progress`] is made, and the plain-call fast paths (`inbound/transport/stdio/tool_call.rs`,
//! `inbound/transport/http/tool_call.rs`) only take calls without `_meta`. Each notification is sent
//! through the call's own peer before the call's answer, so over stdio it is written first, and
//! over Streamable HTTP it turns the POST's answer into an SSE stream carrying the
//! notifications, then the answer (rmcp's stateless service; with sessions, rmcp routes a
//! notification by its token to the stream of the request that carried it).

use rmcp::RoleServer;
use rmcp::model::{ProgressNotificationParam, ProgressToken};
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

tokio::task_local! {
    static CALL: Progress;
}

/// The longest path a `sending` message names, in bytes (a path parameter can be long).
const MAX_PATH_BYTES: usize = 120;

/// One step of a call, as the executor and the call path report it.
#[derive(Debug)]
pub(crate) enum Step<'a> {
    /// The request is about to be sent; at most `attempts` will be.
    Sending {
        method: &'a http::Method,
        path: &'a str,
        attempts: u32,
    },
    /// Attempt `attempt` (2 or more) is about to be sent, after the previous one got `after`.
    Attempt { attempt: u32, after: &'a str },
    /// The API answered the call with this status (its last attempt's, or the one shown).
    Answered(http::StatusCode),
    /// The call's result is built.
    Ready,
}

/// The progress of one call: the client's connection and token, and what was reported.
#[derive(Clone)]
pub(crate) struct Progress(Arc<Inner>);

struct Inner {
    peer: rmcp::Peer<RoleServer>,
    token: ProgressToken,
    count: Mutex<Count>,
}

impl Progress {
    /// Progress for a call carrying `token`, sent to `peer`; `composite` counts the steps of
    /// several requests without a total.
    pub(crate) fn new(
        peer: rmcp::Peer<RoleServer>,
        token: ProgressToken,
        composite: bool,
    ) -> Progress {
        Progress(Arc::new(Inner {
            peer,
            token,
            count: Mutex::new(Count::new(composite)),
        }))
    }

    /// Runs `f` with `progress` reported by the requests it sends (none when `None`).
    pub(crate) async fn scope<F: Future>(progress: Option<&Progress>, f: F) -> F::Output {
        match progress {
            Some(p) => CALL.scope(p.clone(), f).await,
            None => f.await,
        }
    }

    /// Sends the notification for `step`, when it is one to send. A client that has gone
    /// away is not an error of the call: its answer has nowhere to go either.
    pub(crate) async fn report(&self, step: Step<'_>) {
        let next = self
            .0
            .count
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next(&step);
        let Some((progress, total, message)) = next else {
            return;
        };
        let mut param = ProgressNotificationParam::new(self.0.token.clone(), progress);
        param.total = total;
        param.message = Some(message);
        let _ = self.0.peer.notify_progress(param).await;
    }
}

/// Reports `step` to the call being served, if it asked for progress.
pub(crate) async fn report(step: Step<'_>) {
    if let Ok(progress) = CALL.try_with(Progress::clone) {
        progress.report(step).await;
    }
}

/// The numbering of a call's steps: `progress` always increases.
#[derive(Debug)]
struct Count {
    composite: bool,
    last: f64,
    total: Option<f64>,
}

impl Count {
    fn new(composite: bool) -> Count {
        Count {
            composite,
            last: 0.0,
            total: None,
        }
    }

    /// The `progress`, `total` and `message` of `step`, or `None` when it reports nothing (a
    /// result ready when nothing was sent).
    fn next(&mut self, step: &Step<'_>) -> Option<(f64, Option<f64>, String)> {
        let (planned, message) = match step {
            Step::Sending {
                method,
                path,
                attempts,
            } => {
                if !self.composite && self.last == 0.0 {
                    self.total = Some(f64::from(*attempts) + 2.0);
                }
                let kept = crate::wire::bounded::utf8_prefix(path.as_bytes(), MAX_PATH_BYTES);
                let cut = if kept.len() < path.len() { "..." } else { "" };
                (
                    1.0,
                    format!("sending {method} {}{cut}", String::from_utf8_lossy(kept)),
                )
            }
            Step::Attempt { attempt, after } => (
                f64::from(*attempt),
                format!("attempt {attempt} after {after}"),
            ),
            Step::Answered(status) => (
                self.total.map_or(0.0, |t| t - 1.0),
                format!("the API answered {}", status.as_u16()),
            ),
            Step::Ready => {
                if self.last == 0.0 {
                    return None;
                }
                (self.total.unwrap_or(0.0), "the result is ready".to_string())
            }
        };
        let progress = if self.composite {
            self.last + 1.0
        } else {
            planned.max(self.last + 1.0)
        };
        // Past the total it announced (a step it did not plan for): no total from here on.
        if self.total.is_some_and(|t| progress > t) {
            self.total = None;
        }
        self.last = progress;
        Some((progress, self.total, message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(composite: bool, steps: &[Step<'_>]) -> Vec<(f64, Option<f64>, String)> {
        let mut count = Count::new(composite);
        steps.iter().filter_map(|s| count.next(s)).collect()
    }

    fn one(p: f64, total: Option<f64>, message: &str) -> (f64, Option<f64>, String) {
        (p, total, message.to_string())
    }

    #[test]
    fn a_call_answered_at_once_skips_the_retries_it_did_not_need() {
        let get = http::Method::GET;
        let seen = steps(
            false,
            &[
                Step::Sending {
                    method: &get,
                    path: "/tasks/7",
                    attempts: 3,
                },
                Step::Answered(http::StatusCode::OK),
                Step::Ready,
            ],
        );
        assert_eq!(
            seen,
            [
                one(1.0, Some(5.0), "sending GET /tasks/7"),
                one(4.0, Some(5.0), "the API answered 200"),
                one(5.0, Some(5.0), "the result is ready"),
            ]
        );
    }

    #[test]
    fn each_retry_is_a_step() {
        let put = http::Method::PUT;
        let seen = steps(
            false,
            &[
                Step::Sending {
                    method: &put,
                    path: "/a",
                    attempts: 3,
                },
                Step::Attempt {
                    attempt: 2,
                    after: "503",
                },
                Step::Attempt {
                    attempt: 3,
                    after: "a failed connection",
                },
                Step::Answered(http::StatusCode::SERVICE_UNAVAILABLE),
                Step::Ready,
            ],
        );
        let progress: Vec<f64> = seen.iter().map(|s| s.0).collect();
        assert_eq!(progress, [1.0, 2.0, 3.0, 4.0, 5.0]);
        assert!(seen.iter().all(|s| s.1 == Some(5.0)));
        assert_eq!(seen[1].2, "attempt 2 after 503");
        assert_eq!(seen[2].2, "attempt 3 after a failed connection");
    }

    #[test]
    fn a_composite_counts_without_a_total_and_nothing_sent_reports_nothing() {
        let get = http::Method::GET;
        let sending = |path| Step::Sending {
            method: &get,
            path,
            attempts: 3,
        };
        let seen = steps(
            true,
            &[
                sending("/a"),
                Step::Answered(http::StatusCode::OK),
                sending("/b"),
                Step::Answered(http::StatusCode::NOT_FOUND),
                Step::Ready,
            ],
        );
        let progress: Vec<f64> = seen.iter().map(|s| s.0).collect();
        assert_eq!(progress, [1.0, 2.0, 3.0, 4.0, 5.0]);
        assert!(seen.iter().all(|s| s.1.is_none()));
        assert_eq!(seen[3].2, "the API answered 404");
        assert!(steps(false, &[Step::Ready]).is_empty());
    }

    #[test]
    fn a_long_path_is_cut() {
        let get = http::Method::GET;
        let path = format!("/{}", "é".repeat(100));
        let seen = steps(
            false,
            &[Step::Sending {
                method: &get,
                path: &path,
                attempts: 1,
            }],
        );
        assert!(seen[0].2.ends_with("..."), "{}", seen[0].2);
        assert!(seen[0].2.len() <= "sending GET ".len() + MAX_PATH_BYTES + 3);
        assert_eq!(seen[0].1, Some(3.0));
    }
}
