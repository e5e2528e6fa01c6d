//! A shape the index could not normalize ([`Unsupported`]): on an operation, or on one of its
//! responses.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A shape the index could not normalize, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Unsupported {
    /// What is wrong, in words a user can act on.
    pub reason: String,
    /// JSON pointer into the spec.
    pub pointer: String,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported: {} at {}", self.reason, self.pointer)
    }
}
