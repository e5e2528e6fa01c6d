//! The narrowing override: where a server accepts fewer values than its spec says (NetBox's
//! `status` filters are plain strings in the spec; the server reads its own choices only, and
//! its `mac_address` filters read MAC addresses only), a field states the values the server
//! reads, where it reads them, and why:
//! `#[arg(values = ["active", "planned"], read_at = "...", reason = "...")]`, or
//! `#[arg(pattern = "^...$", read_at = "...", reason = "...")]`.
//!
//! The accounting row then carries the narrowed schema (the spec's, with the enum or the
//! pattern added): the input schema advertises it and the strict decoding refuses any other
//! value with the allowed ones named. Only narrowing is allowed: each value must be one the
//! spec itself allows (a value the spec refuses cannot be added), a list of every value the
//! spec allows narrows nothing, and a pattern goes only where the spec has neither a pattern
//! nor an enum of its own (one schema holds one pattern, and an enum is narrowed by `values`).
//! The parameter's type and wire form stay the spec's; a string parameter (or an array of
//! strings, whose items are narrowed) is the only kind narrowed.

use super::finding::{Finding, Reason, Site};
use super::values::check_value;
use super::wire_type::read_at_and_reason;
use crate::check::arguments::pattern;
use crate::model::{Overridden, Param, Schema, Type};
use serde_json::Value;

/// `#[arg(values = [...])]` or `#[arg(pattern = "...")]` on a field, with its `read_at` and
/// `reason`.
#[derive(Clone, Debug)]
pub struct DeclaredNarrowing {
    /// `values = ["a", "b"]`: each value with where it is, and where the key is.
    pub values: Option<(Vec<(String, Site)>, Site)>,
    /// `pattern = "^...$"`, with where.
    pub pattern: Option<(String, Site)>,
    /// Where the server reads the parameter, when given.
    pub read_at: Option<Reason>,
    /// Why the server accepts fewer values than the spec, when given.
    pub reason: Option<Reason>,
}

impl DeclaredNarrowing {
    /// Where the narrowing is: its `values` key, else its `pattern`.
    pub fn site(&self) -> Site {
        match (&self.values, &self.pattern) {
            (Some((_, site)), _) | (None, Some((_, site))) => *site,
            (None, None) => 0,
        }
    }
}

