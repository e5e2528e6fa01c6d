//! Accounting: the one pure function, [`reconcile`], that decides whether a tool's declarations
//! account for every parameter of its operation.
//!
//! The `#[tool]` macro, the scaffold command and reports all call it, so they cannot disagree.
//! It knows nothing of tokens: each declaration carries an opaque [`Site`] that the caller maps
//! back to a span, and every problem comes back as a [`Finding`] at one of those sites.
//!
//! One mistake gives one finding: a parameter a reported declaration meant to account for (a
//! field that matches two locations, a glob that covers nothing) is not reported again as
//! unaccounted.

use super::address::{candidates, parse_address, parts_match, unknown_param};
use super::clears::full_replace_clears;
use super::declared::{Declared, DeclaredField, Finding, Reason, Reconciled, Site};
use super::family::{DeclaredFamily, family_row};
use super::names::{ParamNames, field_name_for, its_operation};
use super::narrow::narrow;
use super::paging::{cannot_page, reason_of};
use super::paste::paste_lines;
use super::reasons::{
    PAGING_PLACEHOLDER_REASON, PLACEHOLDER_REASON, check_reason, reaches_the_rest,
};
use super::types::{RustType, check_type, describe_param, int_type_range};
use super::values::check_value;
use super::wire_type::override_type;
use crate::model::{
    Accounted, Disposition, Location, Operation, Overridden, Param, Schema, Style, Type,
};
use crate::present::suggest::suggest;
use crate::spec::shapes::{unsendable, value_unsendable};

/// At most this many parameters are listed by name in one message.
const LISTED: usize = 8;

/// Reconciles a tool's declarations with its operation: the accounting table and every finding.
pub fn reconcile(op: &Operation, declared: &Declared) -> Reconciled {
    if !op.is_supported() {
        return unsupported(op, declared);
    }
    let mut r = Reconciler::new(op, declared);
    r.claim_by_fields();
    r.claim_by_fixed();
    r.claim_by_exact_omissions();
    r.claim_by_globs();
    r.undocumented_at_tool_level();
    r.finish()
}

fn unsupported(op: &Operation, declared: &Declared) -> Reconciled {
    let findings = op
        .unsupported
        .iter()
        .map(|u| {
            Finding::at(
                declared.operation_site,
                format!(
                    "operation `{}` cannot be wrapped by a tool: {} at {}",
                    op.display_name(),
                    u.reason,
                    u.pointer
                ),
            )
        })
        .collect();
    Reconciled {
        accounting: vec![],
        findings,
    }
}

#[derive(Clone)]
enum Claim {
    Field(usize),
    Fixed(usize),
    Omitted(usize),
    Glob(usize),
}

struct Reconciler<'a> {
    op: &'a Operation,
    declared: &'a Declared,
    names: ParamNames<'a>,
    /// Per parameter, every declaration that accounts for it, with where.
    claims: Vec<Vec<(Claim, Site)>>,
    /// Per parameter, whether a finding already covers it (not reported unaccounted).
    excused: Vec<bool>,
    /// Per parameter, the type the server reads when a field overrides the spec's.
    overridden: Vec<Option<(Param, Overridden)>>,
    /// Globs that covered nothing: `(index into omitted, the parameters left unaccounted)`.
    stale_globs: Vec<usize>,
    undocumented_rows: Vec<Accounted>,
    findings: Vec<Finding>,
}

