//! The read-only view of a parsed document that normalization works on: [`Tree`], implemented
//! by `serde_json::Value` (YAML documents, and callers holding a `Value`) and by the borrowed
//! [`crate::spec::json::Node`] that JSON documents are parsed into on the index's path.
//!
//! The methods are the subset of `serde_json::Value`'s that normalization uses, with the same
//! meaning, so that both trees normalize to the same operations.

use serde_json::{Map, Number, Value};

/// A parsed JSON document, read only.
pub trait Tree: Sized {
    /// An object's entries.
    type Object: Object<Self> + ?Sized;

    /// The object's entries, if this is an object.
    fn as_object(&self) -> Option<&Self::Object>;
    /// The array's elements, if this is an array.
    fn as_array(&self) -> Option<&[Self]>;
    /// The string, if this is a string.
    fn as_str(&self) -> Option<&str>;
    /// The boolean, if this is one.
    fn as_bool(&self) -> Option<bool>;
    /// The number, as `serde_json` reads it, if this is a number.
    fn as_number(&self) -> Option<Number>;
    /// Whether this is `null`.
    fn is_null(&self) -> bool;
    /// An owned copy, for what the model keeps as written (defaults, `x-*` keywords).
    fn to_value(&self) -> Value;

    /// The member `key` of an object.
    fn get(&self, key: &str) -> Option<&Self> {
        self.as_object()?.get(key)
    }
    /// Whether this is an object.
    fn is_object(&self) -> bool {
        self.as_object().is_some()
    }
    /// Whether this is `true`.
    fn is_true(&self) -> bool {
        self.as_bool() == Some(true)
    }
    /// Whether this is `false`.
    fn is_false(&self) -> bool {
        self.as_bool() == Some(false)
    }
    /// Whether this is a string.
    fn is_string(&self) -> bool {
        self.as_str().is_some()
    }
    /// The number as a `u64`, when it is one.
    fn as_u64(&self) -> Option<u64> {
        self.as_number()?.as_u64()
    }
    /// The number as an `i64`, when it is one.
    fn as_i64(&self) -> Option<i64> {
        self.as_number()?.as_i64()
    }
    /// The number as an `f64`.
    fn as_f64(&self) -> Option<f64> {
        self.as_number()?.as_f64()
    }
    /// Whether this is a number that fits an `i64`.
    fn is_i64(&self) -> bool {
        self.as_number().is_some_and(|n| n.is_i64())
    }
    /// Whether this is `[null]`.
    fn is_null_only(&self) -> bool {
        self.as_array()
            .is_some_and(|a| a.len() == 1 && a[0].is_null())
    }
    /// Whether two values are equal as `serde_json::Value`s.
    fn same(&self, other: &Self) -> bool {
        match (self.as_str(), other.as_str()) {
            (Some(a), Some(b)) => a == b,
            _ => self.to_value() == other.to_value(),
        }
    }
    /// The value a JSON pointer (RFC 6901) names, as [`Value::pointer`] reads it.
    fn pointer(&self, pointer: &str) -> Option<&Self> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        let mut target = self;
        for token in rest.split('/') {
            let token = unescape(token);
            target = match (target.as_object(), target.as_array()) {
                (Some(map), _) => map.get(&token)?,
                (None, Some(list)) => list.get(array_index(&token)?)?,
                (None, None) => return None,
            };
        }
        Some(target)
    }
}

/// An object's entries, in document order.
pub trait Object<T> {
    /// The value of `key`.
    fn get(&self, key: &str) -> Option<&T>;
    /// The entries in document order.
    fn entries<'s>(&'s self) -> impl Iterator<Item = (&'s str, &'s T)>
    where
        T: 's;
    /// The number of entries.
    fn len(&self) -> usize;
    /// Whether there are no entries.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The first entry.
    fn first<'s>(&'s self) -> Option<(&'s str, &'s T)>
    where
        T: 's,
    {
        self.entries().next()
    }
}

// A pointer token with `~1` and `~0` unescaped, borrowed when it has neither.
fn unescape(token: &str) -> std::borrow::Cow<'_, str> {
    if token.contains('~') {
        token.replace("~1", "/").replace("~0", "~").into()
    } else {
        token.into()
    }
}

// An array index in a pointer: digits, no sign, no leading zero (as `serde_json` reads it).
fn array_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

impl Tree for Value {
    type Object = Map<String, Value>;

    fn as_object(&self) -> Option<&Map<String, Value>> {
        Value::as_object(self)
    }
    fn as_array(&self) -> Option<&[Value]> {
        Value::as_array(self).map(Vec::as_slice)
    }
    fn as_str(&self) -> Option<&str> {
        Value::as_str(self)
    }
    fn as_bool(&self) -> Option<bool> {
        Value::as_bool(self)
    }
    fn as_number(&self) -> Option<Number> {
        match self {
            Value::Number(n) => Some(n.clone()),
            _ => None,
        }
    }
    fn is_null(&self) -> bool {
        Value::is_null(self)
    }
    fn to_value(&self) -> Value {
        self.clone()
    }
    fn same(&self, other: &Value) -> bool {
        self == other
    }
    fn pointer(&self, pointer: &str) -> Option<&Value> {
        Value::pointer(self, pointer)
    }
}

impl Object<Value> for Map<String, Value> {
    fn get(&self, key: &str) -> Option<&Value> {
        Map::get(self, key)
    }
    fn entries<'s>(&'s self) -> impl Iterator<Item = (&'s str, &'s Value)>
    where
        Value: 's,
    {
        self.iter().map(|(k, v)| (k.as_str(), v))
    }
    fn len(&self) -> usize {
        Map::len(self)
    }
}
