//! What a tool does to the API's data, as MCP annotations tell a client: right by default from
//! the operation's method, overridable per tool with a reason.
//!
//! | method | `readOnlyHint` | `destructiveHint` | `idempotentHint` | semantics |
//! |---|---|---|---|---|
//! | GET, HEAD, OPTIONS | true | false | true | none |
//! | PUT | false | true (full replace) / false (merge) | true | full replace |
//! | DELETE | false | true | true | none |
//! | PATCH | false | false (merge) / true (full replace) | false | merge |
//! | POST | false | false (merge) / true (full replace) | false | none |
//!
//! `openWorldHint` is true for every tool (each talks to an outside API), `title` is the
//! operation's `summary`. A tool declares what its method does not say with
//! `#[tool(semantics = "merge", ...)]` (a PUT that leaves what it does not send unchanged) and
//! `#[tool(effects(destructive = false, reason = "..."))]`; the declaration is carried in
//! `Tool::EFFECTS`; the run-time side (composites' hints, MCP annotations) is `tools::effects`.

use std::fmt;

/// What a write does to the fields it does not send.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Semantics {
    /// Everything the request does not send is cleared (PUT, by HTTP's definition).
    FullReplace,
    /// Only what the request sends changes; the rest is kept (PATCH, and some PUTs).
    Merge,
}

impl Semantics {
    /// The semantics an HTTP method implies: PUT replaces, PATCH merges; others say nothing.
    pub fn from_method(method: &str) -> Option<Semantics> {
        match method.to_ascii_uppercase().as_str() {
            "PUT" => Some(Semantics::FullReplace),
            "PATCH" => Some(Semantics::Merge),
            _ => None,
        }
    }

    /// `"full-replace"` or `"merge"`, as `#[tool(semantics = "...")]` spells it.
    pub fn parse(text: &str) -> Option<Semantics> {
        match text {
            "full-replace" => Some(Semantics::FullReplace),
            "merge" => Some(Semantics::Merge),
            _ => None,
        }
    }

    /// The spelling [`parse`](Self::parse) reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Semantics::FullReplace => "full-replace",
            Semantics::Merge => "merge",
        }
    }
}

impl fmt::Display for Semantics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tool's declaration of what its method does not say. Every field left `None` keeps the
/// default of [`hints`]; an override needs a `reason` (the macro requires it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// `semantics = "full-replace" | "merge"`.
    pub semantics: Option<Semantics>,
    /// `effects(read_only = ..)`.
    pub read_only: Option<bool>,
    /// `effects(destructive = ..)`.
    pub destructive: Option<bool>,
    /// `effects(idempotent = ..)`.
    pub idempotent: Option<bool>,
    /// `effects(open_world = ..)`.
    pub open_world: Option<bool>,
    /// Why the defaults are overridden.
    pub reason: Option<&'static str>,
}

impl Effects {
    /// No declaration: everything follows the method.
    pub const FROM_METHOD: Effects = Effects {
        semantics: None,
        read_only: None,
        destructive: None,
        idempotent: None,
        open_world: None,
        reason: None,
    };
}

/// The hints a tool is served with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hints {
    /// The tool does not change anything: the only kind sent while writes are disabled.
    pub read_only: bool,
    /// The tool may destroy data (delete it, or clear what it does not send).
    pub destructive: bool,
    /// Calling the tool twice with the same arguments does no more than calling it once.
    pub idempotent: bool,
    /// The tool reaches outside the server.
    pub open_world: bool,
    /// What the tool does to what it does not send, when it writes.
    pub semantics: Option<Semantics>,
}

/// Whether an HTTP method only reads (RFC 9110's safe methods; TRACE is not served).
pub fn safe_method(method: &str) -> bool {
    matches!(
        method.to_ascii_uppercase().as_str(),
        "GET" | "HEAD" | "OPTIONS"
    )
}

/// The hints for a tool of `method` with the declaration `effects`: defaults from the method
/// (the table in the module documentation), then each override.
pub fn hints(method: &str, effects: &Effects) -> Hints {
    let method = method.to_ascii_uppercase();
    let read_only = safe_method(&method);
    let semantics = if read_only {
        None
    } else {
        effects
            .semantics
            .or_else(|| Semantics::from_method(&method))
    };
    let destructive =
        !read_only && (method == "DELETE" || semantics == Some(Semantics::FullReplace));
    let idempotent = read_only || method == "PUT" || method == "DELETE";
    let read_only = effects.read_only.unwrap_or(read_only);
    Hints {
        read_only,
        // A tool that only reads destroys nothing, whatever its method.
        destructive: !read_only && effects.destructive.unwrap_or(destructive),
        idempotent: effects.idempotent.unwrap_or(idempotent || read_only),
        open_world: effects.open_world.unwrap_or(true),
        semantics,
    }
}

#[cfg(test)]
mod tests;