impl<'a> Reconciler<'a> {
    fn new(op: &'a Operation, declared: &'a Declared) -> Reconciler<'a> {
        Reconciler {
            op,
            declared,
            names: ParamNames::new(op.params.iter().map(|p| p.name.as_str())),
            claims: vec![Vec::new(); op.params.len()],
            excused: vec![false; op.params.len()],
            overridden: vec![None; op.params.len()],
            stale_globs: Vec::new(),
            undocumented_rows: Vec::new(),
            findings: Vec::new(),
        }
    }

    /// An address that names no parameter: reported once, with the nearest parameter, which
    /// is then not reported unaccounted as well (fixing the address accounts for it).
    fn unknown(&mut self, address: &str, site: Site, what: &str) {
        self.findings
            .push(unknown_param(self.op, address, site, what));
        if let Some((location, name)) = parse_address(address) {
            self.excuse_nearest(name, Some(location));
        }
    }

    /// Marks the parameter a did-you-mean would offer for `name` as already reported.
    fn excuse_nearest(&mut self, name: &str, location: Option<Location>) {
        let offered = suggest(name, location, &candidates(self.op)).candidate();
        if let Some(c) = offered
            && let Some(i) = self
                .op
                .params
                .iter()
                .position(|p| p.name == c.name && c.location.is_none_or(|l| l == p.location))
        {
            self.excused[i] = true;
        }
    }

    fn index_of(&self, address: &str) -> Option<usize> {
        self.op.params.iter().position(|p| p.is_at(address))
    }

    /// Fields: undocumented ones become their own rows; the others find their parameter by
    /// explicit address, else by name across locations, and have their type checked.
    fn claim_by_fields(&mut self) {
        for (fi, f) in self.declared.fields.iter().enumerate() {
            if let Some(family) = &f.family {
                self.family_field(f, family);
                continue;
            }
            if let Some((read_at, reason)) = &f.undocumented {
                if let Some(w) = &f.wire_type {
                    self.findings.push(Finding::at(
                        w.site,
                        format!(
                            "undocumented field `{}` has no spec type to override: its type is \
                             the field's own; remove `wire_type`",
                            f.ident
                        ),
                    ));
                }
                if let Some(n) = &f.narrowed {
                    self.findings.push(Finding::at(
                        n.site(),
                        format!(
                            "undocumented field `{}` has no spec type to narrow: its type is the \
                             field's own (a Rust enum of the values, say); remove `values` or \
                             `pattern`",
                            f.ident
                        ),
                    ));
                }
                self.undocumented_field(f, read_at, reason);
                continue;
            }
            let Some(i) = self.target_of(f) else { continue };
            let spec_param = &self.op.params[i];
            let overridden = match (&f.wire_type, &f.narrowed) {
                (Some(_), Some(n)) => Some(Err(vec![Finding::at(
                    n.site(),
                    format!(
                        "field `{}` has both `wire_type` and a narrowing (`values` or \
                         `pattern`): a narrowing keeps the spec's type; keep one",
                        f.ident
                    ),
                )])),
                (Some(w), None) => Some(override_type(spec_param, &f.ident, w)),
                (None, Some(n)) => Some(narrow(spec_param, &f.ident, n)),
                (None, None) => None,
            };
            match overridden {
                Some(Ok(real)) => self.overridden[i] = Some(real),
                Some(Err(found)) => {
                    self.findings.extend(found);
                    self.claims[i].push((Claim::Field(fi), f.site));
                    continue;
                }
                None => {}
            }
            let param = self.overridden[i].as_ref().map_or(spec_param, |(p, _)| p);
            if let Some(why) = unsendable(self.op, param, &[]) {
                self.findings
                    .push(cannot_send(param, &f.ident, f.site, &why));
            } else if let Some(msg) = check_type(param, &f.ty) {
                // The type is the override's, not the spec's.
                let msg = if f.wire_type.is_some() {
                    msg.replacen(" in the spec", " by its `wire_type`", 1)
                } else {
                    msg
                };
                self.findings.push(Finding::at(
                    f.ty_site,
                    format!("mistyped field `{}`: {msg}", f.ident),
                ));
            }
            self.claims[i].push((Claim::Field(fi), f.site));
        }
    }

    /// A pattern family's field: its own row, checked by [`family_row`].
    fn family_field(&mut self, f: &DeclaredField, family: &DeclaredFamily) {
        let mut alone = true;
        for (key, given) in [
            ("param", f.param.is_some()),
            ("undocumented", f.undocumented.is_some()),
            ("wire_type", f.wire_type.is_some()),
        ] {
            if given {
                alone = false;
                self.findings.push(Finding::at(
                    family.site,
                    format!(
                        "`family` names the parameters of field `{}` by its pattern; remove                          `{key}`",
                        f.ident
                    ),
                ));
            }
        }
        if !alone {
            return;
        }
        let others: Vec<String> = self
            .declared
            .fields
            .iter()
            .filter(|o| o.undocumented.is_some())
            .filter_map(|o| o.param.as_ref().map(|(a, _)| a.clone()))
            .chain(self.declared.undocumented.iter().map(|u| u.param.clone()))
            .collect();
        match family_row(self.op, f, family, &others) {
            Ok(row) => self.undocumented_rows.push(row),
            Err(found) => self.findings.extend(found),
        }
    }

    fn undocumented_field(&mut self, f: &DeclaredField, read_at: &Reason, reason: &Reason) {
        let Some((address, site)) = &f.param else {
            self.findings.push(Finding::at(
                f.site,
                format!(
                    "an undocumented argument needs its address: add `param = \"query.{}\"` \
                     (or another location) to #[arg(...)]",
                    f.ident
                ),
            ));
            return;
        };
        if let Some(found) = undocumented_problem(self.op, address, *site, read_at, reason) {
            self.findings.extend(found);
            return;
        }
        let argument = f.rename.clone().unwrap_or_else(|| {
            parse_address(address).map_or(f.ident.clone(), |(_, n)| n.to_string())
        });
        let (location, name) = parse_address(address).unwrap_or((Location::Query, ""));
        let mut param = synthesized(location, name, Some(&f.ty), f.doc.clone());
        // A key beyond a body's declared properties: its name is the tool's to vouch for, its
        // value the spec's `additionalProperties` describes, and is checked against.
        if location == Location::Body
            && let Some(values) = self.op.body.as_ref().and_then(|b| b.values.as_ref())
        {
            param.schema = values.clone();
        }
        self.undocumented_rows.push(Accounted {
            param,
            disposition: Disposition::Undocumented {
                argument: Some(argument),
                field: Some(f.ident.clone()),
                value: None,
                read_at: read_at.text.clone(),
                reason: reason.text.clone(),
            },
            null: None,
            overridden: None,
        });
    }

    /// The parameter a (documented) field sets, or `None` with the finding that says why not.
    fn target_of(&mut self, f: &DeclaredField) -> Option<usize> {
        if let Some((address, site)) = &f.param {
            let found = self.index_of(address);
            if found.is_none() {
                self.unknown(
                    address,
                    *site,
                    &format!(
                        "field `{}` points at a parameter the operation does not have",
                        f.ident
                    ),
                );
            }
            return found;
        }
        let ident = f.ident.trim_start_matches("r#");
        match self.names.matching(ident).as_slice() {
            [i] => Some(*i),
            [] => {
                self.findings.push(no_parameter(self.op, f.site, ident));
                self.excuse_nearest(ident, None);
                None
            }
            many => {
                for i in many {
                    self.excused[*i] = true;
                }
                self.findings.push(ambiguous(self.op, f, many));
                None
            }
        }
    }

    fn claim_by_fixed(&mut self) {
        for (xi, x) in self.declared.fixed.iter().enumerate() {
            let what = format!("fixing `{}`", x.param);
            self.findings.extend(check_reason(&x.reason, &what));
            match self.index_of(&x.param) {
                Some(i) => {
                    let param = &self.op.params[i];
                    if let Some(why) = value_unsendable(self.op, param, &x.value) {
                        self.findings.push(Finding::at(
                            x.value_site,
                            format!("fixed value for `{}` cannot be sent: {why}", x.param),
                        ));
                    } else if let Some(why) = check_value(&param.schema, &x.value) {
                        self.findings.push(Finding::at(
                            x.value_site,
                            format!(
                                "fixed value for `{}` does not fit its schema ({}): {why}",
                                x.param,
                                self.op.params[i].schema.ty.describe()
                            ),
                        ));
                    }
                    self.claims[i].push((Claim::Fixed(xi), x.site));
                }
                None => self.unknown(
                    &x.param,
                    x.site,
                    "cannot fix a parameter the operation does not have",
                ),
            }
        }
    }

    fn claim_by_exact_omissions(&mut self) {
        let exact = self.declared.omitted.iter().enumerate();
        for (oi, o) in exact.filter(|(_, o)| !o.pattern.contains('*')) {
            let what = format!("omitting `{}`", o.pattern);
            self.findings.extend(check_reason(&o.reason, &what));
            let Some(i) = self.index_of(&o.pattern) else {
                self.unknown(
                    &o.pattern,
                    o.site,
                    "cannot omit a parameter the operation does not have",
                );
                continue;
            };
            let p = &self.op.params[i];
            if p.location == Location::Path {
                self.findings.push(Finding::at(
                    o.site,
                    format!(
                        "path parameter `{}` cannot be omitted: the URL needs it; set it with a \
                         field or fix it with `fixed(\"{}\", value = ..., reason = \"...\")`",
                        p.address(),
                        p.address()
                    ),
                ));
            } else if p.required {
                self.findings.push(Finding::at(
                    o.site,
                    format!(
                        "`{}` is required by `{}` and cannot be omitted; set it with a field or fix \
                         it with `fixed(\"{}\", value = ..., reason = \"...\")`",
                        p.address(),
                        self.op.display_name(),
                        p.address()
                    ),
                ));
            }
            self.claims[i].push((Claim::Omitted(oi), o.site));
        }
    }

    /// Globs cover only what nothing else accounts for; an earlier glob wins over a later one.
    fn claim_by_globs(&mut self) {
        let globs = self.declared.omitted.iter().enumerate();
        for (oi, o) in globs.filter(|(_, o)| o.pattern.contains('*')) {
            let what = format!("omitting `{}`", o.pattern);
            self.findings.extend(check_reason(&o.reason, &what));
            let mut covered = 0;
            let mut required = Vec::new();
            let parts: Vec<&str> = o.pattern.split('*').collect();
            let mut address = String::new();
            for (i, p) in self.op.params.iter().enumerate() {
                if !self.claims[i].is_empty() {
                    continue;
                }
                address.clear();
                p.write_address(&mut address);
                if !parts_match(&parts, &address) {
                    continue;
                }
                if p.required || p.location == Location::Path {
                    required.push(format!("`{}`", p.address()));
                    continue;
                }
                self.claims[i].push((Claim::Glob(oi), o.site));
                covered += 1;
            }
            if !required.is_empty() {
                self.findings.push(Finding::at(
                    o.site,
                    format!(
                        "`{}` matches required {} {}, which cannot be omitted; set or fix {}, or \
                         narrow the pattern",
                        o.pattern,
                        plural(required.len(), "parameter", "parameters"),
                        required.join(", "),
                        plural(required.len(), "it", "them"),
                    ),
                ));
            } else if covered == 0 {
                // Reported once every other declaration has claimed its parameters: the
                // message lists what the glob was probably meant to cover.
                self.stale_globs.push(oi);
            }
        }
    }

    fn undocumented_at_tool_level(&mut self) {
        for u in &self.declared.undocumented {
            if let Some(found) =
                undocumented_problem(self.op, &u.param, u.site, &u.read_at, &u.reason)
            {
                self.findings.extend(found);
                continue;
            }
            let (location, name) = parse_address(&u.param).unwrap_or((Location::Query, ""));
            self.undocumented_rows.push(Accounted {
                param: synthesized(location, name, None, None),
                disposition: Disposition::Undocumented {
                    argument: None,
                    field: None,
                    value: u.value.clone(),
                    read_at: u.read_at.text.clone(),
                    reason: u.reason.text.clone(),
                },
                null: None,
                overridden: None,
            });
        }
    }

    /// The table, and the findings that need every claim: stale globs, unaccounted parameters,
    /// parameters accounted twice, fields that share an argument name.
    fn finish(mut self) -> Reconciled {
        self.report_stale_globs();
        let mut accounting =
            Vec::with_capacity(self.op.params.len() + self.undocumented_rows.len());
        for (i, p) in self.op.params.iter().enumerate() {
            match self.claims[i].as_slice() {
                [] if self.excused[i] => {}
                [] => self.findings.push(unaccounted(
                    self.op,
                    p,
                    self.declared.operation_site,
                    &self.declared.tool,
                )),
                [(claim, _)] => {
                    let (param, overridden) = match self.overridden[i].take() {
                        Some((real, o)) => (real, Some(o)),
                        None => (p.clone(), None),
                    };
                    accounting.push(Accounted {
                        param,
                        disposition: disposition(self.declared, claim, p),
                        null: None,
                        overridden,
                    });
                }
                many => self.findings.push(accounted_twice(self.declared, p, many)),
            }
        }
        accounting.append(&mut self.undocumented_rows);
        self.findings
            .extend(shared_arguments(self.declared, &accounting));
        self.findings.extend(self.one_page_unexplained(&accounting));
        self.findings
            .extend(full_replace_clears(self.declared, &accounting));
        Reconciled {
            accounting,
            findings: self.findings,
        }
    }

    /// The paging rule (see [`super::paging`]): a list tool whose agent can set none of the
    /// paging parameters must say, in one of their reasons, how an agent reaches the rest. Not
    /// checked while one of those reasons is itself reported (one mistake, one error).
    fn one_page_unexplained(&self, accounting: &[Accounted]) -> Option<Finding> {
        let rows = cannot_page(self.op, accounting)?;
        let mut reasons: Vec<&str> = rows.iter().filter_map(|r| reason_of(r)).collect();
        // A glob gives its one reason to every paging row: each text is checked once.
        reasons.sort_unstable();
        reasons.dedup();
        let reviewable = reasons.iter().all(|text| {
            let reason = Reason {
                text: text.to_string(),
                site: 0,
            };
            check_reason(&reason, "").is_none()
        });
        if !reviewable || reasons.iter().any(|r| reaches_the_rest(r)) {
            return None;
        }
        let first = rows[0];
        let site = self
            .site_of(&first.param)
            .unwrap_or(self.declared.operation_site);
        Some(one_page(self.op, &self.declared.tool, &rows, site))
    }

    /// Where the declaration that accounts for a parameter is.
    fn site_of(&self, param: &Param) -> Option<Site> {
        let address = param.address();
        match self.index_of(&address) {
            Some(i) => self.claims[i].first().map(|(_, site)| *site),
            None => self
                .declared
                .undocumented
                .iter()
                .find(|u| u.param == address)
                .map(|u| u.site),
        }
    }

    /// A glob that covers nothing is one finding, which lists the parameters left unaccounted
    /// that a glob could omit (they are what the pattern was meant to match) instead of one
    /// finding per parameter.
    fn report_stale_globs(&mut self) {
        let Some(&first) = self.stale_globs.first() else {
            return;
        };
        let omittable: Vec<usize> = (0..self.op.params.len())
            .filter(|&i| {
                let p = &self.op.params[i];
                self.claims[i].is_empty()
                    && !self.excused[i]
                    && !p.required
                    && p.location != Location::Path
            })
            .collect();
        for &oi in &self.stale_globs {
            let o = &self.declared.omitted[oi];
            let mut message = format!(
                "`{}` covers no parameter of `{}` that is not already accounted for",
                o.pattern,
                self.op.display_name()
            );
            if oi == first && !omittable.is_empty() {
                let addresses: Vec<String> = omittable
                    .iter()
                    .map(|&i| format!("`{}`", self.op.params[i].address()))
                    .collect();
                message.push_str(&format!(
                    ", and {} left unaccounted: {}; fix the pattern to match {}, or account for {} \
                     another way",
                    plural_count(omittable.len(), "parameter is", "parameters are"),
                    listed(&addresses),
                    plural(omittable.len(), "it", "them"),
                    plural(omittable.len(), "it", "them"),
                ));
                for &i in &omittable {
                    self.excused[i] = true;
                }
            } else {
                message.push_str("; remove it or fix the pattern");
            }
            self.findings.push(Finding::at(o.site, message));
        }
    }
}

