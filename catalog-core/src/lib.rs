//! The data side of `catalog`: OpenAPI loading and lowering, normalization into an index,
//! accounting, input-schema generation, request routing and the runtime.
//!
//! This crate never depends on `syn` or `quote`: the `#[tool]` macro, build scripts and reports
//! all call the same pure functions here, so they cannot disagree.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod doc;
pub mod model;
pub mod schema;

pub use doc::accounting_markdown;
pub use model::{
    Accounted, Body, BodyKind, Disposition, Field, Location, Operation, Param, Schema, SpecInfo,
    Style, Type, Unsupported,
};
pub use schema::{
    DIALECT, input_schema, input_schema_string, input_schema_with_docs, schema_of,
    schema_with_description,
};
