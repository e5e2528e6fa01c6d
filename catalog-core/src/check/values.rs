//! Fixed values: a JSON value a tool always sends, checked against its parameter's schema.

use super::types::{fmt_int, int_range};
use crate::model::{Schema, Type};
use serde_json::Value;

/// Checks a JSON value against a schema, for Fixed values. `None` when it fits.
pub fn check_value(schema: &Schema, value: &Value) -> Option<String> {
    if value.is_null() {
        return (!schema.nullable)
            .then(|| "null is not allowed: the parameter is not nullable".into());
    }
    match (&schema.ty, value) {
        (Type::String { enumeration, .. }, Value::String(s)) => match enumeration {
            Some(e) if !e.contains(s) => Some(format!(
                "`\"{s}\"` is not one of the allowed values: {}",
                e.iter()
                    .map(|v| format!("\"{v}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => None,
        },
        (Type::Integer { enumeration, .. }, Value::Number(n)) if n.is_i64() || n.is_u64() => {
            let (lo, hi) = int_range(&schema.ty);
            let v = n.as_f64().unwrap_or_default();
            if let Some(e) = enumeration
                && !n.as_i64().is_some_and(|i| e.contains(&i))
            {
                return Some(format!("{n} is not one of the allowed values {e:?}"));
            }
            (v < lo || v > hi).then(|| format!("{n} is outside {}..={}", fmt_int(lo), fmt_int(hi)))
        }
        (Type::Number { .. }, Value::Number(_)) => None,
        (Type::Boolean, Value::Bool(_)) => None,
        (Type::Array { items, .. }, Value::Array(vs)) => vs
            .iter()
            .enumerate()
            .find_map(|(i, v)| check_value(items, v).map(|why| format!("element {i}: {why}"))),
        (Type::Object { .. }, Value::Object(_)) | (Type::Any, _) => None,
        (Type::AnyOf { arms }, v) => (!arms.iter().any(|a| check_value(a, v).is_none()))
            .then(|| "it matches none of the schema's arms".to_string()),
        (ty, v) => Some(format!("expected {}, got {v}", ty.describe())),
    }
}
