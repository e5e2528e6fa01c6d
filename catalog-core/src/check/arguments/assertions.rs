//! The keywords a schema keeps beside its type ([`Assertions`]): `multipleOf`, `uniqueItems`,
//! `minProperties`/`maxProperties`, and the allowed values of an `enum` or `const` the type does
//! not carry. Each applies to values of its JSON kind only; `null` is the schema's nullability's.

use super::checker::Checker;
use super::path::Path;
use super::problem::ProblemKind;
use super::text::{num, shown};
use crate::model::{Assertions, first_duplicate, is_multiple_of, json_equal};
use serde_json::Value;

impl Checker {
    /// `value` against the schema's assertions (`value` is not null).
    #[cold]
    #[inline(never)]
    pub(super) fn assertions(&mut self, path: &Path<'_>, a: &Assertions, value: &Value) {
        if let Some(allowed) = &a.allowed
            && !allowed.iter().any(|v| json_equal(v, value))
        {
            let list: Vec<String> = allowed.iter().map(value_text).collect();
            self.report_with(path, ProblemKind::Enum, || match list.as_slice() {
                [only] => format!(
                    "expected {only} (the only value allowed), got {}",
                    value_text(value)
                ),
                _ => format!(
                    "expected one of {}, got {}",
                    list.join(", "),
                    value_text(value)
                ),
            });
        }
        match value {
            Value::Number(n) => {
                if let Some(m) = a.multiple_of
                    && !is_multiple_of(n, m)
                {
                    self.report_with(path, ProblemKind::MultipleOf, || {
                        format!("expected a multiple of {}, got {n}", num(m))
                    });
                }
            }
            Value::Array(items) if a.unique_items => {
                if let Some((i, j)) = first_duplicate(items) {
                    self.report_with(&path.index(j), ProblemKind::Duplicate, || {
                        format!("items must be unique: item {j} equals item {i}")
                    });
                }
            }
            Value::Object(map) => {
                let n = map.len() as u64;
                if let Some(min) = a.min_properties
                    && n < min
                {
                    self.report_with(path, ProblemKind::Properties, || {
                        format!("must have at least {}, got {n}", properties(min))
                    });
                }
                if let Some(max) = a.max_properties
                    && n > max
                {
                    self.report_with(path, ProblemKind::Properties, || {
                        format!("must have at most {}, got {n}", properties(max))
                    });
                }
            }
            _ => {}
        }
    }
}

fn properties(n: u64) -> String {
    if n == 1 {
        "1 property".into()
    } else {
        format!("{n} properties")
    }
}

// A value as JSON text in a message, shortened.
fn value_text(v: &Value) -> String {
    shown(&v.to_string())
}
