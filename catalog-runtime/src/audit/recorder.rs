//! A request recorder for test suites: every request a tool sends is matched to an operation of
//! the spec by method and path template, so a tool that reaches an operation it does not declare
//! fails the test, and the suite can report (and fail on) declared operations never called.
//!
//! Matching: the path is split on `/` before percent-decoding (so an encoded `%2F` stays inside
//! its segment), each segment is decoded, and a template matches when every segment matches its
//! template segment: literal text equal, each `{param}` (a whole segment, or within one, as in
//! `{name}.{ext}`) non-empty. When several templates match, the most specific wins: at the first
//! segment where they differ, a literal segment beats one with a parameter in it, which beats a
//! parameter alone (`/users/me` beats `/users/{id}`). A trailing slash is significant only when both spellings
//! are in the spec; otherwise `/devices` and `/devices/` are the same path.
//!
//! At run time, [`Executor::with_recorder`](crate::outbound::executor::Executor::with_recorder) hands every
//! request it is about to send to a [`Recorder`], with the name of the tool that built it; a
//! request its tool does not declare is refused with the [`Undeclared`] error and kept for the
//! [`Report`]. [`Recorder::merge_into_file`] accumulates the report of several processes (an MCP
//! server started once per test session) in one JSON file.

#[cfg(feature = "runtime")]
use super::response_check::response_problem;
use catalog_core::index::Index;
use catalog_core::model::{Disposition, Location, Operation, Part, PathTemplate};
use percent_encoding::percent_decode_str;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::Mutex;

#[cfg(feature = "runtime")]
use crate::wire::observe::RequestObserver;
/// The verdict on a request, at its former path (named where the executor sees it:
/// [`crate::wire::observe`]).
pub use crate::wire::observe::{RouteMatch, Undeclared};

/// The environment variable the examples (and `.ci/e2e.sh`) use to ask an MCP server for a
/// recorder: the path of the JSON report it merges its [`Report`] into on shutdown.
pub const ENV_RECORD: &str = "CATALOG_RECORD";

/// A piece of one template segment.
#[derive(Debug, Clone)]
enum Piece {
    Text(String),
    Param,
}

#[derive(Debug, Clone)]
struct Route {
    method: String,
    segments: Vec<Vec<Piece>>,
    trailing_slash: bool,
    key: String,
}

/// Matches concrete requests to the operations of a spec.
#[derive(Debug, Clone)]
pub struct RouteMatcher {
    routes: Vec<Route>,
}

fn split(path: &str) -> (Vec<&str>, bool) {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let trimmed = path.trim_start_matches('/');
    let trailing = trimmed.ends_with('/');
    let trimmed = trimmed.trim_end_matches('/');
    if trimmed.is_empty() {
        return (Vec::new(), trailing);
    }
    (trimmed.split('/').collect(), trailing)
}

impl RouteMatcher {
    /// A matcher over every operation of `operations`.
    pub fn new<'a>(operations: impl IntoIterator<Item = &'a Operation>) -> RouteMatcher {
        let routes = operations
            .into_iter()
            .map(|op| {
                let (segs, trailing_slash) = split(&op.path);
                Route {
                    method: op.method.clone(),
                    segments: segs.into_iter().map(pieces).collect(),
                    trailing_slash,
                    key: op.key(),
                }
            })
            .collect();
        RouteMatcher { routes }
    }

    /// Matches a method and a path (a query string is ignored).
    pub fn find(&self, method: &str, path: &str) -> RouteMatch {
        let (raw, trailing) = split(path);
        let decoded: Vec<String> = raw
            .iter()
            .map(|s| percent_decode_str(s).decode_utf8_lossy().into_owned())
            .collect();
        let matching: Vec<&Route> = self
            .routes
            .iter()
            .filter(|r| {
                r.segments.len() == decoded.len()
                    && r.segments
                        .iter()
                        .zip(&decoded)
                        .all(|(seg, got)| segment_matches(seg, got))
            })
            .collect();
        if matching.is_empty() {
            return RouteMatch::NoRoute;
        }
        let with_method: Vec<&Route> = matching
            .iter()
            .copied()
            .filter(|r| r.method.eq_ignore_ascii_case(method))
            .collect();
        if with_method.is_empty() {
            let mut methods: Vec<String> = matching.iter().map(|r| r.method.clone()).collect();
            methods.sort();
            methods.dedup();
            return RouteMatch::WrongMethod(methods);
        }
        // Most specific first: a literal beats a parameter at the first differing segment; then
        // the spelling of the trailing slash decides between otherwise equal templates.
        let best = with_method.iter().copied().max_by(|a, b| {
            let rank =
                |r: &Route| -> Vec<u8> { r.segments.iter().map(|s| specificity(s)).collect() };
            rank(a)
                .cmp(&rank(b))
                .then((a.trailing_slash == trailing).cmp(&(b.trailing_slash == trailing)))
        });
        match best {
            Some(r) => RouteMatch::Operation(r.key.clone()),
            None => RouteMatch::NoRoute,
        }
    }
}

