//! The one entry point that checks a tool: [`check_tool`] runs every rule over what the tool
//! [`declared`](super::declared) and the operation it wraps, in order, and returns the operation
//! as the tool sends it with every finding. The `#[tool]` macro parses tokens into a
//! [`Declared`] and maps the findings to spans; it holds no rule.

use super::aliases::check_aliases;
use super::declared::{Declared, Finding, Reconciled};
use super::effects;
use super::pins::{self, Mode, PinChanges, Pins, PinsError};
use super::reasons::check_reason;
use super::reconcile::reconcile;
use super::security::{self, Declared as Credentials};
use super::union;
use crate::model::effects::{Effects, Semantics, hints};
use crate::model::{Disposition, Operation};
use std::borrow::Cow;
use std::sync::Arc;

/// The step a tool's check stopped at: each later step needs what this one gives, so a tool
/// that fails here is reported with this step's findings only (one typo does not cascade).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The union arm (`variant`) could not be picked.
    Variant,
    /// The accounting ([`reconcile`]) has findings; the accounting holds the rows it could bind.
    Accounting,
    /// An alias is wrong.
    Aliases,
}

/// The tool's `catalog.lock`, as the caller read it (the file is the caller's to read and
/// write, as the index is): the pins, and the mode from `CATALOG_PINS`.
#[derive(Debug)]
pub struct Lock {
    /// The pins the file holds ([`pins::read`]), shared with the caller, which keeps them
    /// from one tool to the next.
    pub pins: Result<Arc<Pins>, PinsError>,
    /// The mode ([`Mode::from_var`]).
    pub mode: Result<Mode, PinsError>,
}

/// A tool, checked.
#[derive(Clone, Debug)]
pub struct CheckedTool {
    /// The operation as the tool sends it: the union arm picked, the accounting filled (complete
    /// only when there are no findings; what binds when [`Stop::Accounting`]), each field's null
    /// form set, the security requirement narrowed to what the tool declares.
    pub operation: Operation,
    /// What the tool declares about its effects (the defaults when it declares nothing).
    pub effects: Effects,
    /// The reason of an `effects(...)` override.
    pub effects_reason: Option<String>,
    /// Every problem, in the order found; empty when the tool is correct.
    pub findings: Vec<Finding>,
    /// The step the check stopped at; `None` when every step ran (the findings of the last
    /// steps, pins, security and effects, do not stop one another).
    pub stopped: Option<Stop>,
    /// The pins this tool sets and removes ([`Pins::apply`]); empty when nothing changes or
    /// the mode writes nothing.
    pub pins: PinChanges,
}

impl CheckedTool {
    /// What the tool does to the fields it does not send, as served: the semantics its method
    /// implies, or the one it declares. The description words it.
    pub fn semantics(&self) -> Option<Semantics> {
        hints(&self.operation.method, &self.effects).semantics
    }
}

/// Checks a tool over `op`, the operation `operation = "..."` names, in order: the union arm
/// (`variant`), the accounting ([`reconcile`]), the aliases, each field's null form, the glob
/// pins (when `lock` is given), the credentials (`security`), the effects (`semantics`,
/// `effects`), and the failures inside a 2xx (`failure`). The first three stop the check when they fail ([`Stop`]).
pub fn check_tool(mut op: Operation, declared: &Declared, lock: Option<&Lock>) -> CheckedTool {
    if let Err(f) = pick_variant(&mut op, declared) {
        return stopped(op, vec![f], Stop::Variant);
    }
    let served = effects::served(
        &op.method,
        declared.semantics.as_ref().map(|(text, _)| text.as_str()),
    );
    let full_replace = served == Some(Semantics::FullReplace);
    let merge = served == Some(Semantics::Merge);
    let declared = if declared.full_replace == full_replace && declared.merge == merge {
        Cow::Borrowed(declared)
    } else {
        Cow::Owned(Declared {
            full_replace,
            merge,
            ..declared.clone()
        })
    };
    let Reconciled {
        accounting,
        findings,
    } = reconcile(&op, &declared);
    op.accounting = accounting;
    if !findings.is_empty() {
        return stopped(op, findings, Stop::Accounting);
    }
    let mut findings = check_aliases(&op.accounting, &declared.aliases);
    if !findings.is_empty() {
        return stopped(op, findings, Stop::Aliases);
    }
    null_forms(&mut op, &declared);
    let pins = lock.map_or_else(PinChanges::default, |lock| {
        check_pins(&op, &declared, lock, &mut findings)
    });
    narrow_security(&mut op, &declared, &mut findings);
    let (effects, effects_reason) = effects::effects(
        &op,
        declared.semantics.as_ref(),
        declared.effects.as_ref(),
        &declared.tool,
        &mut findings,
    );
    op.failure = super::failure::failure_rules(&op, declared.failure.as_ref(), &mut findings);
    findings.extend(super::lint::tool::lint_tool(&op, &declared));
    CheckedTool {
        operation: op,
        effects,
        effects_reason,
        findings,
        stopped: None,
        pins,
    }
}

