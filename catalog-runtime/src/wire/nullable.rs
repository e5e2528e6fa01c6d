//! [`Nullable`]: a nullable property of a nested struct that tells "not set" from the agent's
//! explicit null.

use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, Serializer};

/// The Rust type of a nullable property of a `#[derive(catalog::Object)]` struct whose null an
/// agent may send: [`Nullable::Unset`] is not sent at all, [`Nullable::Null`] is sent as null
/// (`field=` in a form body), [`Nullable::Value`] as the value. A plain `Option<T>` on such a
/// property means "unset only": its `None` is never sent, and the tool's input schema does not
/// offer null there (docs/form-bodies.md).
///
/// The field must not be serialized when unset, and is unset when the agent leaves it out,
/// which serde is told on the field (the derive refuses the field without it):
///
/// ```text
/// #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
/// pub state: catalog::Nullable<String>,
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Nullable<T> {
    /// Not given: not sent.
    #[default]
    Unset,
    /// The agent's explicit null: sent as null.
    Null,
    /// A value.
    Value(T),
}

impl<T> Nullable<T> {
    /// Whether the field was not given (`skip_serializing_if` reads it).
    pub fn is_unset(&self) -> bool {
        matches!(self, Nullable::Unset)
    }

    /// The value, if there is one.
    pub fn value(&self) -> Option<&T> {
        match self {
            Nullable::Value(v) => Some(v),
            Nullable::Unset | Nullable::Null => None,
        }
    }
}

impl<T: Serialize> Serialize for Nullable<T> {
    /// The value, or null for both [`Nullable::Null`] and (only where `skip_serializing_if` is
    /// missing) [`Nullable::Unset`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Nullable::Value(v) => v.serialize(serializer),
            Nullable::Null | Nullable::Unset => serializer.serialize_none(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Nullable<T> {
    /// Null is [`Nullable::Null`], anything else `T`'s; a missing field is
    /// [`Nullable::Unset`] through `#[serde(default)]`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Option::<T>::deserialize(deserializer)? {
            Some(v) => Nullable::Value(v),
            None => Nullable::Null,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Address {
        line1: Option<String>,
        #[serde(default, skip_serializing_if = "Nullable::is_unset")]
        state: Nullable<String>,
    }

    #[test]
    fn unset_null_and_a_value_round_trip_as_themselves() {
        let cases = [
            (json!({}), Nullable::Unset, json!({"line1": null})),
            (
                json!({"state": null}),
                Nullable::Null,
                json!({"line1": null, "state": null}),
            ),
            (
                json!({"state": "CA"}),
                Nullable::Value("CA".to_string()),
                json!({"line1": null, "state": "CA"}),
            ),
        ];
        for (input, state, output) in cases {
            let read: Address = serde_json::from_value(input.clone()).unwrap();
            assert_eq!(read.state, state, "{input}");
            assert_eq!(serde_json::to_value(&read).unwrap(), output, "{input}");
        }
    }

    #[test]
    fn a_value_of_another_type_is_refused_by_the_value_type() {
        let e = serde_json::from_value::<Address>(json!({"state": 5})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid type: integer `5`, expected a string"
        );
    }
}