/// The parameter as the server reads it, narrowed, and the record of the narrowing, or every
/// finding.
pub fn narrow(
    param: &Param,
    field: &str,
    n: &DeclaredNarrowing,
) -> Result<(Param, Overridden), Vec<Finding>> {
    let address = param.address();
    let site = n.site();
    let mut findings = Vec::new();
    read_at_and_reason(
        &mut findings,
        &format!("narrowing `{address}`"),
        &address,
        site,
        &n.read_at,
        &n.reason,
        "say which values the spec allows that the server refuses, and how the server reads it",
    );
    if let (Some(_), Some((_, pattern_site))) = (&n.values, &n.pattern) {
        findings.push(Finding::at(
            *pattern_site,
            format!(
                "field `{field}` has both `values` and `pattern`: the values already say all the \
                 server reads; remove `pattern`"
            ),
        ));
    }
    let spec_type = param.schema.ty.describe();
    let element = match &param.schema.ty {
        Type::Array { items, .. } => items.as_ref(),
        _ => &param.schema,
    };
    let Type::String {
        enumeration,
        pattern: spec_pattern,
        ..
    } = &element.ty
    else {
        findings.push(Finding::at(
            site,
            format!(
                "`{address}` is {spec_type} in the spec: `values` and `pattern` narrow a string \
                 parameter or an array's string items only"
            ),
        ));
        return Err(findings);
    };
    let mut narrowed = element.clone();
    if let Some((values, values_site)) = &n.values {
        findings.extend(values_findings(
            &address,
            element,
            values,
            *values_site,
            enumeration.as_deref(),
        ));
        if let Type::String { enumeration, .. } = &mut narrowed.ty {
            *enumeration = Some(values.iter().map(|(v, _)| v.clone()).collect());
        }
    } else if let Some((p, pattern_site)) = &n.pattern {
        findings.extend(pattern_finding(
            &address,
            p,
            *pattern_site,
            enumeration.is_some(),
            spec_pattern.as_deref(),
        ));
        if let Type::String { pattern, .. } = &mut narrowed.ty {
            *pattern = Some(p.clone());
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    // A default the narrowed schema refuses is not the server's: the input schema drops it.
    if let Some(d) = &narrowed.default
        && check_value(&narrowed, d).is_some()
    {
        narrowed.default = None;
    }
    let mut real = param.clone();
    real.schema = match &param.schema.ty {
        Type::Array {
            min_items,
            max_items,
            ..
        } => Schema {
            ty: Type::Array {
                items: Box::new(narrowed),
                min_items: *min_items,
                max_items: *max_items,
            },
            ..param.schema.clone()
        },
        _ => narrowed,
    };
    let text = |r: &Option<Reason>| r.as_ref().map(|r| r.text.clone()).unwrap_or_default();
    Ok((
        real,
        Overridden {
            spec_type,
            read_at: text(&n.read_at),
            reason: text(&n.reason),
            narrowed: true,
        },
    ))
}

/// What is wrong with `values = [...]` against the spec's `element`.
fn values_findings(
    address: &str,
    element: &Schema,
    values: &[(String, Site)],
    values_site: Site,
    spec_enum: Option<&[String]>,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    if values.is_empty() {
        findings.push(Finding::at(
            values_site,
            format!(
                "`values = []` lets no value through: list the values the server reads for \
                 `{address}`"
            ),
        ));
    }
    for (i, (v, site)) in values.iter().enumerate() {
        if values[..i].iter().any(|(w, _)| w == v) {
            findings.push(Finding::at(
                *site,
                format!("`{v}` is listed twice in `values`; keep one"),
            ));
        } else if let Some(problem) = check_value(element, &Value::String(v.clone())) {
            findings.push(Finding::at(
                *site,
                format!(
                    "`{v}` is not a value the spec allows for `{address}` ({problem}): `values` \
                     only narrows what the spec allows; remove `{v}`"
                ),
            ));
        }
    }
    if let Some(all) = spec_enum
        && !values.is_empty()
        && all.iter().all(|a| values.iter().any(|(v, _)| v == a))
    {
        findings.push(Finding::at(
            values_site,
            format!(
                "`values` lists every value the spec allows for `{address}`, narrowing nothing; \
                 remove `values` (and its `read_at` and `reason`)"
            ),
        ));
    }
    findings
}

/// What is wrong with `pattern = "..."` against the spec's string.
fn pattern_finding(
    address: &str,
    p: &str,
    site: Site,
    spec_enum: bool,
    spec_pattern: Option<&str>,
) -> Option<Finding> {
    let message = if spec_enum {
        format!(
            "`{address}` is an enum in the spec: narrow it with `values = [...]` (the values the \
             server reads), not a pattern"
        )
    } else if let Some(theirs) = spec_pattern {
        format!(
            "`{address}` already has the pattern `{theirs}` in the spec, and a schema holds one \
             pattern: narrow it with `values = [...]`, or leave the spec's pattern"
        )
    } else if pattern::compile(p).is_none() {
        format!(
            "`{p}` is not a regular expression (ECMA-262, as JSON Schema's `pattern` is); fix \
             the pattern"
        )
    } else {
        return None;
    };
    Some(Finding::at(site, message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::declared::{Declared, DeclaredField, DeclaredWireType};
    use crate::check::reconcile::reconcile;
    use crate::check::types::RustType;
    use crate::model::testing::{array_of, op, query};
    use crate::model::{Disposition, Operation};

    const READ_AT: &str = "netbox/dcim/choices.py: DeviceStatusChoices";
    const REASON: &str =
        "the spec gives the status filter no enum; the server reads its own choices only";

    fn string(enumeration: Option<&[&str]>, pattern: Option<&str>) -> Schema {
        Schema::new(Type::String {
            format: None,
            enumeration: enumeration.map(|e| e.iter().map(|s| s.to_string()).collect()),
            pattern: pattern.map(str::to_string),
            min_length: Some(1),
            max_length: None,
        })
    }

    /// `GET /` with `status`, an optional array of `items`.
    fn list(items: Schema) -> Operation {
        let mut status = query("status");
        status.schema = array_of(items);
        op("GET", "/").id("List").params(vec![status]).build()
    }

    fn reason(text: &str, site: Site) -> Option<Reason> {
        Some(Reason {
            text: text.into(),
            site,
        })
    }

    fn declared(n: DeclaredNarrowing) -> Declared {
        Declared {
            fields: vec![DeclaredField {
                absent: None,
                appends: None,
                ident: "status".into(),
                site: 1,
                ty_site: 2,
                ty: RustType::Option(Box::new(RustType::Vec(Box::new(RustType::String)))),
                param: None,
                rename: None,
                undocumented: None,
                wire_type: None,
                narrowed: Some(n),
                family: None,
                doc: None,
                keys: Default::default(),
            }],
            tool: "List".into(),
            ..Default::default()
        }
    }

    /// `values = [...]`, each value at site 10, 11, ...; the key at site 3.
    fn values(vs: &[&str]) -> DeclaredNarrowing {
        DeclaredNarrowing {
            values: Some((
                vs.iter()
                    .enumerate()
                    .map(|(i, v)| (v.to_string(), 10 + i))
                    .collect(),
                3,
            )),
            pattern: None,
            read_at: reason(READ_AT, 4),
            reason: reason(REASON, 5),
        }
    }

    fn pattern(p: &str) -> DeclaredNarrowing {
        DeclaredNarrowing {
            values: None,
            pattern: Some((p.into(), 6)),
            read_at: reason(READ_AT, 4),
            reason: reason(REASON, 5),
        }
    }

    fn items_of(row: &crate::model::Accounted) -> &Schema {
        match &row.param.schema.ty {
            Type::Array { items, .. } => items,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn values_narrow_the_items_and_keep_the_rest_of_the_schema() {
        let r = reconcile(
            &list(string(None, None)),
            &declared(values(&["active", "planned"])),
        );
        assert_eq!(r.findings, []);
        let row = &r.accounting[0];
        assert_eq!(
            items_of(row),
            &string(Some(&["active", "planned"]), None),
            "the spec's minLength stays, the enum is added"
        );
        assert_eq!(
            row.overridden,
            Some(Overridden {
                spec_type: "array of string".into(),
                read_at: READ_AT.into(),
                reason: REASON.into(),
                narrowed: true,
            })
        );
        assert_eq!(row.param.style, list(string(None, None)).params[0].style);
        assert!(matches!(row.disposition, Disposition::Set { .. }));
    }

    #[test]
    fn a_pattern_narrows_a_string_without_one() {
        let r = reconcile(
            &list(string(None, None)),
            &declared(pattern("^[0-9a-f]{12}$")),
        );
        assert_eq!(r.findings, []);
        assert_eq!(
            items_of(&r.accounting[0]),
            &string(None, Some("^[0-9a-f]{12}$"))
        );
    }

    #[test]
    fn a_value_the_spec_refuses_cannot_be_added() {
        let spec = string(Some(&["active", "planned", "retired"]), None);
        let r = reconcile(&list(spec), &declared(values(&["active", "paused", ""])));
        assert_eq!(
            r.findings,
            [
                Finding::at(
                    11,
                    "`paused` is not a value the spec allows for `query.status` (expected one of \
                     \"active\", \"planned\", \"retired\", got string \"paused\"): `values` only \
                     narrows what the spec allows; remove `paused`"
                ),
                Finding::at(
                    12,
                    "`` is not a value the spec allows for `query.status` (expected one of \
                     \"active\", \"planned\", \"retired\", got string \"\"; must be at least 1 \
                     character long, got 0): `values` only narrows what the spec allows; remove ``"
                ),
            ]
        );
    }

    #[test]
    fn every_value_of_the_specs_enum_narrows_nothing() {
        let spec = string(Some(&["active", "planned"]), None);
        let r = reconcile(&list(spec), &declared(values(&["planned", "active"])));
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "`values` lists every value the spec allows for `query.status`, narrowing \
                 nothing; remove `values` (and its `read_at` and `reason`)"
            )]
        );
    }

    #[test]
    fn empty_and_repeated_values_are_refused() {
        let r = reconcile(&list(string(None, None)), &declared(values(&[])));
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "`values = []` lets no value through: list the values the server reads for \
                 `query.status`"
            )]
        );
        let r = reconcile(
            &list(string(None, None)),
            &declared(values(&["active", "active"])),
        );
        assert_eq!(
            r.findings,
            [Finding::at(
                11,
                "`active` is listed twice in `values`; keep one"
            )]
        );
    }

    #[test]
    fn a_narrowing_without_read_at_or_reason_says_what_to_add() {
        let mut n = values(&["active"]);
        n.read_at = None;
        n.reason = None;
        let r = reconcile(&list(string(None, None)), &declared(n));
        assert_eq!(
            r.findings,
            [
                Finding::at(
                    3,
                    "narrowing `query.status` needs `read_at = \"<where the server reads it>\"` \
                     (file and function): the reviewer checks the override there"
                ),
                Finding::at(
                    3,
                    "narrowing `query.status` needs `reason = \"...\"`: say which values the spec \
                     allows that the server refuses, and how the server reads it"
                ),
            ]
        );
        let mut n = pattern("^a$");
        n.read_at = reason(" ", 4);
        n.reason = reason("wrong", 5);
        let r = reconcile(&list(string(None, None)), &declared(n));
        assert_eq!(
            r.findings,
            [
                Finding::at(
                    4,
                    "say where the server reads `query.status`: `read_at = \"<file and function>\"`"
                ),
                Finding::at(
                    5,
                    "the reason for narrowing `query.status` is too vague to review (\"wrong\"): \
                     say what a user loses, and why that is right, in at least 20 characters"
                ),
            ]
        );
    }

    #[test]
    fn a_pattern_goes_only_where_the_spec_has_no_pattern_or_enum_and_must_compile() {
        let cases = [
            (
                string(Some(&["a", "b"]), None),
                "^a$",
                "`query.status` is an enum in the spec: narrow it with `values = [...]` (the \
                 values the server reads), not a pattern",
            ),
            (
                string(None, Some("^[a-z]+$")),
                "^a$",
                "`query.status` already has the pattern `^[a-z]+$` in the spec, and a schema \
                 holds one pattern: narrow it with `values = [...]`, or leave the spec's pattern",
            ),
            (
                string(None, None),
                "^(a$",
                "`^(a$` is not a regular expression (ECMA-262, as JSON Schema's `pattern` is); \
                 fix the pattern",
            ),
        ];
        for (spec, p, message) in cases {
            let r = reconcile(&list(spec), &declared(pattern(p)));
            assert_eq!(r.findings, [Finding::at(6, message)]);
        }
    }

    #[test]
    fn values_and_pattern_together_keep_the_values() {
        let mut n = values(&["active"]);
        n.pattern = Some(("^a".into(), 6));
        let r = reconcile(&list(string(None, None)), &declared(n));
        assert_eq!(
            r.findings,
            [Finding::at(
                6,
                "field `status` has both `values` and `pattern`: the values already say all the \
                 server reads; remove `pattern`"
            )]
        );
    }

    #[test]
    fn only_strings_are_narrowed() {
        let mut count = query("status");
        count.schema = Schema::new(Type::Integer {
            format: None,
            minimum: None,
            maximum: None,
            enumeration: None,
        });
        let o = op("GET", "/").id("List").params(vec![count]).build();
        let r = reconcile(&o, &declared(values(&["1"])));
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "`query.status` is integer in the spec: `values` and `pattern` narrow a string \
                 parameter or an array's string items only"
            )]
        );
    }

    #[test]
    fn a_default_the_narrowing_refuses_is_dropped() {
        let mut spec = string(None, None);
        spec.default = Some(Value::String("retired".into()));
        let r = reconcile(&list(spec.clone()), &declared(values(&["active"])));
        assert_eq!(items_of(&r.accounting[0]).default, None);
        spec.default = Some(Value::String("active".into()));
        let r = reconcile(&list(spec), &declared(values(&["active", "planned"])));
        assert_eq!(
            items_of(&r.accounting[0]).default,
            Some(Value::String("active".into()))
        );
    }

    #[test]
    fn wire_type_and_a_narrowing_together_are_refused() {
        let mut d = declared(values(&["active"]));
        d.fields[0].wire_type = Some(DeclaredWireType {
            ty: "integer".into(),
            site: 7,
            read_at: reason(READ_AT, 4),
            reason: reason(REASON, 5),
            delimiter: None,
        });
        let r = reconcile(&list(string(None, None)), &d);
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "field `status` has both `wire_type` and a narrowing (`values` or `pattern`): a \
                 narrowing keeps the spec's type; keep one"
            )]
        );
    }

    #[test]
    fn an_undocumented_field_has_no_spec_type_to_narrow() {
        let mut d = declared(values(&["active"]));
        d.fields[0].param = Some(("query.cf_state".into(), 8));
        d.fields[0].undocumented = Some((
            Reason {
                text: READ_AT.into(),
                site: 4,
            },
            Reason {
                text: REASON.into(),
                site: 5,
            },
        ));
        let r = reconcile(&list(string(None, None)), &d);
        assert_eq!(
            r.findings[0],
            Finding::at(
                3,
                "undocumented field `status` has no spec type to narrow: its type is the field's \
                 own (a Rust enum of the values, say); remove `values` or `pattern`"
            )
        );
    }
}
