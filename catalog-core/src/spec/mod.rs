//! The build-script phase: load an OpenAPI document, normalize it, write its index.

pub(crate) mod bodies;
pub mod build;
pub mod json;
pub mod load;
pub mod normalize;
pub mod reason_class;
pub mod security;
pub mod shapes;
pub mod tree;
