//! `#[arg(...)]` on a tool's field: every key parsed into its slot, all of a field's `#[arg]`
//! attributes together (a key given in two is given twice); and `arg("body.x.y", ...)` in
//! `#[tool]`, the same keys for a property below a parameter (the overrides' only).

use crate::attr_keys::{ARG, Keys, TOOL_ARG};
use crate::attr_value::{Spanned, flag, key_name, lit, string, strings};
use crate::ctxt::Ctxt;
use crate::slot::Slot;
use proc_macro2::Span;
use syn::Token;
use syn::parse::Parser;

pub struct FieldAttr {
    pub param: Option<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub null: Option<Spanned<String>>,
    pub undocumented: Option<Span>,
    /// `wire_type = "integer"`: the type the server reads where the spec's is wrong.
    pub wire_type: Option<Spanned<String>>,
    /// `delimited = ","`: a text parameter the server splits into a list.
    pub delimited: Option<Spanned<String>>,
    /// `values = ["a", "b"]`: the values the server reads, where the spec allows more.
    pub values: Option<Spanned<Vec<Spanned<String>>>>,
    /// `pattern = "^...$"`: the strings the server reads, where the spec allows any.
    pub pattern: Option<Spanned<String>>,
    /// `family = "query.cf_*"`: a map field of undocumented parameters named by a pattern.
    pub family: Option<Spanned<String>>,
    /// `absent = "keeps" | "clears"`: what leaving this body property out does, where it
    /// differs from the tool's semantics.
    pub absent: Option<Spanned<String>>,
    /// `appends`: the items sent in this array body property are added to the server's.
    pub appends: Option<Span>,
    pub read_at: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    /// An attribute was malformed; its error is already reported.
    pub broken: bool,
}

/// Parses every `#[arg(...)]` of a field (all of them together: a key given in two is given
/// twice).
pub fn field_attr(cx: &Ctxt, attrs: &[syn::Attribute]) -> FieldAttr {
    let mut slots = Slots::new();
    let mut broken = false;
    for a in attrs {
        if let Err(e) = a.parse_nested_meta(|meta| slots.parse(cx, &meta, &ARG)) {
            cx.syn_error(e);
            broken = true;
        }
    }
    slots.into_attr(broken)
}

/// `arg("body.data.due", wire_type = "...", read_at = "...", reason = "...")` in `#[tool]`: the
/// `#[arg]` overrides of a property below a parameter, by its address.
pub struct ToolArg {
    pub address: Spanned<String>,
    /// Its keys, as a field's `#[arg]` holds them (only the overrides' are accepted).
    pub attr: FieldAttr,
}

/// Parses `arg("address", key = value, ...)`; the keys are [`TOOL_ARG`]'s.
pub fn tool_arg(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta, span: Span) -> syn::Result<ToolArg> {
    let content;
    syn::parenthesized!(content in meta.input);
    if content.is_empty() {
        return Err(syn::Error::new(
            span,
            "expected the address of a property below a parameter, like \"body.data.due\"",
        ));
    }
    let address = lit(&content.parse()?);
    let mut slots = Slots::new();
    if !content.is_empty() {
        content.parse::<Token![,]>()?;
        let rest: proc_macro2::TokenStream = content.parse()?;
        syn::meta::parser(|meta| slots.parse(cx, &meta, &TOOL_ARG)).parse2(rest)?;
    }
    Ok(ToolArg {
        address,
        attr: slots.into_attr(false),
    })
}

/// A slot per `#[arg]` key.
struct Slots {
    param: Slot<Spanned<String>>,
    rename: Slot<Spanned<String>>,
    null: Slot<Spanned<String>>,
    undocumented: Slot<Span>,
    wire_type: Slot<Spanned<String>>,
    delimited: Slot<Spanned<String>>,
    values: Slot<Spanned<Vec<Spanned<String>>>>,
    pattern: Slot<Spanned<String>>,
    family: Slot<Spanned<String>>,
    absent: Slot<Spanned<String>>,
    appends: Slot<Span>,
    read_at: Slot<Spanned<String>>,
    reason: Slot<Spanned<String>>,
}

impl Slots {
    fn new() -> Slots {
        Slots {
            param: Slot::new("param"),
            rename: Slot::new("rename"),
            null: Slot::new("null"),
            undocumented: Slot::new("undocumented"),
            wire_type: Slot::new("wire_type"),
            delimited: Slot::new("delimited"),
            values: Slot::new("values"),
            pattern: Slot::new("pattern"),
            family: Slot::new("family"),
            absent: Slot::new("absent"),
            appends: Slot::new("appends"),
            read_at: Slot::new("read_at"),
            reason: Slot::new("reason"),
        }
    }

    /// One key, if `keys` has it, into its slot.
    fn parse(
        &mut self,
        cx: &Ctxt,
        meta: &syn::meta::ParseNestedMeta,
        keys: &Keys,
    ) -> syn::Result<()> {
        match key_name(&meta.path).as_str() {
            key if !keys.accepts(key) => {
                let what = if keys.at == ARG.at {
                    format!("unknown #[arg] option `{key}`")
                } else {
                    format!("unknown key `{key}`")
                };
                return Err(meta.error(format!("{what}; expected one of: {}", keys.list())));
            }
            // #[arg(param = "body.root_id")]
            "param" => string(cx, meta, &mut self.param)?,
            // #[arg(rename = "reply_to")]
            "rename" => string(cx, meta, &mut self.rename)?,
            // #[arg(null = "null")]: the text a null value or element is sent as
            "null" => string(cx, meta, &mut self.null)?,
            // #[arg(undocumented, read_at = "...", reason = "...")]
            "undocumented" => flag(cx, meta, &mut self.undocumented),
            // #[arg(wire_type = "integer", read_at = "...", reason = "...")]
            "wire_type" => string(cx, meta, &mut self.wire_type)?,
            // #[arg(delimited = ",", read_at = "...", reason = "...")]
            "delimited" => string(cx, meta, &mut self.delimited)?,
            // #[arg(values = ["active", ...], read_at = "...", reason = "...")]
            "values" => strings(cx, meta, &mut self.values)?,
            // #[arg(pattern = "^...$", read_at = "...", reason = "...")]
            "pattern" => string(cx, meta, &mut self.pattern)?,
            // #[arg(family = "query.cf_*", read_at = "...", reason = "...")]
            "family" => string(cx, meta, &mut self.family)?,
            // #[arg(absent = "keeps" | "clears")]
            "absent" => string(cx, meta, &mut self.absent)?,
            // #[arg(appends)]
            "appends" => flag(cx, meta, &mut self.appends),
            "read_at" => string(cx, meta, &mut self.read_at)?,
            "reason" => string(cx, meta, &mut self.reason)?,
            key => return Err(meta.error(keys.unparsed(key))),
        }
        Ok(())
    }

    fn into_attr(self, broken: bool) -> FieldAttr {
        FieldAttr {
            param: self.param.get(),
            rename: self.rename.get(),
            null: self.null.get(),
            undocumented: self.undocumented.get(),
            wire_type: self.wire_type.get(),
            delimited: self.delimited.get(),
            values: self.values.get(),
            pattern: self.pattern.get(),
            family: self.family.get(),
            absent: self.absent.get(),
            appends: self.appends.get(),
            read_at: self.read_at.get(),
            reason: self.reason.get(),
            broken,
        }
    }
}
