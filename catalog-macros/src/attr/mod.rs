//! `#[tool(...)]` and `#[arg(...)]`, parsed into spans and data.
//!
//! Syntax (docs/design.md §2):
//!
//! ```text
//! #[tool(
//!     operation = "CreatePost" | "POST /api/v4/posts",
//!     spec = "<file stem>",                    // when the crate indexes several specs
//!     name = "create_post",                    // the MCP tool name
//!     fixed("query.x", value = <literal>, reason = "..."),
//!     omitted("body.y" | "query.*__n", reason = "..."),
//!     omitted("body.y", clears, reason = "..."),  // on a full replace: each call clears it
//!     undocumented("query.z", read_at = "...", reason = "..." [, value = <literal>]),
//!     semantics = "full-replace" | "merge",    // what a write does to what it does not send
//!     effects(destructive = false, ..., reason = "..."), // read_only, destructive, idempotent, open_world
//!     security = "api_key" | security(none, reason = "..."), // which credentials it sends
//!     output = Task,                           // the type the output response is read as
//!     output(status = "201", media_type = "application/json", type = Task, reason = "..."),
//!     output(text, reason = "..."),            // no structured content
//!     variant = 0 | "NewTask",                 // the arm of a union request body it sends
//!     variant(whole, reason = "..."),          // or the whole union, one `body` argument
//! )]
//! #[arg(param = "body.root_id", rename = "reply_to", undocumented, read_at = "...", reason = "...")]
//! #[arg(null = "null")]   // the text a null value (or array element) of this field is sent as
//! #[arg(wire_type = "integer", read_at = "...", reason = "...")] // the spec's type is wrong
//! #[arg(values = ["active", "planned"], read_at = "...", reason = "...")] // fewer values read
//! #[arg(pattern = "^...$", read_at = "...", reason = "...")] // fewer strings read
//! #[arg(family = "query.cf_*", read_at = "...", reason = "...")] // a map of undocumented names
//! ```
//!
//! This room reads `#[tool(...)]` and its plain `key = "text"` keys; each key with a form of its
//! own is read in the room named for it: `params` (`fixed`, `omitted`, `undocumented`),
//! `effects`, `security`, `variant`, `output`, and `arg` (`#[arg(...)]` on a field).

mod arg;
mod effects;
mod output;
mod params;
mod security;
mod variant;

pub use arg::{FieldAttr, field_attr};
pub use effects::EffectsAttr;
pub use output::OutputAttr;
pub use params::{Fixed, Omitted, Undocumented};
pub use security::SecurityAttr;
pub use variant::VariantAttr;

use crate::ctxt::Ctxt;
use crate::slot::Slot;
use effects::effects_attr;
use output::output_attr;
use params::{fixed_entry, omitted_entry, undocumented_entry};
use proc_macro2::Span;
use security::security_attr;
use syn::LitStr;
use syn::parse::Parser;
use variant::variant_attr;

pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

pub struct ToolAttr {
    pub operation: Option<Spanned<String>>,
    pub spec: Option<Spanned<String>>,
    pub name: Option<Spanned<String>>,
    pub fixed: Vec<Fixed>,
    pub omitted: Vec<Omitted>,
    pub undocumented: Vec<Undocumented>,
    pub semantics: Option<Spanned<String>>,
    pub effects: Option<EffectsAttr>,
    pub output: Option<OutputAttr>,
    pub security: Option<SecurityAttr>,
    /// `variant = N`, `variant = "Name"` or `variant(whole, reason = "...")`: how the tool
    /// sends a union request body.
    pub variant: Option<VariantAttr>,
    /// `check = path`: the tool's value rule, `fn(&Self) -> Result<(), String>`, run after
    /// decoding and before anything is sent.
    pub check: Option<syn::ExprPath>,
    /// `aliases(device_role = "role", ...)`: former argument names and the arguments that
    /// replaced them, for the refusal's suggestion.
    pub aliases: Vec<(Spanned<String>, Spanned<String>)>,
}

fn lit(s: &LitStr) -> Spanned<String> {
    Spanned {
        value: s.value(),
        span: s.span(),
    }
}

