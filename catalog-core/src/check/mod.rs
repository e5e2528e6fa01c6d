//! The macro-expansion phase: account every parameter of an operation for one tool, and say
//! which response is its output.
//!
//! - [`tool`]: the one entry point, [`tool::check_tool`]: every rule below, in order, over what a
//!   tool [`declared`].
//! - [`declaration`]: the rules about a declaration that need no operation, checked before the
//!   operation is read (an operation named, which keys an undocumented field needs).
//! - [`reconcile`]: the accounting itself, as named steps, over what a tool [`declared`].
//! - [`finding`]: what every rule reports in: sites, reasons and findings.
//! - [`types`]: the Rust type table and the check of a field's type.
//! - [`values`]: Fixed values against their parameter's schema.
//! - [`names`]: the one field <-> parameter name rule.
//! - [`nested`]: nested objects, accounted at every depth.
//! - [`reasons`]: what makes a reason reviewable.
//! - [`paste`]: the paste-ready lines help messages offer.
//! - [`address`]: parameter addresses and globs.
//! - [`pins`]: what each glob covers, pinned in `catalog.lock` and compared with the spec.
//! - [`clears`]: the full-replace rule: a body property a replacing tool cannot send is cleared, and says so.
//! - [`field_semantics`]: where one body property differs from the tool's semantics (keeps,
//!   clears) and which array property the server appends to.
//! - [`output`]: which documented response is the tool's output.
//! - [`output_choice`]: the output a tool declares, checked.
//! - [`aliases`]: former argument names, for the refusal's suggestion.
//! - [`family`]: a map field that takes undocumented query parameters by name pattern.
//! - [`paging`]: the paging rule: a list tool that cannot page says how an agent reaches the rest.
//! - [`security`]: which credentials the tool sends.
//! - [`effects`]: what the tool declares it does to the API's data (`semantics`, `effects`).
//! - [`union`]: the arm a tool over a union request body sends.
//! - [`wire_type`]: a parameter's spec type overridden with the type the server reads.
//! - [`narrow`]: a parameter narrowed to the values the server reads (an enum or a pattern).
//! - [`arguments`]: a value or an agent's arguments checked against the schema (the one value
//!   validator: literal values here, agents' arguments at run time, as `wire::decode`).
//! - [`lint`]: the description lint: spec texts a model reads, checked for tool poisoning.
//! - [`suggest`]: did-you-mean suggestions for a wrong name (the macro's fields, agents' arguments).

pub mod address;
pub mod aliases;
pub mod arguments;
pub(crate) mod below;
mod callable;
pub mod clears;
pub mod composite;
pub mod declaration;
pub mod declared;
pub mod effects;
pub mod failure;
pub mod family;
pub mod field_semantics;
pub mod finding;
pub mod lint;
pub mod names;
pub mod narrow;
pub mod nested;
pub mod output;
pub mod output_choice;
pub mod paging;
pub mod paste;
pub mod pins;
pub mod reasons;
pub mod reconcile;
pub mod security;
pub mod suggest;
pub mod tool;
pub mod types;
pub mod union;
pub mod values;
pub mod wire_type;
