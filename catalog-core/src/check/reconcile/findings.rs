//! The wording of the accounting's findings: a parameter matched twice or by no field,
//! accounted twice, unaccounted, a list tool that gives one page without saying how an agent
//! reaches the rest, two declarations that give one argument name.

use super::claim::Claim;
use crate::check::address::candidates;
use crate::check::declared::{Declared, DeclaredField};
use crate::check::finding::{Finding, Site};
use crate::check::names::{field_name_for, its_operation};
use crate::check::paste::paste_lines;
use crate::check::reasons::{PAGING_PLACEHOLDER_REASON, PLACEHOLDER_REASON};
use crate::check::suggest::suggest;
use crate::check::types::describe_param;
use crate::model::{Accounted, Disposition, Operation, Param};
use crate::spec::shapes::unsendable;

/// At most this many parameters are listed by name in one message.
const LISTED: usize = 8;

pub(super) fn plural<'s>(n: usize, one: &'s str, many: &'s str) -> &'s str {
    if n == 1 { one } else { many }
}

pub(super) fn plural_count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", plural(n, one, many))
}

/// The first [`LISTED`] items, then how many more.
pub(super) fn listed(items: &[String]) -> String {
    let shown = items[..items.len().min(LISTED)].join(", ");
    match items.len().saturating_sub(LISTED) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}

pub(super) fn no_parameter(op: &Operation, site: Site, ident: &str) -> Finding {
    let s = suggest(ident, None, &candidates(op));
    Finding::at(
        site,
        format!(
            "field `{ident}` sets no parameter of `{}`; {s}\n\
             help: name the field after a parameter, point it at one with \
             #[arg(param = \"<location>.<name>\")], or declare it \
             #[arg(param = \"...\", undocumented, read_at = \"...\", reason = \"...\")]",
            op.display_name()
        ),
    )
}

/// A field whose name matches parameters in several locations: one finding, whose help gives
/// one field per parameter, each with its own name (two fields cannot share one).
pub(super) fn ambiguous(op: &Operation, f: &DeclaredField, matched: &[usize]) -> Finding {
    let ident = f.ident.trim_start_matches("r#");
    let addresses: Vec<String> = matched
        .iter()
        .map(|i| format!("`{}`", op.params[*i].address()))
        .collect();
    let lines: Vec<String> = matched
        .iter()
        .enumerate()
        .map(|(n, i)| {
            let p = &op.params[*i];
            let name = if n == 0 {
                f.ident.clone()
            } else {
                format!(
                    "{}_{}",
                    p.location,
                    field_name_for(&p.name).trim_start_matches("r#")
                )
            };
            format!(
                "#[arg(param = \"{}\")] pub {name}: {},",
                p.address(),
                crate::check::types::rust_type_for(&p.schema, p.required)
            )
        })
        .collect();
    Finding::at(
        f.site,
        format!(
            "field `{ident}` matches {} parameters of `{}`: {}; say which with \
             #[arg(param = \"...\")], and account for the other{} too\n\
             help: {}",
            matched.len(),
            op.display_name(),
            addresses.join(", "),
            plural(matched.len() - 1, "", "s"),
            lines.join("\n      "),
        ),
    )
}

