//! What the agent gets back: the MCP result of an API answer ([`result`]), sized for a model's
//! context ([`result_size`]), how to ask for the rest of a cut list ([`paging`]), and the API's
//! words marked as the API's ([`untrusted`]).

#[cfg(feature = "runtime")]
pub mod paging;
#[cfg(feature = "mcp")]
pub mod result;
#[cfg(feature = "mcp")]
pub(crate) mod result_keys;
#[cfg(feature = "mcp")]
pub mod result_size;
#[cfg(feature = "mcp")]
pub mod untrusted;
