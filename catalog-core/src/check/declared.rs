//! What a tool declares, as [`reconcile`](super::reconcile::reconcile) reads it, and what comes
//! back: findings at opaque sites the caller maps to its own places (the macro: spans).

pub use super::aliases::DeclaredAlias;
pub use super::effects::DeclaredEffects;
pub use super::failure::DeclaredFailure;
pub use super::finding::{Finding, Reason, Site};
pub use super::narrow::DeclaredNarrowing;
use super::types::RustType;
use super::union::Variant;
pub use super::wire_type::DeclaredWireType;
use crate::model::Accounted;
use serde_json::Value;

/// A field of the tool struct.
#[derive(Clone, Debug)]
pub struct DeclaredField {
    /// The Rust field name.
    pub ident: String,
    /// Where the field name is.
    pub site: Site,
    /// Where the field's type is.
    pub ty_site: Site,
    /// The field's type.
    pub ty: RustType,
    /// `#[arg(param = "...")]`, with where.
    pub param: Option<(String, Site)>,
    /// `#[arg(rename = "...")]`: the argument name agents use.
    pub rename: Option<String>,
    /// `#[arg(undocumented, read_at = "...", reason = "...")]`: read_at and reason.
    pub undocumented: Option<(Reason, Reason)>,
    /// `#[arg(wire_type = "...", read_at = "...", reason = "...")]`: the spec's type of the
    /// parameter overridden.
    pub wire_type: Option<DeclaredWireType>,
    /// `#[arg(values = [...] or pattern = "...", read_at = "...", reason = "...")]`: the
    /// parameter narrowed to what the server reads.
    pub narrowed: Option<DeclaredNarrowing>,
    /// `#[arg(family = "query.cf_*", read_at = "...", reason = "...")]`: a map of undocumented
    /// parameters whose names match a pattern.
    pub family: Option<DeclaredFamily>,
    /// The field's doc comment, if any.
    pub doc: Option<String>,
    /// `#[arg(absent = "keeps" | "clears")]`, as written, with where: what leaving this body
    /// property out does where it differs from the tool's semantics.
    pub absent: Option<(String, Site)>,
    /// `#[arg(appends)]`, where written: the items sent in this array body property are added
    /// to the server's.
    pub appends: Option<Site>,
    /// Where `undocumented`, `read_at` and `reason` are written, as written: what
    /// [`check_declaration`](super::declaration::check_declaration) checks go together.
    pub keys: ArgKeys,
}

/// Where a field's `#[arg(...)]` wrote `undocumented`, `read_at` and `reason`, as written
/// (whatever else it wrote): what
/// [`check_declaration`](super::declaration::check_declaration) reads of a field whose
/// parameter the spec types as it is. A field whose attribute did not parse has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArgKeys {
    /// The `undocumented` flag.
    pub undocumented: Option<Site>,
    /// `read_at = "..."`.
    pub read_at: Option<Site>,
    /// `reason = "..."`.
    pub reason: Option<Site>,
}

/// `#[arg(family = "query.cf_*", read_at = "...", reason = "...")]` on a field.
#[derive(Clone, Debug)]
pub struct DeclaredFamily {
    /// The pattern's address (`query.cf_*`).
    pub pattern: String,
    /// Where it is.
    pub site: Site,
    /// Where the server reads the parameters, when given.
    pub read_at: Option<Reason>,
    /// Why the tool relies on them, when given.
    pub reason: Option<Reason>,
}

/// `fixed("address", value = ..., reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredFixed {
    /// The parameter address.
    pub param: String,
    /// Where the address is.
    pub site: Site,
    /// The value.
    pub value: Value,
    /// Where the value is.
    pub value_site: Site,
    /// Why.
    pub reason: Reason,
}

/// `arg("body.data.due", wire_type = "...", read_at = "...", reason = "...")` at tool level (or
/// `values = [...]`, `pattern = "..."` in place of `wire_type`): the override of the type of a
/// property below a parameter, by its address, with the rules of `#[arg]` on a field.
#[derive(Clone, Debug)]
pub struct DeclaredArg {
    /// The property's address (`body.data.due`).
    pub address: String,
    /// Where the address is.
    pub site: Site,
    /// `wire_type = "..."` (with `delimited`), when given.
    pub wire_type: Option<DeclaredWireType>,
    /// `values = [...]` or `pattern = "..."`, when given.
    pub narrowed: Option<DeclaredNarrowing>,
}

/// `credential("header.token", scheme = "slackAuth")`: a parameter the spec declares that
/// carries the credential of one of the operation's security schemes, sent by the server.
#[derive(Clone, Debug)]
pub struct DeclaredCredential {
    /// The parameter address.
    pub param: String,
    /// Where the address is.
    pub site: Site,
    /// The security scheme named, as written (empty when `scheme = ...` is missing).
    pub scheme: String,
    /// Where `scheme = "..."` is (the address's site when it is missing).
    pub scheme_site: Site,
}