/// Parses the `#[tool(...)]` arguments. `None` when they are malformed: the caller then reports
/// only that error, so one typo does not cascade into a page of unaccounted parameters.
pub fn tool_attr(cx: &Ctxt, args: proc_macro2::TokenStream) -> Option<ToolAttr> {
    let mut operation = Slot::new("operation");
    let mut spec = Slot::new("spec");
    let mut name = Slot::new("name");
    let mut semantics = Slot::new("semantics");
    let mut effects = Slot::new("effects");
    let mut output = Slot::new("output");
    let mut security = Slot::new("security");
    let mut variant = Slot::new("variant");
    let mut check = Slot::new("check");
    let mut aliases = Vec::new();
    let (mut fixed, mut omitted, mut undocumented) = (Vec::new(), Vec::new(), Vec::new());
    let parser = syn::meta::parser(|meta| {
        let key = key_name(&meta.path);
        let key_span = meta.path.span();
        match key.as_str() {
            // operation = "CreatePost"
            "operation" => string(cx, &meta, &mut operation)?,
            "spec" => string(cx, &meta, &mut spec)?,
            "name" => string(cx, &meta, &mut name)?,
            // semantics = "merge"
            "semantics" => string(cx, &meta, &mut semantics)?,
            // fixed("query.x", value = false, reason = "...")
            "fixed" => fixed.push(fixed_entry(cx, &meta, key_span)?),
            // omitted("body.file_ids", reason = "...")
            "omitted" => omitted.push(omitted_entry(cx, &meta, key_span)?),
            // undocumented("query.x", read_at = "...", reason = "...")
            "undocumented" => undocumented.push(undocumented_entry(cx, &meta, key_span)?),
            // effects(destructive = false, reason = "...")
            "effects" => {
                let end = group_end(&meta);
                let e = effects_attr(cx, &meta, key_span)?;
                effects.set(cx, key_span, end, e);
            }
            // output = Task, or output(status = "201", reason = "...")
            "output" => {
                let (o, end) = output_attr(cx, &meta, key_span)?;
                output.set(cx, key_span, end, o);
            }
            // security = "api_key", or security(none, reason = "...")
            "security" => {
                let s = security_attr(cx, &meta, key_span)?;
                security.set(cx, key_span, s.range.end, s);
            }
            // variant = 0, variant = "NewTask", variant(whole, reason = "...")
            "variant" => {
                let v = variant_attr(cx, &meta, key_span)?;
                variant.set(cx, key_span, v.range.end, v);
            }
            // check = Self::vrf_needs_rd: a value rule the schema cannot carry
            "check" => {
                let path: syn::ExprPath = meta.value()?.parse()?;
                let end = path.span();
                check.set(cx, key_span, end, path);
            }
            // aliases(device_role = "role"): a former name gets "did you mean" the current one
            "aliases" => meta.parse_nested_meta(|entry| {
                let former = Spanned {
                    value: key_name(&entry.path),
                    span: entry.path.span(),
                };
                let current = lit(&entry.value()?.parse()?);
                aliases.push((former, current));
                Ok(())
            })?,
            _ => {
                return Err(meta.error(format!(
                    "unknown #[tool] option `{key}`; expected one of: operation, spec, name, \
                     fixed, omitted, undocumented, semantics, effects, output, security, \
                     variant, check, aliases"
                )));
            }
        }
        Ok(())
    });
    if let Err(e) = parser.parse2(args) {
        cx.syn_error(e);
        return None;
    }
    Some(ToolAttr {
        operation: operation.get(),
        spec: spec.get(),
        name: name.get(),
        fixed,
        omitted,
        undocumented,
        semantics: semantics.get(),
        effects: effects.get(),
        output: output.get(),
        security: security.get(),
        variant: variant.get(),
        check: check.get(),
        aliases,
    })
}

/// `key = "text"` into `slot`.
fn string(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    slot: &mut Slot<Spanned<String>>,
) -> syn::Result<()> {
    let value = lit(&meta.value()?.parse()?);
    slot.set(cx, meta.path.span(), value.span, value);
    Ok(())
}

/// A flag key (`none`, `whole`, `text`, `undocumented`) into `slot`.
fn flag(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta, slot: &mut Slot<Span>) {
    let span = meta.path.span();
    slot.set(cx, span, span, span);
}

/// The closing parenthesis of `key(...)`, before it is parsed: where a repeated key's error
/// ends.
fn group_end(meta: &syn::meta::ParseNestedMeta) -> Span {
    meta.input
        .fork()
        .parse::<proc_macro2::Group>()
        .map_or_else(|_| meta.path.span(), |g| g.span_close())
}

/// The name of a key (`fixed`, `reason`); empty when it is a path, which no key is.
fn key_name(path: &syn::Path) -> String {
    path.get_ident()
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// The doc comment of an item, lines joined, or `None`.
pub fn doc(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|l| l.strip_prefix(' ').unwrap_or(&l).to_string())
        .collect();
    let text = lines.join("\n").trim().to_string();
    (!text.is_empty()).then_some(text)
}

use syn::spanned::Spanned as _;
