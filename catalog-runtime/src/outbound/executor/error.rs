//! Why a request was not answered ([`ExecuteError`]), and why the readiness probe got no
//! answer ([`ProbeError`]).

use super::writes::ENV_ALLOW_WRITES;
use crate::wire::observe::Undeclared;
use http::Method;
use std::fmt;
use std::time::Duration;

/// Why a request was not answered.
#[derive(Debug)]
pub enum ExecuteError {
    /// The tool writes and writes are not enabled for it; nothing was sent.
    WritesDisabled {
        /// The method refused.
        method: Method,
        /// The tool that sent it (empty for a request sent without a tool name).
        tool: String,
    },
    /// The request could not be turned into a URL or an HTTP request; nothing was sent.
    InvalidRequest(String),
    /// No complete answer came within the timeout (headers and body together).
    Timeout(Duration),
    /// The connection failed or broke off.
    Transport(String),
    /// The executor's recorder ([`RequestObserver`](crate::wire::observe::RequestObserver)) found
    /// that the request reaches an operation its tool does not
    /// declare; nothing was sent.
    Undeclared(Undeclared),
    /// The operation needs a credential the executor does not have, or a client-credentials
    /// token (or a token exchange) could not be fetched; nothing was sent to the API.
    Credentials(String),
    /// The call's caller has no credential of their own for the operation: no verified caller,
    /// the authorization server refused the exchange, or the operator's credential source had
    /// none ([`crate::outbound::credentials::per_user`]); nothing was sent to the API. A tool
    /// error, not a server fault.
    CallerCredential(String),
}

impl fmt::Display for ExecuteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExecuteError::WritesDisabled { method, tool } if tool.is_empty() => write!(
                f,
                "writes are disabled: this request sends {method}, and only GET, HEAD and \
                 OPTIONS are allowed; enable writes with {ENV_ALLOW_WRITES}=1 in the server's \
                 environment (ExecutorConfig::allow_writes(true) in code)"
            ),
            ExecuteError::WritesDisabled { method, tool } => write!(
                f,
                "writes are disabled for `{tool}`: it sends {method}; enable it with \
                 {ENV_ALLOW_WRITES}={tool} in the server's environment (a comma-separated list \
                 of tools; {ENV_ALLOW_WRITES}=1 enables every tool; ExecutorConfig::writes in \
                 code)"
            ),
            ExecuteError::InvalidRequest(m) => write!(f, "the request cannot be sent: {m}"),
            ExecuteError::Timeout(t) => {
                write!(f, "the API did not answer within {} s", t.as_secs_f64())
            }
            ExecuteError::Transport(m) => write!(f, "the API could not be reached: {m}"),
            ExecuteError::Undeclared(u) => write!(f, "the request was not sent: {u}"),
            ExecuteError::Credentials(m) | ExecuteError::CallerCredential(m) => {
                write!(f, "the request was not sent: {m}")
            }
        }
    }
}

impl std::error::Error for ExecuteError {}

/// Why the readiness probe got no answer. The message leaves out the URL, so it can be shown
/// to unauthenticated health checks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProbeError {
    /// The base URL does not make a request (the reason).
    Unrequestable(String),
    /// The connection failed: the error and each of its causes, `: `-separated.
    Failed(String),
    /// No answer's head came within the timeout.
    Timeout(Duration),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Unrequestable(why) => {
                write!(f, "the base URL cannot be requested: {why}")
            }
            ProbeError::Failed(causes) => f.write_str(causes),
            ProbeError::Timeout(t) => write!(f, "no answer within {} s", t.as_secs_f64()),
        }
    }
}

impl std::error::Error for ProbeError {}
