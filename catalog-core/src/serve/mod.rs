//! Run time, serving: the `Tool` trait, the catalog of tools, the HTTP executor and the MCP server.

#[cfg(feature = "mcp")]
pub mod auth;
pub mod catalog;
#[cfg(feature = "runtime")]
pub mod credentials;
pub mod effects;
#[cfg(feature = "runtime")]
pub mod executor;
#[cfg(feature = "mcp")]
pub mod http;
#[cfg(feature = "mcp")]
pub mod line;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod output_schema;
pub mod tool;