fn plural<'s>(n: usize, one: &'s str, many: &'s str) -> &'s str {
    if n == 1 { one } else { many }
}

fn plural_count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", plural(n, one, many))
}

/// The first [`LISTED`] items, then how many more.
fn listed(items: &[String]) -> String {
    let shown = items[..items.len().min(LISTED)].join(", ");
    match items.len().saturating_sub(LISTED) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}

fn no_parameter(op: &Operation, site: Site, ident: &str) -> Finding {
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
fn ambiguous(op: &Operation, f: &DeclaredField, matched: &[usize]) -> Finding {
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
                super::types::rust_type_for(&p.schema, p.required)
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
fn accounted_twice(declared: &Declared, p: &Param, claims: &[(Claim, Site)]) -> Finding {
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
fn cannot_send(param: &Param, field: &str, site: Site, why: &str) -> Finding {
    Finding::at(
        site,
        format!(
            "field `{field}` cannot be sent: `{addr}` is {why}\n\
             help: omit it with a reason instead: omitted(\"{addr}\", reason = \"{PLACEHOLDER_REASON}\"),",
            addr = param.address(),
        ),
    )
}

fn unaccounted(op: &Operation, param: &Param, site: Site, tool: &str) -> Finding {
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
fn one_page(op: &Operation, tool: &str, rows: &[&Accounted], site: Site) -> Finding {
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
fn with_paging_placeholder(row: &Accounted) -> String {
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
        Disposition::Set { .. } => String::new(),
    }
}

/// Two fields that take the same argument name (`path.id` and `body.id`, or a `rename`) would
/// be one property of the input schema and one key of the agent's JSON: the second is reported.
fn shared_arguments(declared: &Declared, accounting: &[Accounted]) -> Vec<Finding> {
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

fn claim_name(declared: &Declared, c: &Claim) -> String {
    match c {
        Claim::Field(i) => format!("field `{}`", declared.fields[*i].ident),
        Claim::Fixed(_) => "fixed(...)".into(),
        Claim::Omitted(_) => "omitted(...)".into(),
        Claim::Glob(i) => format!("omitted(\"{}\")", declared.omitted[*i].pattern),
    }
}

fn disposition(declared: &Declared, c: &Claim, p: &Param) -> Disposition {
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
        Claim::Glob(i) => Disposition::Omitted {
            reason: declared.omitted[*i].reason.text.clone(),
            pattern: Some(declared.omitted[*i].pattern.clone()),
        },
    }
}

fn undocumented_problem(
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
    (!out.is_empty()).then_some(out)
}

fn synthesized(
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

pub(super) fn schema_of_rust(t: &RustType) -> Schema {
    let ty = match t {
        RustType::String => Type::String {
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        },
        RustType::Bool => Type::Boolean,
        RustType::Int { signed, bits } => {
            let (lo, hi) = int_type_range(*signed, *bits);
            Type::Integer {
                format: None,
                minimum: Some(lo),
                maximum: Some(hi),
                enumeration: None,
            }
        }
        RustType::F32 | RustType::F64 => Type::Number {
            format: None,
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
        },
        RustType::Vec(inner) => Type::Array {
            items: Box::new(schema_of_rust(inner.options().1)),
            min_items: None,
            max_items: None,
        },
        RustType::Option(inner) => {
            return Schema {
                nullable: true,
                ..schema_of_rust(inner)
            };
        }
        RustType::JsonValue | RustType::JsonMap | RustType::Map(_) | RustType::Named(_) => {
            Type::Any
        }
    };
    Schema::new(ty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{op, query};
    use heck::ToSnakeCase;

    // Field matching by snake_case name works from names converted once per parameter: with many
    // filters (NetBox lists have hundreds) each field still finds exactly its own parameter.
    #[test]
    fn many_fields_each_match_their_own_parameter_by_snake_case_name() {
        let names: Vec<String> = (0..400)
            .map(|i| format!("filterNo{i}__{}", ["ic", "n", "gte"][i % 3]))
            .collect();
        let op = op("GET", "/")
            .id("list")
            .params(names.iter().map(|n| query(n)).collect())
            .build();
        let declared = Declared {
            fields: names
                .iter()
                .enumerate()
                .map(|(i, n)| DeclaredField {
                    ident: n.to_snake_case(),
                    site: i,
                    ty_site: i,
                    ty: RustType::Option(Box::new(RustType::Bool)),
                    param: None,
                    rename: None,
                    undocumented: None,
                    wire_type: None,
                    narrowed: None,
                    family: None,
                    doc: None,
                })
                .collect(),
            tool: "List".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(result.findings, []);
        let fields: Vec<&str> = result
            .accounting
            .iter()
            .map(|r| match &r.disposition {
                Disposition::Set { field, .. } => field.as_str(),
                other => panic!("{other:?}"),
            })
            .collect();
        let expected: Vec<String> = names.iter().map(|n| n.to_snake_case()).collect();
        assert_eq!(fields, expected);
        assert_eq!(fields[1], "filter_no1_n");
    }

    fn op_with(params: Vec<Param>) -> Operation {
        op("GET", "/").id("Op").params(params).build()
    }

    fn field(ident: &str, site: Site) -> DeclaredField {
        DeclaredField {
            ident: ident.into(),
            site,
            ty_site: site,
            ty: RustType::Option(Box::new(RustType::Bool)),
            param: None,
            rename: None,
            undocumented: None,
            wire_type: None,
            narrowed: None,
            family: None,
            doc: None,
        }
    }

    fn omitted(pattern: &str, site: Site) -> crate::check::declared::DeclaredOmitted {
        crate::check::declared::DeclaredOmitted {
            pattern: pattern.into(),
            site,
            clears: None,
            reason: Reason {
                text: "the agent ranks results itself, so thresholds only hide them".into(),
                site: 100 + site,
            },
        }
    }

    fn sites(findings: &[Finding]) -> Vec<Site> {
        findings.iter().map(|f| f.site).collect()
    }

    #[test]
    fn a_list_tool_that_cannot_page_must_say_how_an_agent_reaches_the_rest() {
        let op = op_with(vec![query("q"), query("page"), query("per_page")]);
        let declared = |reason: &str| {
            let because = |pattern: &str, site: Site| {
                let mut o = omitted(pattern, site);
                o.reason.text = reason.into();
                o
            };
            Declared {
                fields: vec![field("q", 1)],
                omitted: vec![because("query.page", 2), because("query.per_page", 3)],
                tool: "T".into(),
                ..Default::default()
            }
        };
        assert_eq!(
            reconcile(&op, &declared("the web client sorts and filters these")).findings,
            [Finding::at(
                2,
                "`T` cannot page: its operation `Op` returns a list a page at a time, and its \
                 paging parameters \
                 `query.page`, `query.per_page` are all omitted, so an agent gets one page and \
                 cannot tell it from the whole list; let it page with a field, or say in the \
                 reason how an agent reaches the rest (or why one page is all it needs)\n\
                 help: set it with a field      pub page: Option<bool>,\n      \
                 or say it in the reason  omitted(\"query.page\", reason = \"<what one page \
                 holds, and how an agent reaches the rest>\"),"
            )]
        );
        let explained = reconcile(
            &op,
            &declared("only the first page: an agent narrows with `q` instead"),
        );
        assert_eq!(explained.findings, []);
        // A reason that is itself reported is not reported again by the paging rule.
        let vacuous = reconcile(&op, &declared("not needed"));
        assert_eq!(sites(&vacuous.findings), [102, 103]);
        // A field that sets one paging parameter lets the agent page.
        let mut paging = declared("the web client sorts and filters these");
        paging.omitted.remove(0);
        paging.fields.push(field("page", 4));
        assert_eq!(reconcile(&op, &paging).findings, []);
    }

    #[test]
    fn a_stale_glob_is_one_finding_that_lists_what_it_left_unaccounted() {
        let op = op_with(vec![query("q"), query("a__n"), query("b__n")]);
        let declared = Declared {
            fields: vec![field("q", 1)],
            omitted: vec![omitted("query.*__x", 2)],
            tool: "T".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(sites(&result.findings), [2]);
        assert_eq!(
            result.findings[0].message,
            "`query.*__x` covers no parameter of `Op` that is not already accounted for, and 2 \
             parameters are left unaccounted: `query.a__n`, `query.b__n`; fix the pattern to \
             match them, or account for them another way"
        );
    }

    #[test]
    fn a_field_matching_two_locations_is_one_finding_with_two_distinct_fields() {
        let mut path = query("id");
        path.location = Location::Path;
        path.required = true;
        let op = op_with(vec![path, query("id")]);
        let declared = Declared {
            fields: vec![field("id", 1)],
            tool: "T".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(sites(&result.findings), [1]);
        let message = &result.findings[0].message;
        assert!(
            message.contains("#[arg(param = \"path.id\")] pub id: bool,")
                && message.contains("#[arg(param = \"query.id\")] pub query_id: Option<bool>,"),
            "{message}"
        );
    }

    #[test]
    fn a_parameter_accounted_twice_is_one_finding_at_the_second_place() {
        let op = op_with(vec![query("score")]);
        let declared = Declared {
            fields: vec![field("score", 1)],
            omitted: vec![omitted("query.score", 2)],
            tool: "T".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(
            result.findings,
            [Finding::at(
                2,
                "`query.score` is accounted for two times (field `score`, omitted(...)); keep exactly one"
            )]
        );
    }

    #[test]
    fn option_advice_is_the_whole_type() {
        let mut page = query("page");
        page.schema = Schema::new(Type::Integer {
            format: None,
            minimum: None,
            maximum: None,
            enumeration: None,
        });
        let op = op_with(vec![page]);
        let mut f = field("page", 1);
        f.ty = RustType::Option(Box::new(RustType::String));
        let declared = Declared {
            fields: vec![f],
            tool: "T".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(
            result.findings,
            [Finding::at(
                1,
                "mistyped field `page`: `query.page` is integer, optional in the spec; \
             `Option<String>` cannot carry it; use `Option<i64>`"
            )]
        );
    }

    #[test]
    fn a_misnamed_field_or_address_is_not_followed_by_unaccounted_for_its_parameter() {
        let op = op_with(vec![query("status"), query("page")]);
        let declared = Declared {
            fields: vec![field("statuses", 1)],
            omitted: vec![omitted("query.pag", 2)],
            tool: "T".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(sites(&result.findings), [1, 2]);
        assert!(
            result.findings[0]
                .message
                .contains("did you mean `query.status`?")
        );
        assert!(
            result.findings[1]
                .message
                .contains("did you mean `query.page`?")
        );
    }
}
