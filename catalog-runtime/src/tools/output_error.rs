//! Why a tool's answer has no structured result ([`OutputError`]): the body does not fit the
//! tool's output type, is not the output response, or does not match its `outputSchema`. The
//! message is what the agent reads, after `[no structured result: `.

use std::fmt;

/// Why a body (or a composite's value) is not made `structuredContent`: each says what was
/// expected and what came. Returned by [`Tool::output_value`](crate::tools::tool::Tool::output_value)
/// and [`CompositeOutput::structured`](crate::tools::composite::output::CompositeOutput::structured).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OutputError {
    /// The body, read with serde, does not fit the output type `type_name`.
    DoesNotFit {
        /// The output type, as `#[tool(output = T)]` names it.
        type_name: String,
        /// serde's reason, with where in the body.
        reason: String,
    },
    /// The value read as `type_name` does not serialize back to JSON.
    NotSerializable {
        /// The output type.
        type_name: String,
        /// serde's reason.
        reason: String,
    },
    /// The body is over the response cap: it was cut, not kept whole.
    OverCap,
    /// The body is not JSON (`reason`: the parser's, when it was read as text).
    NotJson {
        /// Why it does not parse, when it is text.
        reason: Option<String>,
    },
    /// The answer's status is not one of the tool's output responses.
    NotOutputStatus {
        /// The answer's status.
        status: u16,
        /// The output's status keys as the spec writes them (`200`, `2XX`).
        outputs: Vec<String>,
        /// Whether the output has several bodies (status or media type arms).
        arms: bool,
    },
    /// The answer's media type is none of the output's for its status.
    NotOutputMediaType {
        /// The answer's status.
        status: u16,
        /// The answer's media type, when it gives one.
        media_type: Option<String>,
        /// The output's media types for that status.
        documented: Vec<String>,
    },
    /// The `outputSchema` cannot be compiled (a pattern the regex engine refuses): nothing can
    /// be checked against it.
    SchemaNotCompiled {
        /// The compiler's reason.
        reason: String,
    },
    /// The API's body does not match the tool's `outputSchema`.
    BodyDoesNotMatch {
        /// Each error, with where it is.
        errors: String,
    },
    /// A composite's value does not match its `outputSchema`.
    ValueDoesNotMatch {
        /// Each error, with where it is.
        errors: String,
    },
}

impl OutputError {
    /// The body does not fit `type_name`: `reason` says why.
    pub fn does_not_fit(type_name: &str, reason: impl fmt::Display) -> OutputError {
        OutputError::DoesNotFit {
            type_name: type_name.to_string(),
            reason: reason.to_string(),
        }
    }
}

#[cfg(test)]
impl OutputError {
    /// The variant's name, for tests to compare with the message.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            OutputError::DoesNotFit { .. } => "does_not_fit",
            OutputError::NotSerializable { .. } => "not_serializable",
            OutputError::OverCap => "over_cap",
            OutputError::NotJson { .. } => "not_json",
            OutputError::NotOutputStatus { .. } => "not_output_status",
            OutputError::NotOutputMediaType { .. } => "not_output_media_type",
            OutputError::SchemaNotCompiled { .. } => "schema_not_compiled",
            OutputError::BodyDoesNotMatch { .. } => "body_does_not_match",
            OutputError::ValueDoesNotMatch { .. } => "value_does_not_match",
        }
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::DoesNotFit { type_name, reason } => {
                write!(f, "the response body does not fit `{type_name}`: {reason}")
            }
            OutputError::NotSerializable { type_name, reason } => {
                write!(f, "`{type_name}` does not serialize back to JSON: {reason}")
            }
            OutputError::OverCap => {
                f.write_str("the body is over the response cap and was not kept whole")
            }
            OutputError::NotJson { reason: None } => f.write_str("the body is not JSON"),
            OutputError::NotJson {
                reason: Some(reason),
            } => write!(f, "the body is not JSON: {reason}"),
            OutputError::NotOutputStatus {
                status,
                outputs,
                arms,
            } => write!(
                f,
                "HTTP {status} is not the tool's output (the `{}` {})",
                outputs.join("`, `"),
                if *arms { "responses" } else { "response" }
            ),
            OutputError::NotOutputMediaType {
                status,
                media_type,
                documented,
            } => write!(
                f,
                "the body's media type ({}) is none of the tool's outputs for HTTP {status} ({})",
                media_type.as_deref().unwrap_or("none given"),
                documented.join(", ")
            ),
            OutputError::SchemaNotCompiled { reason } => {
                write!(f, "the output schema cannot be compiled ({reason})")
            }
            OutputError::BodyDoesNotMatch { errors } => write!(
                f,
                "the body does not match the tool's outputSchema: {errors}"
            ),
            OutputError::ValueDoesNotMatch { errors } => write!(
                f,
                "the value does not match the tool's outputSchema: {errors}"
            ),
        }
    }
}

impl std::error::Error for OutputError {}
