//! The type override: where a spec types a parameter wrongly (NetBox's `*_id` filters are
//! strings in the spec; the server reads integer ids), a field states the type the server
//! really reads, where it reads it, and why:
//! `#[arg(wire_type = "integer", read_at = "...", reason = "...")]`.
//!
//! The field's Rust type is then checked against the overridden type, and the accounting row
//! carries it: the input schema and the strict decoding follow it. The wire form stays the
//! parameter's (its location, style and explode are the spec's). Only a scalar's type (or an
//! array's items') is overridden, and only to another scalar type.

use super::finding::{Finding, Reason, Site};
use super::reasons::check_reason;
use crate::model::{Location, Overridden, Param, Schema, Style, Type};

/// `#[arg(wire_type = "...", read_at = "...", reason = "...")]` on a field.
#[derive(Clone, Debug)]
pub struct DeclaredWireType {
    /// The type named (`integer`).
    pub ty: String,
    /// Where it is.
    pub site: Site,
    /// Where the server reads the parameter, when given.
    pub read_at: Option<Reason>,
    /// Why the spec's type is wrong, when given.
    pub reason: Option<Reason>,
    /// `delimited = ","`: the text parameter is a list the server splits on this delimiter;
    /// the field is a `Vec` of the items (of `ty`), joined on the wire. With where it is.
    pub delimiter: Option<(String, Site)>,
}

/// The delimiters a `delimited` text parameter can be split on, with the style that joins
/// them: `,` (`form`, or `simple` in a path or header), ` ` (`spaceDelimited`) and `|`
/// (`pipeDelimited`).
pub const DELIMITERS: [&str; 3] = [",", " ", "|"];

/// The types a parameter's wire type can be overridden to: a scalar's, or `json` (a value sent
/// as its JSON text inside a text parameter).
pub const WIRE_TYPES: [&str; 5] = ["string", "integer", "number", "boolean", "json"];

