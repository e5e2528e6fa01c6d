//! Properties a nested struct omits (`#[object(omitted("name", reason = "..."))]`): left out
//! of the tool's input schema, and refused with their reason when an agent sends one anyway,
//! never dropped on the way into the struct.

use super::path::{Step, json_path};
use super::problem::ArgumentError;
use crate::model::{Disposition, Operation, Schema, Type};
use serde_json::Value;

/// One step from a tool's argument down to a nested property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStep {
    /// Into an object's property.
    Property(&'static str),
    /// Into each element of an array.
    Items,
    /// Into each value of a map.
    Values,
}

/// A property a nested struct omits: where it sits (from the argument's name down), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OmittedAt {
    /// The path from the argument (its first step) to the property (its last).
    pub path: Vec<PathStep>,
    /// The reason written on the struct (or on the tool's entry).
    pub reason: &'static str,
    /// The value the tool sends there itself, as JSON text, when the tool fixes it
    /// (`fixed("body.data.type", ...)`) rather than omits it.
    pub fixed: Option<&'static str>,
}

impl OmittedAt {
    /// The path as the accounting writes it: `alerts.slack[].secret`, `labels{}.note`.
    pub fn address(&self) -> String {
        let mut out = String::new();
        for step in &self.path {
            match step {
                PathStep::Property(p) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(p);
                }
                PathStep::Items => out.push_str("[]"),
                PathStep::Values => out.push_str("{}"),
            }
        }
        out
    }
}

/// What the structs of a tool's fields say of their properties, at every depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nested {
    /// The properties they omit, with the reasons.
    pub omitted: Vec<OmittedAt>,
    /// The properties they type as a plain `Option<T>`: "unset only", whose `None` is never
    /// sent, so null is neither offered nor accepted there (a `catalog::Nullable<T>` field
    /// keeps the spec's null).
    pub unset_only: Vec<Vec<PathStep>>,
    /// Where a derived struct stands (the path from the argument down to it): the object there
    /// is closed, since serde would drop any key the struct has no field for, so an agent's
    /// undeclared key is refused by name instead of lost. A map (its keys are data) and a
    /// `serde_json::Value` (it keeps every key) are never listed.
    pub closed: Vec<Vec<PathStep>>,
}

/// The deepest a struct's omissions are followed: a recursive struct (a tree of itself) would
/// otherwise have no end.
pub const MAX_DEPTH: usize = 16;

/// Removes each omitted property from a tool's input schema (an object whose properties are
/// the arguments), through `items`, `additionalProperties` and the arms of `anyOf`/`oneOf`,
/// and from the `required` list beside it.
pub fn prune(schema: &mut Value, omitted: &[OmittedAt]) {
    for o in omitted {
        prune_at(schema, &o.path, o.fixed.is_some());
    }
}

/// `sent`: the tool sends the property itself (fixed), so it holds in every arm that requires
/// it (it leaves the arm's `required`); else no arm that requires it can hold, and those go,
/// unless none would be left ([`RequiredAlternatives::settle`](crate::model::RequiredAlternatives::settle), on the decoder's side).
fn prune_at(node: &mut Value, path: &[PathStep], sent: bool) {
    let Some(obj) = node.as_object_mut() else {
        return;
    };
    if let ([PathStep::Property(p)], false) = (path, sent) {
        for union in ["anyOf", "oneOf"] {
            if let Some(Value::Array(arms)) = obj.get_mut(union) {
                let requires = |arm: &Value| {
                    arm.get("required")
                        .and_then(Value::as_array)
                        .is_some_and(|r| r.iter().any(|n| n.as_str() == Some(p)))
                };
                if !arms.iter().all(requires) {
                    arms.retain(|arm| !requires(arm));
                }
            }
        }
    }
    for union in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(arms)) = obj.get_mut(union) {
            for arm in arms {
                prune_at(arm, path, sent);
            }
        }
    }
    match path {
        [] => {}
        [PathStep::Property(p)] => {
            if let Some(Value::Object(props)) = obj.get_mut("properties") {
                props.remove(*p);
            }
            if let Some(Value::Array(required)) = obj.get_mut("required") {
                required.retain(|r| r.as_str() != Some(p));
            }
        }
        [PathStep::Property(p), rest @ ..] => {
            if let Some(child) = obj
                .get_mut("properties")
                .and_then(|props| props.get_mut(*p))
            {
                prune_at(child, rest, sent);
            }
        }
        [PathStep::Items, rest @ ..] => {
            if let Some(items) = obj.get_mut("items") {
                prune_at(items, rest, sent);
            }
        }
        [PathStep::Values, rest @ ..] => {
            if let Some(values) = obj.get_mut("additionalProperties") {
                prune_at(values, rest, sent);
            }
        }
    }
}

