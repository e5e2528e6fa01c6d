//! A pattern family's argument: an object whose keys are query parameter names matching the
//! family's pattern, each sent as its own query parameter.

use super::error::{RequestError, RequestErrorKind};
use super::query::{encode_query, query_style};
use super::resolved::Resolved;
use super::text::Scratch;
use catalog_core::model::{Location, Operation, Param};
use serde_json::Value;

/// A pattern family's argument ([`Accounted::family`](catalog_core::model::Accounted::family)): each key is a query parameter's name,
/// checked against the pattern and against the tool's other query parameters (a family never
/// sends one the tool accounts otherwise), and each value is sent under it in the family's
/// style (`cf_env=prod&cf_env=dev` for a list, exploded). A null is not sent.
pub(super) fn write_family(
    op: &Operation,
    param: &Param,
    pattern: &str,
    value: Resolved<'_>,
    uri: &mut String,
    scratch: &mut Scratch<'_>,
) -> Result<(), RequestError> {
    let map = match value {
        Resolved::Absent | Resolved::Null => return Ok(()),
        Resolved::Value(Value::Object(map)) => map,
        _ => {
            return Err(RequestError::new(
                RequestErrorKind::Shape,
                Some(param),
                format!("a family's value is an object of `{pattern}` parameters by name"),
            ));
        }
    };
    for (name, v) in map {
        let refuse = |why: String| {
            Err(RequestError::new(
                RequestErrorKind::Shape,
                Some(param),
                format!("its key `{}` {why}", name.escape_debug()),
            ))
        };
        if !catalog_core::check::address::glob_matches(pattern, name) {
            return refuse(format!("does not match `{pattern}`"));
        }
        if op
            .accounting
            .iter()
            .any(|r| r.param.location == Location::Query && r.param.name == *name)
        {
            return refuse(
                "names a query parameter this tool accounts separately; a family cannot set it"
                    .into(),
            );
        }
        encode_query(
            uri,
            scratch,
            param,
            name,
            query_style(param.style),
            param.explode,
            Resolved::Value(v),
        )?;
    }
    Ok(())
}
