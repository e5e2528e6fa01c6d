//! The checks of a tool, in order: the rules about Rust syntax the macro owns (a list of named
//! rules), the tool's declaration built from its attributes (every key, each at a [`Site`] this
//! module maps back to its span) and checked alone by
//! `catalog_core::check::declaration::check_declaration`, then the operation resolved from the
//! index and `catalog_core::check::tool::check_tool`, whose findings become errors at their
//! ranges.

use crate::arg_attr::FieldAttr;
use crate::ast::Tool;
use crate::attr::Spanned;
use crate::ctxt::{Ctxt, Range};
use crate::sites::Sites;
use catalog_core::check::declaration::check_declaration;
use catalog_core::check::declared::{
    ArgKeys, Declared, DeclaredAccept, DeclaredAlias, DeclaredArg, DeclaredCredential,
    DeclaredEffects, DeclaredFailure, DeclaredFamily, DeclaredField, DeclaredFixed,
    DeclaredNarrowing, DeclaredOmitted, DeclaredSecurity, DeclaredUndocumented, DeclaredVariant,
    DeclaredWireType, Finding,
};
use catalog_core::check::tool::{Stop, check_tool};
use catalog_core::index::{self, IndexReader, Lookup};
use catalog_core::model::effects::{Effects, Semantics};
use catalog_core::model::{Accounted, Disposition, Operation};
use catalog_core::present::suggest::{Candidate, Suggestion, suggest};
use proc_macro2::{Span, TokenStream};
use std::path::PathBuf;

/// A rule about the struct's Rust syntax, which no spec enters. Each reports into `cx`.
type Rule = fn(&Ctxt, &Tool);

/// Checked first, with the declaration's own rules (core's `check_declaration`), before the
/// operation is read: a tool that breaks one of these is reported alone, so one typo does not
/// cascade into a page of unaccounted parameters. What a declaration means is core's to check;
/// only what Rust allows and a tool cannot be is here (docs/decisions/house.md).
const RULES: &[(&str, Rule)] = &[("not generic", not_generic), ("named fields", named_fields)];

/// A tool that passed the checks that stop (its operation is complete); the checks that do not
/// stop (pins, security, effects) may still have reported into `cx`.
pub struct Checked {
    /// The operation as the tool sends it.
    pub op: Operation,
    /// The files whose change re-expands the tool: the index directory file, and
    /// `catalog.lock` when the tool has a glob.
    pub tracked: Vec<PathBuf>,
    pub effects: Effects,
    pub effects_reason: Option<String>,
    /// What the tool does to the fields it does not send, as served: the description words it.
    pub semantics: Option<Semantics>,
}

/// The tool checked by `catalog_core::check::tool::check_tool`, its findings reported at their
/// spans. `Err` when a check that stops failed (the errors are in `cx`), with the checks of the
/// user types of the fields the accounting did bind, so that their errors come in the same
/// build as the accounting's.
pub fn check(cx: &Ctxt, tool: &Tool) -> Result<Checked, TokenStream> {
    for (_name, rule) in RULES {
        rule(cx, tool);
    }
    let mut sites = Sites::default();
    let declared = declared(&mut sites, tool);
    for f in check_declaration(&declared) {
        cx.error(sites.range(f.site), &f.message);
    }
    if cx.has_errors() {
        return Err(TokenStream::new());
    }
    let (op, dir_file) = resolve(cx, tool).ok_or_else(TokenStream::new)?;
    let lock = crate::pins::lock(&declared);
    let checked = check_tool(op, &declared, lock.as_ref().map(|(_, lock)| lock));
    for f in &checked.findings {
        cx.error(sites.range(f.site), &f.message);
    }
    match checked.stopped {
        Some(Stop::Accounting) => {
            return Err(bound_type_checks(
                tool,
                &declared,
                &checked.operation.accounting,
                &checked.findings,
            ));
        }
        Some(Stop::Variant | Stop::Aliases) => return Err(TokenStream::new()),
        None => {}
    }
    let semantics = checked.semantics();
    let mut tracked = vec![dir_file];
    if let Some(lock) = lock {
        tracked.extend(crate::pins::write(
            cx,
            &sites,
            &declared,
            lock,
            checked.pins,
        ));
    }
    Ok(Checked {
        semantics,
        op: checked.operation,
        tracked,
        effects: checked.effects,
        effects_reason: checked.effects_reason,
    })
}

