//! The values attribute keys take, read the same way by `#[tool]` and its entries: a string
//! with its span, a key's name, and a JSON value written as Rust literals.

use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use proc_macro2::Span;
use serde_json::Value;
use syn::parse::ParseStream;
use syn::spanned::Spanned as _;
use syn::{LitStr, Token};

/// A value and where it was written.
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// A string literal's value and span.
pub(crate) fn lit(s: &LitStr) -> Spanned<String> {
    Spanned {
        value: s.value(),
        span: s.span(),
    }
}

/// The name of a key (`fixed`, `reason`); empty when it is a path, which no key is.
pub fn key_name(path: &syn::Path) -> String {
    path.get_ident()
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// A JSON value written as Rust literals: `false`, `10`, `-1.5`, `"text"`, `null`, `[1, 2]`,
/// with the range of its tokens.
pub(crate) fn json_literal(input: ParseStream) -> syn::Result<(Value, Range)> {
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

/// `key = "text"` into `slot`.
pub(crate) fn string(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    slot: &mut Slot<Spanned<String>>,
) -> syn::Result<()> {
    let value = lit(&meta.value()?.parse()?);
    slot.set(cx, meta.path.span(), value.span, value);
    Ok(())
}

/// A `key = ["a", "b"]` list of string literals into `slot`, each with its span; the span of
/// the whole is the brackets'.
pub(crate) fn strings(
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

/// A flag key (`none`, `whole`, `text`, `undocumented`) into `slot`.
pub(crate) fn flag(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta, slot: &mut Slot<Span>) {
    let span = meta.path.span();
    slot.set(cx, span, span, span);
}
