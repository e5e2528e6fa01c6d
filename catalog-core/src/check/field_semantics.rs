//! Semantics per body property: a write's `semantics` (full replace or merge) says what happens
//! to every body property a call leaves out, and a tool states where one property differs
//! (`#[arg(absent = "keeps" | "clears")]` on the field that sets it; `omitted("body.x", keeps,
//! ...)` on a full replace; `omitted("body.x", clears, ...)` on a merge) and which array property
//! the server adds to rather than replaces (`#[arg(appends)]`). Each declaration must change
//! what the tool's semantics already say, and lands on the property's accounting row
//! ([`Accounted::absent`], [`Accounted::appends`]), which the description and the rustdoc word.

use super::declared::{Declared, DeclaredField, DeclaredOmitted, Finding, Site};
use super::types::RustType;
use crate::model::effects::safe_method;
use crate::model::{Absent, Accounted, Disposition, Location, Operation, Type};

/// Checks the per-property declarations of `declared` over `accounting` and writes each one
/// accepted into its row. `declared.full_replace` and `declared.merge` are the tool's semantics.
pub fn field_semantics(
    op: &Operation,
    declared: &Declared,
    accounting: &mut [Accounted],
) -> Vec<Finding> {
    let mut findings = Vec::new();
    for f in &declared.fields {
        let Some(row) = accounting.iter_mut().find(|r| sets(r, &f.ident)) else {
            // The field binds no row: the accounting reports it.
            continue;
        };
        if let Some((text, site)) = &f.absent {
            match absent_of_field(op, declared, f, row, text, *site) {
                Ok(absent) => row.absent = Some(absent),
                Err(finding) => findings.push(finding),
            }
        }
        if let Some(site) = f.appends {
            match appends(op, f, row, site) {
                Ok(()) => row.appends = true,
                Err(finding) => findings.push(finding),
            }
        }
    }
    for o in &declared.omitted {
        let Some(site) = o.keeps else { continue };
        match keeps(op, declared, o, site) {
            Ok(()) => {
                if let Some(row) = omitted_row(accounting, o) {
                    row.absent = Some(Absent::Keeps);
                }
            }
            Err(finding) => findings.push(finding),
        }
    }
    // `clears` on a merge: accepted by `super::clears` when the property is in the body.
    if declared.merge {
        for o in declared.omitted.iter().filter(|o| o.clears.is_some()) {
            if let Some(row) = omitted_row(accounting, o).filter(|r| in_body(r)) {
                row.absent = Some(Absent::Clears);
            }
        }
    }
    findings
}

/// Whether `row` is set by the field `ident`.
fn sets(row: &Accounted, ident: &str) -> bool {
    match &row.disposition {
        Disposition::Set { field, .. } => field == ident,
        Disposition::Undocumented {
            field: Some(field), ..
        } => field == ident,
        _ => false,
    }
}

fn in_body(row: &Accounted) -> bool {
    row.param.location == Location::Body && !row.param.name.is_empty()
}

/// The row an exact omission accounts for.
fn omitted_row<'a>(
    accounting: &'a mut [Accounted],
    o: &DeclaredOmitted,
) -> Option<&'a mut Accounted> {
    accounting.iter_mut().find(|r| {
        matches!(r.disposition, Disposition::Omitted { pattern: None, .. })
            && r.param.address() == o.pattern
    })
}

/// The argument's name as the agent writes it.
fn argument(row: &Accounted) -> &str {
    match &row.disposition {
        Disposition::Set { argument, .. }
        | Disposition::Undocumented {
            argument: Some(argument),
            ..
        } => argument,
        _ => &row.param.name,
    }
}

