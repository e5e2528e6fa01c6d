//! The `#[tool]` attribute of `catalog`. Use it through the `catalog` crate.