/// `omitted("address or glob", [clears,] reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredOmitted {
    /// The parameter address, or a glob (`query.*__n`).
    pub pattern: String,
    /// Where it is.
    pub site: Site,
    /// `clears`, with where: the tool states that every call clears this body property of a
    /// full replace.
    pub clears: Option<Site>,
    /// `keeps`, with where: the server keeps this body property of a full replace though the
    /// tool never sends it.
    pub keeps: Option<Site>,
    /// Why.
    pub reason: Reason,
}

/// `undocumented("address", read_at = "...", reason = "..." [, value = ...])` at tool level.
#[derive(Clone, Debug)]
pub struct DeclaredUndocumented {
    /// The parameter address.
    pub param: String,
    /// Where it is.
    pub site: Site,
    /// A value always sent, if any.
    pub value: Option<Value>,
    /// `wire_type = "..."`, with where: below a parameter, the type of the property the struct
    /// standing for its object sets (the agent's argument).
    pub wire_type: Option<(String, Site)>,
    /// Where in the server it is read.
    pub read_at: Reason,
    /// Why.
    pub reason: Reason,
}

/// Everything a tool declares.
#[derive(Clone, Debug, Default)]
pub struct Declared {
    /// The struct's fields, in order.
    pub fields: Vec<DeclaredField>,
    /// `fixed(...)` entries.
    pub fixed: Vec<DeclaredFixed>,
    /// `omitted(...)` entries.
    pub omitted: Vec<DeclaredOmitted>,
    /// Tool-level `undocumented(...)` entries.
    pub undocumented: Vec<DeclaredUndocumented>,
    /// Tool-level `arg("body.x.y", ...)` entries: overrides below a parameter.
    pub args: Vec<DeclaredArg>,
    /// `credential("header.token", scheme = "...")` entries.
    pub credentials: Vec<DeclaredCredential>,
    /// `operation = "..."` as written (the key of its pins in `catalog.lock`); empty when no
    /// operation is named, which [`check_declaration`](super::declaration::check_declaration)
    /// reports.
    pub operation: String,
    /// Where the `operation = "..."` literal is: unaccounted parameters are reported here.
    pub operation_site: Site,
    /// The tool's Rust name, for messages.
    pub tool: String,
    /// Whether the operation replaces what it writes (a PUT, or declared `full-replace`): every
    /// body property the tool cannot send is cleared by each call.
    /// [`check_tool`](super::tool::check_tool) sets it from the method and `semantics`.
    pub full_replace: bool,
    /// Whether the operation merges what it writes (a PATCH, or declared `merge`): every body
    /// property a call leaves out is kept. Set by [`check_tool`](super::tool::check_tool) with
    /// [`full_replace`](Self::full_replace); both are false for a write that says neither.
    pub merge: bool,
    /// `semantics = "..."` as written, with where.
    pub semantics: Option<(String, Site)>,
    /// `effects(...)`.
    pub effects: Option<DeclaredEffects>,
    /// `failure(field = "...", equals = ..., reason = "...")`: a 2xx body that says the call
    /// failed.
    pub failure: Option<DeclaredFailure>,
    /// `security = "..."` or `security(none, reason = "...")`.
    pub security: Option<DeclaredSecurity>,
    /// `variant = ...` or `variant(whole, reason = "...")`.
    pub variant: Option<DeclaredVariant>,
    /// `aliases(former = "current", ...)`.
    pub aliases: Vec<DeclaredAlias>,
    /// `#[arg(null = "...")]`: (the field's Rust name, the text a null is sent as).
    pub null_forms: Vec<(String, String)>,
    /// Whether the struct has a doc comment: it is then the tool's description, and the
    /// operation's summary and description are not shown.
    pub doc: bool,
    /// `accept_description("<pointer>", reason = "...")` entries.
    pub accepted: Vec<DeclaredAccept>,
}

/// `accept_description("<pointer>", reason = "...")`: a spec text the description lint flags,
/// shown to the model as it is, with why.
#[derive(Clone, Debug)]
pub struct DeclaredAccept {
    /// The JSON pointer of the text, as the lint's message gives it.
    pub pointer: String,
    /// Where it is.
    pub site: Site,
    /// Why the text is safe to show.
    pub reason: Reason,
}

/// `security = "scheme"` or `security(none, reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredSecurity {
    /// The scheme sent; `None` for `security(none, ...)`.
    pub scheme: Option<String>,
    /// `reason = "..."` (`security(none, ...)` has one).
    pub reason: Option<Reason>,
    /// From the `security` key to the end of what it says: where its accounting fails.
    pub site: Site,
}

/// `variant = N`, `variant = "Name"` or `variant(whole, reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredVariant {
    /// The arm, or the whole union.
    pub variant: Variant,
    /// `reason = "..."` (the whole union has one).
    pub reason: Option<Reason>,
    /// From the `variant` key to the end of what it says: where a wrong arm is reported.
    pub site: Site,
}

/// The result of [`reconcile`](super::reconcile::reconcile): the accounting table (complete only when there are no findings)
/// and the findings.
#[derive(Clone, Debug, Default)]
pub struct Reconciled {
    /// One row per parameter (spec order), then Undocumented rows.
    pub accounting: Vec<Accounted>,
    /// Every problem found; empty when the tool is correct.
    pub findings: Vec<Finding>,
}
