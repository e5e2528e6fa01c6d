//! The data side of `catalog`: OpenAPI loading and lowering, normalization into an index,
//! accounting, input-schema generation, request routing and the runtime.
//!
//! This crate never depends on `syn` or `quote`: the `#[tool]` macro, build scripts and reports
//! all call the same pure functions here, so they cannot disagree.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod accounting;
pub mod build;
pub mod catalog;
pub mod coverage;
pub mod decode;
pub mod doc;
#[cfg(feature = "runtime")]
pub mod executor;
pub mod index;
#[cfg(feature = "mcp")]
pub mod mcp;
pub mod model;
pub mod normalize;
mod ops_json;
pub mod projection;
pub mod recorder;
pub mod routing;
pub mod scaffold;
pub mod schema;
pub mod spec;
pub mod suggest;
pub mod tool;

pub use catalog::{CallError, Catalog, ToolInfo};
pub use decode::{ArgumentError, Problem, ProblemKind, check_arguments};
pub use doc::accounting_markdown;
#[cfg(feature = "runtime")]
pub use executor::{ApiResponse, ConfigError, ExecuteError, Executor, ExecutorConfig};
#[cfg(feature = "mcp")]
pub use mcp::{LineTransport, McpServer, ServeError};
pub use model::{
    Accounted, Body, BodyKind, Disposition, Field, Location, Operation, Param, Schema, SpecInfo,
    Style, Type, Unsupported,
};
pub use routing::{ArgValue, RequestError, RequestErrorKind, build_request};
pub use schema::{
    DIALECT, input_schema, input_schema_string, input_schema_with_docs, schema_of,
    schema_with_description,
};
pub use suggest::{Candidate, Rule, Suggestion, suggest};
pub use tool::{Object, StringEnum, Tool};
