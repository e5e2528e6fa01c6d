//! What a server did, for the operator: metrics ([`metrics`]), one span per call (`span`,
//! `call_span`) continuing the caller's trace into the API request (`trace`) and exported
//! over OTLP ([`otel`]), progress notifications while a call runs (`progress`), and the
//! audit trail ([`audit_log`]).

#[cfg(feature = "mcp")]
pub mod audit_log;
#[cfg(feature = "mcp")]
pub(crate) mod call_span;
#[cfg(feature = "mcp")]
pub mod metrics;
#[cfg(feature = "mcp")]
pub mod otel;
#[cfg(feature = "mcp")]
pub(crate) mod progress;
#[cfg(feature = "mcp")]
pub(crate) mod span;
#[cfg(feature = "runtime")]
pub(crate) mod trace;
