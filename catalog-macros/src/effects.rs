//! `semantics = ".."` and `effects(..)`: checked against the operation's method, emitted as
//! `Tool::EFFECTS`.

use crate::attr::ToolAttr;
use crate::ctxt::Ctxt;
use catalog_core::check::declared::Reason;
use catalog_core::check::reasons::check_reason;
use catalog_core::model::Operation;
use catalog_core::present::tool_text::tool_description;
use catalog_core::serve::effects::{Effects, Semantics, hints, safe_method};
use proc_macro2::TokenStream;
use quote::quote;

/// The declared semantics, checked; errors go to `cx`.
pub fn semantics(cx: &Ctxt, attr: &ToolAttr, op: &Operation) -> Option<Semantics> {
    let s = attr.semantics.as_ref()?;
    let Some(semantics) = Semantics::parse(&s.value) else {
        cx.error(
            s.span,
            format!(
                "unknown semantics `{}`; expected \"full-replace\" (every body field left out is \
                 cleared) or \"merge\" (only what is sent changes)",
                s.value
            ),
        );
        return None;
    };
    let method = op.method.to_ascii_uppercase();
    if safe_method(&method) || method == "DELETE" {
        cx.error(
            s.span,
            format!(
                "`semantics` says what a write does to the fields it does not send, and {} {} \
                 sends none; remove it",
                op.method, op.path
            ),
        );
        return None;
    }
    if Semantics::from_method(&method) == Some(semantics) {
        cx.error(
            s.span,
            format!("{method} is `{semantics}` already; remove `semantics = \"{semantics}\"`"),
        );
        return None;
    }
    Some(semantics)
}

/// Whether the operation replaces what it writes, as the tool declares it or its method implies
/// (an unknown `semantics` counts as none: its own error is reported by [`semantics`]).
pub fn full_replace(attr: &ToolAttr, op: &Operation) -> bool {
    let effects = Effects {
        semantics: attr
            .semantics
            .as_ref()
            .and_then(|s| Semantics::parse(&s.value)),
        ..Effects::FROM_METHOD
    };
    hints(&op.method, &effects).semantics == Some(Semantics::FullReplace)
}

/// The tool's declaration, checked: every override changes a default and comes with a reason.
/// The reason's text is returned beside it (the emitted constant holds it as a literal).
pub fn effects(
    cx: &Ctxt,
    attr: &ToolAttr,
    op: &Operation,
    tool: &str,
) -> (Effects, Option<String>) {
    let semantics = semantics(cx, attr, op);
    let mut effects = Effects {
        semantics,
        ..Effects::FROM_METHOD
    };
    let Some(e) = &attr.effects else {
        return (effects, None);
    };
    if e.hints.is_empty() {
        cx.error(
            e.span,
            "effects(...) overrides nothing; give at least one of read_only, destructive, \
             idempotent, open_world (with a reason)",
        );
        return (effects, None);
    }
    let defaults = hints(&op.method, &effects);
    for (key, value, span) in &e.hints {
        let (slot, default) = match *key {
            "read_only" => (&mut effects.read_only, defaults.read_only),
            "destructive" => (&mut effects.destructive, defaults.destructive),
            "idempotent" => (&mut effects.idempotent, defaults.idempotent),
            _ => (&mut effects.open_world, defaults.open_world),
        };
        if *value == default {
            cx.error(
                *span,
                format!(
                    "`{key} = {value}` is already the default for {} {}; remove it",
                    op.method, op.path
                ),
            );
        }
        *slot = Some(*value);
    }
    match &e.reason {
        None => cx.error(
            e.span,
            format!(
                "overriding the effects of `{tool}` needs `reason = \"...\"`: say why the \
                 API does not do what {} implies",
                op.method
            ),
        ),
        Some(r) => {
            let reason = Reason {
                text: r.value.clone(),
                site: 0,
            };
            if let Some(f) = check_reason(&reason, &format!("overriding the effects of `{tool}`")) {
                // Reported at the reason's own span, so the finding's site is not needed.
                cx.error(r.span, &f.message);
            }
        }
    }
    (effects, e.reason.as_ref().map(|r| r.value.clone()))
}

/// `const EFFECTS: ... = ...;` when the tool declares anything, else nothing (the trait's
/// default).
pub fn emit(effects: &Effects, reason: Option<&str>) -> TokenStream {
    if *effects == Effects::FROM_METHOD && reason.is_none() {
        return TokenStream::new();
    }
    let opt_bool = |b: Option<bool>| match b {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    };
    let semantics = match effects.semantics {
        Some(Semantics::FullReplace) => quote!(::core::option::Option::Some(
            ::catalog::__private_v1::Semantics::FullReplace
        )),
        Some(Semantics::Merge) => quote!(::core::option::Option::Some(
            ::catalog::__private_v1::Semantics::Merge
        )),
        None => quote!(::core::option::Option::None),
    };
    let (read_only, destructive, idempotent, open_world) = (
        opt_bool(effects.read_only),
        opt_bool(effects.destructive),
        opt_bool(effects.idempotent),
        opt_bool(effects.open_world),
    );
    let reason = match reason {
        Some(r) => quote!(::core::option::Option::Some(#r)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        const EFFECTS: ::catalog::__private_v1::Effects = ::catalog::__private_v1::Effects {
            semantics: #semantics,
            read_only: #read_only,
            destructive: #destructive,
            idempotent: #idempotent,
            open_world: #open_world,
            reason: #reason,
        };
    }
}

/// The tool description with the wording of its semantics: a PUT declared `merge` says it
/// merges instead of warning of a full replace; a POST or PATCH declared `full-replace` gets the
/// full-replace warning.
pub fn description(doc: Option<&str>, op: &Operation, semantics: Option<Semantics>) -> String {
    // The lead text does not depend on the method the wording is computed for.
    let lead = doc
        .map(str::to_string)
        .or_else(|| op.summary.clone())
        .or_else(|| op.description.clone())
        .unwrap_or_else(|| format!("{} {}", op.method, op.path));
    let worded_as = |method: &str| {
        let mut as_method = op.clone();
        as_method.method = method.to_string();
        tool_description(Some(&lead), &as_method)
    };
    match semantics {
        Some(Semantics::Merge) if op.method == "PUT" => {
            let text = worded_as("PATCH");
            let rest = text.strip_prefix(lead.as_str()).unwrap_or_default();
            format!(
                "{lead}\n\nThis PUT merges: only the body fields you send change; the others are \
                 kept.{rest}"
            )
        }
        Some(Semantics::FullReplace) if op.method != "PUT" => worded_as("PUT").replacen(
            "This is a full replace (PUT):",
            "This is a full replace:",
            1,
        ),
        _ => tool_description(Some(&lead), op),
    }
}
