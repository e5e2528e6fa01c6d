//! What people and models read: input and output schemas, the rustdoc accounting table, scaffolded tools
//! and the capability projection.

pub mod doc;
pub mod output;
pub mod output_budget;
pub mod projection;
pub mod scaffold;
pub mod schema;
pub mod tool_name;
pub mod tool_output;
pub mod tool_text;

/// The did-you-mean suggestions, at their former path (they live in [`crate::check::suggest`]).
pub use crate::check::suggest;

#[cfg(test)]
mod assertion_tests;
