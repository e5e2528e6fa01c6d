//! The data side of `catalog`: OpenAPI loading and lowering, normalization into an index,
//! accounting, input-schema generation, request routing and the runtime.
//!
//! This crate never depends on `syn` or `quote`: the `#[tool]` macro, build scripts and reports
//! all call the same pure functions here, so they cannot disagree.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod decode;
pub mod model;
pub mod routing;
pub mod suggest;

pub use decode::{ArgumentError, Problem, ProblemKind, check_arguments};
pub use model::{
    Accounted, Body, BodyKind, Disposition, Field, Location, Operation, Param, Schema, SpecInfo,
    Style, Type, Unsupported,
};
pub use routing::{ArgValue, RequestError, RequestErrorKind, build_request};
pub use suggest::{Candidate, Rule, Suggestion, suggest};
