//! The parameter entries of `#[tool(...)]`: `fixed("query.x", value = <literal>, reason = "...")`,
//! `omitted("body.y" | "query.*", [clears,] reason = "...")` and
//! `undocumented("query.z", read_at = "...", reason = "..." [, value = <literal>])`, each value a
//! JSON value written as Rust literals.

use super::{Spanned, lit};
use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use proc_macro2::Span;
use serde_json::Value;
use syn::Token;
use syn::parse::ParseStream;

pub struct Fixed {
    pub param: Spanned<String>,
    pub value: Value,
    /// The whole value expression (`-1`, `[1, 2]`).
    pub value_range: Range,
    pub reason: Spanned<String>,
}

pub struct Omitted {
    pub pattern: Spanned<String>,
    /// `clears`: every call clears this body property of a full replace, as the tool states.
    pub clears: Option<Span>,
    pub reason: Spanned<String>,
}

pub struct Undocumented {
    pub param: Spanned<String>,
    pub value: Option<Value>,
    pub read_at: Spanned<String>,
    pub reason: Spanned<String>,
}

fn missing_reason(first: &Spanned<String>, verb: &str) -> syn::Error {
    syn::Error::new(
        first.span,
        format!(
            "{verb} `{}` needs `reason = \"...\"`: say what a user loses, and why that is right",
            first.value
        ),
    )
}

/// `fixed("query.x", value = <literal>, reason = "...")`
pub(super) fn fixed_entry(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<Fixed> {
    let e = entry(cx, meta.input, span, &["value", "reason"])?;
    let (value, value_range) = e
        .value
        .ok_or_else(|| syn::Error::new(e.first.span, "fixed(...) needs `value = <literal>`"))?;
    let reason = e.reason.ok_or_else(|| missing_reason(&e.first, "fixing"))?;
    Ok(Fixed {
        param: e.first,
        value,
        value_range,
        reason,
    })
}

/// `omitted("body.file_ids" | "query.*", [clears,] reason = "...")`
pub(super) fn omitted_entry(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<Omitted> {
    let e = entry(cx, meta.input, span, &["clears", "reason"])?;
    let reason = e
        .reason
        .ok_or_else(|| missing_reason(&e.first, "omitting"))?;
    Ok(Omitted {
        pattern: e.first,
        clears: e.clears,
        reason,
    })
}

/// `undocumented("query.x", read_at = "...", reason = "..." [, value = <literal>])`
pub(super) fn undocumented_entry(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<Undocumented> {
    let e = entry(cx, meta.input, span, &["value", "read_at", "reason"])?;
    let read_at = e.read_at.ok_or_else(|| {
        syn::Error::new(
            e.first.span,
            "undocumented(...) needs `read_at = \"<where the server reads it>\"`",
        )
    })?;
    let reason = e
        .reason
        .ok_or_else(|| missing_reason(&e.first, "relying on"))?;
    Ok(Undocumented {
        param: e.first,
        value: e.value.map(|(v, _)| v),
        read_at,
        reason,
    })
}

struct Entry {
    first: Spanned<String>,
    /// `clears`, a flag.
    clears: Option<Span>,
    value: Option<(Value, Range)>,
    read_at: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
}

// `("address", key = value, flag, ...)`
fn entry(cx: &Ctxt, input: ParseStream, span: Span, keys: &[&str]) -> syn::Result<Entry> {
    let content;
    syn::parenthesized!(content in input);
    if content.is_empty() {
        return Err(syn::Error::new(
            span,
            "expected a parameter address, like \"query.page\"",
        ));
    }
    let first = lit(&content.parse()?);
    let mut clears = Slot::new("clears");
    let mut value = Slot::new("value");
    let mut read_at = Slot::new("read_at");
    let mut reason = Slot::new("reason");
    while !content.is_empty() {
        content.parse::<Token![,]>()?;
        if content.is_empty() {
            break;
        }
        let key: syn::Ident = content.parse()?;
        let name = key.to_string();
        if !keys.contains(&name.as_str()) {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown key `{name}`; expected one of: {}", keys.join(", ")),
            ));
        }
        if name == "clears" {
            let span = key.span();
            clears.set(cx, span, span, span);
            continue;
        }
        content.parse::<Token![=]>()?;
        if name == "value" {
            let (v, range) = json_literal(&content)?;
            value.set(cx, key.span(), range.end, (v, range));
        } else {
            let s = lit(&content.parse()?);
            let slot = if name == "read_at" {
                &mut read_at
            } else {
                &mut reason
            };
            slot.set(cx, key.span(), s.span, s);
        }
    }
    Ok(Entry {
        first,
        clears: clears.get(),
        value: value.get(),
        read_at: read_at.get(),
        reason: reason.get(),
    })
}

/// A JSON value written as Rust literals: `false`, `10`, `-1.5`, `"text"`, `null`, `[1, 2]`,
/// with the range of its tokens.
fn json_literal(input: ParseStream) -> syn::Result<(Value, Range)> {
    let start = input.span();
    if input.peek(syn::token::Bracket) {
        let content;
        let bracket = syn::bracketed!(content in input);
        let mut items = Vec::new();
        while !content.is_empty() {
            items.push(json_literal(&content)?.0);
            if !content.is_empty() {
                content.parse::<Token![,]>()?;
            }
        }
        return Ok((Value::Array(items), Range::from(bracket.span.join())));
    }
    if input.peek(syn::Ident) {
        let id: syn::Ident = input.parse()?;
        if id == "null" {
            return Ok((Value::Null, Range::from(id.span())));
        }
        return Err(syn::Error::new(
            id.span(),
            "expected a literal value (`true`, `10`, `\"text\"`, `null`, `[...]`)",
        ));
    }
    let negative = input.parse::<Option<Token![-]>>()?.is_some();
    let l: syn::Lit = input.parse()?;
    let range = Range {
        start,
        end: l.span(),
    };
    let bad = |l: &syn::Lit| range.error(format!("`{}` is not a JSON value", quote::quote!(#l)));
    let number = |digits: &str| {
        let text = format!("{}{digits}", if negative { "-" } else { "" });
        serde_json::from_str::<serde_json::Number>(&text)
            .map(Value::Number)
            .map_err(|_| bad(&l))
    };
    let value = match &l {
        syn::Lit::Bool(b) if !negative => Value::Bool(b.value),
        syn::Lit::Str(s) if !negative => Value::String(s.value()),
        syn::Lit::Int(i) => number(i.base10_digits())?,
        syn::Lit::Float(f) => number(f.base10_digits())?,
        _ => return Err(bad(&l)),
    };
    Ok((value, range))
}
