//! `#[tool(...)]` parsed into spans and data; `#[arg(...)]` is parsed by `arg_attr` with the helpers here.
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
//!     omitted("body.y", clears, reason = "..."),  // on a full replace: each call clears it;
//!                                                 // on a merge: the server clears it anyway
//!     omitted("body.y", keeps, reason = "..."),   // on a full replace: the server keeps it
//!     undocumented("query.z", read_at = "...", reason = "..." [, value = <literal>]),
//!     undocumented("body.x.y", wire_type = "integer", read_at = "...", reason = "..."), // set
//!                                              // by the struct standing for `body.x`
//!     former_names = ["old_name"],
//!     semantics = "full-replace" | "merge",    // what a write does to what it does not send
//!     effects(destructive = false, ..., reason = "..."), // read_only, destructive, idempotent, open_world
//!     security = "api_key" | security(none, reason = "..."), // which credentials it sends
//!     output = Task,                           // the type the output response is read as
//!     output(status = "201", media_type = "application/json", type = Task, reason = "..."),
//!     output(text, reason = "..."),            // no structured content
//!     variant = 0 | "NewTask",                 // the arm of a union request body it sends
//!     variant(whole, reason = "..."),          // or the whole union, one `body` argument
//!     failure(field = "ok", equals = false, reason = "..."), // a 2xx body that is an error
//!     arg("body.data.due", wire_type = "string", read_at = "...", reason = "..."), // below a
//!                                              // parameter: the `#[arg]` overrides, by address
//! )]
//! #[arg(param = "body.root_id", rename = "reply_to", undocumented, read_at = "...", reason = "...")]
//! #[arg(null = "null")]   // the text a null value (or array element) of this field is sent as
//! #[arg(wire_type = "integer", read_at = "...", reason = "...")] // the spec's type is wrong
//! #[arg(delimited = ",", read_at = "...", reason = "...")] // one text the server splits
//! #[arg(values = ["active", "planned"], read_at = "...", reason = "...")] // fewer values read
//! #[arg(pattern = "^...$", read_at = "...", reason = "...")] // fewer strings read
//! #[arg(family = "query.cf_*", read_at = "...", reason = "...")] // a map of undocumented names
//! #[arg(absent = "keeps" | "clears")] // what leaving this body property out does, where it
//!                                     // differs from the tool's semantics
//! #[arg(appends)]         // the items sent are added to the server's, not replacing them
//! ```

use crate::attr_keys::{
    ACCEPT_DESCRIPTION, CREDENTIAL, EFFECTS, FIXED, Keys, OMITTED, OUTPUT, SECURITY, TOOL,
    UNDOCUMENTED, VARIANT,
};
pub(crate) use crate::attr_value::{Spanned, flag, json_literal, key_name, lit, string, strings};
use crate::ctxt::{Ctxt, Range};
use crate::slot::Slot;
use catalog_core::check::effects::Hint;
use proc_macro2::Span;
use serde_json::Value;
use syn::Token;
use syn::parse::{ParseStream, Parser};

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
    /// `keeps`: the server keeps this body property of a full replace, as the tool states.
    pub keeps: Option<Span>,
    pub reason: Spanned<String>,
}

/// `credential("header.token", scheme = "slackAuth")`.
pub struct CredentialEntry {
    pub param: Spanned<String>,
    pub scheme: Option<Spanned<String>>,
}

/// `accept_description("<pointer>", reason = "...")`: a spec text the description lint flags,
/// shown to the model as it is.
pub struct AcceptDescription {
    pub pointer: Spanned<String>,
    pub reason: Spanned<String>,
}

pub struct Undocumented {
    pub param: Spanned<String>,
    pub value: Option<Value>,
    /// `wire_type = "integer"`: below a parameter, the type of the property the struct sets.
    pub wire_type: Option<Spanned<String>>,
    pub read_at: Spanned<String>,
    pub reason: Spanned<String>,
}

