//! `#[tool(...)]` and `#[arg(...)]`, parsed into spans and data.
//!
//! Syntax (docs/design.md §2):
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
//!     security = "api_key" | security(none, reason = "..."), // which credentials it sends
//!     output = Task,                           // the type the output response is read as
//!     output(status = "201", media_type = "application/json", type = Task, reason = "..."),
//!     output(text, reason = "..."),            // no structured content
//!     variant = 0 | "NewTask",                 // the arm of a union request body it sends
//!     variant(whole, reason = "..."),          // or the whole union, one `body` argument
//! )]
//! #[arg(param = "body.root_id", rename = "reply_to", undocumented, read_at = "...", reason = "...")]
//! #[arg(null = "null")]   // the text a null value (or array element) of this field is sent as
//! ```

use crate::ctxt::{Ctxt, Range};
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
    pub value: Value,
    /// The whole value expression (`-1`, `[1, 2]`).
    pub value_range: Range,
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

/// `security = "scheme"` or `security(none, reason = "...")`.
pub struct SecurityAttr {
    /// From the `security` key to the end of what it says.
    pub range: Range,
    /// The scheme named, or `None` for `none`.
    pub scheme: Option<Spanned<String>>,
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
    pub output: Option<OutputAttr>,
    pub security: Option<SecurityAttr>,
    /// `variant = N`, `variant = "Name"` or `variant(whole, reason = "...")`: how the tool
    /// sends a union request body.
    pub variant: Option<VariantAttr>,
}

