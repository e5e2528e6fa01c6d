//! `semantics = ".."` and `effects(..)`: what a tool declares about what it does to the API's
//! data, checked against its operation's method. Every declaration must change a default
//! ([`hints`]), and an `effects` override needs a reason.

use super::finding::{Finding, Reason, Site};
use super::reasons::check_reason;
use crate::model::Operation;
use crate::model::effects::{Effects, Semantics, hints, safe_method};

/// One of the four MCP hints `effects(..)` overrides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// `read_only`.
    ReadOnly,
    /// `destructive`.
    Destructive,
    /// `idempotent`.
    Idempotent,
    /// `open_world`.
    OpenWorld,
}

impl Hint {
    /// Every hint, in the order they are checked.
    pub const ALL: [Hint; 4] = [
        Hint::ReadOnly,
        Hint::Destructive,
        Hint::Idempotent,
        Hint::OpenWorld,
    ];

    /// The key as `effects(..)` spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Hint::ReadOnly => "read_only",
            Hint::Destructive => "destructive",
            Hint::Idempotent => "idempotent",
            Hint::OpenWorld => "open_world",
        }
    }
}

/// `effects(read_only = .., destructive = .., idempotent = .., open_world = .., reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredEffects {
    /// Each hint given, with its value and where.
    pub hints: Vec<(Hint, bool, Site)>,
    /// `reason = "..."`.
    pub reason: Option<Reason>,
    /// The `effects` key: where an override of nothing or a missing reason is reported.
    pub site: Site,
}

/// The declared `semantics = "..."` (text, where), checked against the method: `None` with a
/// finding when it is unknown, on a method that sends no body to write, or the method's own.
pub fn semantics(op: &Operation, declared: &(String, Site)) -> Result<Semantics, Finding> {
    let (text, site) = declared;
    let Some(semantics) = Semantics::parse(text) else {
        return Err(Finding::at(
            *site,
            format!(
                "unknown semantics `{text}`; expected \"full-replace\" (every body field left out \
                 is cleared) or \"merge\" (only what is sent changes)"
            ),
        ));
    };
    let method = op.method.to_ascii_uppercase();
    if safe_method(&method) || method == "DELETE" {
        return Err(Finding::at(
            *site,
            format!(
                "`semantics` says what a write does to the fields it does not send, and {} {} \
                 sends none; remove it",
                op.method, op.path
            ),
        ));
    }
    if Semantics::from_method(&method) == Some(semantics) {
        return Err(Finding::at(
            *site,
            format!("{method} is `{semantics}` already; remove `semantics = \"{semantics}\"`"),
        ));
    }
    Ok(semantics)
}

/// Whether a tool of `method` replaces what it writes, as it declares (`semantics`, as written)
/// or its method implies. An unknown `semantics` counts as none: [`semantics`] reports it.
pub fn full_replace(method: &str, semantics: Option<&str>) -> bool {
    served(method, semantics) == Some(Semantics::FullReplace)
}

/// What a tool of `method` does to the body properties it does not send, as it declares
/// (`semantics`, as written) or its method implies; `None` for a write that says neither (a
/// POST) and for a method that writes nothing. An unknown `semantics` counts as none.
pub fn served(method: &str, semantics: Option<&str>) -> Option<Semantics> {
    let effects = Effects {
        semantics: semantics.and_then(Semantics::parse),
        ..Effects::FROM_METHOD
    };
    hints(method, &effects).semantics
}

/// The tool's effects, checked: every override changes a default and comes with a reason. The
/// reason's text is returned beside them (the served [`Effects`] holds it as a `'static` text).
pub fn effects(
    op: &Operation,
    semantics_declared: Option<&(String, Site)>,
    declared: Option<&DeclaredEffects>,
    tool: &str,
    findings: &mut Vec<Finding>,
) -> (Effects, Option<String>) {
    let semantics =
        semantics_declared.and_then(|s| semantics(op, s).map_err(|f| findings.push(f)).ok());
    let mut effects = Effects {
        semantics,
        ..Effects::FROM_METHOD
    };
    let Some(e) = declared else {
        return (effects, None);
    };
    if e.hints.is_empty() {
        findings.push(Finding::at(
            e.site,
            "effects(...) overrides nothing; give at least one of read_only, destructive, \
             idempotent, open_world (with a reason)",
        ));
        return (effects, None);
    }
    let defaults = hints(&op.method, &effects);
    for (hint, value, site) in &e.hints {
        let (slot, default) = match hint {
            Hint::ReadOnly => (&mut effects.read_only, defaults.read_only),
            Hint::Destructive => (&mut effects.destructive, defaults.destructive),
            Hint::Idempotent => (&mut effects.idempotent, defaults.idempotent),
            Hint::OpenWorld => (&mut effects.open_world, defaults.open_world),
        };
        if *value == default {
            findings.push(Finding::at(
                *site,
                format!(
                    "`{} = {value}` is already the default for {} {}; remove it",
                    hint.as_str(),
                    op.method,
                    op.path
                ),
            ));
        }
        *slot = Some(*value);
    }
    match &e.reason {
        None => findings.push(Finding::at(
            e.site,
            format!(
                "overriding the effects of `{tool}` needs `reason = \"...\"`: say why the API \
                 does not do what {} implies",
                op.method
            ),
        )),
        Some(r) => {
            findings.extend(check_reason(
                r,
                &format!("overriding the effects of `{tool}`"),
            ));
        }
    }
    (effects, e.reason.as_ref().map(|r| r.text.clone()))
}

#[cfg(test)]
mod tests;
