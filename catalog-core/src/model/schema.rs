//! A normalized schema: its [`Type`], the facts every form of the spec agrees on, an object's
//! [`Field`]s, and the one-pass reading of its JSON form from the index.

use super::assertions::Assertions;
use super::skip_if::is_false;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A normalized schema: a type plus the facts every form of the spec agrees on.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Schema {
    /// The normalized type.
    #[serde(flatten)]
    pub ty: Type,
    /// Whether `null` is an accepted value, from any of the forms real specs use.
    #[serde(skip_serializing_if = "is_false")]
    pub nullable: bool,
    /// The schema's own description, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The schema's default value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    /// The schema's `x-*` extension keywords (other than `x-nullable`), carried into the
    /// emitted input schema so that annotations such as applies-when reach
    /// [`crate::present::projection`]; those of a `$ref` are its own, not its target's
    /// ([`Schema::refined_by`]).
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub extensions: serde_json::Map<String, Value>,
    /// The validation keywords beyond the type's own (`multipleOf`, `uniqueItems`,
    /// `minProperties`/`maxProperties`, an `enum` or `const` the type does not carry), boxed
    /// and absent when the schema has none.
    #[serde(flatten)]
    pub assertions: Option<Box<Assertions>>,
}

impl Schema {
    /// A schema of the given type, not nullable, with no description or default.
    pub fn new(ty: Type) -> Schema {
        Schema {
            ty,
            nullable: false,
            description: None,
            default: None,
            extensions: serde_json::Map::new(),
            assertions: None,
        }
    }

    /// The schema's [`Assertions`], created empty when it has none.
    pub fn assertions_mut(&mut self) -> &mut Assertions {
        self.assertions.get_or_insert_with(Box::default)
    }

    /// An opaque schema: any JSON value.
    pub fn any() -> Schema {
        Schema::new(Type::Any)
    }

    /// The schema a [`Type::Shared`] reference names, refined by the reference's own keywords
    /// (its `$ref` siblings): `nullable` adds null, a description or default replaces the
    /// target's, the `x-*` keywords are the reference's alone, and its
    /// [`required_alternatives`](super::Assertions::required_alternatives) are added.
    ///
    /// An extension is read where it is declared: the target's own are not copied onto every
    /// place that references it. Applies-when in particular counts only at a property's
    /// declaration ([`crate::present::projection`]), so a property whose `$ref` target is
    /// annotated, and which declares no annotation itself, is kept.
    pub fn refined_by(mut self, reference: &Schema) -> Schema {
        self.nullable |= reference.nullable;
        if reference.description.is_some() {
            self.description.clone_from(&reference.description);
        }
        if reference.default.is_some() {
            self.default.clone_from(&reference.default);
        }
        self.extensions.clone_from(&reference.extensions);
        // Alternatives set on the reference (a union arm bound by the `allOf` it is merged
        // in) bind the target too.
        if let Some(theirs) = reference.assertions.as_deref()
            && !theirs.required_alternatives.is_empty()
        {
            let own = &mut self.assertions_mut().required_alternatives;
            for a in &theirs.required_alternatives {
                if !own.contains(a) {
                    own.push(a.clone());
                }
            }
        }
        self
    }
}

// The derived `Deserialize` of a flattened, internally tagged enum buffers every schema into
// serde's `Content`, once for `flatten` and once more for the tag, and that dominated loading an
// operation from the index unoptimized (the macro's case). This reads the same JSON in one pass:
// each keyword into a slot, then the type named by `type`. Keywords of other types are ignored,
// as the derived impl ignores them.
impl<'de> Deserialize<'de> for Schema {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Schema, D::Error> {
        d.deserialize_map(SchemaVisitor)
    }
}

struct SchemaVisitor;

enum SchemaKey {
    Type,
    Format,
    Enum,
    Pattern,
    MinLength,
    MaxLength,
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
    Items,
    MinItems,
    MaxItems,
    Fields,
    Open,
    Values,
    Arms,
    Nullable,
    Description,
    Default,
    Extensions,
    Id,
    MultipleOf,
    UniqueItems,
    MinProperties,
    MaxProperties,
    Allowed,
    RequiredAlternatives,
    Other,
}

