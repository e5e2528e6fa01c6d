//! Failure inside a 2xx ([`FailureRule`]): which success bodies say the call failed, from the
//! spec's discriminators and the tool's `failure(field = "...", equals = <literal>, reason =
//! "...")`, checked against the operation's success bodies and set on the operation, where the
//! description, the rustdoc and the run time read them.
//!
//! A discriminator is a top-level property of a 2xx JSON body's object schema that the spec
//! allows one boolean value of (`ok: {"type": "boolean", "enum": [true]}`, `const: true`): a
//! body with another value is not the success the spec documents. Where the spec says nothing
//! (`ok: {"type": "boolean"}`), the tool declares the rule: its field must be a property a
//! success body declares, its value of that property's type, and a field the spec already
//! discriminates needs no declaration.

use super::finding::{Finding, Reason, Site};
use super::reasons::check_reason;
use super::suggest::{Candidate, suggest};
use crate::model::{FailureRule, Field, Operation, Schema, Type};
use serde_json::Value;

/// `failure(field = "...", equals = <literal>, reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredFailure {
    /// The success body's property read.
    pub field: String,
    /// Where `field`'s value is.
    pub field_site: Site,
    /// The value that means failure.
    pub equals: Value,
    /// Where `equals`'s value is.
    pub equals_site: Site,
    /// Why.
    pub reason: Reason,
}

/// The failure rules of a tool over `op`: the spec's discriminators, then the declared rule
/// when it holds; a declaration that does not hold is a finding.
pub fn failure_rules(
    op: &Operation,
    declared: Option<&DeclaredFailure>,
    findings: &mut Vec<Finding>,
) -> Vec<FailureRule> {
    let fields = success_fields(op);
    let mut rules: Vec<FailureRule> = Vec::new();
    for f in &fields {
        if let Type::Boolean {
            enumeration: Some(allowed),
        } = &f.schema.ty
            && let [only] = allowed.as_slice()
            && !rules.iter().any(|r| r.field == f.name)
        {
            rules.push(FailureRule::discriminator(
                &f.name,
                vec![Value::Bool(*only)],
            ));
        }
    }
    let Some(d) = declared else {
        return rules;
    };
    let before = findings.len();
    findings.extend(check_reason(
        &d.reason,
        &format!(
            "reporting a 2xx whose `{}` is {} as an error",
            d.field, d.equals
        ),
    ));
    let key = op.display_name();
    match fields.iter().find(|f| f.name == d.field) {
        _ if fields.is_empty() => findings.push(Finding::at(
            d.field_site,
            format!(
                "`failure(...)` reads a property of the success body, but `{key}` documents no \
                 2xx JSON body with declared properties; remove it"
            ),
        )),
        None => findings.push(Finding::at(d.field_site, unknown_field(&d.field, &fields))),
        Some(_) if rules.iter().any(|r| r.field == d.field) => findings.push(Finding::at(
            d.field_site,
            format!(
                "the spec already declares `{}` a success discriminator: a 2xx whose `{}` is \
                 not {} is reported as an error without `failure(...)`; remove it",
                d.field,
                d.field,
                allowed_of(&fields, &d.field)
            ),
        )),
        Some(f) => {
            if let Some(why) = kind_mismatch(&f.schema, &d.equals) {
                findings.push(Finding::at(
                    d.equals_site,
                    format!(
                        "`equals = {}` cannot be a value of `{}`, which the success body \
                         declares {}: {why}",
                        d.equals,
                        d.field,
                        f.schema.ty.describe()
                    ),
                ));
            }
        }
    }
    if findings.len() == before {
        rules.push(FailureRule::declared(
            &d.field,
            d.equals.clone(),
            d.reason.text.trim(),
        ));
    }
    rules
}

// The top-level properties declared by the object schemas of `op`'s 2xx JSON bodies, the first
// declaration of each name kept.
fn success_fields(op: &Operation) -> Vec<&Field> {
    let mut out: Vec<&Field> = Vec::new();
    let bodies = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .flat_map(|r| r.content.iter())
        .filter(|c| c.is_json())
        .filter_map(|c| c.schema.as_ref());
    for schema in bodies {
        if let Type::Object { fields, .. } = &schema.ty {
            for f in fields {
                if !out.iter().any(|g| g.name == f.name) {
                    out.push(f);
                }
            }
        }
    }
    out
}

