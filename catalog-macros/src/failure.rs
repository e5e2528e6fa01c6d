//! `failure(field = "ok", equals = false, reason = "...")`: which 2xx bodies are errors, parsed
//! here and checked by `catalog_core::check::failure`, which sets the rule on the operation
//! the tool embeds.

use crate::attr_keys::FAILURE;
use crate::attr_value::{Spanned, json_literal, key_name, lit};
use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use proc_macro2::Span;
use serde_json::Value;
use syn::spanned::Spanned as _;

/// `failure(field = "...", equals = <literal>, reason = "...")`.
pub struct FailureAttr {
    pub field: Spanned<String>,
    pub equals: Value,
    /// The whole value expression (`false`, `"error"`).
    pub equals_range: Range,
    pub reason: Spanned<String>,
}

/// Parses `failure(...)` after its key at `span`.
pub fn failure_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<FailureAttr> {
    let mut field = Slot::new("field");
    let mut equals = Slot::new("equals");
    let mut reason = Slot::new("reason");
    meta.parse_nested_meta(|m| {
        match key_name(&m.path).as_str() {
            k if !FAILURE.accepts(k) => {
                return Err(m.error(format!(
                    "unknown key `{k}`; expected one of: {}",
                    FAILURE.list()
                )));
            }
            "field" | "reason" => {
                let slot = if key_name(&m.path) == "field" {
                    &mut field
                } else {
                    &mut reason
                };
                let s = lit(&m.value()?.parse()?);
                slot.set(cx, m.path.span(), s.span, s);
            }
            "equals" => {
                let (v, range) = json_literal(m.value()?)?;
                equals.set(cx, m.path.span(), range.end, (v, range));
            }
            k => return Err(m.error(FAILURE.unparsed(k))),
        }
        Ok(())
    })?;
    let usage = "`failure(field = \"<a property of the success body>\", equals = <the value \
                 that means failure>, reason = \"...\")`";
    let (field, equals, reason) = (field.get(), equals.get(), reason.get());
    let missing: Vec<&str> = [
        ("`field`", field.is_none()),
        ("`equals`", equals.is_none()),
        ("`reason`", reason.is_none()),
    ]
    .iter()
    .filter(|(_, m)| *m)
    .map(|(k, _)| *k)
    .collect();
    let (Some(field), Some((equals, equals_range)), Some(reason)) = (field, equals, reason) else {
        return Err(syn::Error::new(
            span,
            format!("`failure` needs {}: {usage}", missing.join(" and ")),
        ));
    };
    Ok(FailureAttr {
        field,
        equals,
        equals_range,
        reason,
    })
}
