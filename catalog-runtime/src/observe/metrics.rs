//! What a server did, counted for scraping: calls per tool and outcome, their latency, the API's
//! answers by status class, refusals by cause, and the calls in flight, in the Prometheus text
//! format (version 0.0.4).
//!
//! Over Streamable HTTP the server answers `GET /metrics` with it ([`METRICS_PATH`]; behind the
//! bearer token when one is configured; `CATALOG_HTTP_METRICS=0` turns it off). Over stdio
//! nothing is exposed, since stdio has no port to scrape; [`McpServer::metrics`] gives the same
//! text to an application that exposes it its own way.
//!
//! | metric | type | labels |
//! |---|---|---|
//! | `catalog_tool_calls_total` | counter | `tool`, `outcome`: `ok` (the API answered 2xx), `api_error` (it answered another status), `refused` (nothing was sent: arguments, request, writes off, undeclared), `failed` (timeout, connection, credentials), `busy` (no slot within the timeout) |
//! | `catalog_tool_call_duration_seconds` | histogram | `tool`: from the call's start to its answer, waits and retries included |
//! | `catalog_upstream_responses_total` | counter | `tool`, `class` (`2xx`, `4xx`, ...): the API's final answers |
//! | `catalog_refusals_total` | counter | `cause`: `unknown_tool`, `arguments`, `request`, `writes_disabled`, `invalid_request`, `undeclared`, `timeout`, `transport`, `credentials`, `busy`, `not_confirmed` (a confirmation declined, cancelled or not asked), `rate_limited` (over the caller's rate: [`crate::inbound::access::rate_limit`]) |
//! | `catalog_calls_in_flight` | gauge | calls holding a slot now |
//! | `catalog_calls_in_flight_limit` | gauge | the slots ([`McpServer::max_in_flight`]) |
//! | `catalog_rate_limit_store_errors_total` | counter | with a shared rate-limit store only: its requests that failed, each call then limited by the server's own buckets ([`crate::inbound::access::rate_limit::shared`]) |
//! | `catalog_rate_limit_store_up` | gauge | with a shared rate-limit store only: 1 when it answered its last request, 0 in an outage |
//!
//! Only tool names the server serves become label values (an unknown name an agent sends is
//! counted under `catalog_refusals_total{cause="unknown_tool"}` alone), so an agent cannot grow
//! the number of series. No argument value, URL or credential is ever a label.
//!
//! [`McpServer::metrics`]: crate::inbound::mcp::McpServer::metrics
//! [`McpServer::max_in_flight`]: crate::inbound::mcp::McpServer::max_in_flight

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Duration;

/// Where the HTTP server answers with the metrics.
pub const METRICS_PATH: &str = "/metrics";
/// `CATALOG_HTTP_METRICS`: `1` (the default) serves [`METRICS_PATH`], `0` does not.
pub const ENV_HTTP_METRICS: &str = "CATALOG_HTTP_METRICS";