/// Closes the object at each of `paths` of a tool's input schema (`additionalProperties:
/// false`, in place of `true` or a values' schema), and each object arm of a union there
/// (`anyOf [object, ""]`). The schema is built from the index, where `allOf` is merged, so
/// `additionalProperties` sees every property.
pub fn close(schema: &mut Value, paths: &[Vec<PathStep>]) {
    for path in paths {
        at_each(schema, path, &mut close_object);
    }
}

fn close_object(node: &mut Value) {
    let Some(obj) = node.as_object_mut() else {
        return;
    };
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(arms)) = obj.get_mut(union) {
            for arm in arms {
                close_object(arm);
            }
        }
    }
    let object_type = match obj.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
        _ => obj.contains_key("properties"),
    };
    if object_type {
        obj.insert("additionalProperties".into(), Value::Bool(false));
    }
}

/// Makes each property at `paths` of a tool's input schema refuse null: `"null"` leaves its
/// `type` list and its `enum`, a `{"type": "null"}` arm leaves its `anyOf`/`oneOf`.
pub fn not_null(schema: &mut Value, paths: &[Vec<PathStep>]) {
    for path in paths {
        at_each(schema, path, &mut drop_null);
    }
}

/// Calls `f` on each schema node `path` leads to, through `items`, `additionalProperties` and
/// the arms of unions.
fn at_each(node: &mut Value, path: &[PathStep], f: &mut impl FnMut(&mut Value)) {
    let Some(obj) = node.as_object_mut() else {
        return;
    };
    let Some((step, rest)) = path.split_first() else {
        f(node);
        return;
    };
    for union in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(arms)) = obj.get_mut(union) {
            for arm in arms {
                at_each(arm, path, f);
            }
        }
    }
    let child = match step {
        PathStep::Property(p) => obj.get_mut("properties").and_then(|ps| ps.get_mut(*p)),
        PathStep::Items => obj.get_mut("items"),
        PathStep::Values => obj.get_mut("additionalProperties"),
    };
    if let Some(child) = child {
        at_each(child, rest, f);
    }
}

fn drop_null(node: &mut Value) {
    let Some(obj) = node.as_object_mut() else {
        return;
    };
    if let Some(Value::Array(types)) = obj.get_mut("type") {
        types.retain(|t| t != "null");
        if let [one] = types.as_slice() {
            let one = one.clone();
            obj.insert("type".into(), one);
        }
    }
    if let Some(Value::Array(values)) = obj.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(arms)) = obj.get_mut(union) {
            arms.retain(|a| a.get("type").and_then(Value::as_str) != Some("null"));
            for arm in arms {
                drop_null(arm);
            }
        }
    }
}

/// Makes each property at `paths` of the operation refuse null (the schema the decoder checks
/// and the encoder reads): its `nullable` is cleared, and its union arms'.
pub fn not_null_in_operation(op: &mut Operation, paths: &[Vec<PathStep>]) {
    in_operation(op, paths, &mut clear_nullable);
}

/// Closes the object at each of `paths` of the operation (the schema the decoder checks): a key
/// it does not declare is then refused by name ("unknown field"), with the nearest declared one.
pub fn close_in_operation(op: &mut Operation, paths: &[Vec<PathStep>]) {
    in_operation(op, paths, &mut close_model_object);
}

/// Removes each omitted property from the operation (the schema the decoder checks), once
/// [`refuse`] has answered for them: a closed object then offers only the properties its struct
/// keeps when it lists or suggests names for an undeclared key.
pub fn prune_in_operation(op: &mut Operation, omitted: &[OmittedAt]) {
    for o in omitted {
        let Some((PathStep::Property(name), parent)) = o.path.split_last() else {
            continue;
        };
        let sent = o.fixed.is_some();
        in_operation(op, &[parent.to_vec()], &mut |schema| {
            remove_field(schema, name, sent)
        });
    }
}

/// Removes the property `name` from the object `schema` is (or its union's arms), and settles
/// the object's required alternatives for it, always `sent` or never
/// ([`RequiredAlternatives::settle`](crate::model::RequiredAlternatives::settle)).
fn remove_field(schema: &mut Schema, name: &str, sent: bool) {
    if let Some(assertions) = schema.assertions.as_mut() {
        for alternatives in &mut assertions.required_alternatives {
            alternatives.settle(name, sent);
        }
    }
    match &mut schema.ty {
        Type::Object { fields, .. } => fields.retain(|f| f.name != name),
        Type::AnyOf { arms } => {
            for arm in arms {
                remove_field(arm, name, sent);
            }
        }
        _ => {}
    }
}

