//! `catalog`: AI-agent tools whose match with the REST API they wrap is proven by the compiler.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use catalog_core::*;
