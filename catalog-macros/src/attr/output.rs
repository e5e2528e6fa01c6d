//! `output = T` or `output(status = "..", media_type = "..", text, type = T, reason = "..")`: the
//! response a tool's output is read from, and the type it is read as.

use super::{Spanned, flag, group_end, key_name, string};
use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use proc_macro2::Span;
use syn::Token;
use syn::spanned::Spanned as _;

/// `output = T`, or `output(status = "..", media_type = "..", text, type = T, reason = "..")`.
pub struct OutputAttr {
    /// The `output` key.
    pub span: Span,
    pub status: Option<Spanned<String>>,
    pub media_type: Option<Spanned<String>>,
    /// `text`, where written.
    pub text: Option<Span>,
    pub ty: Option<syn::Type>,
    pub reason: Option<Spanned<String>>,
}

/// `output = T` or `output(...)`, with where it ends.
pub(super) fn output_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<(OutputAttr, Span)> {
    if meta.input.peek(Token![=]) {
        let ty: syn::Type = meta.value()?.parse()?;
        let end = Range::of(&ty).end;
        let o = OutputAttr {
            span,
            status: None,
            media_type: None,
            text: None,
            ty: Some(ty),
            reason: None,
        };
        return Ok((o, end));
    }
    let end = group_end(meta);
    let mut status = Slot::new("status");
    let mut media_type = Slot::new("media_type");
    let mut text = Slot::new("text");
    let mut ty = Slot::new("type");
    let mut reason = Slot::new("reason");
    meta.parse_nested_meta(|m| {
        match key_name(&m.path).as_str() {
            "status" => string(cx, &m, &mut status)?,
            "media_type" => string(cx, &m, &mut media_type)?,
            "reason" => string(cx, &m, &mut reason)?,
            "text" => flag(cx, &m, &mut text),
            "type" => {
                let t: syn::Type = m.value()?.parse()?;
                ty.set(cx, m.path.span(), Range::of(&t).end, t);
            }
            k => {
                return Err(m.error(format!(
                    "unknown key `{k}`; expected one of: status, media_type, text, type, reason"
                )));
            }
        }
        Ok(())
    })?;
    let o = OutputAttr {
        span,
        status: status.get(),
        media_type: media_type.get(),
        text: text.get(),
        ty: ty.get(),
        reason: reason.get(),
    };
    Ok((o, end))
}
