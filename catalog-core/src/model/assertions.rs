//! The validation keywords a [`Schema`](super::Schema) keeps beside its [`Type`](super::Type):
//! `multipleOf`, `uniqueItems`, `minProperties`/`maxProperties`, an `enum` or `const` its
//! type does not carry itself (on a number, an array, an object or a value of any type), and
//! the [`RequiredAlternatives`] of a `oneOf`/`anyOf` whose arms only require properties. Rare in
//! real specs, they are boxed so that the schemas without any cost a pointer's width.

use super::skip_if::is_false;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::cmp::Ordering;

/// Validation keywords beyond those a [`Type`](super::Type) carries; each applies to values of
/// its JSON kind only, as in JSON Schema (`multipleOf` to numbers, `uniqueItems` to arrays,
/// `minProperties`/`maxProperties` and `required_alternatives` to objects, `allowed` to every
/// value but null).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Assertions {
    /// `multipleOf`: a number must be an integer multiple of it (it is positive).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multiple_of: Option<f64>,
    /// `uniqueItems: true`: no two items of an array are equal.
    #[serde(skip_serializing_if = "is_false")]
    pub unique_items: bool,
    /// `minProperties`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_properties: Option<u64>,
    /// `maxProperties`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_properties: Option<u64>,
    /// The allowed values (`enum`, or a `const` as its one value) when the type does not carry
    /// them itself: a number, an array, an object, or a schema of no one type. `null` is never
    /// listed (it makes the schema nullable instead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<Value>>,
    /// Each `oneOf`/`anyOf` whose arms only require properties (`anyOf: [{required: [a]},
    /// {required: [b]}]`): an object must hold one of the sets of names (exactly one, for a
    /// `oneOf`). Empty when there is none; several when `allOf` members bring several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub required_alternatives: Vec<RequiredAlternatives>,
}

/// A `oneOf`/`anyOf` whose arms only add `required` (no type, no properties): DigitalOcean's
/// firewall is `allOf[Firewall, anyOf[{required: [inbound_rules]}, {required:
/// [outbound_rules]}]]`. An object holds an arm when it has every name of the arm's set; it
/// must hold at least one arm, or exactly one when `exactly_one` (a `oneOf`). A value of another
/// JSON kind holds every arm, as JSON Schema's `required` applies to objects only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RequiredAlternatives {
    /// Whether exactly one arm must hold (`oneOf`) rather than at least one (`anyOf`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub exactly_one: bool,
    /// Each arm's required names, in arm order.
    pub sets: Vec<Vec<String>>,
}

impl RequiredAlternatives {
    /// The alternatives of a `oneOf` (`exactly_one`) or an `anyOf`.
    pub fn new(exactly_one: bool, sets: Vec<Vec<String>>) -> RequiredAlternatives {
        RequiredAlternatives { exactly_one, sets }
    }

    /// Whether the arms that hold, by `holds` (each arm's set of names), satisfy the keyword;
    /// `Err(n)` gives how many held when they do not.
    pub fn satisfied_by(&self, holds: impl Fn(&[String]) -> bool) -> Result<(), usize> {
        let n = self.sets.iter().filter(|set| holds(set)).count();
        match (self.exactly_one, n) {
            (false, 1..) | (true, 1) => Ok(()),
            _ => Err(n),
        }
    }

    /// Settles the alternatives for a property `name` that the tool sends always (`sent`: a
    /// fixed value) or never (omitted): one always sent holds in every arm, so it leaves each
    /// arm's names (an arm left with none always holds, which a `oneOf` still counts against a
    /// second); one never sent holds in no arm, so the arms naming it go. False, and nothing
    /// changed, when no arm would be left: nothing could satisfy them.
    pub fn settle(&mut self, name: &str, sent: bool) -> bool {
        if sent {
            for set in &mut self.sets {
                set.retain(|n| n != name);
            }
            return true;
        }
        if self.sets.iter().all(|set| set.iter().any(|n| n == name)) {
            return false;
        }
        self.sets.retain(|set| !set.iter().any(|n| n == name));
        true
    }
}

