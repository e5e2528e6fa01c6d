//! `catalog`: AI-agent tools whose match with the REST API they wrap is proven by the compiler.
//!
//! See the README for the tour; `catalog_core` documents the data side and `#[tool]` the macro.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use catalog_core::*;
pub use catalog_macros::tool;

#[doc(hidden)]
pub use catalog_core::tool::__private;
