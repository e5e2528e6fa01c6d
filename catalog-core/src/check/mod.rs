//! The macro-expansion phase: account every parameter of an operation for one tool.

pub mod accounting;
pub mod values;
