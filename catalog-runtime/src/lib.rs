//! The run-time side of `catalog`: what a server does with a tool the `#[tool]` macro checked.
//!
//! - [`wire`]: decode an agent's arguments, encode the one HTTP request.
//! - [`serve`]: the `Tool` trait, the catalog, the executor, the MCP server.
//! - [`audit`]: keeping tools honest: the recorder, coverage, version checks.
//!
//! It depends on `catalog-core` (the compile-time side: the model, the index, the checks and
//! what people and models read), never the other way, and the macro does not depend on it. It
//! is not a public API: the `catalog` facade re-exports by name what users write and call.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod audit;
pub mod serve;
pub mod wire;

/// The loopback API of the unit tests (one module for the crate: two `#[path]`s to one file
/// would compile it twice).
#[cfg(test)]
#[path = "../tests/support/loopback.rs"]
mod loopback;
