//! Random numbers for retry jitter and trace ids.

use std::hash::{BuildHasher, Hasher};

/// A random number (the standard library seeds each `RandomState` afresh).
pub(crate) fn random() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0);
    hasher.finish()
}
