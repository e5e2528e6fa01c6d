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
use super::below;
use super::callable::never_callable;
use super::clears::full_replace_clears;
use super::declared::{Declared, DeclaredFamily, DeclaredField, Finding, Reason, Reconciled, Site};
use super::family::family_row;
use super::field_semantics::field_semantics;
use super::names::ParamNames;
use super::narrow::narrow;
use super::paging::{cannot_page, reason_of};
use super::reasons::{check_reason, reaches_the_rest};
use super::types::{RustType, check_type};
use super::values::check_value;
use super::wire_type::override_type;
use crate::check::suggest::suggest;
use crate::model::{Accounted, Below, Disposition, Location, Operation, Overridden, Param, Schema};
use crate::spec::shapes::{unsendable, value_unsendable};

mod claim;
mod credentials;
mod depth;
mod fields;
mod findings;
mod rows;
#[cfg(test)]
mod tests;

use claim::Claim;
use findings::{
    accounted_twice, listed, one_page, plural, plural_count, shared_arguments, unaccounted,
};
use rows::{disposition, synthesized, undocumented_problem};

/// Reconciles a tool's declarations with its operation: the accounting table and every finding.
pub fn reconcile(op: &Operation, declared: &Declared) -> Reconciled {
    if !op.is_supported() {
        return unsupported(op, declared);
    }
    let mut r = Reconciler::new(op, declared);
    r.claim_by_fields();
    r.claim_by_fixed();
    r.claim_by_credentials();
    r.claim_by_exact_omissions();
    r.override_below();
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
    /// Per parameter, the properties inside its value fixed, omitted or overridden by address,
    /// with where.
    below: Vec<Vec<(Below, Site)>>,
    /// Per parameter, the type the server reads at each address overridden inside its value.
    retyped: Vec<Vec<(String, Schema)>>,
    /// Per parameter, the undocumented properties inside its value its struct sets.
    declared_below: Vec<Vec<(String, crate::model::Field)>>,
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
            below: vec![Vec::new(); op.params.len()],
            retyped: vec![Vec::new(); op.params.len()],
            declared_below: vec![Vec::new(); op.params.len()],
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
                None => match below::resolve(self.op, &x.param) {
                    Some(Ok(found)) => {
                        let disposition = Disposition::Fixed {
                            value: x.value.clone(),
                            reason: x.reason.text.clone(),
                        };
                        let problem = below::fixed_problem(&x.param, &found, &x.value);
                        let entry = Below {
                            address: found.address.clone(),
                            disposition,
                            overridden: None,
                        };
                        self.claim_below(found.param, entry, problem, x.site, x.value_site);
                    }
                    Some(Err(why)) => self.findings.push(Finding::at(
                        x.site,
                        format!("cannot fix `{}`: {why}", x.param),
                    )),
                    None => self.unknown(
                        &x.param,
                        x.site,
                        "cannot fix a parameter the operation does not have",
                    ),
                },
            }
        }
    }

    /// A property inside a parameter's value, fixed or omitted by its address: kept for the
    /// parameter's row, or the problem with it reported (at the value's site for a value that
    /// does not fit, which is kept; else at the address).
    /// Whether it was kept.
    fn claim_below(
        &mut self,
        param: usize,
        entry: Below,
        problem: Option<below::Problem>,
        site: Site,
        value_site: Site,
    ) -> bool {
        match problem {
            // Not kept: the struct is then checked as if the entry were not written (one
            // mistake, one error, not a second about the struct's field for it).
            Some(below::Problem::Address(message)) => {
                self.findings.push(Finding::at(site, message));
                return false;
            }
            Some(below::Problem::Value(message)) => {
                self.findings.push(Finding::at(value_site, message));
            }
            None => {}
        }
        let entries = &mut self.below[param];
        if entries.iter().any(|(b, _)| b.address == entry.address) {
            self.findings.push(Finding::at(
                site,
                format!("`body.{}` is accounted for twice; keep one", entry.address),
            ));
            return false;
        }
        entries.push((entry, site));
        true
    }

    fn claim_by_exact_omissions(&mut self) {
        let exact = self.declared.omitted.iter().enumerate();
        for (oi, o) in exact.filter(|(_, o)| !o.pattern.contains('*')) {
            let what = format!("omitting `{}`", o.pattern);
            self.findings.extend(check_reason(&o.reason, &what));
            let Some(i) = self.index_of(&o.pattern) else {
                match below::resolve(self.op, &o.pattern) {
                    Some(Ok(found)) => {
                        let disposition = Disposition::Omitted {
                            reason: o.reason.text.clone(),
                            pattern: None,
                        };
                        let states = o.clears.is_some() || o.keeps.is_some();
                        let problem = below::omitted_problem(&o.pattern, &found, states);
                        let entry = Below {
                            address: found.address.clone(),
                            disposition,
                            overridden: None,
                        };
                        self.claim_below(found.param, entry, problem, o.site, o.site);
                    }
                    Some(Err(why)) => self.findings.push(Finding::at(
                        o.site,
                        format!("cannot omit `{}`: {why}", o.pattern),
                    )),
                    None => self.unknown(
                        &o.pattern,
                        o.site,
                        "cannot omit a parameter the operation does not have",
                    ),
                }
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
            if self.undocumented_below(u) {
                continue;
            }
            if let Some((_, site)) = &u.wire_type {
                self.findings.push(Finding::at(
                    *site,
                    format!(
                        "`wire_type` in `undocumented(...)` types a property below a parameter, \
                         which the struct there sets; `{}` is a parameter of its own: for one \
                         the agent sets, use a field with `#[arg(undocumented, param = \"{}\", \
                         read_at = \"...\", reason = \"...\")]`",
                        u.param, u.param
                    ),
                ));
                continue;
            }
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
                absent: None,
                appends: false,
                below: Vec::new(),
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
            let claims = std::mem::take(&mut self.claims[i]);
            match claims.as_slice() {
                [] if self.excused[i] => {}
                [] => self.findings.push(unaccounted(
                    self.op,
                    p,
                    self.declared.operation_site,
                    &self.declared.tool,
                )),
                [(claim, _)] => {
                    let (mut param, overridden) = match self.overridden[i].take() {
                        Some((real, o)) => (real, Some(o)),
                        None => (p.clone(), None),
                    };
                    if let Claim::Field(fi) = claim {
                        unset_only(&mut param, &self.declared.fields[*fi].ty);
                        self.retype_below(i, &mut param);
                    }
                    let below = self.below_of(i, claim);
                    accounting.push(Accounted {
                        param,
                        disposition: disposition(self.declared, claim, p),
                        null: None,
                        overridden,
                        absent: None,
                        appends: false,
                        below,
                    });
                }
                many => self.findings.push(accounted_twice(self.declared, p, many)),
            }
            self.claims[i] = claims;
        }
        accounting.append(&mut self.undocumented_rows);
        self.findings
            .extend(shared_arguments(self.declared, &accounting));
        self.findings.extend(self.one_page_unexplained(&accounting));
        self.findings
            .extend(full_replace_clears(self.declared, &accounting));
        self.findings
            .extend(field_semantics(self.op, self.declared, &mut accounting));
        self.findings
            .extend(never_callable(self.op, self.declared, &accounting));
        Reconciled {
            accounting,
            findings: self.findings,
        }
    }

    /// The properties fixed or omitted inside parameter `i`'s value, for its row: only a field
    /// sends a value to fix or omit properties in; below anything else each is reported.
    fn below_of(&mut self, i: usize, claim: &Claim) -> Vec<Below> {
        let entries = std::mem::take(&mut self.below[i]);
        if matches!(claim, Claim::Field(_)) {
            return entries.into_iter().map(|(b, _)| b).collect();
        }
        let p = &self.op.params[i];
        for (b, site) in entries {
            self.findings.push(Finding::at(
                site,
                format!(
                    "`body.{}` is inside `{}`, which `{}` does not set with a field ({}): only a \
                     value the tool sends has properties to fix, omit or override; remove this \
                     entry",
                    b.address,
                    p.address(),
                    self.declared.tool,
                    disposition(self.declared, claim, p).name()
                ),
            ));
        }
        Vec::new()
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

/// A nullable optional parameter set by an `Option<T>` field (one layer): `None` leaves it out,
/// so the field cannot send the agent's null, and the tool does not offer it. Its row's schema
/// is not nullable: the input schema leaves null out and the decoder refuses it, where it was
/// offered, accepted and dropped. `Option<Option<T>>` sends it (docs/accounting.md).
fn unset_only(param: &mut Param, ty: &RustType) {
    if !param.required && param.schema.nullable && ty.options().0 == 1 {
        param.schema.nullable = false;
    }
}