/// The pieces of one template segment; a segment the template parser refuses (the index marks
/// its operation unsupported) matches only its own text.
fn pieces(segment: &str) -> Vec<Piece> {
    let parsed: Result<Vec<Part<'_>>, _> = PathTemplate::new(segment).parts().collect();
    match parsed {
        Ok(parts) => parts
            .into_iter()
            .map(|part| match part {
                Part::Literal(text) => Piece::Text(text.to_string()),
                Part::Param(_) => Piece::Param,
            })
            .collect(),
        Err(_) => vec![Piece::Text(segment.to_string())],
    }
}

/// Whether a decoded segment matches a template segment: its text equal, each parameter
/// non-empty.
fn segment_matches(pieces: &[Piece], got: &str) -> bool {
    match pieces.split_first() {
        None => got.is_empty(),
        Some((Piece::Text(text), rest)) => got
            .strip_prefix(text.as_str())
            .is_some_and(|after| segment_matches(rest, after)),
        Some((Piece::Param, rest)) => got
            .char_indices()
            .skip(1)
            .map(|(i, _)| i)
            .chain(std::iter::once(got.len()))
            .filter(|&end| end > 0)
            .any(|end| segment_matches(rest, &got[end..])),
    }
}

/// How specific a template segment is: literal text (2) beats text with a parameter (1) beats a
/// parameter alone (0).
fn specificity(pieces: &[Piece]) -> u8 {
    let params = pieces.iter().filter(|p| matches!(p, Piece::Param)).count();
    match (params, pieces.len()) {
        (0, _) => 2,
        (p, n) if p < n => 1,
        _ => 0,
    }
}

/// A live response that does not match what the spec documents for its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResponseMismatch {
    /// The tool that received it.
    pub tool: String,
    /// Its operation, `METHOD /path`.
    pub operation: String,
    /// The response's status.
    pub status: u16,
    /// What does not match (an undocumented status or media type, a body that is not JSON, or
    /// the schema errors with where each is).
    pub problem: String,
}

impl ResponseMismatch {
    // The line the report lists under the operation.
    fn entry(&self) -> String {
        format!("{}: HTTP {}: {}", self.tool, self.status, self.problem)
    }
}

impl fmt::Display for ResponseMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tool `{}` got a response from `{}` that does not match the spec: HTTP {}: {}",
            self.tool, self.operation, self.status, self.problem
        )
    }
}

impl std::error::Error for ResponseMismatch {}

/// Records the requests tools send during a test suite and checks each against its tool's
/// declared operation.
pub struct Recorder {
    matcher: RouteMatcher,
    base_path: String,
    // Tool name -> its operation's key.
    declared: BTreeMap<String, String>,
    // Tool name -> requests it sent that reached its operation.
    calls: Mutex<BTreeMap<String, usize>>,
    undeclared: Mutex<Vec<Undeclared>>,
    // Tool name -> each Undocumented parameter's address -> how many requests carried it.
    undocumented: Mutex<BTreeMap<String, BTreeMap<String, usize>>>,
    // Tool name -> its operation as the index has it (with its responses).
    #[cfg_attr(not(feature = "runtime"), allow(dead_code))]
    operations: BTreeMap<String, Operation>,
    response_mismatches: Mutex<Vec<ResponseMismatch>>,
}