/// `variant = N`, `variant = "Name"`, or `variant(whole, reason = "...")`.
pub struct VariantAttr {
    pub variant: catalog_core::check::union::Variant,
    /// From the `variant` key to the end of what it says.
    pub range: Range,
    /// The reason for taking the whole union.
    pub reason: Option<Spanned<String>>,
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
    let mut seen = Seen::default();
    let parser = syn::meta::parser(|meta| {
        let key = key_name(&meta.path);
        let key_span = meta.path.span();
        match key.as_str() {
            // operation = "CreatePost"
            "operation" | "spec" | "name" => {
                let value = lit(&meta.value()?.parse()?);
                seen.once(cx, &key, key_span, value.span);
                let slot = match key.as_str() {
                    "operation" => &mut out.operation,
                    "spec" => &mut out.spec,
                    _ => &mut out.name,
                };
                slot.get_or_insert(value);
            }
            // fixed("query.x", value = false, reason = "...")
            "fixed" => {
                let e = entry(cx, meta.input, key_span, &["value", "reason"])?;
                let (value, value_range) = e.value.ok_or_else(|| {
                    syn::Error::new(e.first.span, "fixed(...) needs `value = <literal>`")
                })?;
                let reason = e.reason.ok_or_else(|| missing_reason(&e.first, "fixing"))?;
                out.fixed.push(Fixed {
                    param: e.first,
                    value,
                    value_range,
                    reason,
                });
            }
            // omitted("body.file_ids", reason = "...")
            "omitted" => {
                let e = entry(cx, meta.input, key_span, &["reason"])?;
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
                let e = entry(cx, meta.input, key_span, &["value", "read_at", "reason"])?;
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
                    value: e.value.map(|(v, _)| v),
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
                    let k = key_name(&m.path);
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
            // output = Task, or output(status = "201", reason = "...")
            "output" => {
                let o = output_attr(cx, &meta, key_span)?;
                seen.once(cx, &key, key_span, key_span);
                out.output.get_or_insert(o);
            }
            // security = "api_key", or security(none, reason = "...")
            "security" => {
                let s = security_attr(&meta, key_span)?;
                seen.once(cx, &key, key_span, key_span);
                out.security.get_or_insert(s);
            }
            // variant = 0, variant = "NewTask", variant(whole, reason = "...")
            "variant" => {
                let v = variant_attr(&meta, key_span)?;
                seen.once(cx, &key, key_span, v.range.end);
                out.variant.get_or_insert(v);
            }
            _ => {
                return Err(meta.error(format!(
                    "unknown #[tool] option `{key}`; expected one of: operation, spec, name, \
                     fixed, omitted, undocumented, semantics, effects, output, security, variant"
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

/// `security = "scheme"` or `security(none, reason = "...")`.
fn security_attr(meta: &syn::meta::ParseNestedMeta, span: Span) -> syn::Result<SecurityAttr> {
    if meta.input.peek(Token![=]) {
        let scheme = lit(&meta.value()?.parse()?);
        return Ok(SecurityAttr {
            range: Range::from(span).to(Range::from(scheme.span)),
            scheme: Some(scheme),
            reason: None,
        });
    }
    let mut none = None;
    let mut reason = None;
    meta.parse_nested_meta(|m| {
        let k = key_name(&m.path);
        match k.as_str() {
            "none" => none = Some(m.path.span()),
            "reason" => reason = Some(lit(&m.value()?.parse()?)),
            _ => {
                return Err(m.error(format!(
                    "unknown key `{k}`; write `security = \"<scheme>\"` to send one scheme the \
                     operation lists, or `security(none, reason = \"...\")` to send no credential"
                )));
            }
        }
        Ok(())
    })?;
    if none.is_none() {
        return Err(syn::Error::new(
            span,
            "`security(...)` takes `none, reason = \"...\"`; to send one scheme the operation \
             lists, write `security = \"<scheme>\"`",
        ));
    }
    let Some(reason) = reason else {
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

/// `variant = N`, `variant = "Name"`, or `variant(whole, reason = "...")`.
fn variant_attr(meta: &syn::meta::ParseNestedMeta, span: Span) -> syn::Result<VariantAttr> {
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
    let mut whole = false;
    let mut reason = None;
    meta.parse_nested_meta(|m| {
        match key_name(&m.path).as_str() {
            "whole" => whole = true,
            "reason" => reason = Some(lit(&m.value()?.parse()?)),
            k => {
                return Err(m.error(format!(
                    "unknown key `{k}`; write `variant = 0` (or the arm's name) to send one arm, \
                     or `variant(whole, reason = \"...\")` to send the whole union"
                )));
            }
        }
        Ok(())
    })?;
    if !whole {
        return Err(syn::Error::new(
            span,
            "`variant(...)` takes `whole, reason = \"...\"`; to send one arm, write `variant = 0` \
             or `variant = \"<arm name>\"`",
        ));
    }
    let Some(reason) = reason else {
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

/// `output = T` or `output(...)`.
fn output_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<OutputAttr> {
    let mut o = OutputAttr {
        span,
        status: None,
        media_type: None,
        text: None,
        ty: None,
        reason: None,
    };
    if meta.input.peek(Token![=]) {
        o.ty = Some(meta.value()?.parse()?);
        return Ok(o);
    }
    let mut seen = Seen::default();
    meta.parse_nested_meta(|m| {
        let k = key_name(&m.path);
        let k_span = m.path.span();
        let end = match k.as_str() {
            "status" | "media_type" | "reason" => {
                let v = lit(&m.value()?.parse()?);
                let end = v.span;
                let slot = match k.as_str() {
                    "status" => &mut o.status,
                    "media_type" => &mut o.media_type,
                    _ => &mut o.reason,
                };
                slot.get_or_insert(v);
                end
            }
            "text" => {
                o.text.get_or_insert(k_span);
                k_span
            }
            "type" => {
                let ty: syn::Type = m.value()?.parse()?;
                let end = crate::ctxt::Range::of(&ty).end;
                o.ty.get_or_insert(ty);
                end
            }
            _ => {
                return Err(m.error(format!(
                    "unknown key `{k}`; expected one of: status, media_type, text, type, reason"
                )));
            }
        };
        seen.once(cx, &k, k_span, end);
        Ok(())
    })?;
    Ok(o)
}

/// The keys given so far in one attribute or entry: a key given twice is one error over both.
#[derive(Default)]
struct Seen(Vec<(String, Span)>);

impl Seen {
    /// Records `key`; if it was given before, reports one error from the first key to the end
    /// of the second one's value.
    fn once(&mut self, cx: &Ctxt, key: &str, key_span: Span, end: Span) {
        match self.0.iter().find(|(k, _)| k == key) {
            Some((_, first)) => cx.error(
                Range::from(*first).to(Range::from(end)),
                format!("`{key}` is given twice; keep one"),
            ),
            None => self.0.push((key.to_string(), key_span)),
        }
    }
}

/// The name of a key (`fixed`, `reason`); empty when it is a path, which no key is.
fn key_name(path: &syn::Path) -> String {
    path.get_ident()
        .map(ToString::to_string)
        .unwrap_or_default()
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
    value: Option<(Value, Range)>,
    read_at: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
}

// `("address", key = value, ...)`
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
    let mut e = Entry {
        first,
        value: None,
        read_at: None,
        reason: None,
    };
    let mut seen = Seen::default();
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
        let end = match name.as_str() {
            "value" => {
                let (value, range) = json_literal(&content)?;
                e.value.get_or_insert((value, range));
                range.end
            }
            "read_at" => {
                let s = lit(&content.parse()?);
                let end = s.span;
                e.read_at.get_or_insert(s);
                end
            }
            _ => {
                let s = lit(&content.parse()?);
                let end = s.span;
                e.reason.get_or_insert(s);
                end
            }
        };
        seen.once(cx, &name, key.span(), end);
    }
    Ok(e)
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

#[derive(Default)]
pub struct FieldAttr {
    pub param: Option<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub null: Option<Spanned<String>>,
    pub undocumented: Option<Span>,
    pub read_at: Option<Spanned<String>>,
    pub reason: Option<Spanned<String>>,
    /// An attribute was malformed; its error is already reported.
    pub broken: bool,
}

/// Parses every `#[arg(...)]` of a field (all of them together: a key given in two is given
/// twice).
pub fn field_attr(cx: &Ctxt, attrs: &[syn::Attribute]) -> FieldAttr {
    let mut out = FieldAttr::default();
    let mut seen = Seen::default();
    for a in attrs {
        let r = a.parse_nested_meta(|meta| {
            let key = key_name(&meta.path);
            let key_span = meta.path.span();
            let value = |slot: &mut Option<Spanned<String>>| -> syn::Result<Span> {
                let v = lit(&meta.value()?.parse()?);
                let end = v.span;
                slot.get_or_insert(v);
                Ok(end)
            };
            let end = match key.as_str() {
                // #[arg(param = "body.root_id")]
                "param" => value(&mut out.param)?,
                // #[arg(rename = "reply_to")]
                "rename" => value(&mut out.rename)?,
                // #[arg(null = "null")]: the text a null value or element is sent as
                "null" => value(&mut out.null)?,
                // #[arg(undocumented, read_at = "...", reason = "...")]
                "read_at" => value(&mut out.read_at)?,
                "reason" => value(&mut out.reason)?,
                "undocumented" => {
                    out.undocumented.get_or_insert(key_span);
                    key_span
                }
                _ => {
                    return Err(meta.error(format!(
                        "unknown #[arg] option `{key}`; expected one of: param, rename, null, \
                         undocumented, read_at, reason"
                    )));
                }
            };
            seen.once(cx, &key, key_span, end);
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
