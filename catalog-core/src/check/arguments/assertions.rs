//! The keywords a schema keeps beside its type ([`Assertions`]): `multipleOf`, `uniqueItems`,
//! `minProperties`/`maxProperties`, the allowed values of an `enum` or `const` the type does
//! not carry, and the [`RequiredAlternatives`] of an object (and of a body whose properties are
//! the arguments, [`Checker::body_alternatives`]). Each applies to values of its JSON kind only;
//! `null` is the schema's nullability's.

use super::checker::Checker;
use super::path::Path;
use super::problem::ProblemKind;
use super::rows::{BodyProperty, body_property};
use super::text::{num, shown, spec_text};
use crate::model::{
    Assertions, Operation, RequiredAlternatives, first_duplicate, is_multiple_of, json_equal,
};
use serde_json::Value;

/// The most arms of [`RequiredAlternatives`] a message lists; the rest are counted.
const MAX_LISTED_SETS: usize = 8;

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
                for alternatives in &a.required_alternatives {
                    let holds = |set: &[String]| set.iter().all(|k| map.contains_key(k));
                    if let Err(held) = alternatives.satisfied_by(holds) {
                        self.alternatives_unmet(path, alternatives, held, spec_text);
                    }
                }
            }
            _ => {}
        }
    }
}

impl Checker {
    /// The body's [`RequiredAlternatives`] (`Body::required_alternatives`) against the
    /// arguments: a property is sent when its row's argument was given (`given`, by row), or
    /// when the tool always sends it (Fixed, or Undocumented with a value); an omitted one never
    /// is. Reported at `$`, naming the arguments.
    pub(super) fn body_alternatives(&mut self, op: &Operation, given: impl Fn(usize) -> bool) {
        let Some(body) = &op.body else { return };
        for alternatives in &body.required_alternatives {
            let holds = |set: &[String]| {
                set.iter().all(|k| match body_property(op, k) {
                    BodyProperty::Argument(i, _) => given(i),
                    BodyProperty::Always => true,
                    BodyProperty::Never => false,
                })
            };
            if let Err(held) = alternatives.satisfied_by(holds) {
                let name = |k: &str| match body_property(op, k) {
                    BodyProperty::Argument(_, argument) => spec_text(argument),
                    _ => spec_text(k),
                };
                self.alternatives_unmet(&Path::ROOT, alternatives, held, name);
            }
        }
    }

    /// Reports [`RequiredAlternatives`] that `held` of the arms satisfy, not enough (none) or
    /// too many (a `oneOf`'s several); `name` writes a property's name.
    #[cold]
    #[inline(never)]
    fn alternatives_unmet(
        &mut self,
        path: &Path<'_>,
        alternatives: &RequiredAlternatives,
        held: usize,
        name: impl Fn(&str) -> String,
    ) {
        let listed = alternatives_text(&alternatives.sets, name);
        let (kind, message) = match (alternatives.exactly_one, held) {
            (false, _) => (ProblemKind::Missing, format!("needs {listed}")),
            (true, 0) => (
                ProblemKind::Missing,
                format!("needs exactly one of {listed}"),
            ),
            (true, n) => (
                ProblemKind::NoArm,
                format!("needs exactly one of {listed}, got {n} of them"),
            ),
        };
        self.report(path, kind, message);
    }
}

/// The arms of [`RequiredAlternatives`] in a message: `` `a` or `b` ``, an arm of several names
/// `` `a` and `b` ``, at most [`MAX_LISTED_SETS`] arms listed.
pub(crate) fn alternatives_text(sets: &[Vec<String>], name: impl Fn(&str) -> String) -> String {
    let mut arms: Vec<String> = sets
        .iter()
        .take(MAX_LISTED_SETS)
        .map(|set| match set.as_slice() {
            [] => "no property".to_string(),
            names => {
                let names: Vec<String> = names.iter().map(|k| format!("`{}`", name(k))).collect();
                join(&names, "and")
            }
        })
        .collect();
    if sets.len() > MAX_LISTED_SETS {
        arms.push(format!("{} more", sets.len() - MAX_LISTED_SETS));
    }
    join(&arms, "or")
}

// `a`, `a or b`, `a, b or c`.
fn join(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
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

#[cfg(test)]
mod tests {
    use super::{MAX_LISTED_SETS, alternatives_text};

    #[test]
    fn alternatives_past_the_listed_ones_are_counted() {
        let sets =
            |n: usize| -> Vec<Vec<String>> { (0..n).map(|i| vec![format!("p{i}")]).collect() };
        let name = |k: &str| k.to_string();
        assert_eq!(MAX_LISTED_SETS, 8);
        assert_eq!(
            alternatives_text(&sets(8), name),
            "`p0`, `p1`, `p2`, `p3`, `p4`, `p5`, `p6` or `p7`"
        );
        assert_eq!(
            alternatives_text(&sets(9), name),
            "`p0`, `p1`, `p2`, `p3`, `p4`, `p5`, `p6`, `p7` or 1 more"
        );
        assert_eq!(
            alternatives_text(&[vec!["a".into(), "b".into()], vec![]], name),
            "`a` and `b` or no property"
        );
    }
}
