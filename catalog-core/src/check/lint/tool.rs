//! The lint over one tool: every spec text its `tools/list` entry shows a model (its description
//! when the struct has no doc comment, each argument's description when its field has none, the
//! descriptions of nested properties at every depth, string enum values), each finding a
//! compile error at the tool (or the field), unless `accept_description(...)` accepts it.
//!
//! Pointers are plain JSON pointers (`/paths/~1x/get/description`, as `catalog check --lint`
//! gives them; an `accept_description` may write them `#/...` too) and follow the schema as the
//! tool writes it out: a nested property's pointer goes on
//! from its argument's schema through `/properties/<name>`, `/items`, `/additionalProperties`
//! and `/anyOf/<i>`, through a `$ref` as if it were written in place.

use super::{Class, Finding as Lint, escape_token, lint};
use crate::check::declared::{Declared, Finding, Site};
use crate::check::reasons::{MIN_REASON_LEN, check_reason};
use crate::model::{Accounted, Disposition, Location, Operation, Schema, Type};

/// A text a tool shows the model, at its pointer, with the site its finding is reported at
/// and whether a doc comment there overrides it.
struct Shown<'a> {
    text: &'a str,
    pointer: String,
    site: Site,
    overridable: Overridable,
}

/// What can replace a flagged text besides accepting it.
#[derive(Clone, Copy, PartialEq)]
enum Overridable {
    /// The struct's doc comment.
    ByToolDoc,
    /// The field's doc comment.
    ByFieldDoc,
    /// Nothing: a nested description or an enum value.
    No,
}

/// Every finding of the texts `op` shows as the tool `declared`, at its site, then each
/// `accept_description` that accepts nothing or has no reviewable reason.
pub fn lint_tool(op: &Operation, declared: &Declared) -> Vec<Finding> {
    let shown = shown_texts(op, declared);
    let lints: Vec<(&Shown, Lint)> = shown
        .iter()
        .flat_map(|s| lint(s.text, &s.pointer).into_iter().map(move |l| (s, l)))
        .collect();
    let mut findings: Vec<Finding> = lints
        .iter()
        .filter(|(_, l)| {
            !declared
                .accepted
                .iter()
                .any(|a| plain(&a.pointer) == l.pointer)
        })
        .map(|(s, l)| Finding::at(s.site, message(s, l)))
        .collect();
    findings.extend(unused_accepts(declared, &lints));
    findings
}

/// The texts the tool shows: its description, then each argument's.
fn shown_texts<'a>(op: &'a Operation, declared: &Declared) -> Vec<Shown<'a>> {
    let mut shown = Vec::new();
    if !declared.doc {
        let (text, key) = match (&op.summary, &op.description) {
            (Some(s), _) => (Some(s), "summary"),
            (None, d) => (d.as_ref(), "description"),
        };
        if let Some(text) = text {
            shown.push(Shown {
                text,
                pointer: format!("{}/{key}", plain(&op.pointer)),
                site: declared.operation_site,
                overridable: Overridable::ByToolDoc,
            });
        }
    }
    for row in &op.accounting {
        argument_texts(row, declared, &mut shown);
    }
    shown
}

/// An argument's description (unless its field's doc comment replaces it) and its schema's
/// texts at every depth.
fn argument_texts<'a>(row: &'a Accounted, declared: &Declared, shown: &mut Vec<Shown<'a>>) {
    let field = match &row.disposition {
        Disposition::Set { field, .. } => Some(field.as_str()),
        Disposition::Undocumented {
            argument: Some(_),
            field,
            ..
        } => field.as_deref(),
        _ => return,
    };
    let declared_field = field.and_then(|f| declared.fields.iter().find(|d| d.ident == f));
    let site = declared_field.map_or(declared.operation_site, |d| d.site);
    let documented = declared_field
        .and_then(|d| d.doc.as_deref())
        .is_some_and(|d| !d.trim().is_empty());
    let param = &row.param;
    if let (false, Some(text)) = (documented, &param.description) {
        shown.push(Shown {
            text,
            pointer: format!("{}/description", plain(&param.pointer)),
            site,
            overridable: Overridable::ByFieldDoc,
        });
    }
    let schema_at = match param.location {
        Location::Body => plain(&param.pointer).to_string(),
        _ => format!("{}/schema", plain(&param.pointer)),
    };
    schema_texts(&param.schema, &schema_at, site, false, shown);
}

