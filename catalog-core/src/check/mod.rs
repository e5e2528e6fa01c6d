//! The macro-expansion phase: account every parameter of an operation for one tool, and say
//! which response is its output.

pub mod accounting;
pub mod output;
