//! What is served: the [`Tool`](tool::Tool) trait `#[tool]` implements and the glue its
//! expansion calls, the [`Catalog`](catalog::Catalog) of tools listed and called by name,
//! composite tools, and what a call's answer or refusal is made of.

pub(crate) mod call_error;
pub mod catalog;
#[cfg(feature = "runtime")]
pub mod composite;
pub mod effects;
pub mod output_error;
pub mod output_schema;
pub mod tool;
