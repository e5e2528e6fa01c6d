//! The tool's output JSON Schema: the MCP `outputSchema`, and the `structuredContent` it
//! describes.
//!
//! It is the success response's schema ([`crate::check::output`]) written like input schemas
//! ([`super::schema`]: self-contained, 2020-12, no `$schema`, cut where expansion cut it), with
//! `readOnly` properties kept. MCP requires an object at the root of `outputSchema` and of
//! `structuredContent`; when the API's body is not an object it is wrapped in one, and
//! [`wrap_output`] wraps the body the same way at run time:
//!
//! - an array: `{"items": [...]}` ([`Wrap::Items`]);
//! - anything else that is not always an object (a scalar, a union, a nullable object, any
//!   value): `{"value": ...}` ([`Wrap::Value`]).
//!
//! A tool whose output is several bodies (several success statuses, or JSON media types of
//! different schemas: [`Output::Several`](crate::check::output::Output::Several)) advertises their union ([`union_output_schema`]): the
//! distinct schemas as `anyOf` arms under `type: object` when every one is an object, else the
//! union wrapped under `value` as any other union is. Each body is wrapped the union's way and
//! checked against its own response's schema ([`arm_output_schema`]).

use super::schema::output_schema_of;
use crate::check::output::output;
use crate::model::{Operation, Schema, Type};
use serde_json::{Map, Value, json};

/// How the body is wrapped to put an object at the root of `structuredContent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    /// The body is always an object: it is the structured content as it is.
    None,
    /// The body is an array: the structured content is `{"items": <body>}`.
    Items,
    /// The body is a scalar, a union or may be null: the structured content is
    /// `{"value": <body>}`.
    Value,
}

impl Wrap {
    /// How a body of `schema` is wrapped.
    pub fn for_schema(schema: &Schema) -> Wrap {
        match &schema.ty {
            _ if schema.nullable => Wrap::Value,
            Type::Object { .. } => Wrap::None,
            Type::Array { .. } => Wrap::Items,
            _ => Wrap::Value,
        }
    }

    /// The property the body is wrapped under, if it is.
    pub fn key(self) -> Option<&'static str> {
        match self {
            Wrap::None => None,
            Wrap::Items => Some("items"),
            Wrap::Value => Some("value"),
        }
    }

    /// A sentence for the tool description saying where the body is, when it is wrapped.
    pub fn note(self) -> Option<&'static str> {
        match self {
            Wrap::None => None,
            Wrap::Items => {
                Some("The API returns a JSON array; the structured result holds it under `items`.")
            }
            Wrap::Value => Some(
                "The API's JSON body is not always an object; the structured result holds it \
                 under `value`.",
            ),
        }
    }
}

/// The `outputSchema` of a tool over `op` by the success-response rule, or `None` when the
/// rule gives no typed output (no content, not JSON, no schema, undocumented).
pub fn output_schema(op: &Operation) -> Option<Value> {
    let typed = output(op).into_typed();
    let schemas: Vec<&Schema> = typed.iter().map(|t| &t.schema).collect();
    union_output_schema(&schemas).map(|(schema, _)| schema)
}

/// How a tool over `op` wraps its body by the success-response rule, or `None` when it has no
/// typed output.
pub fn output_wrap(op: &Operation) -> Option<Wrap> {
    let typed = output(op).into_typed();
    let schemas: Vec<&Schema> = typed.iter().map(|t| &t.schema).collect();
    union_output_schema(&schemas).map(|(_, wrap)| wrap)
}

/// The `outputSchema` of an output of several bodies, with how each body is wrapped: one
/// distinct schema is that schema ([`wrapped_output_schema`]); several are their union, an
/// object at the root (`type: object` and the arms as `anyOf`) when every arm is always an
/// object, else wrapped under `value`. `None` for no schema.
pub fn union_output_schema(schemas: &[&Schema]) -> Option<(Value, Wrap)> {
    let mut distinct: Vec<&Schema> = Vec::new();
    for s in schemas {
        if !distinct.contains(s) {
            distinct.push(s);
        }
    }
    match distinct.as_slice() {
        [] => None,
        [one] => Some(wrapped_output_schema(one)),
        several => {
            let arms: Vec<Value> = several.iter().map(|s| output_schema_of(s)).collect();
            let wrap = if several.iter().all(|s| Wrap::for_schema(s) == Wrap::None) {
                Wrap::None
            } else {
                Wrap::Value
            };
            let union = match wrap {
                Wrap::None => json!({"type": "object", "anyOf": arms}),
                _ => json!({"anyOf": arms}),
            };
            Some((wrap_schema(union, wrap), wrap))
        }
    }
}

