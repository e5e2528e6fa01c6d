//! Run time, on the wire: decode an agent's arguments, encode the one HTTP request, read its
//! response within the cap ([`bounded`]), and write text a model reads with nothing invisible
//! in it ([`visible_text`]).

/// Decoding an agent's arguments: the argument checker of [`catalog_core::check::arguments`], which
/// compile-time checks share.
pub use catalog_core::check::arguments as decode;
#[cfg(feature = "runtime")]
pub mod bounded;
pub mod encode;
pub mod environment;
pub mod file;
pub mod nullable;
pub mod observe;
pub mod or_empty;
pub mod uploads;
pub mod visible_text;
