//! The full-replace rule: on an operation that replaces what it writes (a PUT, or one declared
//! `semantics = "full-replace"`), a body property the tool cannot send is written as empty by
//! every call. Omitting one is therefore a consequence the tool must state, property by
//! property (`omitted("body.header", clears, reason = "...")`), or state that the server keeps
//! it (`keeps`, checked in [`super::field_semantics`]); a glob, which would also clear every
//! property a later release adds, is refused over such a body.

use super::declared::{Declared, DeclaredOmitted};
use super::finding::Finding;
use crate::model::{Accounted, Disposition, Location};

/// The findings of the full-replace rule over the rows `accounting` holds.
pub fn full_replace_clears(declared: &Declared, accounting: &[Accounted]) -> Vec<Finding> {
    let mut findings = misplaced_clears(declared);
    if !declared.full_replace {
        return findings;
    }
    let mut globs_reported: Vec<&str> = Vec::new();
    for row in accounting {
        let Disposition::Omitted { pattern, .. } = &row.disposition else {
            continue;
        };
        if row.param.location != Location::Body {
            continue;
        }
        let address = row.param.address();
        match pattern {
            Some(glob) if !globs_reported.contains(&glob.as_str()) => {
                globs_reported.push(glob);
                // A glob with `keeps` is refused as such (`super::field_semantics`).
                let o = declared.omitted.iter().find(|o| o.pattern == *glob);
                if let Some(o) = o.filter(|o| o.keeps.is_none()) {
                    findings.push(glob_over_body(declared, o, accounting));
                }
            }
            Some(_) => {}
            None => {
                let exact = declared.omitted.iter().find(|o| o.pattern == address);
                if let Some(o) = exact.filter(|o| o.clears.is_none() && o.keeps.is_none()) {
                    findings.push(unstated(declared, o));
                }
            }
        }
    }
    findings
}

/// `clears` where it says nothing: on a write whose semantics say nothing of what a call leaves
/// out (a POST without `semantics`), on a parameter outside the body, or on a glob (one over
/// the body of a full replace is refused as a whole). On a merge, an exact body property's
/// `clears` says the server clears it anyway ([`super::field_semantics`] writes it into its
/// row); `keeps` beside it is refused there.
fn misplaced_clears(declared: &Declared) -> Vec<Finding> {
    declared
        .omitted
        .iter()
        .filter_map(|o| {
            let site = o.clears?;
            if o.keeps.is_some() {
                // `keeps` beside it is the one reported (`super::field_semantics`).
                return None;
            }
            let why = if !declared.full_replace && !declared.merge {
                format!(
                    "`{}` declares no `semantics`, so `clears` on `{}` is an exception to no \
                     rule; remove it\n\
                     help: if the server keeps every other body property a call leaves out, \
                     declare `semantics = \"merge\"` and keep `clears` on this one",
                    declared.tool, o.pattern
                )
            } else if o.pattern.starts_with("body") && o.pattern.contains('*') && declared.merge {
                format!(
                    "`clears` is stated property by property: replace `{}` with one \
                     `omitted(\"body.<name>\", clears, reason = \"...\")` per body property \
                     the server clears",
                    o.pattern
                )
            } else if o.pattern.starts_with("body") && o.pattern.contains('*') {
                // The glob itself is refused over this body, with a `clears` line per property.
                return None;
            } else if o.pattern.contains('*') {
                format!(
                    "`clears` is stated property by property: replace `{}` with one \
                     `omitted(\"body.<name>\", clears, reason = \"...\")` per body property",
                    o.pattern
                )
            } else if !o.pattern.starts_with("body") {
                format!(
                    "`{}` is not in the body, so leaving it out clears nothing; remove `clears`",
                    o.pattern
                )
            } else {
                return None;
            };
            Some(Finding::at(site, why))
        })
        .collect()
}

/// The way out of the full-replace rule when the server does not replace: a PUT that merges.
const MERGE_HELP: &str = "if the server keeps what a call does not send, the operation merges: \
                          declare it with `semantics = \"merge\"`";

/// An exact omission of a body property of a full replace, without `clears`.
fn unstated(declared: &Declared, o: &DeclaredOmitted) -> Finding {
    let reason = o.reason.text.replace('\\', "\\\\").replace('"', "\\\"");
    Finding::at(
        o.site,
        format!(
            "`{}` is a full replace: every call clears `{}` on the server, since the tool cannot \
             send it\n\
             help: set it with a field, or state that each call clears it  \
             omitted(\"{}\", clears, reason = \"{reason}\"),\n\
             help: if the server keeps this one, say so  \
             omitted(\"{}\", keeps, reason = \"{reason}\"),\n\
             help: {MERGE_HELP}",
            declared.tool, o.pattern, o.pattern, o.pattern,
        ),
    )
}

/// A glob that covers body properties of a full replace: each is listed, to be omitted one by
/// one with `clears` (or set).
fn glob_over_body(declared: &Declared, o: &DeclaredOmitted, accounting: &[Accounted]) -> Finding {
    let lines: Vec<String> = accounting
        .iter()
        .filter(|r| {
            r.param.location == Location::Body
                && matches!(&r.disposition, Disposition::Omitted { pattern: Some(p), .. } if *p == o.pattern)
        })
        .map(|r| {
            format!(
                "omitted(\"{}\", clears, reason = \"<what a user loses, and why that is right>\"),",
                r.param.address()
            )
        })
        .collect();
    Finding::at(
        o.site,
        format!(
            "`{}` is a full replace, so `{}` would clear on every call each body property it \
             covers, and any a later release adds; name each one\n\
             help: set them with fields, or state that each call clears them\n{}\n\
             help: {MERGE_HELP}",
            declared.tool,
            o.pattern,
            lines
                .iter()
                .map(|l| format!("      {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
    )
}