/// `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`
pub struct EffectsAttr {
    pub span: Span,
    /// `(hint, value, span)` of each hint given, in the order read_only, destructive,
    /// idempotent, open_world.
    pub hints: Vec<(Hint, bool, Span)>,
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

pub struct ToolAttr {
    pub operation: Option<Spanned<String>>,
    pub spec: Option<Spanned<String>>,
    pub name: Option<Spanned<String>>,
    /// `former_names = ["old_name"]`: names the tool answered to before a rename.
    pub former_names: Option<Spanned<Vec<Spanned<String>>>>,
    pub fixed: Vec<Fixed>,
    pub omitted: Vec<Omitted>,
    pub undocumented: Vec<Undocumented>,
    /// `credential("header.token", scheme = "...")` entries.
    pub credentials: Vec<CredentialEntry>,
    pub semantics: Option<Spanned<String>>,
    pub effects: Option<EffectsAttr>,
    pub output: Option<OutputAttr>,
    pub security: Option<SecurityAttr>,
    /// `variant = N`, `variant = "Name"` or `variant(whole, reason = "...")`: how the tool
    /// sends a union request body.
    pub variant: Option<VariantAttr>,
    /// `check = path`: the tool's value rule, `fn(&Self) -> Result<(), String>`, run after
    /// decoding and before anything is sent.
    pub check: Option<syn::ExprPath>,
    /// `aliases(device_role = "role", ...)`: former argument names and the arguments that
    /// replaced them, for the refusal's suggestion.
    pub aliases: Vec<(Spanned<String>, Spanned<String>)>,
    /// `failure(field = "ok", equals = false, reason = "...")`: a 2xx body that is an error.
    pub failure: Option<crate::failure::FailureAttr>,
    /// `accept_description("/paths/~1x/get/description", reason = "...")` entries.
    pub accepted: Vec<AcceptDescription>,
    /// `arg("body.data.due", wire_type = "...", ...)` entries: overrides below a parameter.
    pub args: Vec<crate::arg_attr::ToolArg>,
}

/// `variant = N`, `variant = "Name"`, or `variant(whole, reason = "...")`.
pub struct VariantAttr {
    pub variant: catalog_core::check::union::Variant,
    /// From the `variant` key to the end of what it says.
    pub range: Range,
    /// The reason for taking the whole union.
    pub reason: Option<Spanned<String>>,
}

/// Parses the `#[tool(...)]` arguments. `None` when they are malformed: the caller then reports
/// only that error, so one typo does not cascade into a page of unaccounted parameters.
pub fn tool_attr(cx: &Ctxt, args: proc_macro2::TokenStream) -> Option<ToolAttr> {
    let mut operation = Slot::new("operation");
    let mut spec = Slot::new("spec");
    let mut name = Slot::new("name");
    let mut former_names = Slot::new("former_names");
    let mut semantics = Slot::new("semantics");
    let mut effects = Slot::new("effects");
    let mut output = Slot::new("output");
    let mut security = Slot::new("security");
    let mut variant = Slot::new("variant");
    let mut check = Slot::new("check");
    let mut failure = Slot::new("failure");
    let mut aliases = Vec::new();
    let mut accepted = Vec::new();
    let (mut fixed, mut omitted, mut undocumented) = (Vec::new(), Vec::new(), Vec::new());
    let mut credentials = Vec::new();
    let mut tool_args = Vec::new();
    let parser = syn::meta::parser(|meta| {
        let key = key_name(&meta.path);
        let key_span = meta.path.span();
        match key.as_str() {
            k if !TOOL.accepts(k) => {
                return Err(meta.error(format!(
                    "unknown #[tool] option `{key}`; expected one of: {}",
                    TOOL.list()
                )));
            }
            // operation = "CreatePost"
            "operation" => string(cx, &meta, &mut operation)?,
            "spec" => string(cx, &meta, &mut spec)?,
            "name" => string(cx, &meta, &mut name)?,
            // former_names = ["dcim_devices_list"]: still answered to after a rename
            "former_names" => strings(cx, &meta, &mut former_names)?,
            // semantics = "merge"
            "semantics" => string(cx, &meta, &mut semantics)?,
            // fixed("query.x", value = false, reason = "...")
            "fixed" => fixed.push(fixed_entry(cx, &meta, key_span)?),
            // omitted("body.file_ids", reason = "...")
            "omitted" => omitted.push(omitted_entry(cx, &meta, key_span)?),
            // undocumented("query.x", read_at = "...", reason = "...")
            "undocumented" => undocumented.push(undocumented_entry(cx, &meta, key_span)?),
            // credential("header.token", scheme = "slackAuth"): sent by the server
            "credential" => {
                let e = entry(cx, meta.input, key_span, &CREDENTIAL)?;
                credentials.push(CredentialEntry {
                    param: e.first,
                    scheme: e.scheme,
                });
            }
            // arg("body.data.due", wire_type = "string", read_at = "...", reason = "...")
            "arg" => tool_args.push(crate::arg_attr::tool_arg(cx, &meta, key_span)?),
            // accept_description("/paths/~1x/get/description", reason = "...")
            "accept_description" => accepted.push(accept_entry(cx, &meta, key_span)?),
            // effects(destructive = false, reason = "...")
            "effects" => {
                let end = group_end(&meta);
                let e = effects_attr(cx, &meta, key_span)?;
                effects.set(cx, key_span, end, e);
            }
            // output = Task, or output(status = "201", reason = "...")
            "output" => {
                let (o, end) = output_attr(cx, &meta, key_span)?;
                output.set(cx, key_span, end, o);
            }
            // security = "api_key", or security(none, reason = "...")
            "security" => {
                let s = security_attr(cx, &meta, key_span)?;
                security.set(cx, key_span, s.range.end, s);
            }
            // variant = 0, variant = "NewTask", variant(whole, reason = "...")
            "variant" => {
                let v = variant_attr(cx, &meta, key_span)?;
                variant.set(cx, key_span, v.range.end, v);
            }
            // check = Self::vrf_needs_rd: a value rule the schema cannot carry
            "check" => {
                let path: syn::ExprPath = meta.value()?.parse()?;
                let end = path.span();
                check.set(cx, key_span, end, path);
            }
            // failure(field = "ok", equals = false, reason = "..."): a 2xx body that is an error
            "failure" => {
                let end = group_end(&meta);
                let f = crate::failure::failure_attr(cx, &meta, key_span)?;
                failure.set(cx, key_span, end, f);
            }
            // aliases(device_role = "role"): a former name gets "did you mean" the current one
            "aliases" => meta.parse_nested_meta(|entry| {
                let former = Spanned {
                    value: key_name(&entry.path),
                    span: entry.path.span(),
                };
                let current = lit(&entry.value()?.parse()?);
                aliases.push((former, current));
                Ok(())
            })?,
            k => return Err(meta.error(TOOL.unparsed(k))),
        }
        Ok(())
    });
    if let Err(e) = parser.parse2(args) {
        cx.syn_error(e);
        return None;
    }
    Some(ToolAttr {
        operation: operation.get(),
        spec: spec.get(),
        name: name.get(),
        former_names: former_names.get(),
        fixed,
        omitted,
        undocumented,
        credentials,
        semantics: semantics.get(),
        effects: effects.get(),
        output: output.get(),
        security: security.get(),
        variant: variant.get(),
        check: check.get(),
        aliases,
        failure: failure.get(),
        accepted,
        args: tool_args,
    })
}

/// The closing parenthesis of `key(...)`, before it is parsed: where a repeated key's error
/// ends.
pub fn group_end(meta: &syn::meta::ParseNestedMeta) -> Span {
    meta.input
        .fork()
        .parse::<proc_macro2::Group>()
        .map_or_else(|_| meta.path.span(), |g| g.span_close())
}

/// `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`
fn effects_attr(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<EffectsAttr> {
    let mut hints = Hint::ALL.map(|hint| (hint, Slot::new(hint.as_str())));
    let mut reason = Slot::new("reason");
    meta.parse_nested_meta(|m| {
        let k = key_name(&m.path);
        if !EFFECTS.accepts(&k) {
            return Err(m.error(format!(
                "unknown key `{k}`; expected one of: {}",
                EFFECTS.list()
            )));
        }
        if k == "reason" {
            return string(cx, &m, &mut reason);
        }
        let Some((_, slot)) = hints.iter_mut().find(|(hint, _)| hint.as_str() == k) else {
            return Err(m.error(EFFECTS.unparsed(&k)));
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

/// `security = "scheme"` or `security(none, reason = "...")`.
fn security_attr(
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
            k if !SECURITY.accepts(k) => {
                return Err(m.error(format!(
                    "unknown key `{k}`; write `security = \"<scheme>\"` to send one scheme the \
                     operation lists, or `security(none, reason = \"...\")` to send no credential"
                )));
            }
            "none" => flag(cx, &m, &mut none),
            "reason" => string(cx, &m, &mut reason)?,
            k => return Err(m.error(SECURITY.unparsed(k))),
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

/// `variant = N`, `variant = "Name"`, or `variant(whole, reason = "...")`.
fn variant_attr(
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
            k if !VARIANT.accepts(k) => {
                return Err(m.error(format!(
                    "unknown key `{k}`; write `variant = 0` (or the arm's name) to send one arm, \
                     or `variant(whole, reason = \"...\")` to send the whole union"
                )));
            }
            "whole" => flag(cx, &m, &mut whole),
            "reason" => string(cx, &m, &mut reason)?,
            k => return Err(m.error(VARIANT.unparsed(k))),
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

/// `output = T` or `output(...)`, with where it ends.
fn output_attr(
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
            k if !OUTPUT.accepts(k) => {
                return Err(m.error(format!(
                    "unknown key `{k}`; expected one of: {}",
                    OUTPUT.list()
                )));
            }
            "status" => string(cx, &m, &mut status)?,
            "media_type" => string(cx, &m, &mut media_type)?,
            "reason" => string(cx, &m, &mut reason)?,
            "text" => flag(cx, &m, &mut text),
            "type" => {
                let t: syn::Type = m.value()?.parse()?;
                ty.set(cx, m.path.span(), Range::of(&t).end, t);
            }
            k => return Err(m.error(OUTPUT.unparsed(k))),
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
fn fixed_entry(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta, span: Span) -> syn::Result<Fixed> {
    let e = entry(cx, meta.input, span, &FIXED)?;
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

/// `omitted("body.file_ids" | "query.*", [clears | keeps,] reason = "...")`
fn omitted_entry(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta, span: Span) -> syn::Result<Omitted> {
    let e = entry(cx, meta.input, span, &OMITTED)?;
    let reason = e
        .reason
        .ok_or_else(|| missing_reason(&e.first, "omitting"))?;
    Ok(Omitted {
        pattern: e.first,
        clears: e.clears,
        keeps: e.keeps,
        reason,
    })
}

/// `accept_description("<pointer>", reason = "...")`
fn accept_entry(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<AcceptDescription> {
    let e = entry(cx, meta.input, span, &ACCEPT_DESCRIPTION)?;
    let reason = e.reason.ok_or_else(|| {
        syn::Error::new(
            e.first.span,
            format!(
                "accepting the description at `{}` needs `reason = \"...\"`: say why the text is \
                 safe to show a model",
                e.first.value
            ),
        )
    })?;
    Ok(AcceptDescription {
        pointer: e.first,
        reason,
    })
}

/// `undocumented("query.x", read_at = "...", reason = "..." [, value = <literal>])`
fn undocumented_entry(
    cx: &Ctxt,
    meta: &syn::meta::ParseNestedMeta,
    span: Span,
) -> syn::Result<Undocumented> {
    let e = entry(cx, meta.input, span, &UNDOCUMENTED)?;
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
        wire_type: e.wire_type,
        read_at,
        reason,
    })
}

struct Entry {
    first: Spanned<String>,
    /// `clears`, a flag.
    clears: Option<Span>,
    /// `keeps`, a flag.
    keeps: Option<Span>,
    value: Option<(Value, Range)>,
    read_at: Option<Spanned<String>>,
    reason: Option<Spanned<String>>,
    scheme: Option<Spanned<String>>,
    wire_type: Option<Spanned<String>>,
}

// `("address", key = value, flag, ...)`, the keys one of `keys`.
fn entry(cx: &Ctxt, input: ParseStream, span: Span, keys: &Keys) -> syn::Result<Entry> {
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
    let mut keeps = Slot::new("keeps");
    let mut value = Slot::new("value");
    let mut read_at = Slot::new("read_at");
    let mut reason = Slot::new("reason");
    let mut scheme = Slot::new("scheme");
    let mut wire_type = Slot::new("wire_type");
    while !content.is_empty() {
        content.parse::<Token![,]>()?;
        if content.is_empty() {
            break;
        }
        let key: syn::Ident = content.parse()?;
        let name = key.to_string();
        if !keys.accepts(&name) {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown key `{name}`; expected one of: {}", keys.list()),
            ));
        }
        if name == "clears" || name == "keeps" {
            let span = key.span();
            let flag = if name == "clears" {
                &mut clears
            } else {
                &mut keeps
            };
            flag.set(cx, span, span, span);
            continue;
        }
        content.parse::<Token![=]>()?;
        let slot = match name.as_str() {
            "value" => {
                let (v, range) = json_literal(&content)?;
                value.set(cx, key.span(), range.end, (v, range));
                continue;
            }
            "read_at" => &mut read_at,
            "reason" => &mut reason,
            "scheme" => &mut scheme,
            "wire_type" => &mut wire_type,
            _ => return Err(syn::Error::new(key.span(), keys.unparsed(&name))),
        };
        let s = lit(&content.parse()?);
        slot.set(cx, key.span(), s.span, s);
    }
    Ok(Entry {
        first,
        clears: clears.get(),
        keeps: keeps.get(),
        value: value.get(),
        read_at: read_at.get(),
        reason: reason.get(),
        scheme: scheme.get(),
        wire_type: wire_type.get(),
    })
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
