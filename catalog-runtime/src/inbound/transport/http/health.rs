//! Health endpoints for load balancers and orchestrators: liveness at [`HEALTHZ_PATH`],
//! readiness at [`READYZ_PATH`].
//!
//! - `GET /healthz` is 200 while the process serves, stopping included (a liveness check that
//!   failed during a graceful stop would get the process killed before its calls finish).
//! - `GET /readyz` is 200 when the API answers a `HEAD` of the base URL within
//!   [`PROBE_TIMEOUT`] (any status: the API is reachable), else 503 with the reason; 503 with
//!   `shutting down` from the moment a graceful stop begins. Where the operator said how to read
//!   the API's version ([`HttpConfig::ready_spec_version`](super::HttpConfig::ready_spec_version),
//!   `CATALOG_HTTP_READY_STATUS_PATH`), readiness also reads the status document (within
//!   [`PROBE_TIMEOUT`], without credentials added by tools) and is 503 when the version there is
//!   not the spec's the tools were built from, or is not there: an upgraded API's pods leave the
//!   load balancer instead of serving tools checked against another contract. Where the operator
//!   said where the API serves its own spec
//!   ([`HttpConfig::ready_spec_hash`](super::HttpConfig::ready_spec_hash),
//!   `CATALOG_HTTP_READY_SPEC_PATH`), readiness also reads that document (whole, up to
//!   [`SPEC_MAX_BYTES`], within [`SPEC_TIMEOUT`]) and is 503 when the hash of its bytes is not
//!   the one the build stamped on the tools, or when it cannot be read: a changed spec is seen
//!   even when its `info.version` does not move. The probe's outcome is kept for [`PROBE_TTL`],
//!   and concurrent checks share one probe, so health checks from many load balancers cost the
//!   API one request a second at most; the spec's (a document of megabytes) is kept for
//!   [`SPEC_TTL`], one read a minute.
//! - Neither needs the bearer token (probes carry none), neither counts against the request cap
//!   (a busy server is alive), neither checks `Host` (probes name the pod's address), and
//!   neither says anything an anonymous caller should not learn: no URL, no setting, no
//!   credential; the reason is the error's kind (`tcp connect error: Connection refused`).
//! - `HEAD` is answered like `GET`; any other method gets 405.

use super::respond::{Body, text};
use crate::outbound::executor::{Executor, ProbeError};
use crate::tools::catalog::Catalog;
use crate::wire::bounded::Bounded;
use http::{Method, Response, StatusCode, header};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Liveness: 200 while the process serves.
pub const HEALTHZ_PATH: &str = "/healthz";
/// Readiness: 200 when the API answers, 503 when it does not or the server is stopping.
pub const READYZ_PATH: &str = "/readyz";
/// How long the readiness probe waits for the API's answer.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(1);
/// How long a probe's outcome answers readiness checks before the API is probed again.
pub const PROBE_TTL: Duration = Duration::from_secs(1);

/// How long the outcome of reading the spec the API serves answers readiness before the spec is
/// read again: a minute, much longer than [`PROBE_TTL`], because the document can be megabytes
/// (NetBox's is 12 MB) and changes only when the API is upgraded, which readiness then sees
/// within a minute or so. Past it the spec is read again in the background while the last
/// outcome keeps answering, so no probe but the first waits for the document. A read that
/// failed (no answer, an error status, too large) is kept for [`PROBE_TTL`] only and read again
/// on the probe that follows, so one failed read does not keep the server out for a minute.
pub const SPEC_TTL: Duration = Duration::from_secs(60);
/// How long readiness waits for the whole spec document.
pub const SPEC_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest spec document readiness reads (64 MiB): the tools' response cap
/// (`CATALOG_MAX_RESPONSE_BYTES`) does not apply to it; a larger one is not ready, saying so.
pub const SPEC_MAX_BYTES: usize = 64 * 1024 * 1024;

