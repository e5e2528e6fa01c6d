//! Who may call what: inbound authorization ([`auth`]), the tools a server offers
//! ([`selection`]) and the check of the names its settings give (`tool_names`), confirmation
//! of destructive calls ([`confirm`]), and rate limits per caller ([`rate_limit`]).

#[cfg(feature = "mcp")]
pub mod auth;
#[cfg(feature = "mcp")]
pub mod confirm;
#[cfg(feature = "mcp")]
pub mod rate_limit;
#[cfg(feature = "mcp")]
pub mod selection;
#[cfg(feature = "mcp")]
pub(crate) mod tool_names;
