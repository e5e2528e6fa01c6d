//! `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`:
//! the hints a tool declares over the ones its method implies.

use super::{Spanned, key_name, string};
use crate::ctxt::Ctxt;
use crate::slot::Slot;
use catalog_core::check::effects::Hint;
use proc_macro2::Span;
use syn::spanned::Spanned as _;

/// `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`
pub struct EffectsAttr {
    pub span: Span,
    /// `(hint, value, span)` of each hint given, in the order read_only, destructive,
    /// idempotent, open_world.
    pub hints: Vec<(Hint, bool, Span)>,
    pub reason: Option<Spanned<String>>,
}

/// `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`
pub(super) fn effects_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<EffectsAttr> {
    let mut hints = Hint::ALL.map(|hint| (hint, Slot::new(hint.as_str())));
    let mut reason = Slot::new("reason");
    meta.parse_nested_meta(|m| {
        let k = key_name(&m.path);
        if k == "reason" {
            return string(cx, &m, &mut reason);
        }
        let Some((_, slot)) = hints.iter_mut().find(|(hint, _)| hint.as_str() == k) else {
            return Err(m.error(format!(
                "unknown key `{k}`; expected one of: read_only, destructive, idempotent, \
                 open_world, reason"
            )));
        };
        let v: syn::LitBool = m.value()?.parse()?;
        slot.set(cx, m.path.span(), v.span(), (v.value, v.span()));
        Ok(())
    })?;
    Ok(EffectsAttr {
        span,
        hints: hints
            .into_iter()
            .filter_map(|(hint, slot)| slot.get().map(|(value, at)| (hint, value, at)))
            .collect(),
        reason: reason.get(),
    })
}
