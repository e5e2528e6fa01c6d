//! Union request bodies (`oneOf`/`anyOf` with an arm of declared properties): a tool picks one
//! arm (`variant = N`), and is then accounted exactly as if the body were that arm.

use crate::model::{Body, Location, Operation, Param, Schema, Style, Type};
use std::fmt;

/// The arms' reading, at its former path (the model's: [`crate::model::union_arms`]).
pub use crate::model::{describe_arm, describe_arms, union_arms};

/// How a tool sends a union body: one arm, by index or by name, or the whole union.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// `variant = N`: the arm at this 0-based index.
    Index(usize),
    /// `variant = "NewTask"`: the arm of this name ([`Body::arm_names`]).
    Name(String),
    /// `variant(whole, reason = "...")`: the union itself, as one `body` argument the agent
    /// gives in any arm's shape.
    Whole,
}

/// The names of each arm, when the index recorded a name list per arm.
fn arm_names<'o>(op: &'o Operation, arms: &[Schema]) -> Option<&'o [Vec<String>]> {
    let names = &op.body.as_ref()?.arm_names;
    (names.len() == arms.len()).then_some(names.as_slice())
}

/// The arms a name names (more than one when arms share a `title`).
fn arms_named(names: &[Vec<String>], name: &str) -> Vec<usize> {
    (0..names.len())
        .filter(|&i| names[i].iter().any(|n| n == name))
        .collect()
}

/// The `variant` line that picks arm `i`: by its first name when that names it alone, else by
/// index.
pub fn variant_line(op: &Operation, arms: &[Schema], i: usize) -> String {
    let names = arm_names(op, arms).unwrap_or_default();
    let unique = names
        .get(i)
        .and_then(|n| n.first())
        .filter(|n| arms_named(names, n).len() == 1);
    match unique {
        Some(name) => format!("variant = {name:?},"),
        None => format!("variant = {i},"),
    }
}

/// Why a tool over a union body must pick an arm or take the whole union, with a paste-ready
/// line per arm and for the whole.
pub fn variant_needed(op: &Operation, arms: &[Schema]) -> String {
    let lines: Vec<String> = arms
        .iter()
        .enumerate()
        .map(|(i, a)| format!("    {}  // {}", variant_line(op, arms, i), describe_arm(a)))
        .collect();
    format!(
        "the request body of `{}` is a union (oneOf/anyOf) of {} arms; pick the arm this tool \
         sends, and its properties are accounted like any body's. Add one of these to #[tool(...)]:\n{}\n\
         or take the whole union as one `body: serde_json::Value` argument, checked against the \
         arms, with a reason:\n    \
         variant(whole, reason = \"<what a user loses, and why that is right>\"),",
        op.display_name(),
        arms.len(),
        lines.join("\n")
    )
}

/// An arm of a union body, as a message offers it: the names it is picked by (none when it has
/// no `$ref`, discriminator mapping or `title`) and its shape ([`describe_arm`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmChoice {
    /// The names that pick it, as [`Body::arm_names`] records them.
    pub names: Vec<String>,
    /// What it holds: `object (title)`.
    pub shape: String,
}

