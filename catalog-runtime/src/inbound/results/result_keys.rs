//! The names a tool result's parts are known by, shared by the result's writer
//! ([`crate::inbound::results::result`]) and its sizing ([`crate::inbound::results::result_size`]).

/// The `_meta` key of a result that holds the HTTP facts of the API's answer.
pub const META_KEY: &str = "catalog/response";
/// The `_meta` key of a result that holds how many times the request was sent (1 unless it was
/// retried: [`crate::outbound::executor::retry`]).
pub const ATTEMPTS_KEY: &str = "catalog/attempts";

/// What the text says in place of a body that is in `structuredContent`.
pub(crate) const IN_STRUCTURED_CONTENT: &str = "[the body is in structuredContent]";
