//! Run time, on the wire: decode an agent's arguments and encode the one HTTP request.

/// Decoding an agent's arguments: the argument checker of [`catalog_core::check::arguments`], which
/// compile-time checks share.
pub use catalog_core::check::arguments as decode;
pub mod encode;
pub mod environment;
pub mod file;
pub mod nullable;
pub mod observe;
pub mod or_empty;
pub mod uploads;