/// `#[arg(absent = "...")]` on the field `f`, which sets `row`.
fn absent_of_field(
    op: &Operation,
    declared: &Declared,
    f: &DeclaredField,
    row: &Accounted,
    text: &str,
    site: Site,
) -> Result<Absent, Finding> {
    let Some(absent) = Absent::parse(text) else {
        return Err(Finding::at(
            site,
            format!(
                "unknown `absent` value `{text}`; expected \"keeps\" (leaving `{}` out keeps the \
                 server's value) or \"clears\" (leaving it out clears it)",
                f.ident
            ),
        ));
    };
    if !in_body(row) {
        let what = if row.param.location == Location::Body {
            "the whole body".to_string()
        } else {
            format!("`{}`, which is not in the body", row.param.address())
        };
        return Err(Finding::at(
            site,
            format!(
                "`absent` says what leaving a body property out does to it, and `{}` sets \
                 {what}; remove `absent`",
                f.ident
            ),
        ));
    }
    if row.param.required || !matches!(f.ty, RustType::Option(_)) {
        let why = if row.param.required {
            "the spec requires it"
        } else {
            "its type is not an `Option`"
        };
        return Err(Finding::at(
            site,
            format!(
                "every call sends `{}` ({why}), so it is never left out; remove `absent`",
                f.ident
            ),
        ));
    }
    let tool = &declared.tool;
    let arg = argument(row);
    match absent {
        Absent::Clears if declared.full_replace => Err(Finding::at(
            site,
            format!(
                "`{tool}` is a full replace: leaving `{arg}` out clears it already; remove \
                 `absent = \"clears\"`"
            ),
        )),
        Absent::Keeps if declared.merge => Err(Finding::at(
            site,
            format!(
                "`{tool}` merges: leaving `{arg}` out keeps it already; remove \
                 `absent = \"keeps\"`"
            ),
        )),
        _ if declared.full_replace || declared.merge => Ok(absent),
        _ => Err(no_semantics(op, tool, "absent", site)),
    }
}

/// A per-property declaration on a tool whose semantics say nothing to differ from.
fn no_semantics(op: &Operation, tool: &str, key: &str, site: Site) -> Finding {
    let method = op.method.to_ascii_uppercase();
    if safe_method(&method) || method == "DELETE" {
        return Finding::at(
            site,
            format!(
                "`{key}` says what a write does to a body property a call leaves out, and {} {} \
                 writes none; remove it",
                op.method, op.path
            ),
        );
    }
    Finding::at(
        site,
        format!(
            "`{key}` says where a body property differs from the tool's semantics, and `{tool}` \
             ({method}) declares none\n\
             help: declare what the server does to the body properties a call leaves out, \
             `semantics = \"merge\"` or `semantics = \"full-replace\"`, or remove `{key}`"
        ),
    )
}

/// `#[arg(appends)]` on the field `f`, which sets `row`.
fn appends(op: &Operation, f: &DeclaredField, row: &Accounted, site: Site) -> Result<(), Finding> {
    let method = op.method.to_ascii_uppercase();
    if safe_method(&method) || method == "DELETE" {
        return Err(Finding::at(
            site,
            format!(
                "`appends` says the server adds the items sent to the ones it has, and {} {} \
                 writes nothing; remove it",
                op.method, op.path
            ),
        ));
    }
    // A whole array body appends as a property does.
    if row.param.location != Location::Body {
        return Err(Finding::at(
            site,
            format!(
                "`appends` says the server adds the items of a body property to the ones it \
                 has, and `{}` sets `{}`, which is not in the body; remove it",
                f.ident,
                row.param.address()
            ),
        ));
    }
    if !matches!(row.param.schema.ty, Type::Array { .. }) {
        return Err(Finding::at(
            site,
            format!(
                "`appends` says the server adds the items sent to the ones it has, and `{}` \
                 is typed {}, not an array; remove it",
                row.param.address(),
                row.param.schema.ty.describe()
            ),
        ));
    }
    Ok(())
}

/// `omitted("body.x", keeps, ...)`.
fn keeps(
    op: &Operation,
    declared: &Declared,
    o: &DeclaredOmitted,
    site: Site,
) -> Result<(), Finding> {
    let tool = &declared.tool;
    let p = &o.pattern;
    if o.clears.is_some() {
        return Err(Finding::at(
            site,
            format!(
                "`keeps` and `clears` say opposite things of `{p}`; keep the one the server does"
            ),
        ));
    }
    if p.contains('*') {
        return Err(Finding::at(
            site,
            format!(
                "`keeps` is stated property by property: replace `{p}` with one \
                 `omitted(\"body.<name>\", keeps, reason = \"...\")` per body property the \
                 server keeps"
            ),
        ));
    }
    if !p.starts_with("body.") {
        return Err(Finding::at(
            site,
            format!("`{p}` is not a body property, so no write clears it; remove `keeps`"),
        ));
    }
    if declared.merge {
        return Err(Finding::at(
            site,
            format!("`{tool}` merges: the server keeps `{p}` already; remove `keeps`"),
        ));
    }
    if !declared.full_replace {
        return Err(no_semantics(op, tool, "keeps", site));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
