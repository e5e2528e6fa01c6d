//! The accounting's rows: the disposition a claim gives a parameter, and the rows of parameters
//! the spec does not document.

use super::claim::Claim;
use crate::check::address::{parse_address, unknown_param};
use crate::check::declared::Declared;
use crate::check::finding::{Finding, Reason, Site};
use crate::check::reasons::check_reason;
use crate::check::types::{RustType, schema_of_rust};
use crate::model::{Disposition, Location, Operation, Param, Schema, Style};

pub(super) fn disposition(declared: &Declared, c: &Claim, p: &Param) -> Disposition {
    match c {
        Claim::Field(i) => {
            let f = &declared.fields[*i];
            Disposition::Set {
                argument: f.rename.clone().unwrap_or_else(|| {
                    if p.name.is_empty() {
                        f.ident.trim_start_matches("r#").to_string()
                    } else {
                        p.name.clone()
                    }
                }),
                field: f.ident.clone(),
            }
        }
        Claim::Fixed(i) => Disposition::Fixed {
            value: declared.fixed[*i].value.clone(),
            reason: declared.fixed[*i].reason.text.clone(),
        },
        Claim::Omitted(i) => Disposition::Omitted {
            reason: declared.omitted[*i].reason.text.clone(),
            pattern: None,
        },
        Claim::Credential(i) => Disposition::Credential {
            scheme: declared.credentials[*i].scheme.clone(),
        },
        Claim::Glob(i) => Disposition::Omitted {
            reason: declared.omitted[*i].reason.text.clone(),
            pattern: Some(declared.omitted[*i].pattern.clone()),
        },
    }
}

pub(super) fn undocumented_problem(
    op: &Operation,
    address: &str,
    site: Site,
    read_at: &Reason,
    reason: &Reason,
) -> Option<Vec<Finding>> {
    let mut out = Vec::new();
    match parse_address(address) {
        None => out.push(unknown_param(
            op,
            address,
            site,
            "bad undocumented parameter",
        )),
        Some(_) if op.param(address).is_some() => out.push(Finding::at(
            site,
            format!(
                "`{address}` is documented by `{}`; declare it like any other parameter, not as \
                 undocumented",
                op.display_name()
            ),
        )),
        Some((_, name)) if name.contains('*') => out.push(Finding::at(
            site,
            format!(
                "an undocumented parameter has one exact name, not `{address}`; for parameters \
                 named by a pattern, use a map field with `#[arg(family = \"{address}\", \
                 read_at = \"...\", reason = \"...\")]`"
            ),
        )),
        Some((Location::Path, _)) => out.push(Finding::at(
            site,
            format!(
                "`{address}` cannot be an undocumented path parameter: the path template is fixed \
                 by the spec"
            ),
        )),
        Some(_) => {}
    }
    out.extend(undocumented_words(address, read_at, reason));
    (!out.is_empty()).then_some(out)
}

/// What is wrong with an undocumented entry's `read_at` and `reason`, at any depth.
pub(super) fn undocumented_words(address: &str, read_at: &Reason, reason: &Reason) -> Vec<Finding> {
    let mut out = Vec::new();
    if read_at.text.trim().is_empty() {
        out.push(Finding::at(
            read_at.site,
            format!(
                "say where the server reads undocumented `{address}`: `read_at = \"<file and \
                 function>\"`"
            ),
        ));
    }
    out.extend(check_reason(
        reason,
        &format!("relying on undocumented `{address}`"),
    ));
    out
}

pub(super) fn synthesized(
    location: Location,
    name: &str,
    ty: Option<&RustType>,
    doc: Option<String>,
) -> Param {
    let (schema, required) = match ty {
        Some(t) => {
            let (layers, inner) = t.options();
            (schema_of_rust(inner), layers == 0)
        }
        None => (Schema::any(), false),
    };
    Param {
        location,
        name: name.to_string(),
        required,
        deprecated: false,
        description: doc,
        schema,
        style: Style::default_for(location),
        explode: Style::default_for(location) == Style::Form,
        pointer: String::new(),
    }
}
