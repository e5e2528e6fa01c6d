//! A call's way in, and its answer's way back: the MCP server ([`mcp`]), the transports it is
//! served over ([`transport`]), who may call what ([`access`]), and what the agent gets back
//! ([`results`]).

pub mod access;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod results;
#[cfg(feature = "mcp")]
pub mod transport;
