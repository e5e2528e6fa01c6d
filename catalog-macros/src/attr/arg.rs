//! `#[arg(...)]` on a field of a `#[tool]`: the parameter it sends (`param`, `rename`,
//! `undocumented`), how a null is written (`null`), and what the server reads where the spec is
//! wrong (`wire_type`, `values`, `pattern`, `family`), each with `read_at` and `reason`.

use super::{Spanned, flag, key_name, lit, string};
use crate::ctxt::Ctxt;
use crate::slot::Slot;
use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::spanned::Spanned as _;
use syn::{LitStr, Token};

pub struct FieldAttr {
    pub param: Option<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub null: Option<Spanned<String>>,
    pub undocumented: Option<Span>,
    /// `wire_type = "integer"`: the type the server reads where the spec's is wrong.
    pub wire_type: Option<Spanned<String>>,
    /// `values = ["a", "b"]`: the values the server reads, where the spec allows more.
    pub values: Option<Spanned<Vec<Spanned<String>>>>,
    /// `pattern = "^...$"`: the strings the server reads, where the spec allows any.
    pub pattern: Option<Spanned<String>>,
    /// `family = "query.cf_*"`: a map field of undocumented parameters named by a pattern.
    pub family: Option<Spanned<String>>,
    pub read_at: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    /// An attribute was malformed; its error is already reported.
    pub broken: bool,
}

/// Parses every `#[arg(...)]` of a field (all of them together: a key given in two is given
/// twice).
pub fn field_attr(cx: &Ctxt, attrs: &[syn::Attribute]) -> FieldAttr {
    let mut param = Slot::new("param");
    let mut rename = Slot::new("rename");
    let mut null = Slot::new("null");
    let mut undocumented = Slot::new("undocumented");
    let mut wire_type = Slot::new("wire_type");
    let mut values = Slot::new("values");
    let mut pattern = Slot::new("pattern");
    let mut family = Slot::new("family");
    let mut read_at = Slot::new("read_at");
    let mut reason = Slot::new("reason");
    let mut broken = false;
    for a in attrs {
        let r = a.parse_nested_meta(|meta| {
            match key_name(&meta.path).as_str() {
                // #[arg(param = "body.root_id")]
                "param" => string(cx, &meta, &mut param)?,
                // #[arg(rename = "reply_to")]
                "rename" => string(cx, &meta, &mut rename)?,
                // #[arg(null = "null")]: the text a null value or element is sent as
                "null" => string(cx, &meta, &mut null)?,
                // #[arg(undocumented, read_at = "...", reason = "...")]
                "undocumented" => flag(cx, &meta, &mut undocumented),
                // #[arg(wire_type = "integer", read_at = "...", reason = "...")]
                "wire_type" => string(cx, &meta, &mut wire_type)?,
                // #[arg(values = ["active", ...], read_at = "...", reason = "...")]
                "values" => strings(cx, &meta, &mut values)?,
                // #[arg(pattern = "^...$", read_at = "...", reason = "...")]
                "pattern" => string(cx, &meta, &mut pattern)?,
                // #[arg(family = "query.cf_*", read_at = "...", reason = "...")]
                "family" => string(cx, &meta, &mut family)?,
                "read_at" => string(cx, &meta, &mut read_at)?,
                "reason" => string(cx, &meta, &mut reason)?,
                key => {
                    return Err(meta.error(format!(
                        "unknown #[arg] option `{key}`; expected one of: param, rename, null, \
                         undocumented, wire_type, values, pattern, family, read_at, reason"
                    )));
                }
            }
            Ok(())
        });
        if let Err(e) = r {
            cx.syn_error(e);
            broken = true;
        }
    }
    FieldAttr {
        param: param.get(),
        rename: rename.get(),
        null: null.get(),
        undocumented: undocumented.get(),
        wire_type: wire_type.get(),
        values: values.get(),
        pattern: pattern.get(),
        family: family.get(),
        read_at: read_at.get(),
        reason: reason.get(),
        broken,
    }
}

/// A `key = ["a", "b"]` list of string literals into `slot`, each with its span; the span of
/// the whole is the brackets'.
fn strings(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    slot: &mut Slot<Spanned<Vec<Spanned<String>>>>,
) -> syn::Result<()> {
    let input = meta.value()?;
    let content;
    let bracket = syn::bracketed!(content in input);
    let items = content.parse_terminated(|c: ParseStream| c.parse::<LitStr>(), Token![,])?;
    let span = bracket.span.join();
    let value = Spanned {
        value: items.iter().map(lit).collect(),
        span,
    };
    slot.set(cx, meta.path.span(), span, value);
    Ok(())
}
