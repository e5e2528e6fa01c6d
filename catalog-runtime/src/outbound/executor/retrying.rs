//! The executor's retrying send: a tool's request again while its
//! [`RetryPolicy`](super::retry::RetryPolicy) allows and the call's deadline leaves time (the
//! rules are [`retry`](super::retry)'s).

use super::retry::{backoff, retry_after, retryable};
use super::{ApiResponse, Call, ExecuteError, Executor};
#[cfg(feature = "mcp")]
use crate::observe::progress;
use std::time::{Instant, SystemTime};

/// A request again: the parts a tool's request has, cloned.
struct Template {
    method: http::Method,
    uri: http::Uri,
    version: http::Version,
    headers: http::HeaderMap,
    body: Vec<u8>,
}

impl Template {
    fn of(request: &http::Request<Vec<u8>>) -> Template {
        Template {
            method: request.method().clone(),
            uri: request.uri().clone(),
            version: request.version(),
            headers: request.headers().clone(),
            body: request.body().clone(),
        }
    }

    fn build(&self) -> http::Request<Vec<u8>> {
        let mut request = http::Request::new(self.body.clone());
        *request.method_mut() = self.method.clone();
        *request.uri_mut() = self.uri.clone();
        *request.version_mut() = self.version;
        *request.headers_mut() = self.headers.clone();
        request
    }
}

/// What an attempt that is worth another one got, for the answer's account.
fn outcome(result: &Result<ApiResponse, ExecuteError>) -> String {
    match result {
        Ok(r) => format!(
            "HTTP {} {}",
            r.status.as_u16(),
            r.status.canonical_reason().unwrap_or("")
        )
        .trim_end()
        .to_string(),
        Err(ExecuteError::Timeout(_)) => "no answer in time".to_string(),
        Err(_) => "connection failed".to_string(),
    }
}

/// Reports attempt `attempt` of at most `most` to a call that asked for progress
/// ([`crate::observe::progress`]): the first as the request sent, the others with what the one
/// before got (`earlier`'s last entry).
#[cfg(feature = "mcp")]
async fn report_attempt(
    request: &http::Request<Vec<u8>>,
    attempt: u32,
    most: u32,
    earlier: &[String],
) {
    let step = if attempt == 1 {
        progress::Step::Sending {
            method: request.method(),
            path: request.uri().path(),
            attempts: most,
        }
    } else {
        // "HTTP 503 Service Unavailable" is said "503"; the others as they are.
        let after = earlier.last().map_or("", String::as_str);
        let after = match after.strip_prefix("HTTP ") {
            Some(status) => status.split(' ').next().unwrap_or(status),
            None if after == "connection failed" => "a failed connection",
            None => after,
        };
        progress::Step::Attempt { attempt, after }
    };
    progress::report(step).await;
}

impl Executor {
    /// Sends a tool's request, again while [`RetryPolicy`] allows and the deadline leaves time
    /// (see the module documentation).
    pub(crate) async fn send_retrying(
        &self,
        call: Call<'_>,
        request: http::Request<Vec<u8>>,
    ) -> Result<ApiResponse, ExecuteError> {
        let most = self.retry.attempts_for(call.tool, call.idempotent);
        let template = (most > 1).then(|| Template::of(&request));
        let mut first = Some(request);
        let mut earlier: Vec<String> = Vec::new();
        let mut last: Option<ApiResponse> = None;
        let mut attempt = 0u32;
        loop {
            attempt += 1;
            let request = match (first.take(), &template) {
                (Some(r), _) => r,
                (None, Some(t)) => t.build(),
                // Unreachable: a second attempt always has its template.
                (None, None) => return Err(ExecuteError::Timeout(self.timeout)),
            };
            #[cfg(feature = "mcp")]
            report_attempt(&request, attempt, most, &earlier).await;
            let left = call
                .deadline
                .saturating_duration_since(std::time::Instant::now());
            let result = if left.is_zero() {
                Err(ExecuteError::Timeout(left))
            } else {
                self.send_once(
                    call.tool,
                    call.security,
                    call.accounting,
                    request,
                    left,
                    attempt == 1,
                )
                .await
            };
            let wait = match &result {
                Ok(r) if retryable(r.status) => Some(
                    r.header("retry-after")
                        .and_then(|v| retry_after(v, SystemTime::now()))
                        .unwrap_or_else(|| backoff(attempt)),
                ),
                Err(ExecuteError::Transport(_)) => Some(backoff(attempt)),
                _ => None,
            };
            let again = wait.filter(|wait| {
                attempt < most
                    && Instant::now()
                        .checked_add(*wait)
                        .is_some_and(|at| at < call.deadline)
            });
            let Some(wait) = again else {
                let answer = self.finish(result, last, attempt, earlier);
                #[cfg(feature = "mcp")]
                if let Ok(r) = &answer {
                    progress::report(progress::Step::Answered(r.status)).await;
                }
                return answer;
            };
            earlier.push(outcome(&result));
            if let Ok(r) = result {
                last = Some(r);
            }
            tokio::time::sleep(wait).await;
        }
    }

    /// The answer, with the attempts made and what the others got: the last attempt's, or when
    /// it got no answer (out of time, no connection), the answer before it.
    fn finish(
        &self,
        result: Result<ApiResponse, ExecuteError>,
        last: Option<ApiResponse>,
        attempts: u32,
        mut earlier: Vec<String>,
    ) -> Result<ApiResponse, ExecuteError> {
        match (result, last) {
            (Ok(mut r), _) => {
                r.attempts = attempts;
                r.retried_after = earlier;
                Ok(r)
            }
            (Err(e), Some(mut previous)) => {
                // The answer shown is the one before: its own outcome leaves the list, the
                // failed attempt's joins it.
                earlier.pop();
                earlier.push(outcome(&Err(e)));
                previous.attempts = attempts;
                previous.retried_after = earlier;
                Ok(previous)
            }
            // The call's timeout is what the operator configured, not what was left of it.
            (Err(ExecuteError::Timeout(_)), None) => Err(ExecuteError::Timeout(self.timeout)),
            (Err(ExecuteError::Transport(m)), None) if attempts > 1 => Err(
                ExecuteError::Transport(format!("{m} ({attempts} attempts)")),
            ),
            (Err(e), None) => Err(e),
        }
    }
}