impl fmt::Debug for Recorder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The route table of a large spec is thousands of lines: show what was recorded.
        f.debug_struct("Recorder")
            .field("routes", &self.matcher.routes.len())
            .field("base_path", &self.base_path)
            .field("declared", &self.declared)
            .field("calls", &self.calls)
            .field("undeclared", &self.undeclared)
            .field("response_mismatches", &self.response_mismatches)
            .finish()
    }
}

impl Recorder {
    /// A recorder for `tools` (tool name and its operation) against the spec's index. The base
    /// path is stripped from request paths first (`/api/v1` for `http://host/api/v1`); requests
    /// an [`Executor`](crate::outbound::executor::Executor) hands over are relative to its base URL
    /// already, so pass `""` there.
    pub fn new<'a>(
        index: &Index,
        tools: impl IntoIterator<Item = (&'a str, &'a Operation)>,
        base_path: &str,
    ) -> Recorder {
        let tools: Vec<(&str, &Operation)> = tools.into_iter().collect();
        let operations = tools
            .iter()
            .filter_map(|(name, op)| {
                let key = op.key();
                let indexed = index.operations.iter().find(|o| o.key() == key)?;
                Some((name.to_string(), indexed.clone()))
            })
            .collect();
        Recorder {
            matcher: RouteMatcher::new(&index.operations),
            base_path: base_path.trim_end_matches('/').to_string(),
            declared: tools
                .iter()
                .map(|(name, op)| (name.to_string(), op.key()))
                .collect(),
            calls: Mutex::new(BTreeMap::new()),
            undeclared: Mutex::new(Vec::new()),
            undocumented: Mutex::new(
                tools
                    .iter()
                    .map(|(name, op)| (name.to_string(), undocumented_of(op)))
                    .filter(|(_, u)| !u.is_empty())
                    .collect(),
            ),
            operations,
            response_mismatches: Mutex::new(Vec::new()),
        }
    }

    /// A recorder for `tools` (tool name and its operation) matching requests relative to the
    /// base URL, as an [`Executor`](crate::outbound::executor::Executor) hands them over, against
    /// `index`, the spec the tools were built from. `Catalog::recorder` passes its own tools.
    pub fn for_tools<'a>(
        index: &Index,
        tools: impl IntoIterator<Item = (&'a str, &'a Operation)>,
    ) -> Recorder {
        Recorder::new(index, tools, "")
    }

    /// Records one request a tool sent. An error means the request reached an operation the tool
    /// does not declare (or none): the test should fail with it. The error is also kept for
    /// [`undeclared`](Self::undeclared) and the report.
    pub fn record(&self, tool: &str, method: &str, path: &str) -> Result<(), Undeclared> {
        let relative = path.strip_prefix(&self.base_path).unwrap_or(path);
        let matched = self.matcher.find(method, relative);
        let declared = self.declared.get(tool).cloned().unwrap_or_default();
        match &matched {
            RouteMatch::Operation(k) if !tool.is_empty() && *k == declared => {
                if let Ok(mut calls) = self.calls.lock() {
                    *calls.entry(tool.to_string()).or_default() += 1;
                }
                Ok(())
            }
            _ => {
                let e = Undeclared {
                    tool: tool.to_string(),
                    request: format!("{method} {path}"),
                    matched,
                    declared,
                };
                if let Ok(mut u) = self.undeclared.lock() {
                    u.push(e.clone());
                }
                Err(e)
            }
        }
    }

    /// Records a built request (`Tool::to_request`'s output), and which of its tool's
    /// Undocumented parameters it carried.
    pub fn record_request<B: AsRef<[u8]>>(
        &self,
        tool: &str,
        req: &http::Request<B>,
    ) -> Result<(), Undeclared> {
        self.record(tool, req.method().as_str(), req.uri().path())?;
        if let Ok(mut all) = self.undocumented.lock()
            && let Some(params) = all.get_mut(tool)
        {
            for (address, sent) in params.iter_mut() {
                if carries(req, address) {
                    *sent += 1;
                }
            }
        }
        Ok(())
    }

    /// Per tool, each of its Undocumented parameters and how many recorded requests carried
    /// it: the proof that a parameter the spec leaves out was actually sent.
    pub fn undocumented_sent(&self) -> BTreeMap<String, BTreeMap<String, usize>> {
        self.undocumented
            .lock()
            .map(|u| u.clone())
            .unwrap_or_default()
    }

    /// The declared Undocumented parameters no recorded request carried, as
    /// `tool: location.name`, sorted.
    pub fn never_sent(&self) -> Vec<String> {
        self.summary().never_sent
    }

    /// Fails (panics, for tests) when a declared Undocumented parameter was never sent: the
    /// suite has not shown that the server is given it.
    pub fn assert_all_undocumented_sent(&self) {
        let missing = self.never_sent();
        assert!(
            missing.is_empty(),
            "{} undocumented parameter(s) never sent:\n  {}",
            missing.len(),
            missing.join("\n  ")
        );
    }

    /// Checks a live response a tool received against the spec's response for its status and
    /// media type (the status's code, else its range, else `default`; the body against the
    /// schema, for JSON). An error is the mismatch, also kept for
    /// [`response_mismatches`](Self::response_mismatches) and the report; a tool the recorder
    /// was not given is not checked. Needs the `runtime` feature (for `jsonschema`).
    #[cfg(feature = "runtime")]
    pub fn record_response(
        &self,
        tool: &str,
        status: u16,
        content_type: Option<&str>,
        body: &[u8],
    ) -> Result<(), ResponseMismatch> {
        let Some(op) = self.operations.get(tool) else {
            return Ok(());
        };
        let Some(problem) = response_problem(op, status, content_type, body) else {
            return Ok(());
        };
        let mismatch = ResponseMismatch {
            tool: tool.to_string(),
            operation: op.key(),
            status,
            problem,
        };
        if let Ok(mut m) = self.response_mismatches.lock() {
            m.push(mismatch.clone());
        }
        Err(mismatch)
    }

    /// Every live response that did not match the spec, in order.
    pub fn response_mismatches(&self) -> Vec<ResponseMismatch> {
        self.response_mismatches
            .lock()
            .map(|m| m.clone())
            .unwrap_or_default()
    }

    /// Fails (panics, for tests) when any live response did not match the spec, listing them.
    pub fn assert_no_response_mismatch(&self) {
        let mismatches = self.response_mismatches();
        assert!(
            mismatches.is_empty(),
            "{} response(s) do not match the spec:\n  {}",
            mismatches.len(),
            mismatches
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join("\n  ")
        );
    }

    /// The declared operations no request reached, as `tool: METHOD /path`, sorted.
    pub fn never_called(&self) -> Vec<String> {
        self.summary().never_called
    }

    /// Every request that reached an operation its tool does not declare, in order.
    pub fn undeclared(&self) -> Vec<Undeclared> {
        self.undeclared
            .lock()
            .map(|u| u.clone())
            .unwrap_or_default()
    }

    /// What was recorded, as data (serializable, and mergeable across processes).
    pub fn summary(&self) -> Report {
        let calls = self.calls.lock().map(|c| c.clone()).unwrap_or_default();
        let mut report = Report {
            calls: self
                .declared
                .iter()
                .map(|(tool, key)| {
                    let n = calls.get(tool).copied().unwrap_or(0);
                    (
                        tool.clone(),
                        ToolCalls {
                            operation: key.clone(),
                            calls: n,
                        },
                    )
                })
                .collect(),
            undeclared: self.undeclared().iter().map(|u| u.to_string()).collect(),
            never_called: Vec::new(),
            undocumented: self.undocumented_sent(),
            never_sent: Vec::new(),
            response_mismatches: BTreeMap::new(),
        };
        for m in self.response_mismatches() {
            report
                .response_mismatches
                .entry(m.operation.clone())
                .or_default()
                .push(m.entry());
        }
        report.never_called = report.compute_never_called();
        report.never_sent = report.compute_never_sent();
        report
    }

    /// A report of calls per declared operation, then the undeclared requests, if any.
    pub fn report(&self) -> String {
        self.summary().to_string()
    }

    /// Adds what this recorder saw to the JSON report at `path` (creating it when absent) and
    /// returns the merged report. Several processes of one suite (an MCP server per session)
    /// call it in turn so that the file says what the whole suite called.
    pub fn merge_into_file(&self, path: &Path) -> std::io::Result<Report> {
        let mut report = match std::fs::read(path) {
            Ok(bytes) if !bytes.is_empty() => {
                serde_json::from_slice::<Report>(&bytes).map_err(|e| {
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!("{}: not a recorder report: {e}", path.display()),
                    )
                })?
            }
            Ok(_) => Report::default(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Report::default(),
            Err(e) => return Err(e),
        };
        report.merge(&self.summary());
        let mut text = serde_json::to_string_pretty(&report).map_err(std::io::Error::other)?;
        text.push('\n');
        std::fs::write(path, text)?;
        Ok(report)
    }

    /// Fails (panics, for tests) when a declared operation was never called, listing them.
    pub fn assert_all_called(&self) {
        let missing = self.never_called();
        assert!(
            missing.is_empty(),
            "{} declared operation(s) never called:\n  {}",
            missing.len(),
            missing.join("\n  ")
        );
    }

    /// Fails (panics, for tests) when any request reached an operation its tool does not
    /// declare, listing them.
    pub fn assert_no_undeclared(&self) {
        let undeclared = self.undeclared();
        assert!(
            undeclared.is_empty(),
            "{} request(s) reached an operation their tool does not declare:\n  {}",
            undeclared.len(),
            undeclared
                .iter()
                .map(|u| u.to_string())
                .collect::<Vec<_>>()
                .join("\n  ")
        );
    }
}

