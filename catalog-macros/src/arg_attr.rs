//! `#[arg(...)]` on a tool's field: every key parsed into its slot, all of a field's `#[arg]`
//! attributes together (a key given in two is given twice).

use crate::attr::{flag, string, strings};
use crate::attr_keys::ARG;
use crate::attr_value::{Spanned, key_name};
use crate::ctxt::Ctxt;
use crate::slot::Slot;
use proc_macro2::Span;

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
    let mut param = Slot::new("param");
    let mut rename = Slot::new("rename");
    let mut null = Slot::new("null");
    let mut undocumented = Slot::new("undocumented");
    let mut wire_type = Slot::new("wire_type");
    let mut delimited = Slot::new("delimited");
    let mut values = Slot::new("values");
    let mut pattern = Slot::new("pattern");
    let mut family = Slot::new("family");
    let mut absent = Slot::new("absent");
    let mut appends = Slot::new("appends");
    let mut read_at = Slot::new("read_at");
    let mut reason = Slot::new("reason");
    let mut broken = false;
    for a in attrs {
        let r = a.parse_nested_meta(|meta| {
            match key_name(&meta.path).as_str() {
                key if !ARG.accepts(key) => {
                    return Err(meta.error(format!(
                        "unknown #[arg] option `{key}`; expected one of: {}",
                        ARG.list()
                    )));
                }
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
                // #[arg(delimited = ",", read_at = "...", reason = "...")]
                "delimited" => string(cx, &meta, &mut delimited)?,
                // #[arg(values = ["active", ...], read_at = "...", reason = "...")]
                "values" => strings(cx, &meta, &mut values)?,
                // #[arg(pattern = "^...$", read_at = "...", reason = "...")]
                "pattern" => string(cx, &meta, &mut pattern)?,
                // #[arg(family = "query.cf_*", read_at = "...", reason = "...")]
                "family" => string(cx, &meta, &mut family)?,
                // #[arg(absent = "keeps" | "clears")]
                "absent" => string(cx, &meta, &mut absent)?,
                // #[arg(appends)]
                "appends" => flag(cx, &meta, &mut appends),
                "read_at" => string(cx, &meta, &mut read_at)?,
                "reason" => string(cx, &meta, &mut reason)?,
                key => return Err(meta.error(ARG.unparsed(key))),
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
        delimited: delimited.get(),
        values: values.get(),
        pattern: pattern.get(),
        family: family.get(),
        absent: absent.get(),
        appends: appends.get(),
        read_at: read_at.get(),
        reason: reason.get(),
        broken,
    }
}
