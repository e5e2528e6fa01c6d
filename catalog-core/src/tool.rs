//! The runtime surface of a tool: the [`Tool`] trait that `#[tool]` implements, and the glue its
//! expansion calls.

use crate::decode::{ArgumentError, check_arguments};
use crate::model::Operation;
use crate::routing::{ArgValue, RequestError, RequestErrorKind, build_request};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A tool: arguments an agent sends as JSON, checked against one OpenAPI operation at compile
/// time and turned into exactly one HTTP request at run time. Implemented by `#[tool]`.
pub trait Tool: Sized {
    /// The MCP tool name (snake_case of the operationId unless `#[tool(name = "...")]`).
    const NAME: &'static str;
    /// What the agent is told: the struct's doc comment (else the operation's summary), plus
    /// what the accounting means for it (full replace, parameters it cannot send).
    const DESCRIPTION: &'static str;
    /// The MCP `inputSchema`, as JSON text fixed at compile time.
    const INPUT_SCHEMA: &'static str;

    /// The operation: id, method, path template, spec title/version/hash, and the accounting.
    fn operation() -> &'static Operation;
    /// The input schema, parsed once.
    fn input_schema() -> &'static Value;
    /// Decodes an agent's arguments strictly: unknown names, Omitted parameters, types, enums,
    /// bounds and nullability are checked, with the JSON path of the offending value.
    fn from_arguments(args: Value) -> Result<Self, ArgumentError>;
    /// The HTTP request: URI relative to the API's base URL, method, headers, body. Fixed values
    /// are included; Omitted parameters are never sent.
    fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError>;
}

/// Glue for the `#[tool]` expansion. Not a public API: it changes without notice.
#[doc(hidden)]
pub mod __private {
    use super::*;

    pub use serde_json::Value;
    /// The request type tools build.
    pub type Request = http::Request<Vec<u8>>;

    /// Parses the operation JSON the macro embedded. The macro wrote it from a valid
    /// `Operation`, so failure is a bug in catalog, not in the user's input.
    pub fn operation(json: &str) -> Operation {
        serde_json::from_str(json).unwrap_or_else(|e| {
            panic!("catalog bug: the operation embedded by #[tool] does not parse: {e}")
        })
    }

    /// Parses the schema JSON the macro embedded.
    pub fn schema(json: &str) -> Value {
        serde_json::from_str(json).unwrap_or_else(|e| {
            panic!("catalog bug: the schema embedded by #[tool] does not parse: {e}")
        })
    }

    /// Checks the arguments and hands back their map.
    pub fn arguments(op: &Operation, args: Value) -> Result<Map<String, Value>, ArgumentError> {
        check_arguments(op, &args)?;
        match args {
            Value::Object(map) => Ok(map),
            _ => Err(ArgumentError::other("$", "arguments must be a JSON object")),
        }
    }

    fn decode<T: DeserializeOwned>(name: &str, v: Value) -> Result<T, ArgumentError> {
        serde_json::from_value(v)
            .map_err(|e| ArgumentError::other(format!("$.{name}"), e.to_string()))
    }

    /// A field typed `T`: the argument must be present (checked already) and not null.
    pub fn take<T: DeserializeOwned>(
        map: &mut Map<String, Value>,
        name: &str,
    ) -> Result<T, ArgumentError> {
        match map.remove(name) {
            Some(v) => decode(name, v),
            None => Err(ArgumentError::other(
                format!("$.{name}"),
                format!("`{name}` is required"),
            )),
        }
    }

    /// A field typed `Option<T>`: absent and null are both `None`.
    pub fn take_option<T: DeserializeOwned>(
        map: &mut Map<String, Value>,
        name: &str,
    ) -> Result<Option<T>, ArgumentError> {
        match map.remove(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => decode(name, v).map(Some),
        }
    }

    /// A field typed `Option<Option<T>>`: absent is `None`, null is `Some(None)`.
    pub fn take_nullable<T: DeserializeOwned>(
        map: &mut Map<String, Value>,
        name: &str,
    ) -> Result<Option<Option<T>>, ArgumentError> {
        match map.remove(name) {
            None => Ok(None),
            Some(Value::Null) => Ok(Some(None)),
            Some(v) => decode(name, v).map(|t| Some(Some(t))),
        }
    }

    fn encode<T: Serialize>(v: &T) -> Result<Value, RequestError> {
        serde_json::to_value(v)
            .map_err(|e| RequestError::new(RequestErrorKind::Serialize, None, e.to_string()))
    }

    /// A field typed `T`.
    pub fn arg<T: Serialize>(v: &T) -> Result<ArgValue, RequestError> {
        encode(v).map(ArgValue::from)
    }

    /// A field typed `Option<T>`: `None` is left out, or sent as null when the parameter is
    /// required and nullable (its key is always present).
    pub fn arg_option<T: Serialize>(
        v: &Option<T>,
        null_when_none: bool,
    ) -> Result<ArgValue, RequestError> {
        match v {
            Some(v) => arg(v),
            None if null_when_none => Ok(ArgValue::Null),
            None => Ok(ArgValue::Absent),
        }
    }

    /// A field typed `Option<Option<T>>`: `None` is left out, `Some(None)` is sent as null.
    pub fn arg_nullable<T: Serialize>(v: &Option<Option<T>>) -> Result<ArgValue, RequestError> {
        match v {
            None => Ok(ArgValue::Absent),
            Some(None) => Ok(ArgValue::Null),
            Some(Some(v)) => arg(v),
        }
    }

    /// Builds the request.
    pub fn request(op: &Operation, args: &[(&str, ArgValue)]) -> Result<Request, RequestError> {
        build_request(op, args)
    }
}