/// How often one tool's requests reached its operation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCalls {
    /// The operation the tool declares, `METHOD /path`.
    pub operation: String,
    /// How many requests reached it.
    pub calls: usize,
}

/// What a [`Recorder`] saw, as data: written as JSON by [`Recorder::merge_into_file`], and read
/// back by a suite's final check.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// Per declared tool, its operation and how many requests reached it.
    pub calls: BTreeMap<String, ToolCalls>,
    /// Every request that reached an operation its tool does not declare, as a message.
    pub undeclared: Vec<String>,
    /// The declared operations no request reached, as `tool: METHOD /path`, sorted.
    pub never_called: Vec<String>,
    /// Per tool with Undocumented parameters, each one's address and how many requests
    /// carried it.
    #[serde(default)]
    pub undocumented: BTreeMap<String, BTreeMap<String, usize>>,
    /// The Undocumented parameters no request carried, as `tool: location.name`, sorted.
    #[serde(default)]
    pub never_sent: Vec<String>,
    /// Per operation (`METHOD /path`), the live responses that did not match the spec, as
    /// `tool: HTTP status: problem`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub response_mismatches: BTreeMap<String, Vec<String>>,
}

impl Report {
    fn compute_never_called(&self) -> Vec<String> {
        self.calls
            .iter()
            .filter(|(_, c)| c.calls == 0)
            .map(|(tool, c)| format!("{tool}: {}", c.operation))
            .collect()
    }

