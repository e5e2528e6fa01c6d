//! A tool's `outputSchema`, parsed once per process from the JSON text `#[tool]` wrote
//! ([`ToolOutput::schema`](crate::tools::tool::ToolOutput::schema)), and its validator, compiled
//! on the first result that needs it.
//!
//! Schemas are interned by their text: a process holds one parsed copy (and one validator) per
//! distinct schema however many catalogs list the tool, so the memory kept is bounded by the tools
//! compiled into the binary.

#[cfg(feature = "runtime")]
use crate::tools::output_error::OutputError;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// One output schema: the parsed JSON, and its validator once compiled.
pub struct OutputSchema {
    schema: Value,
    #[cfg(feature = "runtime")]
    validator: OnceLock<Result<jsonschema::Validator, OutputError>>,
}

impl std::fmt::Debug for OutputSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutputSchema")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl OutputSchema {
    /// The schema, an object at the root.
    pub fn schema(&self) -> &Value {
        &self.schema
    }

    /// The errors of `value` against the schema, each with where it is, or `None` when it is
    /// valid; [`OutputError::SchemaNotCompiled`] when the schema cannot be compiled (a pattern
    /// the regex engine refuses is the one way left), so nothing can be checked. The schema is
    /// compiled on the first call.
    #[cfg(feature = "runtime")]
    pub fn errors(&self, value: &Value) -> Result<Option<String>, OutputError> {
        let validator = self.validator.get_or_init(|| {
            jsonschema::draft202012::new(&self.schema).map_err(|e| OutputError::SchemaNotCompiled {
                reason: e.to_string(),
            })
        });
        match validator {
            Ok(v) => Ok(crate::audit::response_check::validation_errors(v, value)),
            Err(e) => Err(e.clone()),
        }
    }
}

/// The parsed output schema for `text`, parsed on the first call for that text.
///
/// # Panics
///
/// When `text` is not a JSON object: `#[tool]` always writes one, so this is a hand-written
/// [`Tool`](crate::tools::tool::Tool) whose `OUTPUT` is wrong, fixed in code.
pub fn output_schema(tool: &str, text: &'static str) -> &'static OutputSchema {
    static SCHEMAS: OnceLock<Mutex<HashMap<&'static str, &'static OutputSchema>>> = OnceLock::new();
    let schemas = SCHEMAS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut schemas = schemas.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = schemas.get(text) {
        return s;
    }
    let schema: Value = match serde_json::from_str(text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(other) => panic!(
            "catalog: the outputSchema of tool `{tool}` must be a JSON object, got {other}; \
             MCP requires an object at the root"
        ),
        Err(e) => panic!("catalog: the outputSchema of tool `{tool}` is not JSON: {e}"),
    };
    let interned: &'static OutputSchema = Box::leak(Box::new(OutputSchema {
        schema,
        #[cfg(feature = "runtime")]
        validator: OnceLock::new(),
    }));
    schemas.insert(text, interned);
    interned
}
