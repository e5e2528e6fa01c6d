//! `allOf` whose arms are all of one scalar kind (a string with a `format` and another with a
//! `pattern`, an integer with a `minimum` and another with a `maximum`): one scalar that meets
//! every arm's constraints, where it can be written as one.

use crate::model::{Assertions, Schema, Type, json_equal};

/// The one scalar every arm describes, or `None` when the arms are not all strings, all
/// integers, all numbers or all booleans, or their constraints cannot be one schema's (two
/// different formats or patterns).
pub(super) fn merge(arms: &[Schema]) -> Option<Schema> {
    let (first, rest) = arms.split_first()?;
    let mut merged = first.clone();
    for arm in rest {
        merged.ty = both(&merged.ty, &arm.ty)?;
        merged.assertions = both_assertions(merged.assertions, arm.assertions.as_deref())?;
        merged.nullable &= arm.nullable;
        merged.description = merged.description.or_else(|| arm.description.clone());
        merged.default = merged.default.or_else(|| arm.default.clone());
    }
    Some(merged)
}

/// The assertions meeting both members' of an `allOf`: the tighter counts, the values both allow;
/// `None` when they cannot be one (two `multipleOf` neither of which is a multiple of the other).
pub(super) fn both_assertions(
    a: Option<Box<Assertions>>,
    b: Option<&Assertions>,
) -> Option<Option<Box<Assertions>>> {
    let (mut a, b) = match (a, b) {
        (a, None) => return Some(a),
        (None, Some(b)) => return Some(Some(Box::new(b.clone()))),
        (Some(a), Some(b)) => (a, b),
    };
    a.multiple_of = match (a.multiple_of, b.multiple_of) {
        (Some(x), Some(y)) if x == y => Some(x),
        (Some(x), Some(y)) if (x / y).fract() == 0.0 => Some(x),
        (Some(x), Some(y)) if (y / x).fract() == 0.0 => Some(y),
        (Some(_), Some(_)) => return None,
        (x, y) => x.or(y),
    };
    a.unique_items |= b.unique_items;
    a.min_properties = tighter(a.min_properties, b.min_properties, u64::max);
    a.max_properties = tighter(a.max_properties, b.max_properties, u64::min);
    a.allowed = match (a.allowed.take(), &b.allowed) {
        (Some(x), Some(y)) => Some(
            x.into_iter()
                .filter(|v| y.iter().any(|w| json_equal(v, w)))
                .collect(),
        ),
        (x, y) => x.or_else(|| y.clone()),
    };
    // Every member's alternatives bind the whole.
    for alternatives in &b.required_alternatives {
        if !a.required_alternatives.contains(alternatives) {
            a.required_alternatives.push(alternatives.clone());
        }
    }
    Some(Some(a))
}

// The type meeting both `a` and `b`, when it is one scalar type.
fn both(a: &Type, b: &Type) -> Option<Type> {
    match (a, b) {
        (Type::Boolean { enumeration: e1 }, Type::Boolean { enumeration: e2 }) => {
            Some(Type::Boolean {
                enumeration: common(e1, e2),
            })
        }
        (
            Type::String {
                format: f1,
                enumeration: e1,
                pattern: p1,
                min_length: lo1,
                max_length: hi1,
            },
            Type::String {
                format: f2,
                enumeration: e2,
                pattern: p2,
                min_length: lo2,
                max_length: hi2,
            },
        ) => Some(Type::String {
            format: same(f1, f2)?,
            enumeration: common(e1, e2),
            pattern: same(p1, p2)?,
            min_length: tighter(*lo1, *lo2, u64::max),
            max_length: tighter(*hi1, *hi2, u64::min),
        }),
        (
            Type::Integer {
                format: f1,
                minimum: lo1,
                maximum: hi1,
                enumeration: e1,
            },
            Type::Integer {
                format: f2,
                minimum: lo2,
                maximum: hi2,
                enumeration: e2,
            },
        ) => Some(Type::Integer {
            format: same(f1, f2)?,
            minimum: tighter(*lo1, *lo2, f64::max),
            maximum: tighter(*hi1, *hi2, f64::min),
            enumeration: common(e1, e2),
        }),
        (
            Type::Number {
                format: f1,
                minimum: lo1,
                maximum: hi1,
                exclusive_minimum: xlo1,
                exclusive_maximum: xhi1,
            },
            Type::Number {
                format: f2,
                minimum: lo2,
                maximum: hi2,
                exclusive_minimum: xlo2,
                exclusive_maximum: xhi2,
            },
        ) => {
            // Two bounds of different exclusivity cannot be compared without knowing which is
            // tighter at equal values; keep the tighter value, exclusive when either is.
            let (minimum, exclusive_minimum) = bound(*lo1, *xlo1, *lo2, *xlo2, true);
            let (maximum, exclusive_maximum) = bound(*hi1, *xhi1, *hi2, *xhi2, false);
            Some(Type::Number {
                format: same(f1, f2)?,
                minimum,
                maximum,
                exclusive_minimum,
                exclusive_maximum,
            })
        }
        _ => None,
    }
}

// One keyword both arms may give: `Some(value)` when at most one gives it or both give the
// same, `None` (the arms cannot be one schema) when they differ.
fn same(a: &Option<String>, b: &Option<String>) -> Option<Option<String>> {
    match (a, b) {
        (Some(x), Some(y)) if x != y => None,
        (x, y) => Some(x.clone().or_else(|| y.clone())),
    }
}

// The values both enums allow, in the first's order; either enum when only one arm has one.
fn common<T: Clone + PartialEq>(a: &Option<Vec<T>>, b: &Option<Vec<T>>) -> Option<Vec<T>> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.iter().filter(|v| y.contains(v)).cloned().collect()),
        (x, y) => x.clone().or_else(|| y.clone()),
    }
}