impl Assertions {
    /// Whether no keyword is set: such assertions are not stored.
    pub fn is_empty(&self) -> bool {
        *self == Assertions::default()
    }
}

/// Whether `x` is an integer multiple of `m`: exactly for integers, and for other numbers in
/// decimal, as each is written at its shortest (`0.3` is a multiple of `0.1`, as JSON Schema's
/// validators answer, though not in binary floating point).
pub fn is_multiple_of(x: &serde_json::Number, m: f64) -> bool {
    if !(m.is_finite() && m > 0.0) {
        return true;
    }
    if m.fract() == 0.0
        && m < 9_007_199_254_740_992.0
        && let Some(i) = x.as_i64().map(i128::from).or(x.as_u64().map(i128::from))
    {
        return i % (m as i128) == 0;
    }
    let Some(x) = x.as_f64() else { return true };
    if x == 0.0 {
        return true;
    }
    if x.abs() < m {
        return false;
    }
    if let Some(answer) = divides_exactly(x, m) {
        return answer;
    }
    let q = x / m;
    q.is_finite() && q.fract() == 0.0
}

// `value / multiple` in decimal, when both fit: `Some(true)` when the quotient is an integer.
fn divides_exactly(value: f64, multiple: f64) -> Option<bool> {
    let (vm, vd) = decimal_parts(value)?;
    let (mm, md) = decimal_parts(multiple)?;
    if mm == 0 {
        return None;
    }
    // value / multiple = (vm * 10^md) / (mm * 10^vd), the shared powers of ten cancelled.
    let shared = vd.min(md);
    let scale = |mantissa: i128, decimals: i32| {
        let places = u32::try_from(decimals - shared).ok()?;
        mantissa.checked_mul(10_i128.checked_pow(places)?)
    };
    Some(scale(vm, md)? % scale(mm, vd)? == 0)
}

// A finite number's shortest decimal form as `mantissa * 10^-decimals`, `decimals >= 0`.
fn decimal_parts(x: f64) -> Option<(i128, i32)> {
    let text = format!("{x:e}");
    let (digits, exponent) = text.split_once('e')?;
    let exponent: i32 = exponent.parse().ok()?;
    let fraction = digits.split_once('.').map_or(0, |(_, f)| f.len() as i32);
    let mantissa: i128 = digits.replace('.', "").parse().ok()?;
    let decimals = fraction - exponent;
    if decimals >= 0 {
        Some((mantissa, decimals))
    } else {
        let places = u32::try_from(-decimals).ok()?;
        Some((mantissa.checked_mul(10_i128.checked_pow(places)?)?, 0))
    }
}

/// JSON Schema's equality of two values: numbers are equal by value (`1` equals `1.0`), objects
/// whatever the order of their members.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => number_cmp(x, y) == Ordering::Equal,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

fn number_cmp(x: &serde_json::Number, y: &serde_json::Number) -> Ordering {
    let exact = |n: &serde_json::Number| n.as_i64().map(i128::from).or(n.as_u64().map(i128::from));
    match (exact(x), exact(y)) {
        (Some(a), Some(b)) => a.cmp(&b),
        _ => {
            let (a, b) = (
                x.as_f64().unwrap_or(f64::NAN),
                y.as_f64().unwrap_or(f64::NAN),
            );
            a.partial_cmp(&b).unwrap_or(Ordering::Less)
        }
    }
}