fn close_model_object(schema: &mut Schema) {
    match &mut schema.ty {
        Type::Object { open, values, .. } => {
            *open = false;
            *values = None;
        }
        Type::AnyOf { arms } => {
            for arm in arms {
                close_model_object(arm);
            }
        }
        _ => {}
    }
}

/// Calls `f` on each schema node of the operation `paths` lead to (each path starting at an
/// argument's name).
fn in_operation(op: &mut Operation, paths: &[Vec<PathStep>], f: &mut impl FnMut(&mut Schema)) {
    for path in paths {
        let Some((PathStep::Property(argument), rest)) = path.split_first() else {
            continue;
        };
        for row in &mut op.accounting {
            let set =
                matches!(&row.disposition, Disposition::Set { argument: a, .. } if a == argument);
            if set {
                model_at_each(&mut row.param.schema, rest, f);
            }
        }
    }
}

fn model_at_each(schema: &mut Schema, path: &[PathStep], f: &mut impl FnMut(&mut Schema)) {
    let Some((step, rest)) = path.split_first() else {
        f(schema);
        return;
    };
    match (&mut schema.ty, step) {
        (Type::AnyOf { arms }, _) => {
            for arm in arms {
                model_at_each(arm, path, f);
            }
        }
        (Type::Object { fields, .. }, PathStep::Property(p)) => {
            if let Some(field) = fields.iter_mut().find(|x| x.name == *p) {
                model_at_each(&mut field.schema, rest, f);
            }
        }
        (Type::Array { items, .. }, PathStep::Items) => model_at_each(items, rest, f),
        (
            Type::Object {
                values: Some(values),
                ..
            },
            PathStep::Values,
        ) => model_at_each(values, rest, f),
        _ => {}
    }
}

fn clear_nullable(schema: &mut Schema) {
    schema.nullable = false;
    if let Type::AnyOf { arms } = &mut schema.ty {
        for arm in arms {
            clear_nullable(arm);
        }
    }
}

/// Refuses arguments that carry an omitted property anywhere it is omitted: the error names its
/// JSON path and gives the reason the struct states.
pub fn refuse(args: &Value, omitted: &[OmittedAt]) -> Result<(), ArgumentError> {
    for o in omitted {
        let mut at = Vec::new();
        if let Some(path) = find(args, &o.path, &mut at) {
            let message = match o.fixed {
                Some(value) => format!(
                    "this tool sends `{}` itself, always {value} (fixed: {}); leave it out",
                    o.address(),
                    o.reason
                ),
                None => format!(
                    "this tool does not send `{}` (omitted: {}); leave it out",
                    o.address(),
                    o.reason
                ),
            };
            return Err(ArgumentError::other(path, message));
        }
    }
    Ok(())
}

