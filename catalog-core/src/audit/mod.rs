//! Keeping tools honest over time: the request recorder, coverage pins and version checks.

pub mod coverage;
pub mod recorder;