/// The checks of the user types (`Object`, `StringEnum`) of the fields that set one parameter,
/// for a tool whose accounting failed elsewhere. A field with a finding of its own (mistyped,
/// matching two parameters, ...) is left out: its finding says what is wrong with it.
fn bound_type_checks(
    tool: &Tool,
    declared: &Declared,
    accounting: &[Accounted],
    findings: &[Finding],
) -> TokenStream {
    let flagged = |d: &DeclaredField| {
        findings
            .iter()
            .any(|f| f.site == d.site || f.site == d.ty_site)
    };
    let ident = &tool.item.ident;
    accounting
        .iter()
        .filter_map(|row| {
            let Disposition::Set { field, .. } = &row.disposition else {
                return None;
            };
            let at = tool.fields.iter().position(|f| *f.ident == field)?;
            if declared.fields.get(at).is_none_or(flagged) {
                return None;
            }
            crate::user_types::checks(ident, &tool.fields[at], row)
        })
        .collect()
}

fn not_generic(cx: &Ctxt, tool: &Tool) {
    if !tool.item.generics.params.is_empty() {
        cx.error_spanned_by(
            &tool.item.generics,
            "a #[tool] struct cannot be generic: its argument types come from one operation",
        );
    }
}

fn named_fields(cx: &Ctxt, tool: &Tool) {
    if let syn::Fields::Unnamed(u) = &tool.item.fields {
        cx.error_spanned_by(
            u,
            "#[tool] needs a struct with named fields (or no fields): each field is an argument \
             the agent names",
        );
    }
}

