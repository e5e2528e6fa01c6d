//! Resolve the operation from the index and check the tool against it with
//! `catalog_core::check::accounting::reconcile`; findings become errors at their spans.

use crate::ast::Field;
use crate::attr::ToolAttr;
use crate::ctxt::Ctxt;
use catalog_core::check::accounting::{
    Declared, DeclaredField, DeclaredFixed, DeclaredOmitted, DeclaredUndocumented, Reason,
    reconcile,
};
use catalog_core::index::{self, IndexReader, Lookup};
use catalog_core::model::{Disposition, Operation};
use catalog_core::present::suggest::{Candidate, Suggestion, suggest};
use proc_macro2::Span;
use syn::spanned::Spanned;

/// The checked operation, with its spec identity and accounting filled in, and the index
/// directory file (for rebuild tracking). `None` when anything is wrong; the errors are in `cx`.
pub fn check(
    cx: &Ctxt,
    item: &syn::ItemStruct,
    attr: &ToolAttr,
    fields: &[Field],
) -> Option<(Operation, std::path::PathBuf)> {
    let Some(operation) = &attr.operation else {
        cx.error(
            Span::call_site(),
            "#[tool] needs `operation = \"<operationId>\"` (or \"METHOD /path\")",
        );
        return None;
    };
    let spec_name = attr.spec.as_ref().map(|s| s.value.as_str());
    let spec_span = attr.spec.as_ref().map_or(operation.span, |s| s.span);
    let dir_file = match index::locate(spec_name) {
        Ok(f) => f,
        Err(e) => {
            cx.error(spec_span, e);
            return None;
        }
    };
    let reader = match IndexReader::open(&dir_file) {
        Ok(r) => r,
        Err(e) => {
            cx.error(spec_span, e);
            return None;
        }
    };
    let mut op = match reader.find(&operation.value) {
        Ok(Lookup::Found(op)) => *op,
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
            return None;
        }
        Ok(Lookup::NotFound) => {
            let names = match reader.names() {
                Ok(names) => names,
                Err(e) => {
                    cx.error(operation.span, e);
                    return None;
                }
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
            return None;
        }
        Err(e) => {
            cx.error(operation.span, e);
            return None;
        }
    };

    let declared = declared(cx, item, attr, fields, operation.span);
    let result = reconcile(&op, &declared);
    for f in &result.findings {
        cx.error(cx.span_of(f.site), &f.message);
    }
    if cx.has_errors() {
        return None;
    }
    op.accounting = result.accounting;
    null_forms(&mut op, fields);
    Some((op, dir_file))
}

/// Each `#[arg(null = "...")]` onto the row its field sets.
fn null_forms(op: &mut Operation, fields: &[Field]) {
    for f in fields {
        let Some(null) = &f.attr.null else { continue };
        let ident = f.ident.to_string();
        for row in &mut op.accounting {
            let sets = match &row.disposition {
                Disposition::Set { field, .. } => *field == ident,
                Disposition::Undocumented { field, .. } => field.as_deref() == Some(&ident),
                _ => false,
            };
            if sets {
                row.null = Some(null.value.clone());
            }
        }
    }
}

fn reason(cx: &Ctxt, s: &crate::attr::Spanned<String>) -> Reason {
    Reason {
        text: s.value.clone(),
        site: cx.site(s.span),
    }
}

fn declared(
    cx: &Ctxt,
    item: &syn::ItemStruct,
    attr: &ToolAttr,
    fields: &[Field],
    operation_span: Span,
) -> Declared {
    let mut d = Declared {
        operation_site: cx.site(operation_span),
        tool: item.ident.to_string(),
        ..Default::default()
    };
    for f in fields {
        if f.attr.broken {
            continue;
        }
        let undocumented = match (&f.attr.undocumented, &f.attr.read_at, &f.attr.reason) {
            (Some(_), Some(read_at), Some(r)) => Some((reason(cx, read_at), reason(cx, r))),
            (Some(span), _, _) => {
                cx.error(
                    *span,
                    "an undocumented argument needs `read_at = \"<where the server reads it>\"` \
                     and `reason = \"...\"`",
                );
                continue;
            }
            (None, Some(x), _) | (None, None, Some(x)) => {
                cx.error(
                    x.span,
                    "`read_at` and `reason` on a field go with `undocumented`; a field that sets \
                     a documented parameter needs neither",
                );
                continue;
            }
            (None, None, None) => None,
        };
        d.fields.push(DeclaredField {
            ident: f.ident.to_string(),
            site: cx.site(f.ident.span()),
            ty_site: cx.site(f.ty.span()),
            ty: f.shape.clone(),
            param: f
                .attr
                .param
                .as_ref()
                .map(|p| (p.value.clone(), cx.site(p.span))),
            rename: f.attr.rename.as_ref().map(|r| r.value.clone()),
            undocumented,
            doc: f.doc.clone(),
        });
    }
    for x in &attr.fixed {
        d.fixed.push(DeclaredFixed {
            param: x.param.value.clone(),
            site: cx.site(x.param.span),
            value: x.value.value.clone(),
            value_site: cx.site(x.value.span),
            reason: reason(cx, &x.reason),
        });
    }
    for o in &attr.omitted {
        d.omitted.push(DeclaredOmitted {
            pattern: o.pattern.value.clone(),
            site: cx.site(o.pattern.span),
            reason: reason(cx, &o.reason),
        });
    }
    for u in &attr.undocumented {
        d.undocumented.push(DeclaredUndocumented {
            param: u.param.value.clone(),
            site: cx.site(u.param.span),
            value: u.value.clone(),
            read_at: reason(cx, &u.read_at),
            reason: reason(cx, &u.reason),
        });
    }
    d
}
