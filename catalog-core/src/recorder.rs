//! A request recorder for test suites: every request a tool sends is matched to an operation of
//! the spec by method and path template, so a tool that reaches an operation it does not declare
//! fails the test, and the suite can report (and fail on) declared operations never called.
//!
//! Matching: the path is split on `/` before percent-decoding (so an encoded `%2F` stays inside
//! its segment), each segment is decoded, and a template matches when every literal segment is
//! equal and every `{param}` segment is non-empty. When several templates match, the most
//! specific wins: at the first segment where they differ, a literal beats a parameter
//! (`/users/me` beats `/users/{id}`). A trailing slash is significant only when both spellings
//! are in the spec; otherwise `/devices` and `/devices/` are the same path.

use crate::index::Index;
use crate::model::Operation;
use percent_encoding::percent_decode_str;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;

#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    Param,
}

#[derive(Debug, Clone)]
struct Route {
    method: String,
    segments: Vec<Segment>,
    trailing_slash: bool,
    key: String,
}

/// Matches concrete requests to the operations of a spec.
#[derive(Debug, Clone)]
pub struct RouteMatcher {
    routes: Vec<Route>,
}

/// The outcome of matching one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteMatch {
    /// The operation, as `METHOD /path`.
    Operation(String),
    /// The path matches operations, but none with this method; their methods.
    WrongMethod(Vec<String>),
    /// No template matches the path.
    NoRoute,
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
                    segments: segs
                        .into_iter()
                        .map(|s| {
                            if s.starts_with('{') && s.ends_with('}') {
                                Segment::Param
                            } else {
                                Segment::Literal(s.to_string())
                            }
                        })
                        .collect(),
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
                    && r.segments.iter().zip(&decoded).all(|(seg, got)| match seg {
                        Segment::Literal(l) => l == got,
                        Segment::Param => !got.is_empty(),
                    })
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
            let rank = |r: &Route| -> Vec<u8> {
                r.segments
                    .iter()
                    .map(|s| u8::from(matches!(s, Segment::Literal(_))))
                    .collect()
            };
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

/// A request that reached an operation its tool does not declare, or no operation at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undeclared {
    /// The tool that sent it.
    pub tool: String,
    /// The request's method and path.
    pub request: String,
    /// What it matched.
    pub matched: RouteMatch,
    /// The operation the tool declares.
    pub declared: String,
}

impl fmt::Display for Undeclared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reached = match &self.matched {
            RouteMatch::Operation(k) => format!("operation `{k}`"),
            RouteMatch::WrongMethod(m) => {
                format!("a path the spec serves only for {}", m.join(", "))
            }
            RouteMatch::NoRoute => "no operation of the spec".to_string(),
        };
        write!(
            f,
            "tool `{}` sent `{}`, which reaches {reached}; the tool declares `{}`",
            self.tool, self.request, self.declared
        )
    }
}

impl std::error::Error for Undeclared {}

/// Records the requests tools send during a test suite and checks each against its tool's
/// declared operation.
#[derive(Debug)]
pub struct Recorder {
    matcher: RouteMatcher,
    base_path: String,
    declared: BTreeMap<String, String>,
    calls: Mutex<BTreeMap<String, usize>>,
}

impl Recorder {
    /// A recorder for `tools` (tool name and its operation) against the spec's index. The base
    /// path is stripped from request paths first (`/api/v1` for `http://host/api/v1`).
    pub fn new<'a>(
        index: &Index,
        tools: impl IntoIterator<Item = (&'a str, &'a Operation)>,
        base_path: &str,
    ) -> Recorder {
        Recorder {
            matcher: RouteMatcher::new(&index.operations),
            base_path: base_path.trim_end_matches('/').to_string(),
            declared: tools
                .into_iter()
                .map(|(name, op)| (name.to_string(), op.key()))
                .collect(),
            calls: Mutex::new(BTreeMap::new()),
        }
    }

    /// Records one request a tool sent. An error means the request reached an operation the tool
    /// does not declare (or none): the test should fail with it.
    pub fn record(&self, tool: &str, method: &str, path: &str) -> Result<(), Undeclared> {
        let relative = path.strip_prefix(&self.base_path).unwrap_or(path);
        let matched = self.matcher.find(method, relative);
        let declared = self.declared.get(tool).cloned().unwrap_or_default();
        match &matched {
            RouteMatch::Operation(k) if *k == declared => {
                if let Ok(mut calls) = self.calls.lock() {
                    *calls.entry(k.clone()).or_default() += 1;
                }
                Ok(())
            }
            _ => Err(Undeclared {
                tool: tool.to_string(),
                request: format!("{method} {path}"),
                matched,
                declared,
            }),
        }
    }

    /// Records a built request (`Tool::to_request`'s output).
    pub fn record_request<B>(&self, tool: &str, req: &http::Request<B>) -> Result<(), Undeclared> {
        self.record(tool, req.method().as_str(), req.uri().path())
    }

    /// The declared operations no request reached, as `tool: METHOD /path`, sorted.
    pub fn never_called(&self) -> Vec<String> {
        let calls = self.calls.lock().map(|c| c.clone()).unwrap_or_default();
        self.declared
            .iter()
            .filter(|(_, key)| !calls.contains_key(*key))
            .map(|(tool, key)| format!("{tool}: {key}"))
            .collect()
    }

    /// A report of calls per declared operation.
    pub fn report(&self) -> String {
        let calls = self.calls.lock().map(|c| c.clone()).unwrap_or_default();
        let mut out = String::new();
        for (tool, key) in &self.declared {
            let n = calls.get(key).copied().unwrap_or(0);
            out.push_str(&format!("{n:>5}  {tool}: {key}\n"));
        }
        out
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
}
