//! The form and the cap of results and what the tool list carries, as a server holds them (set
//! and read in [`super::results`]).

use crate::inbound::results::result_size::{ResultCaps, ResultForm};
use std::time::Duration;

/// How long a client may keep `tools/list` unless [`McpServer::list_cache`](super::McpServer::list_cache) says otherwise: the
/// list is compiled into the server, so it changes only when the server is replaced.
pub const DEFAULT_LIST_TTL: Duration = Duration::from_secs(300);

/// The form and the cap of results, and what the tool list carries.
#[derive(Clone, Debug)]
pub(crate) struct ResultSettings {
    pub(crate) form: ResultForm,
    pub(crate) caps: ResultCaps,
    /// Whether `tools/list` carries each typed tool's `outputSchema` (summarized within
    /// [`DEFAULT_OUTPUT_SCHEMA_BYTES`](catalog_core::present::output_budget::DEFAULT_OUTPUT_SCHEMA_BYTES)).
    pub(crate) output_schemas: bool,
    pub(super) list_ttl: Duration,
    pub(super) list_public: bool,
    /// Whether results built from an API's answer are marked as untrusted data
    /// ([`crate::inbound::results::untrusted`]).
    pub(crate) untrusted: bool,
}

impl Default for ResultSettings {
    fn default() -> Self {
        ResultSettings {
            form: ResultForm::Auto,
            caps: ResultCaps::default(),
            output_schemas: false,
            list_ttl: DEFAULT_LIST_TTL,
            list_public: false,
            untrusted: false,
        }
    }
}