    fn compute_never_sent(&self) -> Vec<String> {
        self.undocumented
            .iter()
            .flat_map(|(tool, params)| {
                params
                    .iter()
                    .filter(|(_, n)| **n == 0)
                    .map(move |(address, _)| format!("{tool}: {address}"))
            })
            .collect()
    }

    /// Adds `other`'s calls and undeclared requests to this report. A tool is never called when
    /// it is never called in either.
    pub fn merge(&mut self, other: &Report) {
        for (tool, c) in &other.calls {
            let mine = self.calls.entry(tool.clone()).or_insert_with(|| ToolCalls {
                operation: c.operation.clone(),
                calls: 0,
            });
            mine.calls += c.calls;
        }
        self.undeclared.extend(other.undeclared.iter().cloned());
        for (operation, mismatches) in &other.response_mismatches {
            self.response_mismatches
                .entry(operation.clone())
                .or_default()
                .extend(mismatches.iter().cloned());
        }
        self.never_called = self.compute_never_called();
        for (tool, params) in &other.undocumented {
            let mine = self.undocumented.entry(tool.clone()).or_default();
            for (address, n) in params {
                *mine.entry(address.clone()).or_default() += n;
            }
        }
        self.never_sent = self.compute_never_sent();
    }

    /// Whether every declared operation was called, no request was undeclared and every
    /// response matched the spec.
    pub fn is_clean(&self) -> bool {
        self.undeclared.is_empty()
            && self.never_called.is_empty()
            && self.response_mismatches.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (tool, c) in &self.calls {
            writeln!(f, "{:>5}  {tool}: {}", c.calls, c.operation)?;
        }
        for (tool, params) in &self.undocumented {
            for (address, n) in params {
                writeln!(f, "{n:>5}  {tool}: undocumented {address} sent")?;
            }
        }
        if !self.undeclared.is_empty() {
            writeln!(f, "undeclared requests:")?;
            for u in &self.undeclared {
                writeln!(f, "  {u}")?;
            }
        }
        if !self.response_mismatches.is_empty() {
            writeln!(f, "responses that do not match the spec:")?;
            for (operation, mismatches) in &self.response_mismatches {
                writeln!(f, "  {operation}")?;
                for m in mismatches {
                    writeln!(f, "    {m}")?;
                }
            }
        }
        Ok(())
    }
}

