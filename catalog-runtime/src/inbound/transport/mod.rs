//! The transports an [`McpServer`](crate::inbound::mcp::McpServer) is served over: stdio
//! ([`stdio`]) and Streamable HTTP ([`http`]), and how each stops gracefully ([`shutdown`]).

pub mod http;
pub mod shutdown;
pub mod stdio;