/// An outcome kept, and when it was had.
type Kept = tokio::sync::Mutex<Option<(Instant, Result<(), NotReady>)>>;

/// The last read of the spec the API serves.
struct SpecRead {
    at: Instant,
    outcome: Result<(), NotReady>,
    /// Whether a read is under way in the background.
    refreshing: bool,
}

/// Whether the server is stopping, the last probe of the API, and the last read of its spec.
pub(super) struct Health {
    stopping: AtomicBool,
    last: Kept,
    spec: Arc<tokio::sync::Mutex<Option<SpecRead>>>,
    /// How long a read spec's outcome is kept: [`SPEC_TTL`] (shorter in tests).
    spec_ttl: Duration,
}

impl Default for Health {
    fn default() -> Health {
        Health {
            stopping: AtomicBool::new(false),
            last: Kept::default(),
            spec: Arc::default(),
            spec_ttl: SPEC_TTL,
        }
    }
}

impl Health {
    /// From now on readiness is 503.
    pub(super) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether a graceful stop has begun.
    pub(super) fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Whether the API answers (and serves the spec's version, where configured), probed at
    /// most once per [`PROBE_TTL`]; the error is the reason.
    async fn ready(&self, api: &Api<'_>) -> Result<(), NotReady> {
        // Held across the probe: checks that arrive meanwhile wait for its outcome.
        let mut last = self.last.lock().await;
        if let Some((at, outcome)) = last.as_ref()
            && at.elapsed() < PROBE_TTL
        {
            return outcome.clone();
        }
        let outcome = match api.executor.probe(PROBE_TIMEOUT).await {
            Err(why) => Err(NotReady::Unanswered(why)),
            Ok(_) => match api.version {
                Some((path, field)) => spec_version(api, path, field).await,
                None => Ok(()),
            },
        };
        let outcome = match (outcome, api.spec) {
            (Ok(()), Some(path)) => self.spec_hash(api, path).await,
            (outcome, _) => outcome,
        };
        *last = Some((Instant::now(), outcome.clone()));
        outcome
    }

    /// Whether the spec the API serves at `path` is the one the tools were built from, read at
    /// most once per [`SPEC_TTL`] (per [`PROBE_TTL`] after a failed read). The first read, and
    /// a read after a failed one, is waited for; past the TTL of an outcome read, the spec is
    /// read again in the background and that outcome answers until the new one is in.
    async fn spec_hash(&self, api: &Api<'_>, path: &str) -> Result<(), NotReady> {
        let mut last = self.spec.lock().await;
        if let Some(read) = last.as_mut() {
            let unread = matches!(read.outcome, Err(NotReady::SpecUnread(_)));
            let ttl = if unread { PROBE_TTL } else { self.spec_ttl };
            if read.refreshing || read.at.elapsed() < ttl {
                return read.outcome.clone();
            }
            if !unread {
                read.refreshing = true;
                let kept = Arc::clone(&self.spec);
                let (executor, catalog) = (api.executor.clone(), api.catalog.clone());
                let path = path.to_string();
                tokio::spawn(async move {
                    let outcome =
                        spec_hash(&executor, &catalog, &path, SPEC_MAX_BYTES, SPEC_TIMEOUT).await;
                    *kept.lock().await = Some(SpecRead {
                        at: Instant::now(),
                        outcome,
                        refreshing: false,
                    });
                });
                return read.outcome.clone();
            }
        }
        let outcome = spec_hash(
            api.executor,
            api.catalog,
            path,
            SPEC_MAX_BYTES,
            SPEC_TIMEOUT,
        )
        .await;
        *last = Some(SpecRead {
            at: Instant::now(),
            outcome: outcome.clone(),
            refreshing: false,
        });
        outcome
    }
}

/// What readiness checks: the API behind `executor`, and where configured the version it
/// reports against `catalog`'s.
pub(super) struct Api<'a> {
    pub(super) executor: &'a Executor,
    pub(super) catalog: &'a Catalog,
    /// The status document's path and the version's dotted field.
    pub(super) version: Option<&'a (String, String)>,
    /// Where the API serves its spec, to compare its hash.
    pub(super) spec: Option<&'a str>,
}