// The tighter of two optional bounds.
fn tighter<N: Copy>(a: Option<N>, b: Option<N>, pick: fn(N, N) -> N) -> Option<N> {
    match (a, b) {
        (Some(x), Some(y)) => Some(pick(x, y)),
        (x, y) => x.or(y),
    }
}

// The tighter of two number bounds with their exclusivity (`lower`: a minimum).
fn bound(a: Option<f64>, xa: bool, b: Option<f64>, xb: bool, lower: bool) -> (Option<f64>, bool) {
    match (a, b) {
        (Some(x), Some(y)) if x == y => (Some(x), xa || xb),
        (Some(x), Some(y)) if (x > y) == lower => (Some(x), xa),
        (Some(_), Some(y)) => (Some(y), xb),
        (Some(x), None) => (Some(x), xa),
        (None, Some(y)) => (Some(y), xb),
        (None, None) => (None, false),
    }
}

#[cfg(test)]
mod tests {
    use crate::model::Type;
    use crate::spec::normalize::normalize;
    use serde_json::{Value, json};

    /// The type of the query parameter `q` whose schema is `schema`.
    fn param_type(schema: Value) -> Type {
        let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
            "/x": {"get": {"parameters": [{"name": "q", "in": "query", "schema": schema}],
                "responses": {"200": {"description": "ok"}}}}}});
        normalize(&doc).operations[0].params[0].schema.ty.clone()
    }

    #[test]
    fn scalar_arms_of_one_kind_merge_into_one_scalar_with_every_constraint() {
        assert_eq!(
            param_type(json!({"allOf": [
                {"type": "string", "format": "uuid"},
                {"type": "string", "minLength": 3, "maxLength": 40},
                {"type": "string", "maxLength": 36}]})),
            Type::String {
                format: Some("uuid".into()),
                enumeration: None,
                pattern: None,
                min_length: Some(3),
                max_length: Some(36),
            }
        );
        assert_eq!(
            param_type(json!({"allOf": [
                {"type": "integer", "minimum": 1, "format": "int32"},
                {"type": "integer", "maximum": 10}, {"type": "integer", "minimum": 2}]})),
            Type::Integer {
                format: Some("int32".into()),
                minimum: Some(2.0),
                maximum: Some(10.0),
                enumeration: None,
            }
        );
        assert_eq!(
            param_type(json!({"allOf": [
                {"type": "number", "minimum": 0, "exclusiveMinimum": true},
                {"type": "number", "minimum": 0, "maximum": 1}]})),
            Type::Number {
                format: None,
                minimum: Some(0.0),
                maximum: Some(1.0),
                exclusive_minimum: true,
                exclusive_maximum: false,
            }
        );
        assert_eq!(
            param_type(json!({"allOf": [
                {"type": "string", "enum": ["a", "b", "c"]}, {"type": "string", "enum": ["b", "c", "d"]}]})),
            Type::String {
                format: None,
                enumeration: Some(vec!["b".into(), "c".into()]),
                pattern: None,
                min_length: None,
                max_length: None,
            }
        );
    }

    #[test]
    fn booleans_merge_the_same_keyword_twice_is_kept_and_null_needs_every_arm() {
        assert_eq!(
            param_type(json!({"allOf": [{"type": "boolean"}, {"type": "boolean"}]})),
            Type::boolean()
        );
        assert_eq!(
            param_type(json!({"allOf": [{"type": "boolean"}, {"type": "boolean", "const": true}]})),
            Type::Boolean {
                enumeration: Some(vec![true])
            }
        );
        assert_eq!(
            param_type(json!({"allOf": [
                {"type": "string", "format": "uuid"},
                {"type": "string", "format": "uuid", "minLength": 36}]})),
            Type::String {
                format: Some("uuid".into()),
                enumeration: None,
                pattern: None,
                min_length: Some(36),
                max_length: None,
            }
        );
        let nullable = |arms: Value| {
            let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                "paths": {"/x": {"get": {
                    "parameters": [{"name": "q", "in": "query", "schema": {"allOf": arms}}],
                    "responses": {"200": {"description": "ok"}}}}}});
            normalize(&doc).operations[0].params[0].schema.nullable
        };
        // A null is a value of the merged scalar only when every arm admits it.
        assert!(!nullable(json!([
            {"type": "integer", "nullable": true}, {"type": "integer", "minimum": 1}])));
        assert!(nullable(json!([
            {"type": "integer", "nullable": true}, {"type": "integer", "nullable": true}])));
    }

    #[test]
    fn number_bounds_keep_the_tighter_value_with_its_own_exclusivity() {
        // The tighter minimum is the first arm's (inclusive), the tighter maximum the second's
        // (inclusive): the looser bounds' exclusivity does not carry over.
        assert_eq!(
            param_type(json!({"allOf": [
                {"type": "number", "minimum": 3, "maximum": 10, "exclusiveMaximum": true},
                {"type": "number", "minimum": 2, "exclusiveMinimum": true, "maximum": 7}]})),
            Type::Number {
                format: None,
                minimum: Some(3.0),
                maximum: Some(7.0),
                exclusive_minimum: false,
                exclusive_maximum: false,
            }
        );
    }

    #[test]
    fn arms_that_cannot_be_one_scalar_are_not_merged() {
        for arms in [
            json!([{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "b$"}]),
            json!([{"type": "string"}, {"type": "integer"}]),
            json!([{"type": "string"}, {"type": "object", "properties": {"a": {"type": "string"}}}]),
        ] {
            assert_eq!(param_type(json!({"allOf": arms})), Type::Any, "{arms}");
        }
    }
}
