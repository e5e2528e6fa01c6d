//! `variant = N`, `variant = "Name"` or `variant(whole, reason = "...")`: the arm of a union
//! request body a tool sends, or the whole union.

use super::{Spanned, flag, key_name, string};
use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use proc_macro2::Span;
use syn::Token;

/// `variant = N`, `variant = "Name"`, or `variant(whole, reason = "...")`.
pub struct VariantAttr {
    pub variant: catalog_core::check::union::Variant,
    /// From the `variant` key to the end of what it says.
    pub range: Range,
    /// The reason for taking the whole union.
    pub reason: Option<Spanned<String>>,
}

/// `variant = N`, `variant = "Name"`, or `variant(whole, reason = "...")`.
pub(super) fn variant_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<VariantAttr> {
    use catalog_core::check::union::Variant;
    if meta.input.peek(Token![=]) {
        let (variant, end) = match meta.value()?.parse::<syn::Lit>()? {
            syn::Lit::Int(n) => (Variant::Index(n.base10_parse()?), n.span()),
            syn::Lit::Str(s) => (Variant::Name(s.value()), s.span()),
            other => {
                return Err(syn::Error::new(
                    other.span(),
                    "`variant` takes an arm's index (`variant = 0`) or name \
                     (`variant = \"NewTask\"`)",
                ));
            }
        };
        return Ok(VariantAttr {
            variant,
            range: Range::from(span).to(Range::from(end)),
            reason: None,
        });
    }
    let mut whole = Slot::new("whole");
    let mut reason = Slot::new("reason");
    meta.parse_nested_meta(|m| {
        match key_name(&m.path).as_str() {
            "whole" => flag(cx, &m, &mut whole),
            "reason" => string(cx, &m, &mut reason)?,
            k => {
                return Err(m.error(format!(
                    "unknown key `{k}`; write `variant = 0` (or the arm's name) to send one arm, \
                     or `variant(whole, reason = \"...\")` to send the whole union"
                )));
            }
        }
        Ok(())
    })?;
    if whole.get().is_none() {
        return Err(syn::Error::new(
            span,
            "`variant(...)` takes `whole, reason = \"...\"`; to send one arm, write `variant = 0` \
             or `variant = \"<arm name>\"`",
        ));
    }
    let Some(reason) = reason.get() else {
        return Err(syn::Error::new(
            span,
            "`variant(whole)` needs `reason = \"...\"`: say what a user loses when the arms' \
             properties are not accounted one by one, and why that is right",
        ));
    };
    Ok(VariantAttr {
        variant: Variant::Whole,
        range: Range::from(span).to(Range::from(reason.span)),
        reason: Some(reason),
    })
}
