//! `#[tool(...)]` and `#[arg(...)]`, parsed into spans and data.
//!
//! Syntax (DESIGN §2):
//!
//! ```text
//! #[tool(
//!     operation = "CreatePost" | "POST /api/v4/posts",
//!     spec = "<file stem>",                    // when the crate indexes several specs
//!     name = "create_post",                    // the MCP tool name
//!     fixed("query.x", value = <literal>, reason = "..."),
//!     omitted("body.y" | "query.*__n", reason = "..."),
//!     undocumented("query.z", read_at = "...", reason = "..." [, value = <literal>]),
//!     semantics = "full-replace" | "merge",    // what a write does to what it does not send
//!     effects(destructive = false, ..., reason = "..."), // read_only, destructive, idempotent, open_world
//! )]
//! #[arg(param = "body.root_id", rename = "reply_to", undocumented, read_at = "...", reason = "...")]
//! ```

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use serde_json::Value;
use syn::parse::{ParseStream, Parser};
use syn::{LitStr, Token};

pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

pub struct Fixed {
    pub param: Spanned<String>,
    pub value: Spanned<Value>,
    pub reason: Spanned<String>,
}

pub struct Omitted {
    pub pattern: Spanned<String>,
    pub reason: Spanned<String>,
}

pub struct Undocumented {
    pub param: Spanned<String>,
    pub value: Option<Value>,
    pub read_at: Spanned<String>,
    pub reason: Spanned<String>,
}

/// `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`
pub struct EffectsAttr {
    pub span: Span,
    /// `(key, value, span)` in the order written.
    pub hints: Vec<(String, bool, Span)>,
    pub reason: Option<Spanned<String>>,
}

#[derive(Default)]
pub struct ToolAttr {
    pub operation: Option<Spanned<String>>,
    pub spec: Option<Spanned<String>>,
    pub name: Option<Spanned<String>>,
    pub fixed: Vec<Fixed>,
    pub omitted: Vec<Omitted>,
    pub undocumented: Vec<Undocumented>,
    pub semantics: Option<Spanned<String>>,
    pub effects: Option<EffectsAttr>,
}

fn lit(s: &LitStr) -> Spanned<String> {
    Spanned {
        value: s.value(),
        span: s.span(),
    }
}

/// Parses the `#[tool(...)]` arguments. `None` when they are malformed: the caller then reports
/// only that error, so one typo does not cascade into a page of unaccounted parameters.
pub fn tool_attr(cx: &Ctxt, args: proc_macro2::TokenStream) -> Option<ToolAttr> {
    let mut out = ToolAttr::default();
    let parser = syn::meta::parser(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        match key.as_str() {
            // operation = "CreatePost"
            "operation" => out.operation = Some(lit(&meta.value()?.parse()?)),
            // spec = "mattermost-v4"
            "spec" => out.spec = Some(lit(&meta.value()?.parse()?)),
            // name = "create_post"
            "name" => out.name = Some(lit(&meta.value()?.parse()?)),
            // fixed("query.x", value = false, reason = "...")
            "fixed" => {
                let span = meta
                    .path
                    .get_ident()
                    .map_or_else(Span::call_site, |i| i.span());
                let e = entry(meta.input, span, &["value", "reason"])?;
                let value = e.value.ok_or_else(|| {
                    syn::Error::new(e.first.span, "fixed(...) needs `value = <literal>`")
                })?;
                let reason = e.reason.ok_or_else(|| missing_reason(&e.first, "fixing"))?;
                out.fixed.push(Fixed {
                    param: e.first,
                    value,
                    reason,
                });
            }
            // omitted("body.file_ids", reason = "...")
            "omitted" => {
                let span = meta
                    .path
                    .get_ident()
                    .map_or_else(Span::call_site, |i| i.span());
                let e = entry(meta.input, span, &["reason"])?;
                let reason = e
                    .reason
                    .ok_or_else(|| missing_reason(&e.first, "omitting"))?;
                out.omitted.push(Omitted {
                    pattern: e.first,
                    reason,
                });
            }
            // undocumented("query.x", read_at = "...", reason = "...")
            "undocumented" => {
                let span = meta
                    .path
                    .get_ident()
                    .map_or_else(Span::call_site, |i| i.span());
                let e = entry(meta.input, span, &["value", "read_at", "reason"])?;
                let read_at = e.read_at.ok_or_else(|| {
                    syn::Error::new(
                        e.first.span,
                        "undocumented(...) needs `read_at = \"<where the server reads it>\"`",
                    )
                })?;
                let reason = e
                    .reason
                    .ok_or_else(|| missing_reason(&e.first, "relying on"))?;
                out.undocumented.push(Undocumented {
                    param: e.first,
                    value: e.value.map(|v| v.value),
                    read_at,
                    reason,
                });
            }
            // semantics = "merge"
            "semantics" => out.semantics = Some(lit(&meta.value()?.parse()?)),
            // effects(destructive = false, reason = "...")
            "effects" => {
                let mut e = EffectsAttr {
                    span: meta
                        .path
                        .get_ident()
                        .map_or_else(Span::call_site, |i| i.span()),
                    hints: Vec::new(),
                    reason: None,
                };
                meta.parse_nested_meta(|m| {
                    let k = m
                        .path
                        .get_ident()
                        .map(ToString::to_string)
                        .unwrap_or_default();
                    match k.as_str() {
                        "read_only" | "destructive" | "idempotent" | "open_world" => {
                            let v: syn::LitBool = m.value()?.parse()?;
                            e.hints.push((k, v.value, v.span()));
                        }
                        "reason" => e.reason = Some(lit(&m.value()?.parse()?)),
                        _ => {
                            return Err(m.error(format!(
                                "unknown key `{k}`; expected one of: read_only, destructive, \
                                 idempotent, open_world, reason"
                            )));
                        }
                    }
                    Ok(())
                })?;
                out.effects = Some(e);
            }
            _ => {
                return Err(meta.error(format!(
                    "unknown #[tool] option `{key}`; expected one of: operation, spec, name, \
                     fixed, omitted, undocumented, semantics, effects"
                )));
            }
        }
        Ok(())
    });
    match parser.parse2(args) {
        Ok(()) => Some(out),
        Err(e) => {
            cx.syn_error(e);
            None
        }
    }
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

