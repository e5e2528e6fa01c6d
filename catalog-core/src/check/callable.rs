//! A tool that could never be called: the body's required alternatives (`anyOf: [{required:
//! [inbound_rules]}, {required: [outbound_rules]}]`, DigitalOcean's firewall) each need a
//! property the tool never sends, so the decoder would refuse every call. The accounting
//! refuses the tool instead, at the omission.

use super::arguments::alternatives_text;
use super::declared::{Declared, Finding};
use crate::model::{Accounted, Disposition, Location, Operation};

/// The finding for the first of the body's required alternatives that no call of the tool can
/// satisfy, if any: every one of its arms names a body property the tool omits (or never
/// declares).
pub(crate) fn never_callable(
    op: &Operation,
    declared: &Declared,
    accounting: &[Accounted],
) -> Option<Finding> {
    let body = op.body.as_ref()?;
    let sent = |name: &str| {
        accounting.iter().any(|r| {
            r.param.location == Location::Body
                && r.param.name == name
                && !matches!(
                    r.disposition,
                    Disposition::Omitted { .. } | Disposition::Credential { .. }
                )
        })
    };
    let unmet = body
        .required_alternatives
        .iter()
        .find(|a| !a.sets.iter().any(|set| set.iter().all(|name| sent(name))))?;
    let listed = alternatives_text(&unmet.sets, |name| format!("body.{name}"));
    let needs = if unmet.exactly_one {
        format!("exactly one of {listed}")
    } else {
        listed
    };
    // At the first omission of a property an arm names, where the fix is.
    let site = declared
        .omitted
        .iter()
        .find(|o| {
            unmet
                .sets
                .iter()
                .flatten()
                .any(|name| o.pattern == format!("body.{name}"))
        })
        .map_or(declared.operation_site, |o| o.site);
    Some(Finding::at(
        site,
        format!(
            "`{}` could never be called: `{}` needs {needs}, and the tool sends none of them, so \
             every call would be refused; set one with a field (or fix it)",
            declared.tool,
            op.display_name()
        ),
    ))
}