fn find<'a>(value: &'a Value, path: &[PathStep], at: &mut Vec<Step<'a>>) -> Option<String> {
    match path {
        [] => None,
        [PathStep::Property(p), rest @ ..] => {
            let (key, child) = value.as_object()?.get_key_value(*p)?;
            at.push(Step::Key(key));
            let found = if rest.is_empty() {
                Some(json_path(at.iter().copied()))
            } else {
                find(child, rest, at)
            };
            at.pop();
            found
        }
        [PathStep::Items, rest @ ..] => {
            for (i, item) in value.as_array()?.iter().enumerate() {
                at.push(Step::Index(i));
                let found = find(item, rest, at);
                at.pop();
                if found.is_some() {
                    return found;
                }
            }
            None
        }
        [PathStep::Values, rest @ ..] => {
            for (k, v) in value.as_object()? {
                at.push(Step::Key(k));
                let found = find(v, rest, at);
                at.pop();
                if found.is_some() {
                    return found;
                }
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn secret_in_slack() -> OmittedAt {
        OmittedAt {
            path: vec![
                PathStep::Property("alerts"),
                PathStep::Property("slack"),
                PathStep::Items,
                PathStep::Property("secret"),
            ],
            reason: "webhook secrets are set by a person in the dashboard",
            fixed: None,
        }
    }

    #[test]
    fn an_omitted_property_sent_is_refused_at_its_path_with_the_reason() {
        let args =
            json!({"alerts": {"slack": [{"channel": "a"}, {"channel": "b", "secret": "s"}]}});
        let e = refuse(&args, &[secret_in_slack()]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $.alerts.slack[1].secret: this tool does not send \
             `alerts.slack[].secret` (omitted: webhook secrets are set by a person in the \
             dashboard); leave it out"
        );
        let without = json!({"alerts": {"slack": [{"channel": "a"}]}});
        assert_eq!(refuse(&without, &[secret_in_slack()]), Ok(()));
    }

    #[test]
    fn pruning_removes_the_property_and_its_required_entry_through_unions() {
        let mut schema = json!({"type": "object", "properties": {"alerts": {"anyOf": [
            {"type": "object", "properties": {"slack": {"type": "array", "items": {
                "type": "object",
                "properties": {"channel": {"type": "string"}, "secret": {"type": "string"}},
                "required": ["channel", "secret"]}}}},
            {"type": "string", "enum": [""]}
        ]}}});
        prune(&mut schema, &[secret_in_slack()]);
        assert_eq!(
            schema["properties"]["alerts"]["anyOf"][0]["properties"]["slack"]["items"],
            json!({"type": "object", "properties": {"channel": {"type": "string"}},
                   "required": ["channel"]})
        );
    }

    fn slack_items() -> Vec<PathStep> {
        vec![
            PathStep::Property("alerts"),
            PathStep::Property("slack"),
            PathStep::Items,
        ]
    }

    #[test]
    fn closing_sets_additional_properties_false_on_the_object_and_its_union_s_object_arm() {
        let mut schema = json!({"type": "object", "properties": {"alerts": {"anyOf": [
            {"type": "object", "properties": {
                "slack": {"type": "array", "items": {
                    "type": ["object", "null"], "properties": {"channel": {"type": "string"}},
                    "additionalProperties": {"type": "string"}}},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}}}},
            {"type": "string", "enum": [""]}
        ]}}});
        close(
            &mut schema,
            &[vec![PathStep::Property("alerts")], slack_items()],
        );
        let alerts = &schema["properties"]["alerts"]["anyOf"];
        assert_eq!(alerts[0]["additionalProperties"], json!(false));
        assert_eq!(alerts[1], json!({"type": "string", "enum": [""]}));
        assert_eq!(
            alerts[0]["properties"]["slack"]["items"]["additionalProperties"],
            json!(false)
        );
        // A map no struct stands for keeps its values' schema.
        assert_eq!(
            alerts[0]["properties"]["labels"]["additionalProperties"],
            json!({"type": "string"})
        );
    }

    fn monitor() -> Operation {
        use crate::model::testing::{array_of, field, object, op, param};
        use crate::model::{Accounted, Location, Param};
        let open = |mut s: Schema| {
            if let Type::Object { open, values, .. } = &mut s.ty {
                *open = true;
                *values = Some(Box::new(Schema::new(Type::boolean())));
            }
            s
        };
        let string = || Schema::new(Type::Any);
        let slack = open(object(vec![
            field("channel", string()),
            field("secret", string()),
        ]));
        let alerts = open(object(vec![field("slack", array_of(slack))]));
        let mut o = op("POST", "/monitors").build();
        o.accounting.push(Accounted {
            param: Param {
                schema: alerts,
                ..param(Location::Body, "alerts")
            },
            disposition: Disposition::Set {
                argument: "alerts".into(),
                field: "alerts".into(),
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        });
        o
    }

    #[test]
    fn a_closed_object_of_the_operation_refuses_an_undeclared_key_by_name() {
        let mut o = monitor();
        let args = json!({"alerts": {"slack": [{"channel": "a", "chanel": true}]}});
        assert_eq!(super::super::check_arguments(&o, &args), Ok(()));
        close_in_operation(&mut o, &[slack_items()]);
        let e = super::super::check_arguments(&o, &args).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $.alerts.slack[0].chanel: unknown field `chanel`; did you mean \
             `channel`?"
        );
        // The object above, no struct's, stays open, its values checked.
        let above = json!({"alerts": {"extra": true, "wrong": 1}});
        let e = super::super::check_arguments(&o, &above).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $.alerts.wrong: expected boolean, got number 1"
        );
    }

    #[test]
    fn pruning_the_operation_leaves_omitted_properties_out_of_the_names_offered() {
        let mut o = monitor();
        close_in_operation(&mut o, &[slack_items()]);
        prune_in_operation(&mut o, &[secret_in_slack()]);
        let args = json!({"alerts": {"slack": [{"channel": "a", "colour": "b"}]}});
        let e = super::super::check_arguments(&o, &args).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid arguments: $.alerts.slack[0].colour: unknown field `colour`; accepted: \
             `channel`"
        );
    }
}