impl<'de> Deserialize<'de> for SchemaKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SchemaKey, D::Error> {
        struct KeyVisitor;
        impl serde::de::Visitor<'_> for KeyVisitor {
            type Value = SchemaKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a schema keyword")
            }
            fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<SchemaKey, E> {
                // The most frequent first: unoptimized, the arms are tried in order.
                Ok(match key {
                    "type" => SchemaKey::Type,
                    "items" => SchemaKey::Items,
                    "format" => SchemaKey::Format,
                    "description" => SchemaKey::Description,
                    "nullable" => SchemaKey::Nullable,
                    "enum" => SchemaKey::Enum,
                    "fields" => SchemaKey::Fields,
                    "open" => SchemaKey::Open,
                    "values" => SchemaKey::Values,
                    "arms" => SchemaKey::Arms,
                    "default" => SchemaKey::Default,
                    "extensions" => SchemaKey::Extensions,
                    "pattern" => SchemaKey::Pattern,
                    "min_length" => SchemaKey::MinLength,
                    "max_length" => SchemaKey::MaxLength,
                    "minimum" => SchemaKey::Minimum,
                    "maximum" => SchemaKey::Maximum,
                    "exclusive_minimum" => SchemaKey::ExclusiveMinimum,
                    "exclusive_maximum" => SchemaKey::ExclusiveMaximum,
                    "min_items" => SchemaKey::MinItems,
                    "max_items" => SchemaKey::MaxItems,
                    "id" => SchemaKey::Id,
                    "multiple_of" => SchemaKey::MultipleOf,
                    "unique_items" => SchemaKey::UniqueItems,
                    "min_properties" => SchemaKey::MinProperties,
                    "max_properties" => SchemaKey::MaxProperties,
                    "allowed" => SchemaKey::Allowed,
                    "required_alternatives" => SchemaKey::RequiredAlternatives,
                    _ => SchemaKey::Other,
                })
            }
        }
        d.deserialize_identifier(KeyVisitor)
    }
}

