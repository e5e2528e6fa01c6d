//! `security = "scheme"` or `security(none, reason = "...")`: the credentials a tool sends.

use super::{Spanned, flag, key_name, lit, string};
use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use proc_macro2::Span;
use syn::Token;

/// `security = "scheme"` or `security(none, reason = "...")`.
pub struct SecurityAttr {
    /// From the `security` key to the end of what it says.
    pub range: Range,
    /// The scheme named, or `None` for `none`.
    pub scheme: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
}

/// `security = "scheme"` or `security(none, reason = "...")`.
pub(super) fn security_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<SecurityAttr> {
    if meta.input.peek(Token![=]) {
        let scheme = lit(&meta.value()?.parse()?);
        return Ok(SecurityAttr {
            range: Range::from(span).to(Range::from(scheme.span)),
            scheme: Some(scheme),
            reason: None,
        });
    }
    let mut none = Slot::new("none");
    let mut reason = Slot::new("reason");
    meta.parse_nested_meta(|m| {
        match key_name(&m.path).as_str() {
            "none" => flag(cx, &m, &mut none),
            "reason" => string(cx, &m, &mut reason)?,
            k => {
                return Err(m.error(format!(
                    "unknown key `{k}`; write `security = \"<scheme>\"` to send one scheme the \
                     operation lists, or `security(none, reason = \"...\")` to send no credential"
                )));
            }
        }
        Ok(())
    })?;
    if none.get().is_none() {
        return Err(syn::Error::new(
            span,
            "`security(...)` takes `none, reason = \"...\"`; to send one scheme the operation \
             lists, write `security = \"<scheme>\"`",
        ));
    }
    let Some(reason) = reason.get() else {
        return Err(syn::Error::new(
            span,
            "`security(none)` needs `reason = \"...\"`: say who adds the credential the spec \
             asks for (a gateway in front of the API, ...)",
        ));
    };
    Ok(SecurityAttr {
        range: Range::from(span).to(Range::from(reason.span)),
        scheme: None,
        reason: Some(reason),
    })
}