/// The parameter as the server reads it, and the record of the override, or every finding.
pub fn override_type(
    param: &Param,
    field: &str,
    w: &DeclaredWireType,
) -> Result<(Param, Overridden), Vec<Finding>> {
    let address = param.address();
    let what = format!("overriding the wire type of `{address}`");
    let mut findings = Vec::new();
    if w.ty == "json" {
        read_at_and_reason(
            &mut findings,
            &what,
            &address,
            w.site,
            &w.read_at,
            &w.reason,
            "say where the server parses the text as JSON",
        );
        return match json_text(param, w) {
            Ok(real) if findings.is_empty() => {
                Ok((real, overridden(param.schema.ty.describe(), w)))
            }
            Ok(_) => Err(findings),
            Err(finding) => {
                findings.push(finding);
                Err(findings)
            }
        };
    }
    let Some(new) = scalar(&w.ty) else {
        return Err(vec![Finding::at(
            w.site,
            format!(
                "unknown wire_type `{}` for field `{field}`; expected one of: {}",
                w.ty,
                WIRE_TYPES.join(", ")
            ),
        )]);
    };
    read_at_and_reason(
        &mut findings,
        &what,
        &address,
        w.site,
        &w.read_at,
        &w.reason,
        "say what the spec gets wrong about it, and how the server reads it",
    );
    let spec_type = param.schema.ty.describe();
    if let Some((delimiter, site)) = &w.delimiter {
        return match delimited(param, new, delimiter, *site) {
            Ok(real) if findings.is_empty() => Ok((real, overridden(spec_type, w))),
            Ok(_) => Err(findings),
            Err(finding) => {
                findings.push(finding);
                Err(findings)
            }
        };
    }
    let target = match &param.schema.ty {
        Type::Array { items, .. } => scalar_kind(&items.ty),
        ty => scalar_kind(ty),
    };
    match target {
        None => findings.push(Finding::at(
            w.site,
            format!(
                "`{address}` is {spec_type} in the spec: `wire_type` overrides the type of a \
                 scalar parameter or of an array's items only"
            ),
        )),
        Some(kind) if kind == w.ty => findings.push(Finding::at(
            w.site,
            format!(
                "`{address}` is already {spec_type} in the spec; remove `wire_type` (and its \
                 `read_at` and `reason`)"
            ),
        )),
        Some(_) => {}
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    // A number the server reads as text (Slack's `ts`, `"1503435956.000247"`, whose digits a
    // float would round) is still a number: the string carries the digits the spec's type
    // allows, sent verbatim, and `yesterday` is refused.
    let new = match (target, new) {
        (Some(kind @ ("integer" | "number")), Type::String { .. }) => Type::String {
            format: None,
            enumeration: None,
            pattern: Some(numeric_pattern(kind).to_string()),
            min_length: None,
            max_length: None,
        },
        (_, new) => new,
    };
    let mut real = param.clone();
    let retyped = |schema: &Schema| Schema {
        ty: new.clone(),
        nullable: schema.nullable,
        description: schema.description.clone(),
        default: None,
        extensions: serde_json::Map::new(),
        assertions: None,
    };
    real.schema = match &param.schema.ty {
        Type::Array {
            items,
            min_items,
            max_items,
        } => Schema {
            ty: Type::Array {
                items: Box::new(retyped(items)),
                min_items: *min_items,
                max_items: *max_items,
            },
            ..retyped(&param.schema)
        },
        _ => retyped(&param.schema),
    };
    Ok((real, overridden(spec_type, w)))
}

/// The record of an override: what the spec said, where the server reads it, and why.
fn overridden(spec_type: String, w: &DeclaredWireType) -> Overridden {
    let text = |r: &Option<Reason>| r.as_ref().map(|r| r.text.clone()).unwrap_or_default();
    Overridden {
        spec_type,
        read_at: text(&w.read_at),
        reason: text(&w.reason),
        narrowed: false,
    }
}

/// A text parameter the server splits on `delimiter`, as the list it is: an array of `items`
/// (each text item unable to hold the delimiter, so no item is split in two), at least one
/// where the parameter is required, joined by the style the delimiter names.
fn delimited(param: &Param, items: Type, delimiter: &str, site: Site) -> Result<Param, Finding> {
    let address = param.address();
    if !matches!(param.schema.ty, Type::String { .. }) {
        return Err(Finding::at(
            site,
            format!(
                "`delimited` splits a text parameter into the list the server reads; `{address}` \
                 is {} in the spec",
                param.schema.ty.describe()
            ),
        ));
    }
    let in_path_or_header = matches!(param.location, Location::Path | Location::Header);
    let style = match delimiter {
        "," if in_path_or_header => Style::Simple,
        "," => Style::Form,
        " " if !in_path_or_header => Style::SpaceDelimited,
        "|" if !in_path_or_header => Style::PipeDelimited,
        _ => {
            let joined_by = if in_path_or_header {
                "\",\" only".to_string()
            } else {
                let list: Vec<String> = DELIMITERS.iter().map(|d| format!("{d:?}")).collect();
                format!("one of: {}", list.join(", "))
            };
            return Err(Finding::at(
                site,
                format!(
                    "`{address}` cannot be split on {delimiter:?}; a {} list is joined by \
                     {joined_by}",
                    param.location.as_str()
                ),
            ));
        }
    };
    let items = match items {
        Type::String { .. } => Type::String {
            format: None,
            enumeration: None,
            pattern: Some(format!("^[^{}]*$", regex_escaped(delimiter))),
            min_length: None,
            max_length: None,
        },
        other => other,
    };
    let mut real = param.clone();
    real.schema = Schema {
        ty: Type::Array {
            items: Box::new(Schema::new(items)),
            min_items: param.required.then_some(1),
            max_items: None,
        },
        nullable: param.schema.nullable,
        description: param.schema.description.clone(),
        default: None,
        extensions: serde_json::Map::new(),
        assertions: None,
    };
    real.style = style;
    real.explode = false;
    Ok(real)
}

/// A text parameter the server parses as JSON (Slack's `blocks`: "a JSON-based array ...,
/// presented as a URL-encoded string"), as the value it is: any JSON value the agent writes as
/// JSON, typed by the field (`serde_json::Value`, or a type of the user's), and sent as its JSON
/// text ([`Style::Json`]). The agent never writes JSON inside a string, so the text the server
/// parses is always well formed.
fn json_text(param: &Param, w: &DeclaredWireType) -> Result<Param, Finding> {
    let address = param.address();
    if let Some((_, site)) = &w.delimiter {
        return Err(Finding::at(
            *site,
            format!(
                "`{address}` cannot be both delimited and JSON text: a JSON array is sent as \
                 one text already; remove `delimited`"
            ),
        ));
    }
    if !matches!(param.schema.ty, Type::String { .. }) {
        return Err(Finding::at(
            w.site,
            format!(
                "`wire_type = \"json\"` sends a value as JSON text where the spec types a \
                 parameter as text; `{address}` is {} in the spec: remove `wire_type`",
                param.schema.ty.describe()
            ),
        ));
    }
    let mut real = param.clone();
    real.schema = Schema {
        nullable: param.schema.nullable,
        description: param.schema.description.clone(),
        ..Schema::any()
    };
    real.style = Style::Json;
    real.explode = false;
    Ok(real)
}

/// A delimiter as a character of a regex class.
fn regex_escaped(delimiter: &str) -> String {
    delimiter
        .chars()
        .map(|c| match c {
            '|' | '\\' | ']' | '^' | '-' | '[' => format!("\\{c}"),
            c => c.to_string(),
        })
        .collect()
}

/// The findings of an override's `read_at` and `reason` (missing, empty, too vague), for
/// `what` (`overriding the wire type of ...`) at `site`; `why` says what the reason must say.
pub(super) fn read_at_and_reason(
    findings: &mut Vec<Finding>,
    what: &str,
    address: &str,
    site: Site,
    read_at: &Option<Reason>,
    reason: &Option<Reason>,
    why: &str,
) {
    read_at_and_reason_of(
        findings,
        ("it", "override"),
        what,
        address,
        site,
        read_at,
        reason,
        why,
    );
}

/// [`read_at_and_reason`] for a declaration the server reads as `read` (`it`, `them`) and the
/// reviewer checks as `kind` (`override`, `family`).
#[allow(clippy::too_many_arguments)]
pub(super) fn read_at_and_reason_of(
    findings: &mut Vec<Finding>,
    (read, kind): (&str, &str),
    what: &str,
    address: &str,
    site: Site,
    read_at: &Option<Reason>,
    reason: &Option<Reason>,
    why: &str,
) {
    match read_at {
        None => findings.push(Finding::at(
            site,
            format!(
                "{what} needs `read_at = \"<where the server reads {read}>\"` (file and \
                 function): the reviewer checks the {kind} there"
            ),
        )),
        Some(r) if r.text.trim().is_empty() => findings.push(Finding::at(
            r.site,
            format!("say where the server reads `{address}`: `read_at = \"<file and function>\"`"),
        )),
        Some(_) => {}
    }
    match reason {
        None => findings.push(Finding::at(
            site,
            format!("{what} needs `reason = \"...\"`: {why}"),
        )),
        Some(r) => findings.extend(check_reason(r, what)),
    }
}

/// The unconstrained type a `wire_type` names.
pub(crate) fn scalar(name: &str) -> Option<Type> {
    Some(match name {
        "string" => Type::String {
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        },
        "integer" => Type::Integer {
            format: None,
            minimum: None,
            maximum: None,
            enumeration: None,
        },
        "number" => Type::Number {
            format: None,
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
        },
        "boolean" => Type::boolean(),
        _ => return None,
    })
}

/// The text of a number of the spec's `kind` (`integer` or `number`), as a string override
/// carries it: an optional minus, digits, and for a `number` a decimal point and digits.
pub fn numeric_pattern(kind: &str) -> &'static str {
    match kind {
        "integer" => "^-?[0-9]+$",
        _ => "^-?[0-9]+(\\.[0-9]+)?$",
    }
}