fn unknown_field(field: &str, fields: &[&Field]) -> String {
    let candidates: Vec<Candidate<'_>> = fields.iter().map(|f| Candidate::new(&f.name)).collect();
    let mut message = format!(
        "`{field}` is not a property of the success body; a failure rule reads one it declares"
    );
    match suggest(field, None, &candidates).candidate() {
        Some(c) => message.push_str(&format!(": did you mean `{}`?", c.name)),
        None => {
            let names: Vec<String> = fields.iter().map(|f| format!("`{}`", f.name)).collect();
            message.push_str(&format!(" ({})", names.join(", ")));
        }
    }
    message
}

fn allowed_of(fields: &[&Field], name: &str) -> String {
    match fields.iter().find(|f| f.name == name).map(|f| &f.schema.ty) {
        Some(Type::Boolean {
            enumeration: Some(values),
        }) => values
            .iter()
            .map(bool::to_string)
            .collect::<Vec<_>>()
            .join(" or "),
        _ => "the value it allows".into(),
    }
}

// Why `value` cannot be one of `schema`'s values by its JSON kind; `None` when it can (enums and
// bounds aside: a failure value is one the success schema may not allow).
fn kind_mismatch(schema: &Schema, value: &Value) -> Option<&'static str> {
    let fits = match (&schema.ty, value) {
        (_, Value::Null) => schema.nullable,
        (Type::Boolean { .. }, Value::Bool(_))
        | (Type::String { .. }, Value::String(_))
        | (Type::Number { .. }, Value::Number(_))
        | (Type::Any | Type::AnyOf { .. }, _) => true,
        (Type::Integer { .. }, Value::Number(n)) => n.is_i64() || n.is_u64(),
        _ => false,
    };
    (!fits).then_some("a body never holds it there, so the rule would never apply")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{json_response, op};
    use crate::model::{FailureWhen, StatusKey};
    use serde_json::json as j;

    fn field(name: &str, ty: Type) -> Field {
        crate::model::testing::field(name, Schema::new(ty))
    }

    fn envelope(ok: Type) -> Operation {
        let body = Schema::new(Type::Object {
            fields: vec![
                field("ok", ok),
                crate::model::testing::field("error", crate::model::testing::string()),
            ],
            open: true,
            values: None,
        });
        op("POST", "/chat.postMessage")
            .response(json_response(StatusKey::Code(200), Some(body)))
            .build()
    }

    fn declared(field: &str, equals: Value, reason: &str) -> DeclaredFailure {
        DeclaredFailure {
            field: field.into(),
            field_site: 1,
            equals,
            equals_site: 2,
            reason: Reason {
                text: reason.into(),
                site: 3,
            },
        }
    }

    const REASON: &str = "the API answers every failure with 200 and ok false";

    #[test]
    fn the_specs_discriminator_is_a_rule_without_a_declaration() {
        let only_true = Type::Boolean {
            enumeration: Some(vec![true]),
        };
        let mut findings = vec![];
        let rules = failure_rules(&envelope(only_true.clone()), None, &mut findings);
        assert_eq!(findings, vec![]);
        assert_eq!(rules.len(), 1);
        assert_eq!(rules[0].when, FailureWhen::NotIn(vec![j!(true)]));
        // Declaring it again is refused: the spec already says it.
        let d = declared("ok", j!(false), REASON);
        failure_rules(&envelope(only_true), Some(&d), &mut findings);
        assert_eq!(findings.len(), 1);
        assert!(
            findings[0]
                .message
                .starts_with("the spec already declares `ok`")
        );
        // An open boolean says nothing.
        assert_eq!(
            failure_rules(&envelope(Type::boolean()), None, &mut vec![]),
            vec![]
        );
    }

    #[test]
    fn a_declared_rule_holds_against_the_success_body() {
        let mut findings = vec![];
        let d = declared("ok", j!(false), REASON);
        let rules = failure_rules(&envelope(Type::boolean()), Some(&d), &mut findings);
        assert_eq!(findings, vec![]);
        assert_eq!(rules, vec![FailureRule::declared("ok", j!(false), REASON)]);

        let misspelled = declared("okk", j!(false), REASON);
        failure_rules(&envelope(Type::boolean()), Some(&misspelled), &mut findings);
        assert_eq!(
            findings.pop().map(|f| (f.site, f.message)),
            Some((
                1,
                "`okk` is not a property of the success body; a failure rule reads one it \
                 declares: did you mean `ok`?"
                    .into()
            ))
        );
        let wrong_kind = declared("ok", j!("false"), REASON);
        let rules = failure_rules(&envelope(Type::boolean()), Some(&wrong_kind), &mut findings);
        assert_eq!(rules, vec![]);
        assert_eq!(findings.pop().map(|f| f.site), Some(2));
        let vague = declared("ok", j!(false), "TODO");
        failure_rules(&envelope(Type::boolean()), Some(&vague), &mut findings);
        assert_eq!(findings.pop().map(|f| f.site), Some(3));
        assert_eq!(findings, vec![]);
    }

    fn body(fields: Vec<Field>) -> Schema {
        Schema::new(Type::Object {
            fields,
            open: true,
            values: None,
        })
    }

    fn only(value: bool) -> Type {
        Type::Boolean {
            enumeration: Some(vec![value]),
        }
    }

    #[test]
    fn every_discriminator_of_every_success_body_is_a_rule_once() {
        let op = op("POST", "/x")
            .response(json_response(
                StatusKey::Code(200),
                Some(body(vec![
                    field("ok", only(true)),
                    field("done", only(true)),
                ])),
            ))
            .response(json_response(
                StatusKey::Code(201),
                Some(body(vec![
                    field("ok", only(true)),
                    field("error", crate::model::testing::string().ty),
                ])),
            ))
            .build();
        let rules = failure_rules(&op, None, &mut vec![]);
        let fields: Vec<&str> = rules.iter().map(|r| r.field.as_str()).collect();
        assert_eq!(fields, ["ok", "done"]);
        // A property only the second body declares is still one a rule may read.
        let mut findings = vec![];
        let d = declared("error", j!("channel_not_found"), REASON);
        let rules = failure_rules(&op, Some(&d), &mut findings);
        assert_eq!(findings, vec![]);
        assert_eq!(rules.len(), 3);
    }

    #[test]
    fn a_redundant_declaration_names_the_value_the_spec_allows() {
        let mut findings = vec![];
        let d = declared("ok", j!(false), REASON);
        failure_rules(&envelope(only(true)), Some(&d), &mut findings);
        assert_eq!(
            findings.pop().map(|f| f.message),
            Some(
                "the spec already declares `ok` a success discriminator: a 2xx whose `ok` is \
                 not true is reported as an error without `failure(...)`; remove it"
                    .into()
            )
        );
    }

    #[test]
    fn a_rule_on_an_operation_without_a_success_body_is_refused() {
        let op = op("DELETE", "/x").build();
        let mut findings = vec![];
        let rules = failure_rules(&op, Some(&declared("ok", j!(false), REASON)), &mut findings);
        assert_eq!(rules, vec![]);
        assert_eq!(
            findings.pop().map(|f| (f.site, f.message)),
            Some((
                1,
                "`failure(...)` reads a property of the success body, but `DELETE /x` \
                 documents no 2xx JSON body with declared properties; remove it"
                    .into()
            ))
        );
    }

    fn integer() -> Type {
        Type::Integer {
            format: None,
            minimum: None,
            maximum: None,
            enumeration: None,
        }
    }

    #[test]
    fn the_value_must_be_of_the_kind_the_body_holds_there() {
        let fits = |ty: Type, nullable: bool, value: Value| {
            let mut schema = Schema::new(ty);
            schema.nullable = nullable;
            kind_mismatch(&schema, &value).is_none()
        };
        assert!(fits(Type::boolean(), true, Value::Null));
        assert!(!fits(Type::boolean(), false, Value::Null));
        assert!(fits(integer(), false, j!(-1)));
        assert!(fits(integer(), false, j!(u64::MAX)));
        assert!(!fits(integer(), false, j!(1.5)));
        assert!(fits(crate::model::testing::string().ty, false, j!("x")));
        assert!(!fits(crate::model::testing::string().ty, false, j!(1)));
    }
}