/// Why `variant` picks no arm. Each message says what is wrong and lists the choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The operation has no union request body to pick an arm of.
    NotAUnion {
        /// The operation as the tool names it.
        operation: String,
        /// The `variant` the tool wrote.
        variant: Variant,
    },
    /// `variant = N` past the last arm.
    OutOfRange {
        /// The index written.
        index: usize,
        /// The operation as the tool names it.
        operation: String,
        /// The union's arms, in order.
        arms: Vec<ArmChoice>,
    },
    /// `variant = "Name"` names several arms (they share a `title`).
    SharedName {
        /// The name written.
        name: String,
        /// The operation as the tool names it.
        operation: String,
        /// The indices of the arms it names.
        arms: Vec<usize>,
    },
    /// `variant = "Name"` names no arm.
    UnknownName {
        /// The name written.
        name: String,
        /// The operation as the tool names it.
        operation: String,
        /// The union's arms, in order.
        arms: Vec<ArmChoice>,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::NotAUnion { operation, variant } => write!(
                f,
                "`variant` picks an arm of a union (oneOf/anyOf) request body, and `{operation}` \
                 has no such body; remove `{}`",
                written(variant)
            ),
            VariantError::OutOfRange {
                index,
                operation,
                arms,
            } => write!(
                f,
                "`variant = {index}` is out of range: the request body of `{operation}` has {} \
                 arms, `variant = 0` to `variant = {}`: {}",
                arms.len(),
                arms.len().saturating_sub(1),
                arms.iter()
                    .enumerate()
                    .map(|(i, a)| format!("{i}: {}", a.shape))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            VariantError::SharedName {
                name,
                operation,
                arms,
            } => {
                let indices: Vec<String> = arms.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "`variant = {name:?}` names {} arms of the request body of `{operation}` \
                     (arms {}); pick one by index, `variant = {}`",
                    arms.len(),
                    indices.join(", "),
                    indices.first().map_or("0", String::as_str)
                )
            }
            VariantError::UnknownName {
                name,
                operation,
                arms,
            } => {
                write!(
                    f,
                    "`variant = {name:?}` names no arm of the request body of `{operation}`: "
                )?;
                let known: Vec<String> = arms
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| !a.names.is_empty())
                    .map(|(i, a)| format!("{} ({i}: {})", quoted(&a.names), a.shape))
                    .collect();
                if known.is_empty() {
                    write!(
                        f,
                        "its arms have no names (no `$ref`, discriminator mapping or `title`); \
                         pick one by index, `variant = 0` to `variant = {}`",
                        arms.len().saturating_sub(1)
                    )
                } else {
                    write!(f, "the arms' names are {}", known.join(", "))
                }
            }
        }
    }
}

impl std::error::Error for VariantError {}

/// The arms of a union, as messages offer them.
fn choices(op: &Operation, arms: &[Schema]) -> Vec<ArmChoice> {
    let names = arm_names(op, arms).unwrap_or_default();
    arms.iter()
        .enumerate()
        .map(|(i, a)| ArmChoice {
            names: names.get(i).cloned().unwrap_or_default(),
            shape: describe_arm(a),
        })
        .collect()
}

/// The index of the arm `variant` names.
fn arm_index(
    op: &Operation,
    arms: &[Schema],
    variant: &Variant,
) -> Result<Option<usize>, VariantError> {
    match variant {
        Variant::Whole => Ok(None),
        Variant::Index(i) if *i < arms.len() => Ok(Some(*i)),
        Variant::Index(i) => Err(VariantError::OutOfRange {
            index: *i,
            operation: op.display_name(),
            arms: choices(op, arms),
        }),
        Variant::Name(name) => {
            let names = arm_names(op, arms).unwrap_or_default();
            match arms_named(names, name).as_slice() {
                [i] => Ok(Some(*i)),
                [] => Err(VariantError::UnknownName {
                    name: name.clone(),
                    operation: op.display_name(),
                    arms: choices(op, arms),
                }),
                several => Err(VariantError::SharedName {
                    name: name.clone(),
                    operation: op.display_name(),
                    arms: several.to_vec(),
                }),
            }
        }
    }
}

/// Names as `"A" or "a"`.
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Makes the operation's body what `variant` says: the arm it names, whose fields (an object
/// arm) become its body parameters, or any other arm the one whole `body` parameter; the whole
/// union stays one `body` parameter. The error says what is wrong.
pub fn pick_variant(op: &mut Operation, variant: &Variant) -> Result<(), VariantError> {
    let Some(arms) = union_arms(op) else {
        return Err(VariantError::NotAUnion {
            operation: op.display_name(),
            variant: variant.clone(),
        });
    };
    let Some(arm) = arm_index(op, arms, variant)?.map(|i| arms[i].clone()) else {
        return Ok(());
    };
    let Some(body) = op.body.as_mut() else {
        return Ok(());
    };
    let at = op
        .params
        .iter()
        .position(|p| p.location == Location::Body && p.name.is_empty())
        .unwrap_or(op.params.len());
    let whole = op.params.remove(at);
    let arm_params = arm_params(body, whole, arm);
    op.params.splice(at..at, arm_params);
    Ok(())
}

/// `variant` as the tool wrote it.
fn written(variant: &Variant) -> String {
    match variant {
        Variant::Index(i) => format!("variant = {i}"),
        Variant::Name(n) => format!("variant = {n:?}"),
        Variant::Whole => "variant(whole, ...)".into(),
    }
}