/// The positions of the first two equal items of a list, if any. Items are compared in a
/// canonical text (numbers by value, members sorted), so a long list costs one pass and a sort.
pub fn first_duplicate(items: &[Value]) -> Option<(usize, usize)> {
    if items.len() < 2 {
        return None;
    }
    if items.len() <= 16 {
        for j in 1..items.len() {
            if let Some(i) = (0..j).find(|&i| json_equal(&items[i], &items[j])) {
                return Some((i, j));
            }
        }
        return None;
    }
    let mut keyed: Vec<(String, usize)> = items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut s = String::new();
            canonical(v, &mut s);
            (s, i)
        })
        .collect();
    keyed.sort();
    keyed
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| (w[0].1.min(w[1].1), w[0].1.max(w[1].1)))
        .min_by_key(|&(_, j)| j)
}

// A value's text with numbers written by value and object members sorted: equal texts are
// equal values by `json_equal`.
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Number(n) => match n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)) {
            Some(i) => out.push_str(&i.to_string()),
            None => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                if f.fract() == 0.0 && f.abs() < 1e18 {
                    out.push_str(&(f as i128).to_string());
                } else {
                    out.push_str(&format!("{f:e}"));
                }
            }
        },
        Value::Array(items) => {
            out.push('[');
            for item in items {
                canonical(item, out);
                out.push(',');
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for k in keys {
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                if let Some(v) = map.get(k) {
                    canonical(v, out);
                }
                out.push(',');
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn alternatives_settle_for_a_property_always_or_never_sent() {
        let sets = |s: &[&[&str]]| -> Vec<Vec<String>> {
            s.iter()
                .map(|set| set.iter().map(ToString::to_string).collect())
                .collect()
        };
        let two = || RequiredAlternatives::new(true, sets(&[&["a", "c"], &["b"]]));
        let mut sent = two();
        assert!(sent.settle("a", true));
        assert_eq!(sent.sets, sets(&[&["c"], &["b"]]));
        let mut never = two();
        assert!(never.settle("a", false));
        assert_eq!(never.sets, sets(&[&["b"]]));
        assert!(!never.settle("b", false), "no arm would be left");
        assert_eq!(never.sets, sets(&[&["b"]]), "unchanged");
        let mut other = two();
        assert!(other.settle("z", false));
        assert_eq!(other, two());
    }

    #[test]
    fn multiples_are_exact_for_integers_and_rounded_for_fractions() {
        let n = |v: Value| v.as_number().cloned().expect("a number");
        assert!(is_multiple_of(&n(json!(15)), 5.0));
        assert!(!is_multiple_of(&n(json!(12)), 5.0));
        assert!(is_multiple_of(&n(json!(0.3)), 0.1));
        assert!(is_multiple_of(&n(json!(10.0)), 2.5));
        assert!(!is_multiple_of(&n(json!(10.1)), 2.5));
        assert!(is_multiple_of(&n(json!(-20)), 5.0));
        assert!(is_multiple_of(&n(json!(u64::MAX)), 1.0));
        assert!(is_multiple_of(&n(json!(19.99)), 0.01));
        assert!(!is_multiple_of(&n(json!(0.005)), 0.01));
        assert!(is_multiple_of(&n(json!(1e20)), 0.5));
    }

    #[test]
    fn equality_is_by_value() {
        assert!(json_equal(&json!(1), &json!(1.0)));
        assert!(json_equal(&json!({"a": [1, 2]}), &json!({"a": [1.0, 2]})));
        assert!(!json_equal(&json!([1, 2]), &json!([2, 1])));
        assert!(!json_equal(&json!("1"), &json!(1)));
    }

    #[test]
    fn a_duplicate_is_found_in_short_and_long_lists() {
        assert_eq!(
            first_duplicate(&[json!(1), json!(2), json!(1.0)]),
            Some((0, 2))
        );
        assert_eq!(first_duplicate(&[json!(1), json!(2)]), None);
        let mut long: Vec<Value> = (0..40).map(|i| json!({"id": i, "k": [i]})).collect();
        assert_eq!(first_duplicate(&long), None);
        long.push(json!({"k": [7.0], "id": 7}));
        assert_eq!(first_duplicate(&long), Some((7, 40)));
    }
}
