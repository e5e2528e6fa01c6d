//! Run time, serving: the `Tool` trait, the catalog of tools, the HTTP executor and the MCP server.

#[cfg(feature = "mcp")]
pub mod auth;
#[cfg(feature = "runtime")]
pub mod bounded;
pub mod catalog;
#[cfg(feature = "runtime")]
pub mod credentials;
pub mod effects;
pub mod embedded;
#[cfg(feature = "runtime")]
pub mod executor;
#[cfg(feature = "mcp")]
pub mod http;
#[cfg(feature = "mcp")]
pub mod line;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod output_schema;
#[cfg(feature = "runtime")]
pub mod paging;
#[cfg(feature = "mcp")]
pub mod result;
#[cfg(feature = "mcp")]
pub mod settings;
pub mod smuggling;
pub mod tool;