/// The schema one body of a several-body output is checked against once wrapped as `wrap` (the
/// union's: [`union_output_schema`]) says.
pub fn arm_output_schema(schema: &Schema, wrap: Wrap) -> Value {
    wrap_schema(output_schema_of(schema), wrap)
}

// `schema` under the property `wrap` names, in an object.
fn wrap_schema(schema: Value, wrap: Wrap) -> Value {
    match wrap.key() {
        None => schema,
        Some(key) => {
            let mut properties = Map::new();
            properties.insert(key.to_string(), schema);
            json!({"type": "object", "properties": properties, "required": [key]})
        }
    }
}

/// The `outputSchema` for a response schema (the rule's, or one a tool chose explicitly), with
/// how the body is wrapped.
pub fn wrapped_output_schema(schema: &Schema) -> (Value, Wrap) {
    let wrap = Wrap::for_schema(schema);
    (wrap_schema(output_schema_of(schema), wrap), wrap)
}

/// One line naming the output of a tool over `op`, for `catalog check` and the scaffold: the
/// response and how its body is wrapped (`200 application/json, wrapped under `items``), or why
/// the output is not typed (`not typed: the 200 response is not JSON (text/csv)`).
pub fn describe_output(op: &Operation) -> String {
    let o = output(op);
    match output_wrap(op).and_then(Wrap::key) {
        Some(key) => format!("{o}, wrapped under `{key}`"),
        None => o.to_string(),
    }
}

/// [`output_schema`] as compact JSON text, e.g. for a compile-time constant. Byte-identical for
/// the same [`Operation`].
pub fn output_schema_string(op: &Operation) -> Option<String> {
    output_schema(op).map(|v| v.to_string())
}