/// The [`WIRE_TYPES`] name of a scalar type, or `None` for any other.
fn scalar_kind(ty: &Type) -> Option<&'static str> {
    Some(match ty {
        Type::String { .. } => "string",
        Type::Integer { .. } => "integer",
        Type::Number { .. } => "number",
        Type::Boolean { .. } => "boolean",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::declared::{Declared, DeclaredField};
    use crate::check::reconcile::reconcile;
    use crate::check::types::RustType;
    use crate::model::testing::{array_of, op, query};
    use crate::model::{Disposition, Operation};

    const READ_AT: &str = "netbox/dcim/filtersets.py: DeviceFilterSet.role_id";
    const REASON: &str = "the spec types this id filter as strings; the server reads integer ids";

    fn string() -> Schema {
        Schema::new(scalar("string").unwrap_or(Type::Any))
    }

    /// `GET /` with `role_id`, an optional array of strings, as NetBox's spec types it.
    fn list() -> Operation {
        let mut role_id = query("role_id");
        role_id.schema = array_of(string());
        op("GET", "/").id("List").params(vec![role_id]).build()
    }

    fn reason(text: &str, site: Site) -> Option<Reason> {
        Some(Reason {
            text: text.into(),
            site,
        })
    }

    fn declared(ty: RustType, w: DeclaredWireType) -> Declared {
        Declared {
            fields: vec![DeclaredField {
                absent: None,
                appends: None,
                ident: "role_id".into(),
                site: 1,
                ty_site: 2,
                ty,
                param: None,
                rename: None,
                undocumented: None,
                wire_type: Some(w),
                narrowed: None,
                family: None,
                doc: None,
                keys: Default::default(),
            }],
            tool: "List".into(),
            ..Default::default()
        }
    }

    fn wire(ty: &str) -> DeclaredWireType {
        DeclaredWireType {
            ty: ty.into(),
            site: 3,
            read_at: reason(READ_AT, 4),
            reason: reason(REASON, 5),
            delimiter: None,
        }
    }

    fn vec_of(t: RustType) -> RustType {
        RustType::Option(Box::new(RustType::Vec(Box::new(t))))
    }

    const I64: RustType = RustType::Int {
        signed: true,
        bits: 64,
    };

    #[test]
    fn an_override_retypes_the_row_and_records_what_the_spec_said() {
        let r = reconcile(&list(), &declared(vec_of(I64), wire("integer")));
        assert_eq!(r.findings, []);
        let row = &r.accounting[0];
        assert_eq!(row.param.schema.ty.describe(), "array of integer");
        assert_eq!(
            row.overridden,
            Some(Overridden {
                spec_type: "array of string".into(),
                read_at: READ_AT.into(),
                reason: REASON.into(),
                narrowed: false,
            })
        );
        // The wire form is the spec's: only the type changes.
        assert_eq!(row.param.style, list().params[0].style);
        assert_eq!(row.param.explode, list().params[0].explode);
        assert!(matches!(row.disposition, Disposition::Set { .. }));
    }

    #[test]
    fn the_field_is_checked_against_the_overridden_type() {
        let r = reconcile(
            &list(),
            &declared(vec_of(RustType::String), wire("integer")),
        );
        assert_eq!(
            r.findings,
            [Finding::at(
                2,
                "mistyped field `role_id`: `query.role_id` is array of integer, optional by its \
                 `wire_type`; `Option<Vec<String>>` cannot carry it: its elements are integer; \
                 use `Option<Vec<i64>>`"
            )]
        );
    }

    #[test]
    fn an_override_without_read_at_or_reason_says_what_to_add() {
        let mut w = wire("integer");
        w.read_at = None;
        w.reason = None;
        let r = reconcile(&list(), &declared(vec_of(I64), w));
        assert_eq!(
            r.findings,
            [
                Finding::at(
                    3,
                    "overriding the wire type of `query.role_id` needs `read_at = \"<where the \
                     server reads it>\"` (file and function): the reviewer checks the override \
                     there"
                ),
                Finding::at(
                    3,
                    "overriding the wire type of `query.role_id` needs `reason = \"...\"`: say \
                     what the spec gets wrong about it, and how the server reads it"
                ),
            ]
        );
    }

    #[test]
    fn an_override_to_the_specs_own_type_is_refused() {
        let r = reconcile(&list(), &declared(vec_of(RustType::String), wire("string")));
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "`query.role_id` is already array of string in the spec; remove `wire_type` (and \
                 its `read_at` and `reason`)"
            )]
        );
    }

    #[test]
    fn an_unknown_wire_type_lists_the_known_ones() {
        let r = reconcile(&list(), &declared(vec_of(I64), wire("int")));
        assert_eq!(
            r.findings,
            [Finding::at(
                3,
                "unknown wire_type `int` for field `role_id`; expected one of: string, integer, \
                 number, boolean, json"
            )]
        );
    }

    #[test]
    fn a_vague_reason_is_refused_like_any_other() {
        let mut w = wire("integer");
        w.reason = reason("wrong", 5);
        let r = reconcile(&list(), &declared(vec_of(I64), w));
        assert_eq!(
            r.findings,
            [Finding::at(
                5,
                "the reason for overriding the wire type of `query.role_id` is too vague to \
                 review (\"wrong\"): say what a user loses, and why that is right, in at least 20 \
                 characters"
            )]
        );
    }

    #[test]
    fn an_undocumented_field_has_no_spec_type_to_override() {
        let mut d = declared(RustType::Option(Box::new(I64)), wire("integer"));
        d.fields[0].param = Some(("query.cf_owner".into(), 6));
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
        let r = reconcile(&list(), &d);
        assert_eq!(
            r.findings[0],
            Finding::at(
                3,
                "undocumented field `role_id` has no spec type to override: its type is the \
                 field's own; remove `wire_type`"
            )
        );
    }

    #[test]
    fn a_number_read_as_text_keeps_the_digits_the_spec_allows() {
        let number = |ty: Type| {
            let mut p = query("ts");
            p.schema = Schema::new(ty);
            p
        };
        let as_string =
            |p: &Param| override_type(p, "ts", &wire("string")).map(|(real, _)| real.schema.ty);
        let string_with = |pattern: &str| {
            Ok(Type::String {
                format: None,
                enumeration: None,
                pattern: Some(pattern.into()),
                min_length: None,
                max_length: None,
            })
        };
        let decimal = number(Type::Number {
            format: None,
            minimum: Some(0.0),
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
        });
        assert_eq!(as_string(&decimal), string_with("^-?[0-9]+(\\.[0-9]+)?$"));
        let whole = number(Type::Integer {
            format: None,
            minimum: None,
            maximum: None,
            enumeration: None,
        });
        assert_eq!(as_string(&whole), string_with("^-?[0-9]+$"));
        // A boolean read as text is any text: no number to keep.
        assert_eq!(
            as_string(&number(Type::boolean())),
            Ok(scalar("string").unwrap())
        );
    }

    #[test]
    fn a_delimited_text_is_the_list_joined_by_its_style() {
        let split = |location: Location, required: bool, delimiter: &str| {
            let mut p = crate::model::testing::param(location, "ids");
            p.schema = string();
            p.required = required;
            let mut w = wire("string");
            w.delimiter = Some((delimiter.into(), 9));
            override_type(&p, "ids", &w).map(|(real, _)| {
                let Type::Array {
                    items, min_items, ..
                } = real.schema.ty
                else {
                    panic!("not an array: {:?}", real.schema.ty)
                };
                let pattern = match items.ty {
                    Type::String { pattern, .. } => pattern,
                    _ => None,
                };
                (real.style, real.explode, pattern, min_items)
            })
        };
        assert_eq!(
            split(Location::Query, true, "|"),
            Ok((
                Style::PipeDelimited,
                false,
                Some("^[^\\|]*$".into()),
                Some(1)
            ))
        );
        assert_eq!(
            split(Location::Query, false, " "),
            Ok((Style::SpaceDelimited, false, Some("^[^ ]*$".into()), None))
        );
        assert_eq!(
            split(Location::Header, false, ","),
            Ok((Style::Simple, false, Some("^[^,]*$".into()), None))
        );
        assert_eq!(
            split(Location::Body, false, ","),
            Ok((Style::Form, false, Some("^[^,]*$".into()), None))
        );
        assert_eq!(
            split(Location::Path, true, " ")
                .map_err(|f| f.iter().map(|f| f.site).collect::<Vec<_>>()),
            Err(vec![9])
        );
        // Items of another type hold no delimiter to guard against.
        let mut p = query("ids");
        p.schema = string();
        let mut w = wire("integer");
        w.delimiter = Some((",".into(), 9));
        let (real, record) = override_type(&p, "ids", &w).unwrap();
        assert_eq!(real.schema.ty.describe(), "array of integer");
        assert_eq!(record.spec_type, "string");
    }

    /// `GET /` with `meta`, an optional nullable text the server parses as JSON.
    fn text_param() -> Param {
        let mut meta = query("meta");
        meta.schema = Schema {
            nullable: true,
            description: Some("metadata, as JSON text".into()),
            ..string()
        };
        meta
    }

    #[test]
    fn json_over_a_text_parameter_takes_any_value_and_sends_its_json_text() {
        let (real, record) = override_type(&text_param(), "meta", &wire("json")).unwrap();
        assert_eq!(real.style, Style::Json);
        assert!(!real.explode);
        assert_eq!(real.schema.ty, Type::Any);
        // Nullable and described as the spec's parameter was.
        assert!(real.schema.nullable);
        assert_eq!(
            real.schema.description.as_deref(),
            Some("metadata, as JSON text")
        );
        assert_eq!(record.spec_type, "string");
        assert_eq!(record.reason, REASON);
        // Not nullable stays not nullable.
        let mut p = text_param();
        p.schema.nullable = false;
        let (real, _) = override_type(&p, "meta", &wire("json")).unwrap();
        assert!(!real.schema.nullable);
    }

    #[test]
    fn json_is_refused_over_a_non_text_parameter_beside_delimited_and_without_a_reason() {
        let mut p = text_param();
        p.schema = Schema::new(scalar("integer").unwrap_or(Type::Any));
        assert_eq!(
            override_type(&p, "meta", &wire("json")).unwrap_err(),
            [Finding::at(
                3,
                "`wire_type = \"json\"` sends a value as JSON text where the spec types a \
                 parameter as text; `query.meta` is integer in the spec: remove `wire_type`"
            )]
        );
        let w = DeclaredWireType {
            delimiter: Some((",".into(), 6)),
            ..wire("json")
        };
        assert_eq!(
            override_type(&text_param(), "meta", &w).unwrap_err(),
            [Finding::at(
                6,
                "`query.meta` cannot be both delimited and JSON text: a JSON array is sent as \
                 one text already; remove `delimited`"
            )]
        );
        let w = DeclaredWireType {
            reason: None,
            ..wire("json")
        };
        let found = override_type(&text_param(), "meta", &w).unwrap_err();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].site, 3);
        assert!(
            found[0]
                .message
                .contains("say where the server parses the text as JSON"),
            "{}",
            found[0].message
        );
    }
}
