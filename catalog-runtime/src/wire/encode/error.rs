//! Why a request could not be built: [`RequestError`], its [`RequestErrorKind`], and the
//! errors more than one writer raises.

use catalog_core::model::Param;
use std::fmt;

/// What kind of problem stopped a request from being built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestErrorKind {
    /// The operation's method is not a valid HTTP method.
    Method,
    /// An argument name the tool does not declare.
    UnknownArgument,
    /// A required parameter has no value.
    Missing,
    /// A path value that is empty, `.`, `..` or null.
    PathValue,
    /// The path template names a parameter the tool does not send, or is malformed.
    PathTemplate,
    /// A header or cookie name that is not a valid token.
    Name,
    /// A header value with a control character.
    HeaderValue,
    /// A value whose shape the parameter's style cannot encode (a nested array in a query).
    Shape,
    /// A body kind or shape not supported yet.
    Unsupported,
    /// A file argument that cannot be sent: a path the operator does not allow (none
    /// configured, `..`, outside the files directory) or cannot be read.
    File,
    /// The encoded multipart or binary body would pass the upload limit.
    TooLarge,
    /// The assembled URI or request was refused by the `http` crate.
    Http,
    /// A field's value could not be serialized to JSON (a user type's `Serialize` failed).
    Serialize,
}

/// Why a request could not be built.
///
/// Boxed, so that the `Result`s every encoding step returns stay a pointer wide on the path
/// where nothing fails.
#[derive(Clone, PartialEq, Eq)]
pub struct RequestError(Box<Fault>);

#[derive(Clone, PartialEq, Eq)]
pub(super) struct Fault {
    kind: RequestErrorKind,
    address: Option<String>,
    message: String,
}

impl RequestError {
    pub(crate) fn new(
        kind: RequestErrorKind,
        param: Option<&Param>,
        message: impl Into<String>,
    ) -> Self {
        RequestError(Box::new(Fault {
            kind,
            address: param.map(Param::address),
            message: message.into(),
        }))
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> RequestErrorKind {
        self.0.kind
    }

    /// The address of the parameter at fault (`query.page`, `body`), when one is.
    pub fn address(&self) -> Option<&str> {
        self.0.address.as_deref()
    }

    /// What is wrong, without the address.
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Debug for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RequestError")
            .field("kind", &self.0.kind)
            .field("address", &self.0.address)
            .field("message", &self.0.message)
            .finish()
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.address {
            Some(a) => write!(f, "cannot build the request: {a}: {}", self.0.message),
            None => write!(f, "cannot build the request: {}", self.0.message),
        }
    }
}

impl std::error::Error for RequestError {}

pub(super) fn missing(param: &Param) -> RequestError {
    RequestError::new(
        RequestErrorKind::Missing,
        Some(param),
        "required, but no value was given",
    )
}

pub(super) fn template_error(message: String) -> RequestError {
    RequestError::new(RequestErrorKind::PathTemplate, None, message)
}

pub(super) fn path_null(param: &Param) -> RequestError {
    RequestError::new(
        RequestErrorKind::PathValue,
        Some(param),
        "a path value cannot be null: a path has no null form unless one is declared \
         (`#[arg(null = \"...\")]`, or for the spec when it is indexed)",
    )
}

pub(super) fn not_json(param: &Param, e: serde_json::Error) -> RequestError {
    RequestError::new(
        RequestErrorKind::Shape,
        Some(param),
        format!("the body is not JSON: {e}"),
    )
}

pub(super) fn nested(param: &Param) -> RequestError {
    RequestError::new(
        RequestErrorKind::Shape,
        Some(param),
        format!(
            "an array or object inside another has no encoding in a {} parameter of style `{}`: \
             send a scalar, an array of scalars, or an object of scalars",
            param.location,
            catalog_core::spec::shapes::style_name(param.location, param.style)
        ),
    )
}
