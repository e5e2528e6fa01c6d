//! The pattern family: parameters an instance defines (NetBox's custom-field filters,
//! `cf_<name>`), which no spec can name one by one, taken from one map-typed field:
//! `#[arg(family = "query.cf_*", read_at = "...", reason = "...")] custom_fields:
//! BTreeMap<String, Vec<String>>`.
//!
//! Each key of the map is a parameter name that must match the pattern (checked when the
//! agent's arguments are decoded); each value is sent as that parameter in the query's form
//! style (`cf_env=prod&cf_env=dev`). The row is Undocumented, its name the pattern
//! ([`Accounted::family`]). The pattern must match no parameter the spec declares: a family
//! would otherwise let an agent send a documented parameter (or one the tool omits or fixes)
//! past its own accounting.

use super::address::{glob_matches, parse_address};
use super::declared::{DeclaredFamily, DeclaredField};
use super::finding::{Finding, Reason};
use super::types::{RustType, schema_of_rust};
use crate::model::{Accounted, Disposition, Location, Operation, Param, Style};

/// The family's accounting row, or every finding. `others` are the addresses of the tool's
/// other Undocumented parameters, which the family must not cover either.
pub fn family_row(
    op: &Operation,
    f: &DeclaredField,
    family: &DeclaredFamily,
    others: &[String],
) -> Result<Accounted, Vec<Finding>> {
    let address = &family.pattern;
    let what = format!("relying on the undocumented family `{address}`");
    let mut findings = Vec::new();
    let name = match parse_address(address) {
        Some((Location::Query, name)) if name.contains('*') && name.chars().any(|c| c != '*') => {
            Some(name)
        }
        Some((Location::Query, name)) if name.contains('*') => {
            findings.push(Finding::at(
                family.site,
                format!(
                    "`{address}` would take any query parameter: a family's pattern needs the \
                     text its names share (`query.cf_*`)"
                ),
            ));
            None
        }
        Some((Location::Query, _)) => {
            findings.push(Finding::at(
                family.site,
                format!(
                    "`{address}` has no `*`: a family is a pattern of parameter names \
                     (`query.cf_*`); for one parameter use `#[arg(param = \"{address}\", \
                     undocumented, read_at = \"...\", reason = \"...\")]`"
                ),
            ));
            None
        }
        _ => {
            findings.push(Finding::at(
                family.site,
                format!(
                    "`{address}` is not a query pattern: a family takes query parameters by name \
                     (`query.cf_*`)"
                ),
            ));
            None
        }
    };
    super::wire_type::read_at_and_reason_of(
        &mut findings,
        ("them", "family"),
        &what,
        address,
        family.site,
        &family.read_at,
        &family.reason,
        "say what the parameters are and why the spec cannot name them",
    );
    if let Some(name) = name {
        let mut covered: Vec<String> = op
            .params
            .iter()
            .filter(|p| p.location == Location::Query && glob_matches(name, &p.name))
            .map(|p| format!("`{}`", p.address()))
            .collect();
        if !covered.is_empty() {
            covered.truncate(5);
            findings.push(Finding::at(
                family.site,
                format!(
                    "the family `{address}` matches {} the spec declares for `{}`: an agent could \
                     send it through the family, past its own accounting; narrow the pattern",
                    covered.join(", "),
                    op.display_name()
                ),
            ));
        }
        for other in others.iter().filter(|o| glob_matches(address, o)) {
            findings.push(Finding::at(
                family.site,
                format!(
                    "the family `{address}` also matches the undocumented `{other}` this tool \
                     declares; narrow the pattern or drop the single declaration"
                ),
            ));
        }
    }
    let value = match f.ty.options().1 {
        RustType::Map(value) if sendable(value) => Some(value),
        _ => {
            findings.push(Finding::at(
                f.ty_site,
                format!(
                    "family field `{}` must be a map from parameter name to value: \
                     `BTreeMap<String, String>` (one value each) or `BTreeMap<String, \
                     Vec<String>>` (repeated), with any scalar type for `String` as value, \
                     not `{}`",
                    f.ident,
                    f.ty.render()
                ),
            ));
            None
        }
    };
    let (Some(name), Some(value), true) = (name, value, findings.is_empty()) else {
        return Err(findings);
    };
    let text = |r: &Option<Reason>| r.as_ref().map(|r| r.text.clone()).unwrap_or_default();
    Ok(Accounted {
        param: Param {
            location: Location::Query,
            name: name.to_string(),
            required: false,
            deprecated: false,
            description: f.doc.clone(),
            schema: schema_of_rust(value),
            style: Style::Form,
            explode: true,
            pointer: String::new(),
        },
        disposition: Disposition::Undocumented {
            argument: Some(f.rename.clone().unwrap_or_else(|| f.ident.clone())),
            field: Some(f.ident.clone()),
            value: None,
            read_at: text(&family.read_at),
            reason: text(&family.reason),
        },
        null: None,
        overridden: None,
        absent: None,
        appends: false,
        below: Vec::new(),
    })
}

