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

use super::schema::output_schema_of;
use crate::check::output::{Output, output};
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
/// rule gives no typed output (no content, ambiguous, not JSON, no schema, undocumented).
pub fn output_schema(op: &Operation) -> Option<Value> {
    match output(op) {
        Output::Typed(t) => Some(wrapped_output_schema(&t.schema).0),
        _ => None,
    }
}

/// How a tool over `op` wraps its body by the success-response rule, or `None` when it has no
/// typed output.
pub fn output_wrap(op: &Operation) -> Option<Wrap> {
    match output(op) {
        Output::Typed(t) => Some(Wrap::for_schema(&t.schema)),
        _ => None,
    }
}

/// The `outputSchema` for a response schema (the rule's, or one a tool chose explicitly), with
/// how the body is wrapped.
pub fn wrapped_output_schema(schema: &Schema) -> (Value, Wrap) {
    let wrap = Wrap::for_schema(schema);
    let inner = output_schema_of(schema);
    let schema = match wrap.key() {
        None => inner,
        Some(key) => {
            let mut properties = Map::new();
            properties.insert(key.to_string(), inner);
            json!({"type": "object", "properties": properties, "required": [key]})
        }
    };
    (schema, wrap)
}

/// One line naming the output of a tool over `op`, for `catalog check` and the scaffold: the
/// response and how its body is wrapped (`200 application/json, wrapped under `items``), or why
/// the output is not typed (`not typed: ambiguous, a tool must choose one of ...`).
pub fn describe_output(op: &Operation) -> String {
    let o = output(op);
    match &o {
        Output::Typed(t) => match Wrap::for_schema(&t.schema).key() {
            Some(key) => format!("{o}, wrapped under `{key}`"),
            None => o.to_string(),
        },
        _ => o.to_string(),
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
            s(Type::Boolean),
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
}