struct Entry {
    first: Spanned<String>,
    value: Option<Spanned<Value>>,
    read_at: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
}

// `("address", key = value, ...)`
fn entry(input: ParseStream, span: Span, keys: &[&str]) -> syn::Result<Entry> {
    let content;
    syn::parenthesized!(content in input);
    if content.is_empty() {
        return Err(syn::Error::new(
            span,
            "expected a parameter address, like \"query.page\"",
        ));
    }
    let first = lit(&content.parse()?);
    let mut e = Entry {
        first,
        value: None,
        read_at: None,
        reason: None,
    };
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
        content.parse::<Token![=]>()?;
        match name.as_str() {
            "value" => e.value = Some(json_literal(&content)?),
            "read_at" => e.read_at = Some(lit(&content.parse()?)),
            _ => e.reason = Some(lit(&content.parse()?)),
        }
    }
    Ok(e)
}

/// A JSON value written as Rust literals: `false`, `10`, `-1.5`, `"text"`, `null`, `[1, 2]`.
fn json_literal(input: ParseStream) -> syn::Result<Spanned<Value>> {
    let span = input.span();
    if input.peek(syn::token::Bracket) {
        let content;
        syn::bracketed!(content in input);
        let mut items = Vec::new();
        while !content.is_empty() {
            items.push(json_literal(&content)?.value);
            if !content.is_empty() {
                content.parse::<Token![,]>()?;
            }
        }
        return Ok(Spanned {
            value: Value::Array(items),
            span,
        });
    }
    if input.peek(syn::Ident) {
        let id: syn::Ident = input.parse()?;
        if id == "null" {
            return Ok(Spanned {
                value: Value::Null,
                span,
            });
        }
        return Err(syn::Error::new(
            id.span(),
            "expected a literal value (`true`, `10`, `\"text\"`, `null`, `[...]`)",
        ));
    }
    let negative = input.parse::<Option<Token![-]>>()?.is_some();
    let l: syn::Lit = input.parse()?;
    let bad = |l: &syn::Lit| syn::Error::new(l.span(), "this literal is not a JSON value");
    let value = match &l {
        syn::Lit::Bool(b) if !negative => Value::Bool(b.value),
        syn::Lit::Str(s) if !negative => Value::String(s.value()),
        syn::Lit::Int(i) => {
            let text = format!("{}{}", if negative { "-" } else { "" }, i.base10_digits());
            serde_json::from_str::<serde_json::Number>(&text)
                .map(Value::Number)
                .map_err(|_| bad(&l))?
        }
        syn::Lit::Float(f) => {
            let text = format!("{}{}", if negative { "-" } else { "" }, f.base10_digits());
            serde_json::from_str::<serde_json::Number>(&text)
                .map(Value::Number)
                .map_err(|_| bad(&l))?
        }
        _ => return Err(bad(&l)),
    };
    Ok(Spanned { value, span })
}

#[derive(Default)]
pub struct FieldAttr {
    pub param: Option<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub undocumented: Option<Span>,
    pub read_at: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    /// The attribute was malformed; its error is already reported.
    pub broken: bool,
}

/// Parses every `#[arg(...)]` on a field.
pub fn field_attr(cx: &Ctxt, attrs: &[syn::Attribute]) -> FieldAttr {
    let mut out = FieldAttr::default();
    for a in attrs.iter().filter(|a| a.path().is_ident("arg")) {
        let r = a.parse_nested_meta(|meta| {
            let key = meta
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            match key.as_str() {
                // #[arg(param = "body.root_id")]
                "param" => out.param = Some(lit(&meta.value()?.parse()?)),
                // #[arg(rename = "reply_to")]
                "rename" => out.rename = Some(lit(&meta.value()?.parse()?)),
                // #[arg(undocumented, read_at = "...", reason = "...")]
                "undocumented" => out.undocumented = Some(meta.path.span()),
                "read_at" => out.read_at = Some(lit(&meta.value()?.parse()?)),
                "reason" => out.reason = Some(lit(&meta.value()?.parse()?)),
                _ => {
                    return Err(meta.error(format!(
                        "unknown #[arg] option `{key}`; expected one of: param, rename, \
                         undocumented, read_at, reason"
                    )));
                }
            }
            Ok(())
        });
        if let Err(e) = r {
            cx.syn_error(e);
            out.broken = true;
        }
    }
    out
}

/// The doc comment of an item, lines joined, or `None`.
pub fn doc(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|l| l.strip_prefix(' ').unwrap_or(&l).to_string())
        .collect();
    let text = lines.join("\n").trim().to_string();
    (!text.is_empty()).then_some(text)
}

use syn::spanned::Spanned as _;
