//! What watches the requests an executor sends, without the executor naming it: a
//! [`RequestObserver`] sees each request before it is sent (and may refuse it, [`Undeclared`]),
//! then the response. The test suites' recorder (`crate::audit::recorder::Recorder`) is one;
//! the executor only knows the trait, so serving does not depend on auditing.

use std::fmt;

/// Sees the requests an executor sends and the responses it receives
/// (`Executor::with_recorder`). It runs on the executor's tasks, so it is `Send + Sync`.
pub trait RequestObserver: fmt::Debug + Send + Sync {
    /// A request `tool` built, before it is sent (after the writes guard); an error refuses it,
    /// and nothing is sent. `tool` is empty for a request sent without a tool name.
    fn observe_request(
        &self,
        tool: &str,
        request: &http::Request<Vec<u8>>,
    ) -> Result<(), Undeclared>;

    /// The response `tool` received: its status, media type and body (empty when the body was
    /// cut at the response cap). What the observer finds is its own to keep: the response goes
    /// back to the caller as it came.
    fn observe_response(&self, tool: &str, status: u16, content_type: Option<&str>, body: &[u8]);
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

/// A request that reached an operation its tool does not declare, or no operation at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undeclared {
    /// The tool that sent it; empty when it was sent without a tool name
    /// ([`Executor::execute`](crate::outbound::executor::Executor::execute) rather than `execute_tool`).
    pub tool: String,
    /// The request's method and path.
    pub request: String,
    /// What it matched.
    pub matched: RouteMatch,
    /// The operation the tool declares; empty when the recorder does not know the tool.
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
        let who = if self.tool.is_empty() {
            "a request without a tool name".to_string()
        } else {
            format!("tool `{}`", self.tool)
        };
        let declares = match (self.tool.is_empty(), self.declared.is_empty()) {
            (true, _) => "send it with Executor::execute_tool or Catalog::call so that it can \
                          be checked against its tool"
                .to_string(),
            (false, true) => "the recorder was not given this tool".to_string(),
            (false, false) => format!("the tool declares `{}`", self.declared),
        };
        write!(
            f,
            "{who} sent `{}`, which reaches {reached}; {declares}",
            self.request
        )
    }
}

impl std::error::Error for Undeclared {}