/// The addresses of an operation's Undocumented parameters, none sent yet.
fn undocumented_of(op: &Operation) -> BTreeMap<String, usize> {
    op.accounting
        .iter()
        .filter(|r| matches!(r.disposition, Disposition::Undocumented { .. }))
        .map(|r| (r.param.address(), 0))
        .collect()
}

/// The executor sees a recorder through [`RequestObserver`]: a request is recorded (and refused
/// when its tool does not declare it), a response checked and any mismatch kept for the report.
#[cfg(feature = "runtime")]
impl RequestObserver for Recorder {
    fn observe_request(
        &self,
        tool: &str,
        request: &http::Request<Vec<u8>>,
    ) -> Result<(), Undeclared> {
        self.record_request(tool, request)
    }

    fn observe_response(&self, tool: &str, status: u16, content_type: Option<&str>, body: &[u8]) {
        // A mismatch is kept in the report (`response_mismatches`); the answer is not changed.
        let _ = self.record_response(tool, status, content_type, body);
    }
}

/// Whether a request carries the parameter at `address`: a query or form key (or a
/// `deepObject` key under it, or any key a family's pattern matches), a header, a cookie, or a
/// key of a JSON object body.
fn carries<B: AsRef<[u8]>>(req: &http::Request<B>, address: &str) -> bool {
    let Some((location, name)) = address
        .split_once('.')
        .and_then(|(l, n)| Some((Location::parse(l)?, n)))
    else {
        return false;
    };
    let has_key = |pairs: &str, sep: &str| {
        pairs.split(sep).any(|pair| {
            let key = pair.split('=').next().unwrap_or_default();
            let key = percent_decode_str(key.trim()).decode_utf8_lossy();
            // A pattern family (`query.cf_*`) is carried by any key it matches.
            key == name
                || key.starts_with(&format!("{name}["))
                || (name.contains('*') && catalog_core::check::address::glob_matches(name, &key))
        })
    };
    let body = req.body().as_ref();
    match location {
        Location::Query => req.uri().query().is_some_and(|q| has_key(q, "&")),
        Location::Header => req.headers().contains_key(name),
        Location::Cookie => req
            .headers()
            .get_all(http::header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|c| has_key(c, ";")),
        Location::Body => match serde_json::from_slice::<serde_json::Value>(body) {
            Ok(serde_json::Value::Object(map)) => map.contains_key(name),
            Ok(_) => false,
            Err(_) => std::str::from_utf8(body).is_ok_and(|form| has_key(form, "&")),
        },
        // A path parameter is in every request that reached the operation.
        Location::Path => true,
    }
}