/// The latency buckets' upper bounds, in seconds.
const BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// How one call ended, as `catalog_tool_calls_total` counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The API answered with this status.
    Answered(u16),
    /// Nothing was sent, for this cause.
    Refused(&'static str),
    /// Sent (or tried), and no answer came, for this cause.
    Failed(&'static str),
    /// No slot freed within the call's timeout.
    Busy,
}

#[derive(Default)]
struct ToolStats {
    outcomes: BTreeMap<&'static str, u64>,
    classes: BTreeMap<u16, u64>,
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

#[derive(Default)]
struct Counts {
    tools: BTreeMap<String, ToolStats>,
    refusals: BTreeMap<&'static str, u64>,
}

/// The counts of one server (shared by its clones).
#[derive(Default)]
pub(crate) struct Metrics {
    counts: Mutex<Counts>,
}

impl Metrics {
    /// Counts one call of `tool` (`None`: a name the server does not serve).
    pub(crate) fn record(&self, tool: Option<&str>, outcome: Outcome, took: Duration) {
        let Ok(mut counts) = self.counts.lock() else {
            return;
        };
        let cause = match outcome {
            Outcome::Refused(cause) | Outcome::Failed(cause) => Some(cause),
            Outcome::Busy => Some("busy"),
            Outcome::Answered(_) => None,
        };
        if let Some(cause) = cause {
            *counts.refusals.entry(cause).or_default() += 1;
        }
        let Some(tool) = tool else {
            return;
        };
        let stats = counts.tools.entry(tool.to_string()).or_default();
        let label = match outcome {
            Outcome::Answered(status) if (200..300).contains(&status) => "ok",
            Outcome::Answered(_) => "api_error",
            Outcome::Refused(_) => "refused",
            Outcome::Failed(_) => "failed",
            Outcome::Busy => "busy",
        };
        *stats.outcomes.entry(label).or_default() += 1;
        if let Outcome::Answered(status) = outcome {
            *stats.classes.entry(status / 100).or_default() += 1;
        }
        let seconds = took.as_secs_f64();
        for (bound, n) in BUCKETS.iter().zip(stats.buckets.iter_mut()) {
            if seconds <= *bound {
                *n += 1;
            }
        }
        stats.count += 1;
        stats.sum += seconds;
    }

    /// The Prometheus text: every family with its `# HELP` and `# TYPE`, series in name order.
    pub(crate) fn render(&self, in_flight: usize, limit: usize) -> String {
        let Ok(counts) = self.counts.lock() else {
            return String::new();
        };
        let mut out = String::new();
        family(
            &mut out,
            "catalog_tool_calls_total",
            "counter",
            "Tool calls by tool and outcome.",
        );
        for (tool, stats) in &counts.tools {
            for (outcome, n) in &stats.outcomes {
                let _ = writeln!(
                    out,
                    "catalog_tool_calls_total{{tool=\"{}\",outcome=\"{outcome}\"}} {n}",
                    escape(tool)
                );
            }
        }
        family(
            &mut out,
            "catalog_tool_call_duration_seconds",
            "histogram",
            "Tool call latency, waits and retries included.",
        );
        for (tool, stats) in &counts.tools {
            let tool = escape(tool);
            for (bound, n) in BUCKETS.iter().zip(stats.buckets.iter()) {
                let _ = writeln!(
                    out,
                    "catalog_tool_call_duration_seconds_bucket{{tool=\"{tool}\",le=\"{bound}\"}} {n}"
                );
            }
            let _ = writeln!(
                out,
                "catalog_tool_call_duration_seconds_bucket{{tool=\"{tool}\",le=\"+Inf\"}} {}\n\
                 catalog_tool_call_duration_seconds_sum{{tool=\"{tool}\"}} {}\n\
                 catalog_tool_call_duration_seconds_count{{tool=\"{tool}\"}} {}",
                stats.count, stats.sum, stats.count
            );
        }
        family(
            &mut out,
            "catalog_upstream_responses_total",
            "counter",
            "The API's final answers by tool and status class.",
        );
        for (tool, stats) in &counts.tools {
            for (class, n) in &stats.classes {
                let _ = writeln!(
                    out,
                    "catalog_upstream_responses_total{{tool=\"{}\",class=\"{class}xx\"}} {n}",
                    escape(tool)
                );
            }
        }
        family(
            &mut out,
            "catalog_refusals_total",
            "counter",
            "Calls not answered by the API, by cause.",
        );
        for (cause, n) in &counts.refusals {
            let _ = writeln!(out, "catalog_refusals_total{{cause=\"{cause}\"}} {n}");
        }
        family(
            &mut out,
            "catalog_calls_in_flight",
            "gauge",
            "Tool calls holding a slot.",
        );
        let _ = writeln!(out, "catalog_calls_in_flight {in_flight}");
        family(
            &mut out,
            "catalog_calls_in_flight_limit",
            "gauge",
            "Tool calls allowed to hold a slot at once.",
        );
        let _ = writeln!(out, "catalog_calls_in_flight_limit {limit}");
        out
    }
}

fn family(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// A label value as the text format writes it: `\`, `"` and newlines escaped.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_each_outcome_class_and_cause_once() {
        let m = Metrics::default();
        let ms = Duration::from_millis;
        m.record(Some("get_task"), Outcome::Answered(200), ms(3));
        m.record(Some("get_task"), Outcome::Answered(404), ms(70));
        m.record(Some("get_task"), Outcome::Refused("arguments"), ms(0));
        m.record(Some("create_task"), Outcome::Failed("timeout"), ms(2000));
        m.record(Some("create_task"), Outcome::Busy, ms(30_000));
        m.record(None, Outcome::Refused("unknown_tool"), ms(0));
        let text = m.render(2, 32);
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        for expected in [
            "catalog_tool_calls_total{tool=\"create_task\",outcome=\"busy\"} 1",
            "catalog_tool_calls_total{tool=\"create_task\",outcome=\"failed\"} 1",
            "catalog_tool_calls_total{tool=\"get_task\",outcome=\"api_error\"} 1",
            "catalog_tool_calls_total{tool=\"get_task\",outcome=\"ok\"} 1",
            "catalog_tool_calls_total{tool=\"get_task\",outcome=\"refused\"} 1",
            "catalog_upstream_responses_total{tool=\"get_task\",class=\"2xx\"} 1",
            "catalog_upstream_responses_total{tool=\"get_task\",class=\"4xx\"} 1",
            "catalog_refusals_total{cause=\"arguments\"} 1",
            "catalog_refusals_total{cause=\"busy\"} 1",
            "catalog_refusals_total{cause=\"timeout\"} 1",
            "catalog_refusals_total{cause=\"unknown_tool\"} 1",
            "catalog_tool_call_duration_seconds_bucket{tool=\"get_task\",le=\"0.005\"} 2",
            "catalog_tool_call_duration_seconds_bucket{tool=\"get_task\",le=\"0.05\"} 2",
            "catalog_tool_call_duration_seconds_bucket{tool=\"get_task\",le=\"0.1\"} 3",
            "catalog_tool_call_duration_seconds_bucket{tool=\"get_task\",le=\"+Inf\"} 3",
            "catalog_tool_call_duration_seconds_count{tool=\"get_task\"} 3",
            "catalog_tool_call_duration_seconds_bucket{tool=\"create_task\",le=\"30\"} 2",
            "catalog_tool_call_duration_seconds_bucket{tool=\"create_task\",le=\"10\"} 1",
            "catalog_calls_in_flight 2",
            "catalog_calls_in_flight_limit 32",
        ] {
            assert!(lines.contains(&expected), "{expected} not in\n{text}");
        }
        let sum: f64 = lines
            .iter()
            .find_map(|l| {
                l.strip_prefix("catalog_tool_call_duration_seconds_sum{tool=\"get_task\"} ")
            })
            .and_then(|v| v.parse().ok())
            .expect("a sum for get_task");
        assert!((sum - 0.073).abs() < 1e-9, "{sum}");
        // The unknown name is no label value.
        assert!(!text.contains("tool=\"\""), "{text}");
        // Nothing else: 5 outcome series, 2 class series, 4 causes, 2 x 15 histogram lines, 2 gauges.
        assert_eq!(lines.len(), 5 + 2 + 4 + 2 * 15 + 2, "{text}");
    }

    #[test]
    fn every_family_is_announced_once_with_its_type() {
        let text = Metrics::default().render(0, 1);
        for (name, kind) in [
            ("catalog_tool_calls_total", "counter"),
            ("catalog_tool_call_duration_seconds", "histogram"),
            ("catalog_upstream_responses_total", "counter"),
            ("catalog_refusals_total", "counter"),
            ("catalog_calls_in_flight", "gauge"),
            ("catalog_calls_in_flight_limit", "gauge"),
        ] {
            let line = format!("# TYPE {name} {kind}");
            assert_eq!(text.matches(&line).count(), 1, "{line} in\n{text}");
        }
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
