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
    /// The reason written on the struct.
    pub reason: &'static str,
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
}

/// The deepest a struct's omissions are followed: a recursive struct (a tree of itself) would
/// otherwise have no end.
pub const MAX_DEPTH: usize = 16;

/// Removes each omitted property from a tool's input schema (an object whose properties are
/// the arguments), through `items`, `additionalProperties` and the arms of `anyOf`/`oneOf`,
/// and from the `required` list beside it.
pub fn prune(schema: &mut Value, omitted: &[OmittedAt]) {
    for o in omitted {
        prune_at(schema, &o.path);
    }
}

fn prune_at(node: &mut Value, path: &[PathStep]) {
    let Some(obj) = node.as_object_mut() else {
        return;
    };
    for union in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(arms)) = obj.get_mut(union) {
            for arm in arms {
                prune_at(arm, path);
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
                prune_at(child, rest);
            }
        }
        [PathStep::Items, rest @ ..] => {
            if let Some(items) = obj.get_mut("items") {
                prune_at(items, rest);
            }
        }
        [PathStep::Values, rest @ ..] => {
            if let Some(values) = obj.get_mut("additionalProperties") {
                prune_at(values, rest);
            }
        }
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
    for path in paths {
        let Some((PathStep::Property(argument), rest)) = path.split_first() else {
            continue;
        };
        for row in &mut op.accounting {
            let set =
                matches!(&row.disposition, Disposition::Set { argument: a, .. } if a == argument);
            if set {
                model_at_each(&mut row.param.schema, rest, &mut clear_nullable);
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
            return Err(ArgumentError::other(
                path,
                format!(
                    "this tool does not send `{}` (omitted: {}); leave it out",
                    o.address(),
                    o.reason
                ),
            ));
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
}