/// The enum values of `schema` and the descriptions of what it nests (its own description
/// too when `described`: the argument's own is read by [`argument_texts`]).
fn schema_texts<'a>(
    schema: &'a Schema,
    at: &str,
    site: Site,
    described: bool,
    shown: &mut Vec<Shown<'a>>,
) {
    let mut push = |text: &'a str, pointer: String| {
        shown.push(Shown {
            text,
            pointer,
            site,
            overridable: Overridable::No,
        });
    };
    if let (true, Some(text)) = (described, &schema.description) {
        push(text, format!("{at}/description"));
    }
    match &schema.ty {
        Type::String {
            enumeration: Some(values),
            ..
        } => {
            for (i, v) in values.iter().enumerate() {
                push(v, format!("{at}/enum/{i}"));
            }
        }
        Type::Array { items, .. } => schema_texts(items, &format!("{at}/items"), site, true, shown),
        Type::Object { fields, values, .. } => {
            for f in fields {
                let inner = format!("{at}/properties/{}", escape_token(&f.name));
                schema_texts(&f.schema, &inner, site, true, shown);
            }
            if let Some(v) = values {
                schema_texts(v, &format!("{at}/additionalProperties"), site, true, shown);
            }
        }
        Type::AnyOf { arms } => {
            for (i, arm) in arms.iter().enumerate() {
                schema_texts(arm, &format!("{at}/anyOf/{i}"), site, true, shown);
            }
        }
        _ => {}
    }
}

/// A pointer without the `#` of its URI-fragment form (the index stores `#/paths/...`).
fn plain(pointer: &str) -> &str {
    pointer.strip_prefix('#').unwrap_or(pointer)
}

/// The message of one finding: the text, where, what it holds, and the fixes.
fn message(shown: &Shown, lint: &Lint) -> String {
    let what = match lint.class {
        Class::Length => "is too long for a model's context",
        _ => "reads as tool poisoning",
    };
    let override_fix = match shown.overridable {
        Overridable::ByToolDoc => {
            "write the tool's description as a doc comment on the struct (it replaces the \
             spec's), or "
        }
        Overridable::ByFieldDoc => {
            "write the argument's description as a doc comment on the field (it replaces the \
             spec's), or "
        }
        Overridable::No => "",
    };
    format!(
        "the spec's text at `{pointer}` reaches the model in tools/list and {what}: it holds \
         {class} ({name}): \"{excerpt}\"\n\
         fix: {override_fix}accept the text as it is, with why, in #[tool]: \
         `accept_description(\"{pointer}\", reason = \"...\")`",
        pointer = lint.pointer,
        class = lint.class.describe(),
        name = lint.class.as_str(),
        excerpt = lint.excerpt,
    )
}

/// Each `accept_description` whose pointer has no finding (a spec change fixed it, or a typo),
/// and each whose reason is not one a reviewer can read.
fn unused_accepts(declared: &Declared, lints: &[(&Shown, Lint)]) -> Vec<Finding> {
    declared
        .accepted
        .iter()
        .filter_map(|a| {
            if !lints.iter().any(|(_, l)| l.pointer == plain(&a.pointer)) {
                return Some(Finding::at(
                    a.site,
                    format!(
                        "`accept_description(\"{}\")` accepts nothing: no text this tool shows \
                         the model is flagged there; remove it",
                        a.pointer
                    ),
                ));
            }
            // The reason rules of every other declaration, with the question this one answers.
            check_reason(&a.reason, "accepting a description").map(|f| {
                Finding::at(
                    f.site,
                    format!(
                        "the reason for accepting the description at `{}` cannot be reviewed \
                         (\"{}\"): say why the text is safe to show a model, in at least \
                         {MIN_REASON_LEN} characters",
                        a.pointer,
                        a.reason.text.trim()
                    ),
                )
            })
        })
        .collect()
}