/// A parameter claimed by more than one declaration: one finding, at the second claim, naming
/// every claim.
pub(super) fn accounted_twice(declared: &Declared, p: &Param, claims: &[(Claim, Site)]) -> Finding {
    let count = match claims.len() {
        2 => "two".to_string(),
        n => n.to_string(),
    };
    Finding::at(
        claims[1].1,
        format!(
            "`{}` is accounted for {count} times ({}); keep exactly one",
            p.address(),
            claims
                .iter()
                .map(|(c, _)| claim_name(declared, c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

/// A field set to a parameter whose shape the encoder cannot write: the shape, and the
/// omission that accounts for it instead.
pub(super) fn cannot_send(param: &Param, field: &str, site: Site, why: &str) -> Finding {
    Finding::at(
        site,
        format!(
            "field `{field}` cannot be sent: `{addr}` is {why}\n\
             help: omit it with a reason instead: omitted(\"{addr}\", reason = \"{PLACEHOLDER_REASON}\"),",
            addr = param.address(),
        ),
    )
}

pub(super) fn unaccounted(op: &Operation, param: &Param, site: Site, tool: &str) -> Finding {
    let (field_line, alt) = paste_lines(op, param);
    let description = param
        .description
        .as_deref()
        .map(|d| {
            let first: String = d
                .lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(120)
                .collect();
            format!(" — \"{}\"", first.trim())
        })
        .unwrap_or_default();
    if let Some(why) = unsendable(op, param, &[]) {
        return Finding::at(
            site,
            format!(
                "`{tool}` leaves `{addr}` of {op} unaccounted\n  \
                 {addr}: {ty}{description} ({ptr})\n\
                 help: omit it with a reason  {alt}\n      \
                 (a field cannot send it: it is {why})",
                addr = param.address(),
                op = its_operation(tool, op),
                ty = describe_param(param),
                ptr = param.pointer,
            ),
        );
    }
    let or = if param.required {
        "or fix it with a reason"
    } else {
        "or omit it with a reason"
    };
    Finding::at(
        site,
        format!(
            "`{tool}` leaves `{addr}` of {op} unaccounted\n  \
             {addr}: {ty}{desc} ({ptr})\n\
             help: {set:<width$}  {field_line}\n      \
             {or}  {alt}",
            set = "set it with a field",
            width = or.len(),
            addr = param.address(),
            op = its_operation(tool, op),
            ty = describe_param(param),
            desc = description,
            ptr = param.pointer,
        ),
    )
}

/// A list tool that cannot page and does not say how an agent reaches the rest: the paging
/// parameters, and two paste-ready fixes (a field for the first one, or its declaration with a
/// reason to fill in).
pub(super) fn one_page(op: &Operation, tool: &str, rows: &[&Accounted], site: Site) -> Finding {
    let addresses: Vec<String> = rows
        .iter()
        .map(|r| format!("`{}`", r.param.address()))
        .collect();
    let omitted = rows
        .iter()
        .filter(|r| matches!(r.disposition, Disposition::Omitted { .. }))
        .count();
    let how = match (omitted, rows.len()) {
        (o, n) if o == n => "omitted",
        (0, _) => "fixed",
        _ => "omitted or fixed",
    };
    let first = rows[0];
    let (field_line, _) = paste_lines(op, &first.param);
    let declaration = with_paging_placeholder(first);
    Finding::at(
        site,
        format!(
            "`{tool}` cannot page: {it} returns a list a page at a time, and {its} {list} \
             {is} {how}, so an agent gets one page and cannot tell it from the whole list; let it \
             page with a field, or say in the reason how an agent reaches the rest (or why one \
             page is all it needs)\n\
             help: set it with a field      {field_line}\n      \
             or say it in the reason  {declaration}",
            it = its_operation(tool, op),
            its = plural(rows.len(), "its paging parameter", "its paging parameters"),
            list = addresses.join(", "),
            is = plural(rows.len(), "is", "are all"),
        ),
    )
}

/// The declaration that accounts for a paging parameter, with the paging placeholder reason.
pub(super) fn with_paging_placeholder(row: &Accounted) -> String {
    let address = row.param.address();
    let reason = PAGING_PLACEHOLDER_REASON;
    match &row.disposition {
        // An exact omission wins over a glob: the glob's reason stays for the rest.
        Disposition::Omitted { .. } => format!("omitted(\"{address}\", reason = \"{reason}\"),"),
        Disposition::Fixed { value, .. } => {
            format!("fixed(\"{address}\", value = {value}, reason = \"{reason}\"),")
        }
        Disposition::Undocumented { value, read_at, .. } => format!(
            "undocumented(\"{address}\"{}, read_at = {read_at:?}, reason = \"{reason}\"),",
            value
                .as_ref()
                .map(|v| format!(", value = {v}"))
                .unwrap_or_default()
        ),
        Disposition::Set { .. } | Disposition::Credential { .. } => String::new(),
    }
}

/// Two fields that take the same argument name (`path.id` and `body.id`, or a `rename`) would
/// be one property of the input schema and one key of the agent's JSON: the second is reported.
pub(super) fn shared_arguments(declared: &Declared, accounting: &[Accounted]) -> Vec<Finding> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut findings = Vec::new();
    for row in accounting {
        let (argument, field) = match &row.disposition {
            Disposition::Set { argument, field } => (argument, field),
            Disposition::Undocumented {
                argument: Some(argument),
                field: Some(field),
                ..
            } => (argument, field),
            _ => continue,
        };
        match seen.iter().find(|(a, _)| a == argument) {
            Some((_, first)) => findings.push(Finding::at(
                declared
                    .fields
                    .iter()
                    .find(|f| f.ident == *field)
                    .map_or(declared.operation_site, |f| f.site),
                format!(
                    "fields `{first}` and `{field}` both take the argument `{argument}`, which an \
                     agent can send only once; give one another name with \
                     #[arg(rename = \"...\")]"
                ),
            )),
            None => seen.push((argument, field)),
        }
    }
    findings
}

pub(super) fn claim_name(declared: &Declared, c: &Claim) -> String {
    match c {
        Claim::Field(i) => format!("field `{}`", declared.fields[*i].ident),
        Claim::Fixed(_) => "fixed(...)".into(),
        Claim::Omitted(_) => "omitted(...)".into(),
        Claim::Credential(_) => "credential(...)".into(),
        Claim::Glob(i) => format!("omitted(\"{}\")", declared.omitted[*i].pattern),
    }
}
