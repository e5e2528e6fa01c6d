//! A composite's typed output: what `#[composite(..., output = T)]` declares, advertised as the
//! tool's `outputSchema`, and the value its `run` answers checked against it and sent as
//! `structuredContent` (in the form the client reads, within the result cap:
//! [`crate::inbound::results::result`]).
//!
//! `T` is either a binding (a `#[tool]` with a typed output): the composite answers what that
//! binding answers (`post_to_channel_by_name` answers the post `create_post` made), under the
//! binding's schema and wrapped as the binding's result is; or a type of the composite's own
//! implementing [`CompositeOutput`], its schema built from the bindings' (`read_channel`: the
//! channel, its posts and their authors).

use crate::tools::output_error::OutputError;
use crate::tools::output_schema::OutputSchema;
use crate::tools::tool::Tool;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The output a composite declares (`#[composite(..., output = T)]`): its `outputSchema`, and
/// how its value becomes `structuredContent`.
///
/// Every `#[tool]` implements it: the composite then answers what that binding answers, under
/// its schema. A type of the composite's own implements it by hand, its schema usually built
/// from the bindings' ([`CompositeOutput::schema`] of each, a part of one with
/// [`property_schema`]):
///
/// ```ignore
/// pub struct ChannelWithPosts;
/// impl catalog::CompositeOutput for ChannelWithPosts {
///     fn schema() -> serde_json::Value {
///         serde_json::json!({"type": "object", "properties": {
///             "channel": <GetChannel as catalog::CompositeOutput>::schema(),
///             "posts": {"type": "array", "items": <GetPost as catalog::CompositeOutput>::schema()}
///         }, "required": ["channel", "posts"]})
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a composite's output",
    label = "no outputSchema is known for it",
    note = "name a `#[tool]` binding with a typed output (the composite answers what it answers), or implement `catalog::CompositeOutput` for the type"
)]
pub trait CompositeOutput {
    /// Whether the type has a schema: false for a binding whose response has none, which
    /// `#[composite(output = ...)]` refuses at compile time.
    const TYPED: bool = true;

    /// The `outputSchema`: a JSON Schema (2020-12) object at the root, self-contained.
    fn schema() -> Value;

    /// The composite's value as `structuredContent`: by default the value itself.
    fn structured(value: Value) -> Result<Value, OutputError> {
        Ok(value)
    }
}

impl<T: Tool> CompositeOutput for T {
    const TYPED: bool = T::OUTPUT.is_some();

    fn schema() -> Value {
        match T::OUTPUT {
            Some(o) => crate::tools::output_schema::output_schema(T::NAME, o.schema)
                .schema()
                .clone(),
            None => Value::Object(serde_json::Map::new()),
        }
    }

    fn structured(value: Value) -> Result<Value, OutputError> {
        let value = T::output_value(value)?;
        Ok(match T::OUTPUT {
            Some(o) => catalog_core::present::output::wrap_output(value, o.wrap),
            None => value,
        })
    }
}

/// The schema of the property `name` of an object schema (`null` when it has none): a part of
/// a binding's output, such as the `items` of a wrapped array.
pub fn property_schema(schema: &Value, name: &str) -> Value {
    schema
        .get("properties")
        .and_then(|p| p.get(name))
        .cloned()
        .unwrap_or(Value::Null)
}

/// A composite's declared output, type-erased: what the catalog keeps.
#[derive(Clone, Copy, Debug)]
pub struct Output {
    /// The `outputSchema`.
    pub schema: fn() -> Value,
    /// The value as `structuredContent`.
    pub structured: fn(Value) -> Result<Value, OutputError>,
}

impl Output {
    /// The output of `T`.
    pub fn of<T: CompositeOutput>() -> Output {
        Output {
            schema: T::schema,
            structured: T::structured,
        }
    }
}

/// The parsed schema of composite `tool`'s output, interned by its text: one copy per process
/// however many catalogs list the composite.
///
/// # Panics
///
/// When the schema is not a JSON object: MCP requires an object at the root, and the output
/// type's `schema` is fixed in code.
pub fn interned(tool: &str, output: &Output) -> &'static OutputSchema {
    static TEXTS: OnceLock<Mutex<HashMap<String, &'static str>>> = OnceLock::new();
    let text = (output.schema)().to_string();
    let texts = TEXTS.get_or_init(|| Mutex::new(HashMap::new()));
    let leaked = {
        let mut texts = texts.lock().unwrap_or_else(|e| e.into_inner());
        match texts.get(&text) {
            Some(t) => *t,
            None => {
                let t: &'static str = Box::leak(text.clone().into_boxed_str());
                texts.insert(text, t);
                t
            }
        }
    };
    crate::tools::output_schema::output_schema(tool, leaked)
}
