//! Fixed values at compile time, held to the runtime's own validator
//! ([`crate::check::arguments::check_value`]): a tool cannot always send a value that the same tool
//! would refuse from an agent.

use crate::model::Schema;
use serde_json::Value;

/// Every problem `value` has against `schema`, as one sentence; `None` when it fits.
pub fn check_value(schema: &Schema, value: &Value) -> Option<String> {
    let err = crate::check::arguments::check_value(schema, value).err()?;
    let mut parts: Vec<String> = err
        .problems()
        .iter()
        .map(|p| match p.path() {
            "$" => p.message().to_string(),
            path => format!("at `{path}`: {}", p.message()),
        })
        .collect();
    match err.more() {
        0 => {}
        1 => parts.push("and 1 more problem".into()),
        n => parts.push(format!("and {n} more problems")),
    }
    Some(parts.join("; "))
}