/// The operation named by `operation = "..."` in the spec's index.
fn resolve(cx: &Ctxt, tool: &Tool) -> Option<(Operation, PathBuf)> {
    let operation = tool.attr.operation.as_ref()?;
    let spec_name = tool.attr.spec.as_ref().map(|s| s.value.as_str());
    let spec_span = tool.attr.spec.as_ref().map_or(operation.span, |s| s.span);
    let opened =
        index::locate(spec_name).and_then(|dir_file| Ok((IndexReader::open(&dir_file)?, dir_file)));
    let (reader, dir_file) = match opened {
        Ok(found) => found,
        Err(e) => {
            cx.error(spec_span, e);
            return None;
        }
    };
    match reader.find(&operation.value) {
        Ok(Lookup::Found(op)) => Some((*op, dir_file)),
        Ok(Lookup::Ambiguous(keys)) => {
            cx.error(
                operation.span,
                format!(
                    "operationId `{}` is used by {} operations of `{}`; name the one you mean by \
                     method and path: {}",
                    operation.value,
                    keys.len(),
                    reader.spec().stem,
                    keys.iter()
                        .map(|k| format!("\"{k}\""))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            None
        }
        Ok(Lookup::NotFound) => {
            not_found(cx, &reader, operation);
            None
        }
        Err(e) => {
            cx.error(operation.span, e);
            None
        }
    }
}

fn not_found(cx: &Ctxt, reader: &IndexReader, operation: &Spanned<String>) {
    let names = match reader.names() {
        Ok(names) => names,
        Err(e) => return cx.error(operation.span, e),
    };
    let names: Vec<Candidate> = names.iter().map(|n| Candidate::new(n)).collect();
    let hint = match suggest(&operation.value, None, &names) {
        s @ Suggestion::Name { .. } => s.to_string(),
        // The whole list of a large spec helps nobody.
        Suggestion::Accepted(_) => format!(
            "run `catalog check {}` to list its {} operations",
            reader.spec().stem,
            reader.len()
        ),
    };
    cx.error(
        operation.span,
        format!(
            "no operation `{}` in `{}`; {hint}",
            operation.value,
            reader.spec().stem
        ),
    );
}

/// The type overrides of one `#[arg]` (a field's, or a tool-level `arg("address", ...)`'s):
/// `wire_type` (or `delimited` alone, which splits into text items: a wire type of `string`, at
/// `delimited`), and `values` or `pattern`.
fn overrides(
    sites: &mut Sites,
    attr: &FieldAttr,
) -> (Option<DeclaredWireType>, Option<DeclaredNarrowing>) {
    let named = attr.wire_type.as_ref().or(attr.delimited.as_ref());
    let wire_type = named.map(|w| DeclaredWireType {
        ty: attr
            .wire_type
            .as_ref()
            .map_or_else(|| "string".to_string(), |t| t.value.clone()),
        site: sites.site(w.span),
        read_at: attr.read_at.as_ref().map(|r| sites.reason(r)),
        reason: attr.reason.as_ref().map(|r| sites.reason(r)),
        delimiter: attr
            .delimited
            .as_ref()
            .map(|d| (d.value.clone(), sites.site(d.span))),
    });
    let narrowed = (attr.values.is_some() || attr.pattern.is_some()).then(|| DeclaredNarrowing {
        values: attr.values.as_ref().map(|v| {
            let each = v
                .value
                .iter()
                .map(|x| (x.value.clone(), sites.site(x.span)))
                .collect();
            (each, sites.site(v.span))
        }),
        pattern: attr
            .pattern
            .as_ref()
            .map(|p| (p.value.clone(), sites.site(p.span))),
        read_at: attr.read_at.as_ref().map(|r| sites.reason(r)),
        reason: attr.reason.as_ref().map(|r| sites.reason(r)),
    });
    (wire_type, narrowed)
}

/// What the tool declares, as `reconcile` reads it.
fn declared(sites: &mut Sites, tool: &Tool) -> Declared {
    let operation_span = tool
        .attr
        .operation
        .as_ref()
        .map_or_else(Span::call_site, |o| o.span);
    let attr = &tool.attr;
    let mut d = Declared {
        operation: attr
            .operation
            .as_ref()
            .map(|o| o.value.clone())
            .unwrap_or_default(),
        operation_site: sites.site(operation_span),
        tool: tool.item.ident.to_string(),
        semantics: attr
            .semantics
            .as_ref()
            .map(|s| (s.value.clone(), sites.site(s.span))),
        effects: attr.effects.as_ref().map(|e| DeclaredEffects {
            hints: e
                .hints
                .iter()
                .map(|(hint, value, span)| (*hint, *value, sites.site(*span)))
                .collect(),
            reason: e.reason.as_ref().map(|r| sites.reason(r)),
            site: sites.site(e.span),
        }),
        security: attr.security.as_ref().map(|s| DeclaredSecurity {
            scheme: s.scheme.as_ref().map(|s| s.value.clone()),
            reason: s.reason.as_ref().map(|r| sites.reason(r)),
            site: sites.site(s.range),
        }),
        variant: attr.variant.as_ref().map(|v| DeclaredVariant {
            variant: v.variant.clone(),
            reason: v.reason.as_ref().map(|r| sites.reason(r)),
            site: sites.site(v.range),
        }),
        aliases: attr
            .aliases
            .iter()
            .map(|(former, current)| DeclaredAlias {
                former: former.value.clone(),
                current: current.value.clone(),
                site: sites.site(former.span),
            })
            .collect(),
        null_forms: tool
            .fields
            .iter()
            .filter_map(|f| Some((f.ident.to_string(), f.attr.null.as_ref()?.value.clone())))
            .collect(),
        doc: crate::attr::doc(&tool.item.attrs).is_some(),
        accepted: attr
            .accepted
            .iter()
            .map(|a| DeclaredAccept {
                pointer: a.pointer.value.clone(),
                site: sites.site(a.pointer.span),
                reason: sites.reason(&a.reason),
            })
            .collect(),
        failure: attr.failure.as_ref().map(|f| DeclaredFailure {
            field: f.field.value.clone(),
            field_site: sites.site(f.field.span),
            equals: f.equals.clone(),
            equals_site: sites.site(f.equals_range),
            reason: sites.reason(&f.reason),
        }),
        ..Default::default()
    };
    for f in &tool.fields {
        let undocumented = match (&f.attr.undocumented, &f.attr.read_at, &f.attr.reason) {
            (Some(_), Some(read_at), Some(r)) => Some((sites.reason(read_at), sites.reason(r))),
            _ => None,
        };
        let (wire_type, narrowed) = overrides(sites, &f.attr);
        let family = f.attr.family.as_ref().map(|w| DeclaredFamily {
            pattern: w.value.clone(),
            site: sites.site(w.span),
            read_at: f.attr.read_at.as_ref().map(|r| sites.reason(r)),
            reason: f.attr.reason.as_ref().map(|r| sites.reason(r)),
        });
        d.fields.push(DeclaredField {
            ident: f.ident.to_string(),
            site: sites.site(f.ident.span()),
            ty_site: sites.site(Range::of(f.ty)),
            ty: f.shape.clone(),
            param: f
                .attr
                .param
                .as_ref()
                .map(|p| (p.value.clone(), sites.site(p.span))),
            rename: f.attr.rename.as_ref().map(|r| r.value.clone()),
            undocumented,
            wire_type,
            narrowed,
            family,
            doc: f.doc.clone(),
            absent: f
                .attr
                .absent
                .as_ref()
                .map(|a| (a.value.clone(), sites.site(a.span))),
            appends: f.attr.appends.map(|s| sites.site(s)),
            // A field whose attribute did not parse has its error already.
            keys: if f.attr.broken {
                ArgKeys::default()
            } else {
                ArgKeys {
                    undocumented: f.attr.undocumented.map(|s| sites.site(s)),
                    read_at: f.attr.read_at.as_ref().map(|r| sites.site(r.span)),
                    reason: f.attr.reason.as_ref().map(|r| sites.site(r.span)),
                }
            },
        });
    }
    for x in &tool.attr.fixed {
        d.fixed.push(DeclaredFixed {
            param: x.param.value.clone(),
            site: sites.site(x.param.span),
            value: x.value.clone(),
            value_site: sites.site(x.value_range),
            reason: sites.reason(&x.reason),
        });
    }
    for o in &tool.attr.omitted {
        d.omitted.push(DeclaredOmitted {
            pattern: o.pattern.value.clone(),
            site: sites.site(o.pattern.span),
            clears: o.clears.map(|c| sites.site(c)),
            keeps: o.keeps.map(|c| sites.site(c)),
            reason: sites.reason(&o.reason),
        });
    }
    for c in &tool.attr.credentials {
        let site = sites.site(c.param.span);
        d.credentials.push(DeclaredCredential {
            param: c.param.value.clone(),
            site,
            scheme: c
                .scheme
                .as_ref()
                .map(|s| s.value.clone())
                .unwrap_or_default(),
            scheme_site: c.scheme.as_ref().map_or(site, |s| sites.site(s.span)),
        });
    }
    for u in &tool.attr.undocumented {
        d.undocumented.push(DeclaredUndocumented {
            param: u.param.value.clone(),
            site: sites.site(u.param.span),
            value: u.value.clone(),
            wire_type: u
                .wire_type
                .as_ref()
                .map(|w| (w.value.clone(), sites.site(w.span))),
            read_at: sites.reason(&u.read_at),
            reason: sites.reason(&u.reason),
        });
    }
    for a in &tool.attr.args {
        let (wire_type, narrowed) = overrides(sites, &a.attr);
        d.args.push(DeclaredArg {
            address: a.address.value.clone(),
            site: sites.site(a.address.span),
            wire_type,
            narrowed,
        });
    }
    d
}
