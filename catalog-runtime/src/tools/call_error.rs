//! Why a call was not answered ([`CallError`]) and why a composite did not finish
//! ([`ToolError`]): each can hold the other (a composite's binding refused, a composite's call
//! failed), so they live together.

use crate::wire::decode::ArgumentError;
use crate::wire::encode::RequestError;
#[cfg(feature = "runtime")]
use serde_json::Value;
use std::fmt;

/// Why a call was not answered by the API.
#[derive(Debug)]
pub enum CallError {
    /// No tool has this name; `suggestion` names the nearest one (or lists them all).
    UnknownTool {
        /// The name asked for.
        name: String,
        /// `did you mean `x`?`, or the list of tools.
        suggestion: String,
    },
    /// The arguments were refused; nothing was sent.
    Arguments(ArgumentError),
    /// The request could not be built from valid arguments (e.g. a CR/LF in a header value, a
    /// `..` path segment); nothing was sent.
    Request(RequestError),
    /// The executor refused the request or it failed on the way.
    #[cfg(feature = "runtime")]
    Execute(crate::outbound::executor::error::ExecuteError),
    /// A composite tool did not finish: what went wrong, told to the agent.
    #[cfg(feature = "runtime")]
    Composite(ToolError),
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::UnknownTool { name, suggestion } => {
                write!(f, "unknown tool `{name}`: {suggestion}")
            }
            CallError::Arguments(e) => write!(f, "{e}"),
            CallError::Request(e) => write!(f, "{e}"),
            #[cfg(feature = "runtime")]
            CallError::Execute(e) => write!(f, "{e}"),
            #[cfg(feature = "runtime")]
            CallError::Composite(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CallError {}

/// Why a composite did not finish. Each is told to the agent as a tool error.
#[cfg(feature = "runtime")]
#[derive(Debug)]
#[non_exhaustive]
pub enum ToolError {
    /// A binding's request was not answered (refused before sending, or the exchange failed).
    Call {
        /// The binding's tool name.
        binding: &'static str,
        /// Why.
        error: Box<CallError>,
    },
    /// The API answered a binding's request with a status that is not 2xx.
    Status {
        /// The binding's tool name.
        binding: &'static str,
        /// The status.
        status: u16,
        /// The body (JSON, else text).
        body: Value,
    },
    /// The API answered a binding's request with a 2xx whose body says the call failed (a
    /// failure rule of the binding: the spec's `ok: enum [true]`, or its `failure(...)`).
    Refused {
        /// The binding's tool name.
        binding: &'static str,
        /// The API's error text (the body's `error`, else `message`, else the body).
        error: String,
        /// The rule, in a sentence.
        rule: String,
    },
    /// A read-modify-write's write was refused with 412: the record changed after it was read.
    Changed {
        /// The binding that read.
        read: &'static str,
        /// The binding that wrote.
        write: &'static str,
    },
    /// The arguments the composite built for a binding were refused by its decoding.
    Binding {
        /// The binding's tool name.
        binding: &'static str,
        /// The problems.
        error: ArgumentError,
    },
    /// A binding's answer is over the response cap.
    TooLarge {
        /// The binding's tool name.
        binding: &'static str,
        /// The cap.
        max_bytes: usize,
    },
    /// The composite's own message to the agent.
    Message(String),
}

#[cfg(feature = "runtime")]
impl ToolError {
    /// The composite's own error: `message` is what the agent reads.
    pub fn message(message: impl Into<String>) -> ToolError {
        ToolError::Message(message.into())
    }

    /// The string at `key` of an answer (`channel["id"]`), or an error naming what is missing.
    pub fn field(value: &Value, key: &str) -> Result<String, ToolError> {
        value
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| {
                ToolError::Message(format!(
                    "the API's answer has no string `{key}`: {}",
                    short(&value.to_string())
                ))
            })
    }
}

#[cfg(feature = "runtime")]
// At most 200 characters of a value, for a message.
fn short(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(feature = "runtime")]
impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Call { binding, error } => write!(f, "`{binding}`: {error}"),
            ToolError::Status {
                binding,
                status,
                body,
            } => write!(f, "`{binding}`: the API answered HTTP {status}: {body}"),
            ToolError::Refused {
                binding,
                error,
                rule,
            } => write!(f, "`{binding}`: the API refused the call: {error}; {rule}"),
            ToolError::Changed { read, write } => write!(
                f,
                "the record changed after `{read}` read it: `{write}` was refused with HTTP 412 \
                 Precondition Failed and nothing was written; call this tool again to apply \
                 the change to the current record"
            ),
            ToolError::Binding { binding, error } => {
                write!(f, "`{binding}` cannot be called with these values: {error}")
            }
            ToolError::TooLarge { binding, max_bytes } => write!(
                f,
                "`{binding}`: the API's answer is over the response cap of {max_bytes} bytes \
                 (CATALOG_MAX_RESPONSE_BYTES), and a composite needs it whole; ask for less"
            ),
            ToolError::Message(m) => f.write_str(m),
        }
    }
}

#[cfg(feature = "runtime")]
impl std::error::Error for ToolError {}