/// Why the server is not ready: the reason `/readyz` answers 503 with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum NotReady {
    /// The API did not answer the probe.
    Unanswered(ProbeError),
    /// The status document's path does not make a request (the reason).
    Unrequestable(String),
    /// The status document could not be read: the reason (the call's error, no answer in
    /// time, or the status it answered).
    VersionUnread(String),
    /// The version the API reports is not the tools' (the warnings, `; `-separated).
    VersionMismatch(Vec<String>),
    /// The spec the API serves could not be read: the reason.
    SpecUnread(String),
    /// The spec the API serves is not the file the tools were built from (the mismatches,
    /// `; `-separated).
    SpecMismatch(Vec<String>),
}

impl std::fmt::Display for NotReady {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotReady::Unanswered(why) => write!(f, "the API did not answer: {why}"),
            NotReady::Unrequestable(why) => {
                write!(f, "the status document cannot be requested: {why}")
            }
            NotReady::VersionUnread(why) => {
                write!(f, "the API's version could not be read: {why}")
            }
            NotReady::VersionMismatch(warnings) | NotReady::SpecMismatch(warnings) => {
                f.write_str(&warnings.join("; "))
            }
            NotReady::SpecUnread(why) => write!(f, "the API's spec could not be read: {why}"),
        }
    }
}

impl std::error::Error for NotReady {}

/// Reads the API's status document and compares the version it reports with the tools'.
async fn spec_version(api: &Api<'_>, path: &str, field: &str) -> Result<(), NotReady> {
    let request = http::Request::get(path)
        .body(Vec::new())
        .map_err(|e| NotReady::Unrequestable(e.to_string()))?;
    let response = match tokio::time::timeout(PROBE_TIMEOUT, api.executor.execute(request)).await {
        Ok(Ok(response)) => response,
        Ok(Err(e)) => return Err(NotReady::VersionUnread(e.to_string())),
        Err(_) => {
            return Err(NotReady::VersionUnread(format!(
                "no answer within {} s",
                PROBE_TIMEOUT.as_secs_f64()
            )));
        }
    };
    if response.is_error() {
        return Err(NotReady::VersionUnread(format!(
            "its status document answered {}",
            response.status
        )));
    }
    let status = match &response.body {
        Bounded::Whole(bytes) => serde_json::from_slice(bytes).unwrap_or_default(),
        _ => serde_json::Value::Null,
    };
    let warnings: Vec<String> = api
        .catalog
        .check_spec_version(&status, field)
        .iter()
        .map(ToString::to_string)
        .collect();
    if warnings.is_empty() {
        Ok(())
    } else {
        Err(NotReady::VersionMismatch(warnings))
    }
}

/// Reads the spec the API behind `executor` serves at `path`, whole up to `max_bytes` (not the
/// tools' response cap) within `timeout`, and compares the hash of its bytes with the hash
/// `catalog`'s tools carry.
async fn spec_hash(
    executor: &Executor,
    catalog: &Catalog,
    path: &str,
    max_bytes: usize,
    timeout: Duration,
) -> Result<(), NotReady> {
    let request = http::Request::get(path)
        .body(Vec::new())
        .map_err(|e| NotReady::SpecUnread(format!("its path cannot be requested: {e}")))?;
    let executor = executor.with_response_cap(max_bytes);
    let response = match tokio::time::timeout(timeout, executor.execute(request)).await {
        Ok(Ok(response)) => response,
        Ok(Err(e)) => return Err(NotReady::SpecUnread(e.to_string())),
        Err(_) => {
            return Err(NotReady::SpecUnread(format!(
                "no answer within {} s",
                timeout.as_secs_f64()
            )));
        }
    };
    if response.is_error() {
        return Err(NotReady::SpecUnread(format!(
            "it answered {}",
            response.status
        )));
    }
    let Bounded::Whole(bytes) = &response.body else {
        return Err(NotReady::SpecUnread(format!(
            "it is larger than {max_bytes} bytes, the most read"
        )));
    };
    let mismatches: Vec<String> = catalog
        .check_spec_hash(bytes)
        .iter()
        .map(ToString::to_string)
        .collect();
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(NotReady::SpecMismatch(mismatches))
    }
}