/// The `structuredContent` for a decoded body: the body itself, or wrapped as `how` says.
pub fn wrap_output(value: Value, how: Wrap) -> Value {
    match how.key() {
        None => value,
        Some(key) => {
            let mut m = Map::new();
            m.insert(key.to_string(), value);
            Value::Object(m)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{json_response, op};
    use crate::model::{Field, StatusKey};

    fn s(ty: Type) -> Schema {
        Schema::new(ty)
    }

    fn object(fields: Vec<Field>) -> Schema {
        s(Type::Object {
            fields,
            open: false,
            values: None,
        })
    }

    fn field(name: &str, required: bool, read_only: bool, schema: Schema) -> Field {
        Field {
            name: name.into(),
            required,
            read_only,
            schema,
        }
    }

    fn string() -> Schema {
        s(Type::String {
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        })
    }

    fn op_returning(schema: Schema) -> Operation {
        op("GET", "/x")
            .response(json_response(StatusKey::Code(200), Some(schema)))
            .build()
    }

    #[test]
    fn an_object_is_the_schema_as_it_is_with_read_only_properties_kept() {
        let op = op_returning(object(vec![
            field("id", true, true, string()),
            field("name", false, false, string()),
        ]));
        assert_eq!(
            output_schema(&op),
            Some(json!({
                "type": "object",
                "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
                "required": ["id"],
                "additionalProperties": false,
            }))
        );
        assert_eq!(output_wrap(&op), Some(Wrap::None));
        assert_eq!(Wrap::None.note(), None);
        let body = json!({"id": "a"});
        assert_eq!(wrap_output(body.clone(), Wrap::None), body);
    }

    #[test]
    fn an_array_is_wrapped_under_items() {
        let op = op_returning(s(Type::Array {
            items: Box::new(string()),
            min_items: None,
            max_items: None,
        }));
        assert_eq!(
            output_schema(&op),
            Some(json!({
                "type": "object",
                "properties": {"items": {"type": "array", "items": {"type": "string"}}},
                "required": ["items"],
            }))
        );
        assert_eq!(output_wrap(&op), Some(Wrap::Items));
        assert_eq!(
            wrap_output(json!(["a", "b"]), Wrap::Items),
            json!({"items": ["a", "b"]})
        );
        assert!(Wrap::Items.note().unwrap().contains("`items`"));
    }

    #[test]
    fn scalars_unions_nullable_objects_and_any_are_wrapped_under_value() {
        let mut nullable = object(vec![]);
        nullable.nullable = true;
        for schema in [
            string(),
            s(Type::boolean()),
            s(Type::Any),
            s(Type::AnyOf {
                arms: vec![object(vec![]), string()],
            }),
            nullable,
        ] {
            let (wrapped, wrap) = wrapped_output_schema(&schema);
            assert_eq!(wrap, Wrap::Value, "{schema:?}");
            assert_eq!(wrapped["type"], "object");
            assert_eq!(wrapped["required"], json!(["value"]));
            assert_eq!(wrapped["properties"]["value"], output_schema_of(&schema));
        }
        assert_eq!(
            wrap_output(json!(null), Wrap::Value),
            json!({"value": null})
        );
        assert_eq!(wrap_output(json!(3), Wrap::Value), json!({"value": 3}));
    }

    #[test]
    fn the_output_line_names_the_response_and_the_wrapping() {
        let op = op_returning(object(vec![]));
        assert_eq!(describe_output(&op), "200 application/json");
        let op = op_returning(string());
        assert_eq!(
            describe_output(&op),
            "200 application/json, wrapped under `value`"
        );
        let mut op = op_returning(string());
        op.responses[0].content.clear();
        assert_eq!(describe_output(&op), "200, no content");
    }

    #[test]
    fn no_typed_output_has_no_schema() {
        let mut op = op_returning(string());
        op.responses[0].content[0].media_type = "text/plain".into();
        assert_eq!(output_schema(&op), None);
        assert_eq!(output_wrap(&op), None);
        assert_eq!(output_schema_string(&op), None);
    }

    fn op_returning_each(schemas: Vec<(u16, Schema)>) -> Operation {
        let mut b = op("PUT", "/x");
        for (status, schema) in schemas {
            b = b.response(json_response(StatusKey::Code(status), Some(schema)));
        }
        b.build()
    }

    #[test]
    fn several_object_bodies_are_an_object_union_each_checked_as_it_is() {
        let created = object(vec![field("id", true, false, string())]);
        let queued = object(vec![field("job", true, false, string())]);
        let op = op_returning_each(vec![(200, created.clone()), (201, queued.clone())]);
        assert_eq!(
            output_schema(&op),
            Some(json!({
                "type": "object",
                "anyOf": [output_schema_of(&created), output_schema_of(&queued)],
            }))
        );
        assert_eq!(output_wrap(&op), Some(Wrap::None));
        assert_eq!(
            arm_output_schema(&queued, Wrap::None),
            output_schema_of(&queued)
        );
        assert_eq!(
            describe_output(&op),
            "200 application/json or 201 application/json, the response's status and media \
             type selecting which"
        );
    }

    #[test]
    fn several_bodies_not_all_objects_are_wrapped_under_value_and_one_schema_is_itself() {
        let task = object(vec![field("id", true, false, string())]);
        let list = s(Type::Array {
            items: Box::new(task.clone()),
            min_items: None,
            max_items: None,
        });
        let op = op_returning_each(vec![(200, task.clone()), (206, list.clone())]);
        assert_eq!(
            output_schema(&op),
            Some(json!({
                "type": "object",
                "properties": {"value": {"anyOf": [
                    output_schema_of(&task),
                    output_schema_of(&list),
                ]}},
                "required": ["value"],
            }))
        );
        assert_eq!(output_wrap(&op), Some(Wrap::Value));
        assert_eq!(
            arm_output_schema(&list, Wrap::Value),
            json!({
                "type": "object",
                "properties": {"value": output_schema_of(&list)},
                "required": ["value"],
            })
        );
        assert!(describe_output(&op).ends_with(", wrapped under `value`"));
        // Two statuses of one schema: the union is that schema, wrapped its own way.
        let op = op_returning_each(vec![(200, list.clone()), (206, list.clone())]);
        assert_eq!(output_schema(&op), Some(wrapped_output_schema(&list).0));
        assert_eq!(output_wrap(&op), Some(Wrap::Items));
        assert_eq!(union_output_schema(&[]), None);
    }
}