impl<'de> serde::de::Visitor<'de> for SchemaVisitor {
    type Value = Schema;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a schema object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Schema, A::Error> {
        let mut parts = SchemaParts::default();
        while let Some(key) = map.next_key::<SchemaKey>()? {
            match key {
                SchemaKey::Type => parts.tag = Some(map.next_value()?),
                SchemaKey::Format => parts.format = map.next_value()?,
                SchemaKey::Enum => parts.enumeration = map.next_value()?,
                SchemaKey::Pattern => parts.pattern = map.next_value()?,
                SchemaKey::MinLength => parts.min_length = map.next_value()?,
                SchemaKey::MaxLength => parts.max_length = map.next_value()?,
                SchemaKey::Minimum => parts.minimum = map.next_value()?,
                SchemaKey::Maximum => parts.maximum = map.next_value()?,
                SchemaKey::ExclusiveMinimum => parts.exclusive_minimum = map.next_value()?,
                SchemaKey::ExclusiveMaximum => parts.exclusive_maximum = map.next_value()?,
                SchemaKey::Items => parts.items = Some(map.next_value()?),
                SchemaKey::MinItems => parts.min_items = map.next_value()?,
                SchemaKey::MaxItems => parts.max_items = map.next_value()?,
                SchemaKey::Fields => parts.fields = map.next_value()?,
                SchemaKey::Open => parts.open = map.next_value()?,
                SchemaKey::Values => parts.values = Some(map.next_value()?),
                SchemaKey::Arms => parts.arms = Some(map.next_value()?),
                SchemaKey::Nullable => parts.schema.nullable = map.next_value()?,
                SchemaKey::Description => parts.schema.description = map.next_value()?,
                // `"default": null` is a default of null, not none (`Option`'s own reading).
                SchemaKey::Default => parts.schema.default = Some(map.next_value()?),
                SchemaKey::Extensions => parts.schema.extensions = map.next_value()?,
                SchemaKey::Id => parts.id = Some(map.next_value()?),
                SchemaKey::MultipleOf => {
                    parts.schema.assertions_mut().multiple_of = map.next_value()?;
                }
                SchemaKey::UniqueItems => {
                    parts.schema.assertions_mut().unique_items = map.next_value()?;
                }
                SchemaKey::MinProperties => {
                    parts.schema.assertions_mut().min_properties = map.next_value()?;
                }
                SchemaKey::MaxProperties => {
                    parts.schema.assertions_mut().max_properties = map.next_value()?;
                }
                SchemaKey::Allowed => parts.schema.assertions_mut().allowed = map.next_value()?,
                SchemaKey::RequiredAlternatives => {
                    parts.schema.assertions_mut().required_alternatives = map.next_value()?;
                }
                SchemaKey::Other => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        parts.build().map_err(|e| e.into_de())
    }
}

/// A stored schema's keywords as read, before its type is settled: what [`Schema`]'s
/// `Deserialize` builds a schema from.
pub(crate) struct SchemaParts {
    pub(crate) tag: Option<String>,
    pub(crate) format: Option<String>,
    pub(crate) enumeration: Option<Value>,
    pub(crate) pattern: Option<String>,
    pub(crate) min_length: Option<u64>,
    pub(crate) max_length: Option<u64>,
    pub(crate) minimum: Option<f64>,
    pub(crate) maximum: Option<f64>,
    pub(crate) exclusive_minimum: bool,
    pub(crate) exclusive_maximum: bool,
    pub(crate) items: Option<Box<Schema>>,
    pub(crate) min_items: Option<u64>,
    pub(crate) max_items: Option<u64>,
    pub(crate) fields: Vec<Field>,
    pub(crate) open: bool,
    pub(crate) values: Option<Box<Schema>>,
    pub(crate) arms: Option<Vec<Schema>>,
    pub(crate) id: Option<usize>,
    /// The keywords every type has (`nullable`, `description`, ...); its type is replaced.
    pub(crate) schema: Schema,
}

impl Default for SchemaParts {
    fn default() -> SchemaParts {
        SchemaParts {
            tag: None,
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
            items: None,
            min_items: None,
            max_items: None,
            fields: Vec::new(),
            open: false,
            values: None,
            arms: None,
            id: None,
            schema: Schema::any(),
        }
    }
}

/// Why [`SchemaParts`] make no schema.
pub(crate) enum PartsError {
    Missing(&'static str),
    UnknownType(String),
    Enum(serde_json::Error),
}

impl PartsError {
    fn into_de<E: serde::de::Error>(self) -> E {
        match self {
            PartsError::Missing(field) => E::missing_field(field),
            PartsError::UnknownType(other) => E::unknown_variant(
                &other,
                &[
                    "string", "integer", "number", "boolean", "array", "object", "anyOf", "any",
                    "file", "shared",
                ],
            ),
            PartsError::Enum(e) => E::custom(e),
        }
    }
}

impl SchemaParts {
    /// The schema these keywords make.
    pub(crate) fn build(self) -> Result<Schema, PartsError> {
        // `enum` holds strings or integers depending on the type, which may come after it.
        fn values<T: serde::de::DeserializeOwned>(
            v: Option<Value>,
        ) -> Result<Option<Vec<T>>, PartsError> {
            match v {
                None | Some(Value::Null) => Ok(None),
                Some(v) => serde_json::from_value(v)
                    .map(Some)
                    .map_err(PartsError::Enum),
            }
        }
        let SchemaParts {
            tag,
            format,
            enumeration,
            pattern,
            min_length,
            max_length,
            minimum,
            maximum,
            exclusive_minimum,
            exclusive_maximum,
            items,
            min_items,
            max_items,
            fields,
            open,
            values: map_values,
            arms,
            id,
            mut schema,
        } = self;
        let tag = tag.ok_or(PartsError::Missing("type"))?;
        schema.ty = match tag.as_str() {
            "string" => Type::String {
                format,
                enumeration: values(enumeration)?,
                pattern,
                min_length,
                max_length,
            },
            "integer" => Type::Integer {
                format,
                minimum,
                maximum,
                enumeration: values(enumeration)?,
            },
            "number" => Type::Number {
                format,
                minimum,
                maximum,
                exclusive_minimum,
                exclusive_maximum,
            },
            "boolean" => Type::Boolean {
                enumeration: values(enumeration)?,
            },
            "array" => Type::Array {
                items: items.ok_or(PartsError::Missing("items"))?,
                min_items,
                max_items,
            },
            "object" => Type::Object {
                fields,
                open,
                values: map_values,
            },
            "anyOf" => Type::AnyOf {
                arms: arms.ok_or(PartsError::Missing("arms"))?,
            },
            "any" => Type::Any,
            "file" => Type::File,
            "shared" => Type::Shared {
                id: id.ok_or(PartsError::Missing("id"))?,
            },
            _ => return Err(PartsError::UnknownType(tag)),
        };
        Ok(schema)
    }
}

/// The normalized type of a schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[non_exhaustive]
pub enum Type {
    /// A string, with its constraints.
    String {
        /// `format` (`date-time`, `uuid`, `binary`, ...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        format: Option<String>,
        /// The allowed values, when the schema is an enum (null removed: see `nullable`).
        #[serde(default, rename = "enum", skip_serializing_if = "Option::is_none")]
        enumeration: Option<Vec<String>>,
        /// `pattern`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pattern: Option<String>,
        /// `minLength`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_length: Option<u64>,
        /// `maxLength`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_length: Option<u64>,
    },
    /// An integer. Bounds are inclusive; exclusive bounds of the spec are folded in. They are
    /// `f64` because the index is JSON (which caps exact integers at 2^53 on many readers and
    /// cannot round-trip `i128` through serde's buffered enums); `u64::MAX`-sized bounds stay
    /// distinguishable from `i64::MAX` ones, which is what type checking needs.
    Integer {
        /// `format` (`int32`, `int64`, ...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        format: Option<String>,
        /// Smallest allowed value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        minimum: Option<f64>,
        /// Largest allowed value.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        maximum: Option<f64>,
        /// The allowed values, when the schema is an enum.
        #[serde(default, rename = "enum", skip_serializing_if = "Option::is_none")]
        enumeration: Option<Vec<i64>>,
    },
    /// A number (floating point).
    Number {
        /// `format` (`float`, `double`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        format: Option<String>,
        /// Lower bound.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        minimum: Option<f64>,
        /// Upper bound.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        maximum: Option<f64>,
        /// Whether `minimum` itself is excluded.
        #[serde(default, skip_serializing_if = "is_false")]
        exclusive_minimum: bool,
        /// Whether `maximum` itself is excluded.
        #[serde(default, skip_serializing_if = "is_false")]
        exclusive_maximum: bool,
    },
    /// `true` or `false`.
    Boolean {
        /// The allowed values, when the schema is an enum or a `const` (`ok: {"enum": [true]}`,
        /// a success discriminator): kept, never dropped, so that inputs and outputs are
        /// checked against it.
        #[serde(default, rename = "enum", skip_serializing_if = "Option::is_none")]
        enumeration: Option<Vec<bool>>,
    },
    /// An array of one element type.
    Array {
        /// The element schema.
        items: Box<Schema>,
        /// `minItems`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_items: Option<u64>,
        /// `maxItems`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_items: Option<u64>,
    },
    /// An object with known fields (after `allOf` merging).
    Object {
        /// The declared properties, in spec order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        fields: Vec<Field>,
        /// Whether properties beyond `fields` are allowed (`additionalProperties` not `false`).
        #[serde(default, skip_serializing_if = "is_false")]
        open: bool,
        /// The schema of every property beyond `fields`, when `additionalProperties` is one
        /// (a map's values): `None` when they may be any value (or none is allowed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        values: Option<Box<Schema>>,
    },
    /// `oneOf`/`anyOf`: a value matching one of the arms.
    AnyOf {
        /// The arms, null arms removed (they make the schema nullable instead).
        arms: Vec<Schema>,
    },
    /// Any JSON value: free-form objects, recursive schemas past their first level, shapes the
    /// index does not model, and parts cut by the expansion budget (see
    /// [`Degradation`](super::Degradation)).
    Any,
    /// A file: bytes with a file name and a media type. The normalizer makes it of a
    /// `format: binary` string that is a part of a `multipart/form-data` body (or the items of
    /// an array part), and of a whole binary body (`application/octet-stream`, ...) with such a
    /// schema or none. A tool carries it as a `catalog::File`.
    File,
    /// A schema stored once in the index's table of shared schemas (a component schema reached
    /// through `$ref`), by its position in that table. Only the index's stored form holds it:
    /// every operation a reader hands out is expanded, and expansion replaces each one with the
    /// schema it names, or with [`Type::Any`] and a [`Degradation`](super::Degradation) where it
    /// stops.
    Shared {
        /// The position in the table of shared schemas.
        id: usize,
    },
}

impl Type {
    /// A boolean that allows both values.
    pub fn boolean() -> Type {
        Type::Boolean { enumeration: None }
    }

    /// A short human name for the type (`string`, `integer int64`, `array of string`), as used
    /// in messages and accounting tables.
    pub fn describe(&self) -> String {
        match self {
            Type::String {
                format,
                enumeration,
                ..
            } => match (format, enumeration) {
                (_, Some(values)) => format!("string enum [{}]", values.join(", ")),
                (Some(f), None) => format!("string ({f})"),
                (None, None) => "string".into(),
            },
            Type::Integer { format, .. } => match format {
                Some(f) => format!("integer ({f})"),
                None => "integer".into(),
            },
            Type::Number { format, .. } => match format {
                Some(f) => format!("number ({f})"),
                None => "number".into(),
            },
            Type::Boolean {
                enumeration: Some(values),
            } => format!("boolean enum [{}]", join_bools(values)),
            Type::Boolean { .. } => "boolean".into(),
            Type::Array { items, .. } => format!("array of {}", items.ty.describe()),
            Type::Object { fields, .. } if fields.is_empty() => "object".into(),
            Type::Object { fields, .. } => match fields.len() {
                1 => "object (1 field)".into(),
                n => format!("object ({n} fields)"),
            },
            Type::AnyOf { arms } => format!("one of {} types", arms.len()),
            Type::Any => "any JSON value".into(),
            Type::File => "file (binary)".into(),
            Type::Shared { id } => format!("shared schema {id}"),
        }
    }
}

// `true, false`: the values of a boolean enum as a message names them.
fn join_bools(values: &[bool]) -> String {
    values
        .iter()
        .map(bool::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A property of an object schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Field {
    /// The property name, as the spec spells it.
    pub name: String,
    /// Whether the object's `required` lists it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    /// Whether the property is `readOnly` (never sent in a request).
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The property's schema.
    pub schema: Schema,
}