/// The body parameters of one arm, each declared at the union's pointer.
fn arm_params(body: &mut Body, whole: Param, arm: Schema) -> Vec<Param> {
    match arm.ty {
        Type::Object { fields, open, .. } if !fields.is_empty() => {
            body.whole = false;
            body.open = open;
            fields
                .into_iter()
                .filter(|f| !f.read_only)
                .map(|f| Param {
                    location: Location::Body,
                    description: f.schema.description.clone(),
                    pointer: whole.pointer.clone(),
                    name: f.name,
                    required: f.required,
                    deprecated: false,
                    schema: f.schema,
                    style: Style::Form,
                    explode: true,
                })
                .collect()
        }
        ty => vec![Param {
            schema: Schema { ty, ..arm },
            ..whole
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::{ArmChoice, Variant, VariantError, pick_variant, union_arms, variant_needed};
    use crate::model::{Location, Operation};
    use crate::spec::normalize::normalize;
    use serde_json::{Value, json};

    /// The one operation of a document whose JSON body schema is `schema`, expanded, with
    /// `components` as its component schemas.
    fn operation(schema: Value, components: Value) -> Operation {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/x": {"post": {"operationId": "Make", "requestBody": {"content":
                {"application/json": {"schema": schema}}},
                "responses": {"200": {"description": "ok"}}}}},
            "components": {"schemas": components}});
        let n = normalize(&doc);
        n.inlined(&n.operations[0])
    }

    fn tasks() -> Operation {
        operation(
            json!({"$ref": "#/components/schemas/TaskInput"}),
            json!({
                "TaskInput": {
                    "oneOf": [
                        {"type": "null"},
                        {"$ref": "#/components/schemas/NewTask"},
                        {"$ref": "#/components/schemas/TaskCopy"},
                        {"title": "TaskNote", "type": "object", "properties": {"note": {"type": "string"}}},
                        {"type": "object", "properties": {"raw": {"type": "string"}}}
                    ],
                    "discriminator": {"propertyName": "kind", "mapping": {
                        "new": "#/components/schemas/NewTask", "copy": "TaskCopy"}}
                },
                "NewTask": {"type": "object", "title": "A new task",
                    "properties": {"title": {"type": "string"}}},
                "TaskCopy": {"type": "object", "properties": {"from": {"type": "integer"}}}
            }),
        )
    }

    /// The body parameters' addresses after picking `variant`.
    fn picked(variant: Variant) -> Result<Vec<String>, VariantError> {
        let mut op = tasks();
        pick_variant(&mut op, &variant)?;
        Ok(op
            .params
            .iter()
            .filter(|p| p.location == Location::Body)
            .map(|p| format!("{} {}", p.address(), p.schema.ty.describe()))
            .collect())
    }

    #[test]
    fn arms_are_named_by_component_mapping_key_and_title_null_arms_left_out() {
        let op = tasks();
        assert_eq!(
            op.body.unwrap().arm_names,
            [
                vec!["NewTask", "new", "A new task"],
                vec!["TaskCopy", "copy"],
                vec!["TaskNote"],
                vec![],
            ]
        );
    }

    #[test]
    fn an_arm_is_picked_by_any_of_its_names_as_by_its_index() {
        for name in ["NewTask", "new", "A new task"] {
            assert_eq!(
                picked(Variant::Name(name.into())),
                Ok(vec!["body.title string".to_string()]),
                "{name}"
            );
        }
        assert_eq!(
            picked(Variant::Name("copy".into())),
            picked(Variant::Index(1))
        );
        assert_eq!(
            picked(Variant::Name("TaskNote".into())),
            Ok(vec!["body.note string".to_string()])
        );
    }

    fn arm(names: &[&str], shape: &str) -> ArmChoice {
        ArmChoice {
            names: names.iter().map(|n| n.to_string()).collect(),
            shape: shape.into(),
        }
    }

    /// The arms of [`tasks`], as messages offer them.
    fn task_arms() -> Vec<ArmChoice> {
        vec![
            arm(&["NewTask", "new", "A new task"], "object (title)"),
            arm(&["TaskCopy", "copy"], "object (from)"),
            arm(&["TaskNote"], "object (note)"),
            arm(&[], "object (raw)"),
        ]
    }

    #[test]
    fn an_unknown_arm_name_lists_the_names_of_the_arms() {
        let e = picked(Variant::Name("Task".into())).unwrap_err();
        assert_eq!(
            e,
            VariantError::UnknownName {
                name: "Task".into(),
                operation: "Make".into(),
                arms: task_arms(),
            }
        );
        assert_eq!(
            e.to_string(),
            "`variant = \"Task\"` names no arm of the request body of `Make`: the arms' \
             names are \"NewTask\" or \"new\" or \"A new task\" (0: object (title)), \
             \"TaskCopy\" or \"copy\" (1: object (from)), \"TaskNote\" (2: object (note))"
        );
        let mut unnamed = operation(
            json!({"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
                {"type": "array", "items": {"type": "string"}}]}),
            json!({}),
        );
        let e = pick_variant(&mut unnamed, &Variant::Name("A".into())).unwrap_err();
        assert!(
            matches!(&e, VariantError::UnknownName { arms, .. }
                if arms.len() == 2 && arms.iter().all(|a| a.names.is_empty())),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "`variant = \"A\"` names no arm of the request body of `Make`: its arms have no \
             names (no `$ref`, discriminator mapping or `title`); pick one by index, \
             `variant = 0` to `variant = 1`"
        );
    }

    #[test]
    fn an_index_past_the_last_arm_lists_every_arm() {
        let e = picked(Variant::Index(4)).unwrap_err();
        assert_eq!(
            e,
            VariantError::OutOfRange {
                index: 4,
                operation: "Make".into(),
                arms: task_arms(),
            }
        );
        assert_eq!(
            e.to_string(),
            "`variant = 4` is out of range: the request body of `Make` has 4 arms, \
             `variant = 0` to `variant = 3`: 0: object (title), 1: object (from), \
             2: object (note), 3: object (raw)"
        );
        assert_eq!(
            picked(Variant::Index(3)),
            Ok(vec!["body.raw string".to_string()])
        );
    }

    #[test]
    fn a_name_two_arms_share_is_refused_and_offered_by_index() {
        let mut op = operation(
            json!({"oneOf": [
                {"title": "Site", "type": "object", "properties": {"a": {"type": "string"}}},
                {"title": "Site", "type": "object", "properties": {"b": {"type": "string"}}}]}),
            json!({}),
        );
        let e = pick_variant(&mut op, &Variant::Name("Site".into())).unwrap_err();
        assert_eq!(
            e,
            VariantError::SharedName {
                name: "Site".into(),
                operation: "Make".into(),
                arms: vec![0, 1],
            }
        );
        assert_eq!(
            e.to_string(),
            "`variant = \"Site\"` names 2 arms of the request body of `Make` (arms 0, 1); \
             pick one by index, `variant = 0`"
        );
        let arms = union_arms(&op).unwrap();
        assert!(
            variant_needed(&op, arms).contains("    variant = 1,  // object (b)\n"),
            "{}",
            variant_needed(&op, arms)
        );
    }

    #[test]
    fn the_whole_union_stays_one_body_parameter() {
        let before = tasks();
        let mut op = before.clone();
        pick_variant(&mut op, &Variant::Whole).unwrap();
        assert_eq!(op, before);
        assert_eq!(union_arms(&op).map(<[_]>::len), Some(4));
    }

    #[test]
    fn a_variant_over_a_body_that_is_no_union_is_refused_as_written() {
        let plain = operation(
            json!({"type": "object", "properties": {"a": {"type": "string"}}}),
            json!({}),
        );
        for (variant, written) in [
            (Variant::Whole, "variant(whole, ...)"),
            (Variant::Index(0), "variant = 0"),
            (Variant::Name("A".into()), "variant = \"A\""),
        ] {
            let e = pick_variant(&mut plain.clone(), &variant).unwrap_err();
            assert_eq!(
                e,
                VariantError::NotAUnion {
                    operation: "Make".into(),
                    variant,
                }
            );
            assert_eq!(
                e.to_string(),
                format!(
                    "`variant` picks an arm of a union (oneOf/anyOf) request body, and `Make` \
                     has no such body; remove `{written}`"
                )
            );
        }
    }

    #[test]
    fn the_missing_variant_message_offers_each_arm_by_name_and_the_whole() {
        let op = tasks();
        let arms = union_arms(&op).unwrap();
        assert_eq!(
            variant_needed(&op, arms),
            "the request body of `Make` is a union (oneOf/anyOf) of 4 arms; pick the arm this \
             tool sends, and its properties are accounted like any body's. Add one of these to \
             #[tool(...)]:\n    variant = \"NewTask\",  // object (title)\n    \
             variant = \"TaskCopy\",  // object (from)\n    variant = \"TaskNote\",  // object \
             (note)\n    variant = 3,  // object (raw)\nor take the whole union as one `body: \
             serde_json::Value` argument, checked against the arms, with a reason:\n    \
             variant(whole, reason = \"<what a user loses, and why that is right>\"),"
        );
    }
}