/// Whether a map's value type is one a query parameter carries: a scalar, or a list of them
/// (sent as the parameter repeated).
fn sendable(t: &RustType) -> bool {
    let scalar = |t: &RustType| {
        matches!(
            t,
            RustType::String
                | RustType::Bool
                | RustType::Int { .. }
                | RustType::F32
                | RustType::F64
        )
    };
    match t {
        RustType::Vec(item) => scalar(item),
        t => scalar(t),
    }
}

/// The ECMA-262 regular expression of a family's name pattern, for JSON Schema's
/// `propertyNames`: `cf_*` is `^cf_.*$`.
pub fn pattern_regex(pattern: &str) -> String {
    let mut out = String::from("^");
    for (i, part) in pattern.split('*').enumerate() {
        if i > 0 {
            out.push_str(".*");
        }
        for c in part.chars() {
            if "\\^$.|?*+()[]{}/".contains(c) {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('$');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::declared::Declared;
    use crate::check::finding::Site;
    use crate::check::reconcile::reconcile;
    use crate::model::testing::{op, query};

    const READ_AT: &str = "netbox/netbox/filtersets.py: NetBoxModelFilterSet (custom fields)";
    const REASON: &str = "custom fields are defined per instance; the spec cannot name them";

    fn list() -> Operation {
        op("GET", "/")
            .id("List")
            .params(vec![query("cf"), query("q")])
            .build()
    }

    fn reason(text: &str, site: Site) -> Option<Reason> {
        Some(Reason {
            text: text.into(),
            site,
        })
    }

    fn strings() -> RustType {
        RustType::Map(Box::new(RustType::Vec(Box::new(RustType::String))))
    }

    fn declared(ty: RustType, pattern: &str) -> Declared {
        Declared {
            fields: vec![DeclaredField {
                absent: None,
                appends: None,
                ident: "custom_fields".into(),
                site: 1,
                ty_site: 2,
                ty,
                param: None,
                rename: None,
                undocumented: None,
                wire_type: None,
                narrowed: None,
                family: Some(DeclaredFamily {
                    pattern: pattern.into(),
                    site: 3,
                    read_at: reason(READ_AT, 4),
                    reason: reason(REASON, 5),
                }),
                doc: None,
                keys: Default::default(),
            }],
            omitted: vec![],
            tool: "List".into(),
            ..Default::default()
        }
    }

    fn with_q_omitted(mut d: Declared) -> Declared {
        d.omitted.push(crate::check::declared::DeclaredOmitted {
            keeps: None,
            pattern: "query.q".into(),
            site: 6,
            clears: None,
            reason: Reason {
                text: "the agent filters by fields; free text search is too broad".into(),
                site: 7,
            },
        });
        d.omitted.push(crate::check::declared::DeclaredOmitted {
            keeps: None,
            pattern: "query.cf".into(),
            site: 8,
            clears: None,
            reason: Reason {
                text: "the agent filters by fields; free text search is too broad".into(),
                site: 9,
            },
        });
        d
    }

    #[test]
    fn a_family_is_an_undocumented_row_named_by_its_pattern() {
        let r = reconcile(&list(), &with_q_omitted(declared(strings(), "query.cf_*")));
        assert_eq!(r.findings, []);
        let row = r.accounting.last().unwrap();
        assert_eq!(row.family(), Some("cf_*"));
        assert_eq!(row.param.address(), "query.cf_*");
        assert_eq!(row.param.schema.ty.describe(), "array of string");
        assert!(!row.param.required);
        assert_eq!((row.param.style, row.param.explode), (Style::Form, true));
        assert_eq!(
            row.disposition,
            Disposition::Undocumented {
                argument: Some("custom_fields".into()),
                field: Some("custom_fields".into()),
                value: None,
                read_at: READ_AT.into(),
                reason: REASON.into(),
            }
        );
    }

    #[test]
    fn a_family_without_read_at_or_reason_says_what_to_add() {
        let mut d = with_q_omitted(declared(strings(), "query.cf_*"));
        if let Some(f) = d.fields[0].family.as_mut() {
            f.read_at = None;
            f.reason = None;
        }
        let r = reconcile(&list(), &d);
        assert_eq!(
            r.findings,
            [
                Finding::at(
                    3,
                    "relying on the undocumented family `query.cf_*` needs `read_at = \"<where \
                     the server reads them>\"` (file and function): the reviewer checks the \
                     family there"
                ),
                Finding::at(
                    3,
                    "relying on the undocumented family `query.cf_*` needs `reason = \"...\"`: \
                     say what the parameters are and why the spec cannot name them"
                ),
            ]
        );
    }

    #[test]
    fn a_family_matching_a_spec_parameter_names_it() {
        let r = reconcile(&list(), &with_q_omitted(declared(strings(), "query.c*")));
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "the family `query.c*` matches `query.cf` the spec declares for `List`: an agent \
                 could send it through the family, past its own accounting; narrow the pattern"
            )]
        );
    }

    #[test]
    fn a_family_needs_a_pattern_with_text_in_the_query() {
        let finding = |pattern: &str| {
            reconcile(&list(), &with_q_omitted(declared(strings(), pattern))).findings
        };
        assert_eq!(
            finding("query.*"),
            [Finding::at(
                3,
                "`query.*` would take any query parameter: a family's pattern needs the text its \
                 names share (`query.cf_*`)"
            )]
        );
        assert_eq!(
            finding("query.cf_env"),
            [Finding::at(
                3,
                "`query.cf_env` has no `*`: a family is a pattern of parameter names \
                 (`query.cf_*`); for one parameter use `#[arg(param = \"query.cf_env\", \
                 undocumented, read_at = \"...\", reason = \"...\")]`"
            )]
        );
        assert_eq!(
            finding("header.X-*"),
            [Finding::at(
                3,
                "`header.X-*` is not a query pattern: a family takes query parameters by name \
                 (`query.cf_*`)"
            )]
        );
    }

    #[test]
    fn a_family_field_must_be_a_map_of_scalars() {
        let r = reconcile(
            &list(),
            &with_q_omitted(declared(
                RustType::Vec(Box::new(RustType::String)),
                "query.cf_*",
            )),
        );
        assert_eq!(
            r.findings,
            [Finding::at(
                2,
                "family field `custom_fields` must be a map from parameter name to value: \
                 `BTreeMap<String, String>` (one value each) or `BTreeMap<String, Vec<String>>` \
                 (repeated), with any scalar type for `String` as value, not `Vec<String>`"
            )]
        );
    }

    #[test]
    fn a_family_maps_names_to_scalars_or_lists_of_them_and_nothing_deeper() {
        let findings = |value: RustType| {
            let map = RustType::Map(Box::new(value));
            reconcile(&list(), &with_q_omitted(declared(map, "query.cf_*"))).findings
        };
        let int = || RustType::Int {
            signed: true,
            bits: 64,
        };
        for value in [
            RustType::String,
            RustType::Bool,
            int(),
            RustType::F32,
            RustType::F64,
            RustType::Vec(Box::new(int())),
        ] {
            assert_eq!(findings(value.clone()), [], "{}", value.render());
        }
        let refused = |shown: &str| {
            [Finding::at(
                2,
                format!(
                    "family field `custom_fields` must be a map from parameter name to value: \
                     `BTreeMap<String, String>` (one value each) or `BTreeMap<String, \
                     Vec<String>>` (repeated), with any scalar type for `String` as value, not \
                     `{shown}`"
                ),
            )]
        };
        let strings = || RustType::Vec(Box::new(RustType::String));
        assert_eq!(
            findings(RustType::Vec(Box::new(strings()))),
            refused("BTreeMap<String, Vec<Vec<String>>>")
        );
        assert_eq!(
            findings(RustType::Map(Box::new(RustType::String))),
            refused("BTreeMap<String, BTreeMap<String, String>>")
        );
    }

    #[test]
    fn the_pattern_becomes_an_anchored_regex() {
        assert_eq!(pattern_regex("cf_*"), "^cf_.*$");
        assert_eq!(pattern_regex("x.*__n"), "^x\\..*__n$");
    }
}
