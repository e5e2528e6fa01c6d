//! What every request of one HTTP server reads: rmcp's service, the server, its settings.

use super::config::HttpConfig;
use super::health::Health;
use crate::inbound::mcp::McpServer;
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use std::sync::Arc;

pub(super) struct State {
    pub(super) service: StreamableHttpService<McpServer, LocalSessionManager>,
    /// Answers plain tool calls without rmcp's per-request service ([`super::tool_call`]).
    pub(super) server: McpServer,
    /// The `Host` names accepted: loopback ones and the configured ones.
    pub(super) hosts: Vec<String>,
    pub(super) config: HttpConfig,
    pub(super) name: String,
    /// One permit per request handled at once.
    pub(super) requests: Arc<tokio::sync::Semaphore>,
    pub(super) health: Health,
}
