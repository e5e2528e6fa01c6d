//! The run-time side of `catalog`: what a server does with a tool the `#[tool]` macro checked.
//!
//! - [`tools`]: what is served: the `Tool` trait, the catalog, composite tools.
//! - [`wire`]: decode an agent's arguments, encode the one HTTP request.
//! - [`inbound`]: a call's way in and its answer's way back: the MCP server, its transports,
//!   who may call what, the results.
//! - [`outbound`]: a call's way out: the executor, retries, credentials, token exchange.
//! - [`observe`]: metrics, traces and the audit trail, beside both ways.
//! - [`config`]: the server's settings, each checked by name.
//! - [`audit`]: keeping tools honest: the recorder, coverage, version checks.
//! - [`probe`]: probes a user runs over a catalog in a test.
//!
//! It depends on `catalog-core` (the compile-time side: the model, the index, the checks and
//! what people and models read), never the other way, and the macro does not depend on it. It
//! is not a public API: the `catalog` facade re-exports by name what users write and call.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod audit;
pub mod config;
pub mod inbound;
pub mod observe;
pub mod outbound;
pub mod probe;
#[cfg(feature = "runtime")]
pub(crate) mod random;
pub mod tools;
pub mod wire;

/// The loopback API of the unit tests (one module for the crate: two `#[path]`s to one file
/// would compile it twice).
#[cfg(test)]
#[path = "../tests/support/loopback.rs"]
mod loopback;