fn stopped(operation: Operation, findings: Vec<Finding>, at: Stop) -> CheckedTool {
    CheckedTool {
        operation,
        effects: Effects::FROM_METHOD,
        effects_reason: None,
        findings,
        stopped: Some(at),
        pins: PinChanges::default(),
    }
}

/// A union request body made the arm `variant` names (or kept whole, with a reason); a tool
/// over a union body without `variant` is a finding listing the arms and the whole form.
fn pick_variant(op: &mut Operation, declared: &Declared) -> Result<(), Finding> {
    let Some(v) = &declared.variant else {
        return match union::union_arms(op) {
            Some(arms) => Err(Finding::at(
                declared.operation_site,
                union::variant_needed(op, arms),
            )),
            None => Ok(()),
        };
    };
    if let Some(r) = &v.reason {
        let what = format!("sending the whole union body of `{}`", op.display_name());
        if let Some(f) = check_reason(r, &what) {
            return Err(f);
        }
    }
    union::pick_variant(op, &v.variant).map_err(|e| Finding::at(v.site, e.to_string()))
}

/// Each `#[arg(null = "...")]` onto the row its field sets.
fn null_forms(op: &mut Operation, declared: &Declared) {
    for (ident, null) in &declared.null_forms {
        for row in &mut op.accounting {
            let sets = match &row.disposition {
                Disposition::Set { field, .. } => field == ident,
                Disposition::Undocumented { field, .. } => field.as_deref() == Some(ident),
                _ => false,
            };
            if sets {
                row.null = Some(null.clone());
            }
        }
    }
}

/// What the tool's globs cover, against the lock file; the findings go to the first glob (or
/// the operation, for a tool without one). Returns the pins to set and remove.
fn check_pins(
    op: &Operation,
    declared: &Declared,
    lock: &Lock,
    findings: &mut Vec<Finding>,
) -> PinChanges {
    let at = pins_site(declared);
    let mode = match &lock.mode {
        Ok(mode) => *mode,
        Err(e) => {
            findings.push(Finding::at(at, e.to_string()));
            return PinChanges::default();
        }
    };
    let pinned = match &lock.pins {
        Ok(pinned) => pinned,
        Err(e) => {
            findings.push(Finding::at(at, e.to_string()));
            return PinChanges::default();
        }
    };
    let checked = pins::check_pins(
        pinned,
        &declared.operation,
        op,
        declared,
        &op.accounting,
        mode,
    );
    findings.extend(checked.findings);
    checked.changes
}

/// Where a problem with the lock file itself is reported: the tool's first glob, else its
/// operation.
pub fn pins_site(declared: &Declared) -> super::declared::Site {
    declared
        .omitted
        .iter()
        .find(|o| o.pattern.contains('*'))
        .map_or(declared.operation_site, |o| o.site)
}

/// Narrows `op.security` to what the tool declares ([`security::account`]).
fn narrow_security(op: &mut Operation, declared: &Declared, findings: &mut Vec<Finding>) {
    let d = declared.security.as_ref();
    if let Some(r) = d.and_then(|d| d.reason.as_ref()) {
        let what = format!("sending `{}` no credential", declared.tool);
        findings.extend(check_reason(r, &what));
    }
    let credentials = d.map(|d| match &d.scheme {
        Some(s) => Credentials::Scheme(s.clone()),
        None => Credentials::None,
    });
    match security::account(&op.security, credentials.as_ref()) {
        Ok(requirement) => op.security = requirement,
        Err(e) => findings.push(match d {
            Some(d) => Finding::at(d.site, e.to_string()),
            None => Finding::at(
                declared.operation_site,
                format!("`{}`: {e}", op.display_name()),
            ),
        }),
    }
}

#[cfg(test)]
mod tests;
