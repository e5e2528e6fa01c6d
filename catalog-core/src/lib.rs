//! The compile-time side of `catalog`, laid out by the phase each part runs in. The run-time side
//! (decoding arguments, encoding requests, serving, the recorder) is `catalog-runtime`, which
//! depends on this crate; the `#[tool]` macro depends on this crate only.
//!
//! - [`model`]: the normalized operation every phase reads.
//! - [`spec`]: the build script: load a document, normalize it, write the index.
//! - [`index`]: the index files, written by the build script and read by the macro.
//! - [`check`]: macro expansion: account every parameter of an operation for a tool.
//! - [`present`]: what people and models read: input schemas, rustdoc, scaffold, suggestions,
//!   projection.
//!
//! This crate never depends on `syn` or `quote`: the `#[tool]` macro, build scripts and reports
//! all call the same pure functions here, so they cannot disagree. It is not a public API: the
//! `catalog` facade re-exports by name what users write and call.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod index;
pub mod model;
pub mod present;
pub mod spec;
