//! The rules about what a tool declares that need no operation: checked by [`check_declaration`]
//! before the operation is read, so a tool that names none, or whose field keys do not go
//! together, is reported alone (one slip does not cascade into a page of unaccounted
//! parameters). [`check_tool`](super::tool::check_tool) then checks the declaration against
//! the operation.
//!
//! The line between these rules and the macro's: a rule about Rust syntax the spec never
//! enters (a generic struct, a tuple struct) is the macro's, as serde_derive's `check` module
//! keeps its own; a rule about what the declaration means (an operation is named, which keys
//! an undocumented field needs) is core's, whatever reads the declaration.

use super::declared::{ArgKeys, Declared, DeclaredField, Finding};

/// Every problem of `declared` that needs no operation, in the order found: no operation named,
/// then each field whose `undocumented`, `read_at` and `reason` do not go together. Empty when
/// the declaration may be checked against its operation.
pub fn check_declaration(declared: &Declared) -> Vec<Finding> {
    let mut findings = Vec::new();
    if declared.operation.is_empty() {
        findings.push(Finding::at(
            declared.operation_site,
            "#[tool] needs `operation = \"<operationId>\"` (or \"METHOD /path\")",
        ));
    }
    findings.extend(declared.fields.iter().filter_map(undocumented_keys));
    findings
}

/// `read_at` and `reason` on a field go with `undocumented` (or `wire_type`, `values`,
/// `pattern` or `family`, whose rules are [`super::wire_type`]'s, [`super::narrow`]'s and
/// [`super::family`]'s), and `undocumented` needs both.
fn undocumented_keys(field: &DeclaredField) -> Option<Finding> {
    if field.wire_type.is_some() || field.narrowed.is_some() || field.family.is_some() {
        return None;
    }
    let ArgKeys {
        undocumented,
        read_at,
        reason,
    } = field.keys;
    match (undocumented, read_at, reason) {
        (Some(_), Some(_), Some(_)) | (None, None, None) => None,
        (Some(site), _, _) => Some(Finding::at(
            site,
            "an undocumented argument needs `read_at = \"<where the server reads it>\"` and \
             `reason = \"...\"`",
        )),
        (None, Some(site), _) | (None, None, Some(site)) => Some(Finding::at(
            site,
            "`read_at` and `reason` on a field go with `undocumented`, `wire_type`, `values`, \
             `pattern` or `family`; a field that sets a documented parameter as the spec types \
             it needs neither",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::declared::DeclaredFamily;
    use crate::check::declared::{Reason, Site};
    use crate::check::narrow::DeclaredNarrowing;
    use crate::check::types::RustType;
    use crate::check::wire_type::DeclaredWireType;

    const NEEDS_OPERATION: &str =
        "#[tool] needs `operation = \"<operationId>\"` (or \"METHOD /path\")";
    const NEEDS_BOTH: &str = "an undocumented argument needs `read_at = \"<where the server \
                              reads it>\"` and `reason = \"...\"`";
    const GO_WITH: &str = "`read_at` and `reason` on a field go with `undocumented`, \
                           `wire_type`, `values`, `pattern` or `family`; a field that sets a \
                           documented parameter as the spec types it needs neither";

    fn field(keys: ArgKeys) -> DeclaredField {
        DeclaredField {
            absent: None,
            appends: None,
            ident: "since".into(),
            site: 1,
            ty_site: 2,
            ty: RustType::String,
            param: None,
            rename: None,
            undocumented: None,
            wire_type: None,
            narrowed: None,
            family: None,
            doc: None,
            keys,
        }
    }

    fn declared(operation: &str, fields: Vec<DeclaredField>) -> Declared {
        Declared {
            operation: operation.into(),
            operation_site: 0,
            tool: "ListTasks".into(),
            fields,
            ..Default::default()
        }
    }

    fn keys(undocumented: Option<Site>, read_at: Option<Site>, reason: Option<Site>) -> ArgKeys {
        ArgKeys {
            undocumented,
            read_at,
            reason,
        }
    }

    fn reason(site: Site) -> Reason {
        Reason {
            text: "the web client reads it".into(),
            site,
        }
    }

    #[test]
    fn a_tool_that_names_no_operation_is_told_to_name_one_at_the_operation_site() {
        assert_eq!(
            check_declaration(&declared("", vec![])),
            [Finding::at(0, NEEDS_OPERATION)]
        );
        assert_eq!(check_declaration(&declared("ListTasks", vec![])), []);
    }

    #[test]
    fn undocumented_needs_read_at_and_reason_and_they_need_it() {
        let cases = [
            (keys(Some(10), Some(11), Some(12)), vec![]),
            (keys(None, None, None), vec![]),
            (
                keys(Some(10), None, Some(12)),
                vec![Finding::at(10, NEEDS_BOTH)],
            ),
            (
                keys(Some(10), Some(11), None),
                vec![Finding::at(10, NEEDS_BOTH)],
            ),
            (
                keys(None, Some(11), Some(12)),
                vec![Finding::at(11, GO_WITH)],
            ),
            (keys(None, None, Some(12)), vec![Finding::at(12, GO_WITH)]),
        ];
        for (keys, expected) in cases {
            assert_eq!(
                check_declaration(&declared("ListTasks", vec![field(keys)])),
                expected,
                "{keys:?}"
            );
        }
    }

    #[test]
    fn a_field_that_overrides_its_parameter_leaves_read_at_and_reason_to_that_rule() {
        let stray = keys(None, Some(11), Some(12));
        let mut wire_type = field(stray);
        wire_type.wire_type = Some(DeclaredWireType {
            ty: "integer".into(),
            site: 3,
            read_at: Some(reason(11)),
            reason: Some(reason(12)),
            delimiter: None,
        });
        let mut narrowed = field(stray);
        narrowed.narrowed = Some(DeclaredNarrowing {
            values: None,
            pattern: Some(("^a$".into(), 3)),
            read_at: Some(reason(11)),
            reason: Some(reason(12)),
        });
        let mut family = field(stray);
        family.family = Some(DeclaredFamily {
            pattern: "query.cf_*".into(),
            site: 3,
            read_at: Some(reason(11)),
            reason: Some(reason(12)),
        });
        for f in [wire_type, narrowed, family] {
            assert_eq!(check_declaration(&declared("ListTasks", vec![f])), []);
        }
    }

    #[test]
    fn every_problem_is_reported_in_order() {
        let findings = check_declaration(&declared(
            "",
            vec![
                field(keys(None, Some(11), None)),
                field(keys(Some(20), None, None)),
            ],
        ));
        assert_eq!(
            findings,
            [
                Finding::at(0, NEEDS_OPERATION),
                Finding::at(11, GO_WITH),
                Finding::at(20, NEEDS_BOTH),
            ]
        );
    }
}
