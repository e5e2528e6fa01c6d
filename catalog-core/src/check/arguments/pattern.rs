//! The `pattern` keyword, with ECMA-262 regular expressions as JSON Schema defines it.
//!
//! Patterns are compiled by `regress`, an implementation of ECMA-262 regular expressions
//! (syntax and matching semantics: `\d` and `\w` are ASCII, `.` does not match line
//! terminators, lookaround and backreferences work) rather than a Rust dialect that reads the
//! same text differently. As JSON Schema says, a pattern is not anchored: it must match
//! somewhere in the string, so `^` and `$` mean what the spec's author wrote.
//!
//! A pattern is compiled with the `u` flag (code points, as ajv and so Prism compile it); a
//! pattern that is only valid without it (identity escapes such as `\_`, common in real specs)
//! is compiled without it. A pattern that is not an ECMA-262 regular expression at all is not
//! enforced: the server is the judge of it.

use regress::Regex;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Compiled patterns are kept for the life of the process, up to this many.
const CACHE_LIMIT: usize = 1024;

type Cache = Mutex<HashMap<String, Option<Arc<Regex>>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

/// Compiles a spec's pattern: with the `u` flag, or without it when only that reads it.
/// `None` for a pattern that is not a regular expression.
pub(crate) fn compile(pattern: &str) -> Option<Regex> {
    Regex::with_flags(pattern, "u")
        .or_else(|_| Regex::new(pattern))
        .ok()
}

fn compiled(pattern: &str) -> Option<Arc<Regex>> {
    // A poisoned lock only means another thread panicked while inserting; the map is still a
    // map of compiled patterns.
    let mut map = cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(hit) = map.get(pattern) {
        return hit.clone();
    }
    let regex = compile(pattern).map(Arc::new);
    if map.len() < CACHE_LIMIT {
        map.insert(pattern.to_string(), regex.clone());
    }
    regex
}

/// Whether `s` matches `pattern` somewhere; true for a pattern that does not compile.
pub(super) fn matches(pattern: &str, s: &str) -> bool {
    compiled(pattern).is_none_or(|re| re.find(s).is_some())
}
