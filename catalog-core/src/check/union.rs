//! Union request bodies (`oneOf`/`anyOf` with an arm of declared properties): a tool picks one
//! arm (`variant = N`), and is then accounted exactly as if the body were that arm.

use crate::model::{Body, Location, Operation, Param, Schema, Style, Type};

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

/// The index of the arm `variant` names. The error says what is wrong and lists the choices.
fn arm_index(op: &Operation, arms: &[Schema], variant: &Variant) -> Result<Option<usize>, String> {
    match variant {
        Variant::Whole => Ok(None),
        Variant::Index(i) if *i < arms.len() => Ok(Some(*i)),
        Variant::Index(i) => Err(format!(
            "`variant = {i}` is out of range: the request body of `{}` has {} arms, \
             `variant = 0` to `variant = {}`: {}",
            op.display_name(),
            arms.len(),
            arms.len() - 1,
            arms.iter()
                .enumerate()
                .map(|(i, a)| format!("{i}: {}", describe_arm(a)))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        Variant::Name(name) => {
            let names = arm_names(op, arms).unwrap_or_default();
            match arms_named(names, name).as_slice() {
                [i] => return Ok(Some(*i)),
                [] => {}
                several => {
                    let indices: Vec<String> = several.iter().map(ToString::to_string).collect();
                    return Err(format!(
                        "`variant = {name:?}` names {} arms of the request body of `{}` \
                         (arms {}); pick one by index, `variant = {}`",
                        several.len(),
                        op.display_name(),
                        indices.join(", "),
                        indices[0]
                    ));
                }
            }
            let known: Vec<String> = names
                .iter()
                .enumerate()
                .filter(|(_, n)| !n.is_empty())
                .map(|(i, n)| format!("{} ({i}: {})", quoted(n), describe_arm(&arms[i])))
                .collect();
            let choices = if known.is_empty() {
                format!(
                    "its arms have no names (no `$ref`, discriminator mapping or `title`); pick \
                     one by index, `variant = 0` to `variant = {}`",
                    arms.len() - 1
                )
            } else {
                format!("the arms' names are {}", known.join(", "))
            };
            Err(format!(
                "`variant = {name:?}` names no arm of the request body of `{}`: {choices}",
                op.display_name()
            ))
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
pub fn pick_variant(op: &mut Operation, variant: &Variant) -> Result<(), String> {
    let Some(arms) = union_arms(op) else {
        return Err(format!(
            "`variant` picks an arm of a union (oneOf/anyOf) request body, and `{}` has no such \
             body; remove `{}`",
            op.display_name(),
            written(variant)
        ));
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
    use super::{Variant, pick_variant, union_arms, variant_needed};
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
        n.expand(&n.operations[0])
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
    fn picked(variant: Variant) -> Result<Vec<String>, String> {
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

    #[test]
    fn an_unknown_arm_name_lists_the_names_of_the_arms() {
        assert_eq!(
            picked(Variant::Name("Task".into())),
            Err(
                "`variant = \"Task\"` names no arm of the request body of `Make`: the arms' \
                 names are \"NewTask\" or \"new\" or \"A new task\" (0: object (title)), \
                 \"TaskCopy\" or \"copy\" (1: object (from)), \"TaskNote\" (2: object (note))"
                    .to_string()
            )
        );
        let mut unnamed = operation(
            json!({"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}},
                {"type": "array", "items": {"type": "string"}}]}),
            json!({}),
        );
        assert_eq!(
            pick_variant(&mut unnamed, &Variant::Name("A".into())),
            Err(
                "`variant = \"A\"` names no arm of the request body of `Make`: its arms have no \
                 names (no `$ref`, discriminator mapping or `title`); pick one by index, \
                 `variant = 0` to `variant = 1`"
                    .to_string()
            )
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
        assert_eq!(
            pick_variant(&mut op, &Variant::Name("Site".into())),
            Err(
                "`variant = \"Site\"` names 2 arms of the request body of `Make` (arms 0, 1); \
                 pick one by index, `variant = 0`"
                    .to_string()
            )
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
        let mut plain = operation(
            json!({"type": "object", "properties": {"a": {"type": "string"}}}),
            json!({}),
        );
        assert_eq!(
            pick_variant(&mut plain, &Variant::Whole),
            Err(
                "`variant` picks an arm of a union (oneOf/anyOf) request body, and `Make` has \
                 no such body; remove `variant(whole, ...)`"
                    .to_string()
            )
        );
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