/// The answer to a health check at `path`, or `None` when `path` is not a health endpoint.
pub(super) async fn answer(
    health: &Health,
    api: &Api<'_>,
    method: &Method,
    path: &str,
) -> Option<Response<Body>> {
    if path != HEALTHZ_PATH && path != READYZ_PATH {
        return None;
    }
    if method != Method::GET && method != Method::HEAD {
        let mut refused = text(
            StatusCode::METHOD_NOT_ALLOWED,
            &format!("Method Not Allowed: {path} answers GET and HEAD"),
        );
        refused
            .headers_mut()
            .insert(header::ALLOW, http::HeaderValue::from_static("GET, HEAD"));
        return Some(refused);
    }
    let mut response = if path == HEALTHZ_PATH {
        text(StatusCode::OK, "ok")
    } else if health.stopping() {
        text(StatusCode::SERVICE_UNAVAILABLE, "not ready: shutting down")
    } else {
        match health.ready(api).await {
            Ok(()) => text(StatusCode::OK, "ready"),
            Err(why) => text(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!("not ready: {why}"),
            ),
        }
    };
    // A probe's answer is never cached by a proxy on the way.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        http::HeaderValue::from_static("no-store"),
    );
    Some(response)
}

/// The loopback API of the tests, declared once for the crate (`crate::loopback`).
#[cfg(test)]
use crate::loopback;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outbound::executor::ExecutorConfig;
    use http_body_util::BodyExt;

    async fn check(health: &Health, path: &str) -> (StatusCode, String) {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        let catalog = Catalog::new();
        let api = Api {
            executor: &executor,
            catalog: &catalog,
            version: None,
            spec: None,
        };
        let response = answer(health, &api, &Method::GET, path).await.unwrap();
        let status = response.status();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn once_stopping_readiness_is_503_and_liveness_still_200() {
        let health = Health::default();
        health.stop();
        assert!(health.stopping());
        assert_eq!(
            check(&health, READYZ_PATH).await,
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: shutting down".to_string()
            )
        );
        assert_eq!(
            check(&health, HEALTHZ_PATH).await,
            (StatusCode::OK, "ok".to_string())
        );
        // Stopping answers without probing the API (nothing listens on port 9).
        assert!(health.last.lock().await.is_none());
    }

    #[tokio::test]
    async fn other_paths_are_not_health_checks() {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        let catalog = Catalog::new();
        let api = Api {
            executor: &executor,
            catalog: &catalog,
            version: None,
            spec: None,
        };
        for path in ["/mcp", "/healthz/", "/ready"] {
            assert!(
                answer(&Health::default(), &api, &Method::GET, path)
                    .await
                    .is_none(),
                "{path}"
            );
        }
    }

    #[test]
    fn each_reason_not_to_be_ready_says_why() {
        for (reason, message) in [
            (
                NotReady::Unanswered(ProbeError::Timeout(Duration::from_secs(1))),
                "the API did not answer: no answer within 1 s",
            ),
            (
                NotReady::Unrequestable("invalid uri character".to_string()),
                "the status document cannot be requested: invalid uri character",
            ),
            (
                NotReady::VersionUnread("its status document answered 500".to_string()),
                "the API's version could not be read: its status document answered 500",
            ),
            (
                NotReady::VersionMismatch(vec!["a".to_string(), "b".to_string()]),
                "a; b",
            ),
            (
                NotReady::SpecUnread("it answered 404 Not Found".to_string()),
                "the API's spec could not be read: it answered 404 Not Found",
            ),
            (
                NotReady::SpecMismatch(vec!["c".to_string(), "d".to_string()]),
                "c; d",
            ),
        ] {
            assert_eq!(reason.to_string(), message, "{reason:?}");
        }
    }

    #[tokio::test]
    async fn an_api_that_does_not_answer_is_not_ready() {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        let catalog = Catalog::new();
        let api = Api {
            executor: &executor,
            catalog: &catalog,
            version: None,
            spec: None,
        };
        let reason = Health::default().ready(&api).await.unwrap_err();
        assert!(
            matches!(&reason, NotReady::Unanswered(ProbeError::Failed(_))),
            "{reason:?}"
        );
        assert!(
            reason.to_string().starts_with("the API did not answer: "),
            "{reason}"
        );
    }

    use super::loopback;

    #[tokio::test]
    async fn a_spec_past_the_bound_is_not_ready_saying_so() {
        let api = loopback::start(|_| {
            loopback::response(
                "200 OK",
                &[("content-type", "application/yaml")],
                &[b'a'; 200],
            )
        })
        .await;
        let executor = Executor::new(ExecutorConfig::new(api.url.clone())).unwrap();
        let catalog = Catalog::new();
        assert_eq!(
            spec_hash(&executor, &catalog, "/openapi.yaml", 100, SPEC_TIMEOUT).await,
            Err(NotReady::SpecUnread(
                "it is larger than 100 bytes, the most read".to_string()
            ))
        );
        // Within the bound it is read whole, past the executor's own cap: no tool of an empty
        // catalog has a spec to differ from.
        let small = executor.with_response_cap(10);
        assert_eq!(
            spec_hash(&small, &catalog, "/openapi.yaml", 1000, SPEC_TIMEOUT).await,
            Ok(())
        );
    }

    #[tokio::test]
    async fn past_its_ttl_the_spec_is_read_again_while_the_last_outcome_answers() {
        let status = Arc::new(std::sync::Mutex::new("200 OK"));
        let current = status.clone();
        let api = loopback::start(move |_| {
            let status = *current.lock().unwrap();
            loopback::response(status, &[("content-type", "application/yaml")], b"x: 1\n")
        })
        .await;
        let executor = Executor::new(ExecutorConfig::new(api.url.clone())).unwrap();
        let catalog = Catalog::new();
        let checked = Api {
            executor: &executor,
            catalog: &catalog,
            version: None,
            spec: Some("/openapi.yaml"),
        };
        let health = Health {
            spec_ttl: Duration::from_millis(300),
            ..Health::default()
        };
        let read = || health.spec_hash(&checked, "/openapi.yaml");
        assert_eq!(read().await, Ok(()));
        *status.lock().unwrap() = "404 Not Found";
        // Within the TTL the outcome is kept: the spec is not read.
        assert_eq!(read().await, Ok(()));
        assert_eq!(api.seen().len(), 1);
        // Past it the last outcome answers at once while the spec is read in the background.
        tokio::time::sleep(Duration::from_millis(350)).await;
        assert_eq!(read().await, Ok(()));
        let mut outcome = Ok(());
        for _ in 0..100 {
            outcome = read().await;
            if outcome.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(
            outcome,
            Err(NotReady::SpecUnread(
                "it answered 404 Not Found".to_string()
            ))
        );
        assert_eq!(api.seen().len(), 2);
        // A failed read is kept for the probe's TTL only, then read again and waited for.
        *status.lock().unwrap() = "200 OK";
        tokio::time::sleep(PROBE_TTL + Duration::from_millis(100)).await;
        assert_eq!(read().await, Ok(()));
        assert_eq!(api.seen().len(), 3);
    }
}
