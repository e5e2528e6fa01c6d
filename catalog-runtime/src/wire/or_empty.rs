//! [`OrEmpty`]: a value of the spec's `anyOf [X, {type: string, enum: [""]}]`, the shape Stripe
//! gives its optional nested fields (an object, or the empty string, which unsets it).

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

/// A value that is either `T` or the empty string: the Rust type of a property whose schema is
/// `anyOf [X, {type: string, enum: [""]}]`. `T` is checked against the `X` arm like any nested
/// type (a struct deriving [`Object`](crate::tools::tool::Object) has every rule of nested
/// accounting); [`OrEmpty::Empty`] is sent as itself: `""` in JSON, `field=` in a form body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OrEmpty<T> {
    /// The `X` arm.
    Value(T),
    /// The empty string (on Stripe: unset the field).
    Empty,
}

impl<T: Serialize> Serialize for OrEmpty<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            OrEmpty::Value(v) => v.serialize(serializer),
            OrEmpty::Empty => serializer.serialize_str(""),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OrEmpty<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        if value.as_str() == Some("") {
            return Ok(OrEmpty::Empty);
        }
        T::deserialize(value)
            .map(OrEmpty::Value)
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Address {
        city: String,
    }

    #[test]
    fn the_empty_string_and_the_value_round_trip_as_themselves() {
        let empty: OrEmpty<Address> = serde_json::from_value(json!("")).unwrap();
        assert_eq!(empty, OrEmpty::Empty);
        assert_eq!(serde_json::to_value(&empty).unwrap(), json!(""));
        let v: OrEmpty<Address> = serde_json::from_value(json!({"city": "Paris"})).unwrap();
        assert_eq!(
            v,
            OrEmpty::Value(Address {
                city: "Paris".into()
            })
        );
        assert_eq!(serde_json::to_value(&v).unwrap(), json!({"city": "Paris"}));
    }

    #[test]
    fn another_string_is_refused_by_the_value_type() {
        let e = serde_json::from_value::<OrEmpty<Address>>(json!("x")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid type: string \"x\", expected struct Address"
        );
    }
}
