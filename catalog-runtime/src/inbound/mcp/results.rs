//! The server's settings for what a model reads: the form and the cap of results
//! ([`crate::inbound::results::result_size`]), whether `tools/list` carries output schemas, and its cache
//! hints.

use super::McpServer;
use crate::inbound::results::result_size::{
    ENV_MAX_RESULT_TOKENS, ENV_OUTPUT_SCHEMAS, ENV_RESULT_FORM, ResultCaps, ResultForm,
};
use crate::inbound::results::untrusted::{self, ENV_UNTRUSTED_DATA};
use crate::outbound::executor::ConfigError;
use rmcp::model::{CacheScope, CallToolResult, ListToolsResult, ProtocolVersion};
use std::sync::Arc;
use std::time::Duration;

impl McpServer {
    /// Where results carry the API's body (default [`ResultForm::Auto`]: in
    /// `structuredContent` for clients on MCP 2025-06-18 or later, in the text for the others).
    pub fn result_form(mut self, form: ResultForm) -> Self {
        Arc::make_mut(&mut self.results).form = form;
        self
    }

    /// Caps every tool's results at `tokens` (at least
    /// [`MIN_RESULT_TOKENS`](crate::inbound::results::result_size::MIN_RESULT_TOKENS); default
    /// [`DEFAULT_MAX_RESULT_TOKENS`](crate::inbound::results::result_size::DEFAULT_MAX_RESULT_TOKENS)),
    /// everything in a result counted. A tool's own cap ([`Self::max_result_tokens_for`]) wins.
    pub fn max_result_tokens(mut self, tokens: usize) -> Self {
        Arc::make_mut(&mut self.results).caps.default_tokens =
            tokens.max(crate::inbound::results::result_size::MIN_RESULT_TOKENS);
        self
    }

    /// Caps `tool`'s results at `tokens` (at least
    /// [`MIN_RESULT_TOKENS`](crate::inbound::results::result_size::MIN_RESULT_TOKENS)). Serving refuses to
    /// start when `tool` is not one of the server's tools.
    pub fn max_result_tokens_for(mut self, tool: &str, tokens: usize) -> Self {
        Arc::make_mut(&mut self.results).caps.tools.insert(
            tool.to_string(),
            tokens.max(crate::inbound::results::result_size::MIN_RESULT_TOKENS),
        );
        self
    }

    /// Whether `tools/list` carries each typed tool's `outputSchema` (default `false`: the
    /// results are checked against it all the same, and `structuredContent` is sent as
    /// [`Self::result_form`] says). `true` advertises it, summarized past
    /// [`DEFAULT_OUTPUT_SCHEMA_BYTES`](catalog_core::present::output_budget::DEFAULT_OUTPUT_SCHEMA_BYTES),
    /// for a client that validates `structuredContent` or shows the schema; the list then costs
    /// about twice as much ([`ENV_OUTPUT_SCHEMAS`]).
    pub fn advertise_output_schemas(mut self, advertise: bool) -> Self {
        Arc::make_mut(&mut self.results).output_schemas = advertise;
        self
    }

    /// `tool` as `tools/list` gives it under these settings: without its `outputSchema` unless
    /// [`Self::advertise_output_schemas`].
    pub(crate) fn as_listed(&self, tool: &rmcp::model::Tool) -> rmcp::model::Tool {
        let mut tool = tool.clone();
        if !self.results.output_schemas {
            tool.output_schema = None;
        }
        tool
    }

    /// The caps results are held to.
    pub fn result_caps(&self) -> &ResultCaps {
        &self.results.caps
    }

    /// Whether each result built from an API's answer has its text between two lines carrying
    /// a nonce drawn for the call, the nonce in `_meta["catalog/untrusted"]` (default `false`;
    /// [`ENV_UNTRUSTED_DATA`], [`crate::inbound::results::untrusted`]).
    pub fn mark_untrusted_data(mut self, mark: bool) -> Self {
        Arc::make_mut(&mut self.results).untrusted = mark;
        self
    }

    /// The cap in bytes of `tool`'s result as built: less what the untrusted-data marks add,
    /// when they are on.
    pub(crate) fn result_cap(&self, tool: &str) -> usize {
        let cap = self.results.caps.bytes(tool);
        if self.results.untrusted {
            cap.saturating_sub(untrusted::OVERHEAD)
        } else {
            cap
        }
    }

    /// A result built from an API's answer, marked as untrusted data when that is on.
    pub(crate) fn api_result(&self, result: CallToolResult) -> CallToolResult {
        if self.results.untrusted {
            untrusted::mark(result)
        } else {
            result
        }
    }

    /// The cache hints `tools/list` carries for clients on MCP 2026-07-28 or later (`ttlMs`,
    /// `cacheScope`): how long a client may keep the list (default [`DEFAULT_LIST_TTL`](super::DEFAULT_LIST_TTL)), and
    /// whether a cache shared by several users may keep it (`public`; default `false`, as the
    /// list may differ between callers).
    pub fn list_cache(mut self, ttl: Duration, public: bool) -> Self {
        let settings = Arc::make_mut(&mut self.results);
        settings.list_ttl = ttl;
        settings.list_public = public;
        self
    }

    /// `list` with the cache hints, for a client on `revision` 2026-07-28 or later (the
    /// revision that defines them); earlier revisions get the list as it is.
    pub(crate) fn with_cache_hints(
        &self,
        list: ListToolsResult,
        revision: Option<&ProtocolVersion>,
    ) -> ListToolsResult {
        let defines_them = revision.is_some_and(|r| r.as_str() >= "2026-07-28");
        if !defines_them {
            return list;
        }
        let ttl = u64::try_from(self.results.list_ttl.as_millis()).unwrap_or(u64::MAX);
        let scope = if self.results.list_public {
            CacheScope::Public
        } else {
            CacheScope::Private
        };
        list.with_ttl_ms(ttl).with_cache_scope(scope)
    }

    /// Reads [`ENV_RESULT_FORM`], [`ENV_MAX_RESULT_TOKENS`], [`ENV_OUTPUT_SCHEMAS`] and
    /// [`ENV_UNTRUSTED_DATA`] when set.
    pub(crate) fn read_result_env(
        mut self,
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        if let Some(v) = lookup(ENV_RESULT_FORM) {
            self = self.result_form(ResultForm::parse(&v)?);
        }
        if let Some(v) = lookup(ENV_MAX_RESULT_TOKENS) {
            Arc::make_mut(&mut self.results).caps.read(&v)?;
        }
        if let Some(v) = lookup(ENV_OUTPUT_SCHEMAS) {
            self = self.advertise_output_schemas(
                crate::inbound::results::result_size::output_schemas(&v)?,
            );
        }
        if let Some(v) = lookup(ENV_UNTRUSTED_DATA) {
            self = self.mark_untrusted_data(untrusted::parse(&v)?);
        }
        Ok(self)
    }

    /// Refuses a per-tool cap for a tool the server does not serve.
    pub(crate) fn check_result_settings(&self) -> Result<(), ConfigError> {
        crate::inbound::access::tool_names::check_tool_names(
            &self.catalog,
            ENV_MAX_RESULT_TOKENS,
            self.results.caps.tools.keys(),
        )
    }
}
