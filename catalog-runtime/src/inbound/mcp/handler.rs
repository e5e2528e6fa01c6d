//! The MCP handler: `initialize`, `tools/list`, `tools/call` and `subscriptions/listen` as
//! `rmcp` asks them.

use super::McpServer;
use crate::observe::trace::Context;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ListToolsResult, PaginatedRequestParams, ServerConfig,
    SubscriptionFilter,
};
use rmcp::service::{RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        self.info.clone()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let headers = context
            .extensions
            .get::<http::request::Parts>()
            .map(|parts| &parts.headers);
        let caller = self.caller(headers, None)?;
        let offered = self.offer.offered(&self.catalog, caller.selection.as_ref());
        let list = ListToolsResult::with_all_items(
            self.tools
                .iter()
                .filter(|t| offered.contains(&t.name.as_ref()))
                .map(|t| self.as_listed(t))
                .collect(),
        );
        Ok(self.with_cache_hints(list, context.protocol_version().as_ref()))
    }

    /// A `subscriptions/listen` stream (MCP 2026-07-28, SEP-2575) may carry tool list
    /// changes, the one list-changed notification this server advertises (`tools.listChanged`);
    /// rmcp narrows this to what the client asked for and acknowledges it first.
    fn accepted_subscription_filter(
        &self,
        _requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(SubscriptionFilter::builder().tools_list_changed().build())
    }

    /// Holds the stream open until the client ends it, sending
    /// `notifications/tools/list_changed` (tagged with the subscription's id by rmcp) each
    /// time the tools offered change ([`McpServer::set_selection`]), when the client asked
    /// for them.
    async fn listen(&self, subscription: SubscriptionContext) -> Result<(), ErrorData> {
        let mut changes = self.list_changes.subscribe();
        let wants_tools = subscription.accepted().tools_list_changed == Some(true);
        loop {
            tokio::select! {
                () = subscription.cancelled() => return Ok(()),
                changed = changes.changed(), if wants_tools => {
                    // The server is gone, or the stream: either way it ends here.
                    if changed.is_err()
                        || subscription.sink().notify_tool_list_changed().await.is_err()
                    {
                        return Ok(());
                    }
                }
            }
        }
    }

    async fn on_initialized(&self, context: rmcp::service::NotificationContext<RoleServer>) {
        self.offer.add_peer(context.peer);
    }

    /// Boxed: `rmcp` moves a request's future into a task and through its handler (each
    /// move a copy), so the kilobytes of a call stay behind one pointer.
    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        Box::pin(self.answer_call(request, context))
    }
}

impl McpServer {
    /// `tools/call` as the MCP handler answers it: the caller's trace, revision, selection,
    /// confirmation rounds and verified identity, then [`McpServer::call_traced`].
    async fn answer_call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // Cancelled (`notifications/cancelled`, a dropped HTTP stream): dropping the call drops
        // the API request with it. rmcp sends no answer for a cancelled request.
        // The call's `_meta` (rmcp hands it over in the context), else the HTTP POST's own
        // headers ([`crate::observe::trace`]).
        let meta = request.meta.as_ref().unwrap_or(&context.meta);
        let from_meta = Context::from_values(meta.get_traceparent(), meta.get_tracestate());
        let from_headers = context
            .extensions
            .get::<http::request::Parts>()
            .map_or_else(Context::default, |parts| {
                let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
                Context::from_values(header("traceparent"), header("tracestate"))
            });
        let trace = from_meta.or(from_headers);
        let headers = context
            .extensions
            .get::<http::request::Parts>()
            .map(|parts| &parts.headers);
        let revision = context.protocol_version();
        // Who the HTTP caller is, for the audit trail.
        let key = context
            .extensions
            .get::<http::request::Parts>()
            .and_then(|parts| {
                parts
                    .extensions
                    .get::<crate::inbound::access::rate_limit::CallerKey>()
                    .cloned()
            });
        let mut caller = match self.caller(headers, Some(&context.peer)) {
            Ok(caller) => caller,
            Err(refused) => {
                self.audit_refused(
                    key.as_ref(),
                    &request.name,
                    request.arguments.as_ref(),
                    &trace,
                    "selection_headers",
                );
                return Err(refused);
            }
        };
        caller.key = key;
        caller.revision = revision.as_ref().map(rmcp::model::ProtocolVersion::as_str);
        // A POST's tool calls were checked against the rate limits by the HTTP server.
        caller.rate_checked = context
            .extensions
            .get::<http::request::Parts>()
            .is_some_and(|parts| {
                parts
                    .extensions
                    .get::<crate::inbound::transport::http::rate::RateChecked>()
                    .is_some()
            });
        // Progress for a call that asked for it, with its token.
        caller.progress = meta.get_progress_token().map(|token| {
            let composite = self
                .catalog
                .get(&request.name)
                .is_some_and(|t| t.is_composite());
            crate::observe::progress::Progress::new(context.peer.clone(), token, composite)
        });
        // A client on 2026-07-28 or later is asked for a confirmation by `input_required`, when
        // it declared form elicitation on the request.
        let asked = std::sync::Mutex::new(None);
        let current = revision
            .as_ref()
            .is_some_and(|r| *r >= rmcp::model::ProtocolVersion::V_2026_07_28);
        let elicits = context
            .client_capabilities()
            .and_then(|c| c.elicitation)
            .is_some_and(|e| e.form.is_some() || e.url.is_none());
        if current && elicits {
            caller.rounds = Some(crate::inbound::access::confirm::Rounds {
                responses: request.input_responses.as_ref(),
                asked: &asked,
            });
        }
        // The verified caller the HTTP server put on the request, for per-user credentials.
        let verified = context
            .extensions
            .get::<http::request::Parts>()
            .and_then(|parts| {
                parts
                    .extensions
                    .get::<crate::outbound::credentials::Caller>()
            })
            .cloned();
        let call = crate::outbound::credentials::per_user::scope(
            verified,
            self.call_traced(&request.name, request.arguments, trace, caller),
        );
        let answer = tokio::select! {
            result = call => result,
            () = context.ct.cancelled() => Err(ErrorData::internal_error("the call was cancelled", None)),
        }?;
        match asked.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(question) => Ok(CallToolResponse::InputRequired(question)),
            None => Ok(answer.into()),
        }
    }
}
