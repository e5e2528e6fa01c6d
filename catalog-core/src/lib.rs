//! The data side of `catalog`, laid out by the phase each part runs in.
//!
//! - [`model`]: the normalized operation every phase reads.
//! - [`spec`]: the build script: load a document, normalize it, write the index.
//! - [`index`]: the index files, written by the build script and read by the macro.
//! - [`check`]: macro expansion: account every parameter of an operation for a tool.
//! - [`present`]: what people and models read: input schemas, rustdoc, scaffold, suggestions,
//!   projection.
//! - [`wire`]: run time: decode an agent's arguments, encode the HTTP request.
//! - [`serve`]: run time: the `Tool` trait, the catalog, the executor, the MCP server.
//! - [`audit`]: keeping tools honest: the recorder, coverage, version checks.
//!
//! This crate never depends on `syn` or `quote`: the `#[tool]` macro, build scripts and reports
//! all call the same pure functions here, so they cannot disagree. It is not a public API: the
//! `catalog` facade re-exports by name what users write and call.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod audit;
pub mod check;
pub mod index;
pub mod model;
pub mod present;
pub mod serve;
pub mod spec;
pub mod wire;
