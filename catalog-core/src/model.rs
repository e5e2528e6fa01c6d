//! The normalized data model every phase shares: what the index stores for each operation, and
//! what a tool carries at run time.
//!
//! The spec side is normalized once (in [`crate::spec::normalize`]) into these types; accounting,
//! schema generation, routing and the runtime read only these, never the raw document.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

mod path;
mod response;
pub use path::{Part, Parts, PathTemplate, TemplateError, TemplateErrorKind};
#[cfg(test)]
pub(crate) mod testing;
pub use response::{Content, Response, ResponseHeader, StatusKey, is_json_media_type, media_base};

/// Where a parameter travels on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Location {
    /// A segment of the path template (`/users/{id}`).
    Path,
    /// A query-string parameter.
    Query,
    /// A request header.
    Header,
    /// A cookie.
    Cookie,
    /// A top-level field of the request body, or the whole body when it is not an object.
    Body,
}

impl Location {
    /// Every location, in the order accounting tables list them.
    pub const ALL: [Location; 5] = [
        Location::Path,
        Location::Query,
        Location::Header,
        Location::Cookie,
        Location::Body,
    ];

    /// The location as it is spelled in a parameter address (`query`, `body`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Location::Path => "path",
            Location::Query => "query",
            Location::Header => "header",
            Location::Cookie => "cookie",
            Location::Body => "body",
        }
    }

    /// Parses the location part of a parameter address.
    pub fn parse(s: &str) -> Option<Location> {
        Location::ALL.into_iter().find(|l| l.as_str() == s)
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// OpenAPI parameter serialization style (`style` keyword).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Style {
    /// `simple`: the default for path and header parameters.
    Simple,
    /// `form`: the default for query and cookie parameters.
    Form,
    /// `label`: path values prefixed with `.`.
    Label,
    /// `matrix`: path values prefixed with `;name=`.
    Matrix,
    /// `spaceDelimited` arrays in the query.
    SpaceDelimited,
    /// `pipeDelimited` arrays in the query.
    PipeDelimited,
    /// `deepObject`: `name[key]=value` in the query.
    DeepObject,
}

impl Style {
    /// The default style for a location, per OpenAPI 3.
    pub fn default_for(location: Location) -> Style {
        match location {
            Location::Query | Location::Cookie => Style::Form,
            _ => Style::Simple,
        }
    }

    /// Parses the `style` keyword.
    pub fn parse(s: &str) -> Option<Style> {
        Some(match s {
            "simple" => Style::Simple,
            "form" => Style::Form,
            "label" => Style::Label,
            "matrix" => Style::Matrix,
            "spaceDelimited" => Style::SpaceDelimited,
            "pipeDelimited" => Style::PipeDelimited,
            "deepObject" => Style::DeepObject,
            _ => return None,
        })
    }
}

/// A normalized schema: a type plus the facts every form of the spec agrees on.
#[derive(Clone, Debug, PartialEq, Serialize)]
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
        }
    }

    /// An opaque schema: any JSON value.
    pub fn any() -> Schema {
        Schema::new(Type::Any)
    }

    /// The schema a [`Type::Shared`] reference names, refined by the reference's own keywords
    /// (its `$ref` siblings): `nullable` adds null, a description or default replaces the
    /// target's, and the `x-*` keywords are the reference's alone.
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
                SchemaKey::Default => parts.schema.default = map.next_value()?,
                SchemaKey::Extensions => parts.schema.extensions = map.next_value()?,
                SchemaKey::Id => parts.id = Some(map.next_value()?),
                SchemaKey::Other => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
            }
        }
        parts.build().map_err(|e| e.into_de())
    }
}

/// A stored schema's keywords as read, before its type is settled: what [`Schema`]'s
/// `Deserialize` and the index's own reader of parameters (`index::params_read`) both build
/// a schema from.
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
            "boolean" => Type::Boolean,
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
    Boolean,
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
    /// index does not model, and parts cut by the expansion budget (see [`Degradation`]).
    Any,
    /// A file: bytes with a file name and a media type. The normalizer makes it of a
    /// `format: binary` string that is a part of a `multipart/form-data` body (or the items of
    /// an array part), and of a whole binary body (`application/octet-stream`, ...) with such a
    /// schema or none. A tool carries it as a `catalog::File`.
    File,
    /// A schema stored once in the index's table of shared schemas (a component schema reached
    /// through `$ref`), by its position in that table. Only the index's stored form holds it:
    /// every operation a reader hands out is expanded, and expansion replaces each one with the
    /// schema it names, or with [`Type::Any`] and a [`Degradation`] where it stops.
    Shared {
        /// The position in the table of shared schemas.
        id: usize,
    },
}

impl Type {
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
            Type::Boolean => "boolean".into(),
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

/// A property of an object schema.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

/// One parameter of an operation: a path/query/header/cookie parameter or a top-level body field.
///
/// In JSON, `style` and `explode` are left out when both are what the location implies (form and
/// exploded for query, cookie and body; simple and not exploded for path and header): they are
/// most of the parameters of real specs, and the macro parses them unoptimized.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(from = "ParamRepr")]
pub struct Param {
    /// Where it travels.
    pub location: Location,
    /// The wire name, exactly as the spec spells it. Empty for a whole (non-object) body.
    pub name: String,
    /// Whether the request must carry it.
    pub required: bool,
    /// Whether the spec marks it deprecated.
    pub deprecated: bool,
    /// The parameter's description (else its schema's).
    pub description: Option<String>,
    /// The normalized schema.
    pub schema: Schema,
    /// Serialization style.
    pub style: Style,
    /// Whether arrays and objects are exploded.
    pub explode: bool,
    /// JSON pointer to where the spec declares it.
    pub pointer: String,
}

// The style a parameter's JSON implies when it has none (body fields are always sent as form
// fields, exploded).
fn implied_style(location: Location) -> Style {
    match location {
        Location::Body => Style::Form,
        l => Style::default_for(l),
    }
}

impl Serialize for Param {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let implied = self.style_and_explode_implied();
        let mut m = s.serialize_struct("Param", 9)?;
        m.serialize_field("location", &self.location)?;
        m.serialize_field("name", &self.name)?;
        if self.required {
            m.serialize_field("required", &true)?;
        }
        if self.deprecated {
            m.serialize_field("deprecated", &true)?;
        }
        if let Some(d) = &self.description {
            m.serialize_field("description", d)?;
        }
        m.serialize_field("schema", &self.schema)?;
        // With a `style`, a missing `explode` is false, as it always was.
        if !implied {
            m.serialize_field("style", &self.style)?;
            if self.explode {
                m.serialize_field("explode", &true)?;
            }
        }
        m.serialize_field("pointer", &self.pointer)?;
        m.end()
    }
}

#[derive(Deserialize)]
pub(crate) struct ParamRepr {
    pub(crate) location: Location,
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) required: bool,
    #[serde(default)]
    pub(crate) deprecated: bool,
    #[serde(default)]
    pub(crate) description: Option<String>,
    pub(crate) schema: Schema,
    #[serde(default)]
    pub(crate) style: Option<Style>,
    #[serde(default)]
    pub(crate) explode: Option<bool>,
    pub(crate) pointer: String,
}

impl From<ParamRepr> for Param {
    fn from(p: ParamRepr) -> Param {
        let (style, explode) = match p.style {
            Some(style) => (style, p.explode.unwrap_or(false)),
            None => {
                let style = implied_style(p.location);
                (style, p.explode.unwrap_or(style == Style::Form))
            }
        };
        Param {
            location: p.location,
            name: p.name,
            required: p.required,
            deprecated: p.deprecated,
            description: p.description,
            schema: p.schema,
            style,
            explode,
            pointer: p.pointer,
        }
    }
}

impl Param {
    // Whether JSON may leave `style` and `explode` out (see the type's doc).
    pub(crate) fn style_and_explode_implied(&self) -> bool {
        let implied = implied_style(self.location);
        self.style == implied && self.explode == (implied == Style::Form)
    }

    /// The parameter's address, `"<location>.<wire name>"`, or `"body"` for a whole body.
    pub fn address(&self) -> String {
        address(self.location, &self.name)
    }

    /// [`Param::address`] written into `out`.
    pub(crate) fn write_address(&self, out: &mut String) {
        Param::write_address_of(self.location, &self.name, out);
    }

    /// The one address rule, [`address`], writing into `out`.
    fn write_address_of(location: Location, name: &str, out: &mut String) {
        if location == Location::Body && name.is_empty() {
            out.push_str("body");
        } else {
            out.push_str(location.as_str());
            out.push('.');
            out.push_str(name);
        }
    }

    /// Whether [`Param::address`] is `address`, without writing it out.
    pub fn is_at(&self, address: &str) -> bool {
        if self.location == Location::Body && self.name.is_empty() {
            return address == "body";
        }
        address
            .strip_prefix(self.location.as_str())
            .and_then(|rest| rest.strip_prefix('.'))
            == Some(self.name.as_str())
    }

    /// Whether `other` has this parameter's address.
    pub fn same_address(&self, other: &Param) -> bool {
        self.location == other.location && self.name == other.name
    }
}

/// The one way a parameter is named in messages and attributes: `query.page`, `body.title`, and
/// `body` for a whole (non-object) body, which has no name.
pub fn address(location: Location, name: &str) -> String {
    let mut out = String::with_capacity(location.as_str().len() + 1 + name.len());
    Param::write_address_of(location, name, &mut out);
    out
}

/// How the request body is encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BodyKind {
    /// `application/json` or any `+json` type.
    Json,
    /// `application/x-www-form-urlencoded`.
    Form,
    /// `multipart/form-data`.
    Multipart,
    /// `text/*`.
    Text,
    /// `application/octet-stream` and other binary types.
    Binary,
}

/// The request body of an operation. Its fields are [`Param`]s with [`Location::Body`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Body {
    /// The media type the body is sent as: the chosen one exactly as the spec spells it, or,
    /// when that names no type to send, the one chosen for it (see `documented_as`).
    pub media_type: String,
    /// The media type the spec documents, when the body is sent as another: a range
    /// (`*/*`, `application/*`) with a JSON-shaped schema is sent as `application/json`, and
    /// the unregistered `application/form-data` as `multipart/form-data`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documented_as: Option<String>,
    /// How that media type is encoded.
    pub kind: BodyKind,
    /// Whether the request must carry a body.
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    /// True when the body is not an object: it is one parameter addressed as `"body"`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub whole: bool,
    /// Whether the body object accepts properties beyond its declared fields.
    #[serde(default, skip_serializing_if = "is_false")]
    pub open: bool,
    /// JSON pointer to the chosen media type's schema.
    pub pointer: String,
    /// A multipart body's `encoding` entries, in spec order: how named parts are sent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub encoding: Vec<PartEncoding>,
    /// The names of each arm of a union (`oneOf`/`anyOf`) body, in arm order, by which a tool
    /// may pick one (`variant = "NewTask"`): a `$ref` arm's component name, the discriminator
    /// mapping's keys that name it, its `title`. Empty when the body is no union.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arm_names: Vec<Vec<String>>,
    /// The schema of each property beyond the declared ones, when the body object declares
    /// properties and a schema-valued `additionalProperties` beside them (`open` is then true).
    /// A tool sends such a key only as an undocumented parameter (its name is the spec's to
    /// leave open), whose value is checked against this schema.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Schema>,
}

impl Body {
    /// When the body is sent as another media type than the spec documents, the sentence that
    /// says so (`` The spec documents the request body as `*/*`; it is sent as `application/json` ``).
    pub fn sent_as(&self) -> Option<String> {
        let documented = self.documented_as.as_ref()?;
        Some(format!(
            "The spec documents the request body as `{documented}`; it is sent as `{}`",
            self.media_type
        ))
    }
}

/// One entry of a multipart body's `encoding` object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartEncoding {
    /// The property (part) it applies to.
    pub name: String,
    /// `contentType`: the media type, or a comma-separated list of media ranges, the part may be
    /// sent as (`image/png, image/jpeg`, `image/*`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    /// The names of the part headers it declares (`headers`), which tools cannot send.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<String>,
}

/// A shape the index could not normalize, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unsupported {
    /// What is wrong, in words a user can act on.
    pub reason: String,
    /// JSON pointer into the spec.
    pub pointer: String,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported: {} at {}", self.reason, self.pointer)
    }
}

/// Identity of the spec an operation came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecInfo {
    /// The spec file's stem (`mattermost-v4`), which `#[tool(spec = ...)]` names.
    pub stem: String,
    /// `info.title`.
    pub title: String,
    /// `info.version`.
    pub version: String,
    /// The document's `openapi` version string.
    pub openapi: String,
    /// A hash of the spec's bytes (16 hex digits; detects change, not tampering).
    pub hash: String,
    /// The text a null value is sent as in path, query, header, cookie and form values, as the
    /// API reads it (`"null"` for NetBox's filters), declared when the spec is indexed; `None`
    /// for the default (an empty value; refused in a path). A JSON body always sends `null`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null: Option<String>,
}

/// What a tool decided for one parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "disposition", rename_all = "lowercase")]
pub enum Disposition {
    /// A field of the tool sets it from the agent's argument.
    Set {
        /// The argument name the agent uses (MCP schema property).
        argument: String,
        /// The Rust field name.
        field: String,
    },
    /// Always sent with this value.
    Fixed {
        /// The value sent.
        value: Value,
        /// Why the agent may not choose it.
        reason: String,
    },
    /// Never sent.
    Omitted {
        /// What a user loses, and why that is right.
        reason: String,
        /// The glob that covered it, when it was omitted as part of a group.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pattern: Option<String>,
    },
    /// Read by the server though the spec does not document it.
    Undocumented {
        /// The argument that sets it, when a field does.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        argument: Option<String>,
        /// The Rust field name, when a field sets it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        field: Option<String>,
        /// A value always sent, when no field sets it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        value: Option<Value>,
        /// Where in the server's code it is read.
        read_at: String,
        /// Why the tool relies on it.
        reason: String,
    },
}

impl Disposition {
    /// The disposition's name as accounting tables show it.
    pub fn name(&self) -> &'static str {
        match self {
            Disposition::Set { .. } => "Set",
            Disposition::Fixed { .. } => "Fixed",
            Disposition::Omitted { .. } => "Omitted",
            Disposition::Undocumented { .. } => "Undocumented",
        }
    }
}

/// One row of a tool's accounting table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accounted {
    /// The parameter, as the operation declares it. For an Undocumented parameter this is
    /// synthesized from the declaration (its schema is the argument's type, or `Any`).
    pub param: Param,
    /// What the tool does with it.
    #[serde(flatten)]
    pub disposition: Disposition,
    /// This parameter's wire form of null (`#[arg(null = "...")]`), overriding the spec's
    /// ([`SpecInfo::null`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null: Option<String>,
    /// The spec's type overridden by the tool (`#[arg(wire_type = "...")]`) or narrowed
    /// (`#[arg(values = [...])]`, `#[arg(pattern = "...")]`): `param.schema` is then what the
    /// server really reads, and this says what the spec said, where the server reads it and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overridden: Option<Overridden>,
}

impl Accounted {
    /// The name pattern (`cf_*`) when this row is an undocumented family of parameters
    /// (`#[arg(family = "query.cf_*", ...)]`): an argument whose keys are parameter names that
    /// match it, each value sent as that parameter in `param`'s style, `param.schema` being each
    /// value's schema. Only a family's Undocumented row has a `*` in its name: accounting
    /// refuses one in an exact address.
    pub fn family(&self) -> Option<&str> {
        match self.disposition {
            Disposition::Undocumented {
                argument: Some(_), ..
            } if self.param.name.contains('*') => Some(&self.param.name),
            _ => None,
        }
    }
}

/// A parameter whose spec type is wrong, with the type the server reads declared by the tool
/// (`#[arg(wire_type = "integer", read_at = "...", reason = "...")]`), or whose server accepts
/// fewer values than the spec says (`#[arg(values = ["active", ...], read_at, reason)]`,
/// `#[arg(pattern = "^...$", read_at, reason)]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Overridden {
    /// The type the spec gives the parameter (`array of string`).
    pub spec_type: String,
    /// Where in the server's code the parameter is read.
    pub read_at: String,
    /// Why the spec's type is wrong.
    pub reason: String,
    /// Whether the override narrows the spec's type (an enum or a pattern added) rather than
    /// replacing it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub narrowed: bool,
}

/// A normalized operation. In the index, `spec` is empty and `accounting` is empty; a tool's
/// [`Operation`] carries both.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Operation {
    /// `operationId`, when the spec gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// HTTP method, upper case.
    pub method: String,
    /// Path template, as the spec spells it (`/api/v4/posts/{post_id}`).
    pub path: String,
    /// JSON pointer to the operation object.
    pub pointer: String,
    /// `summary`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Whether the operation is deprecated.
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    /// Every parameter: path, query, header, cookie (path-level merged with operation-level, in
    /// spec order), then the top-level body fields (or the whole body).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
    /// The request body, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Body>,
    /// Every documented response, in spec order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub responses: Vec<Response>,
    /// Why tools cannot wrap this operation, when they cannot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupported: Vec<Unsupported>,
    /// Where its schemas were not written out in full when it was expanded (a recursive
    /// reference, or the expansion budget reached), each once per schema and reason. Empty in
    /// the index's stored form, and for every operation whose schemas expand in full.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub degraded: Vec<Degradation>,
    /// The same for its response schemas, expanded under their own budget (so that a large
    /// response never cuts the input schema), with `at` naming the response
    /// (`response.200.application/json.items[]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub degraded_output: Vec<Degradation>,
    /// The spec the operation came from (filled in for a tool).
    #[serde(default, skip_serializing_if = "is_default")]
    pub spec: SpecInfo,
    /// The tool's accounting table (filled in for a tool), in parameter order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accounting: Vec<Accounted>,
    /// The security requirement (the operation's `security`, else the document's), each
    /// alternative with its schemes' definitions; empty when no credential is needed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub security: Vec<crate::spec::security::Requirement>,
    /// The operation's `tags`, in spec order: the groups its tools belong to unless a tool
    /// names its own ([`Catalog::in_groups`](crate::serve::catalog::Catalog::in_groups)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

/// A component schema stored once in the index and referenced by [`Type::Shared`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SharedSchema {
    /// The `$ref` that names it (`#/components/schemas/Pet`).
    pub pointer: String,
    /// Its normalized form, in which the schemas it references are [`Type::Shared`] too.
    pub schema: Schema,
}

/// Why part of an operation's schema was not written out in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DegradeReason {
    /// The schema contains itself (through `$ref`); its inner occurrence accepts any value.
    Recursive,
    /// Writing it out would pass the expansion budget (this many schema nodes per operation);
    /// it accepts any value and the server alone validates it.
    Budget(usize),
}

/// A place where an operation's schema was not written out in full: it accepts any JSON value
/// there, and its description says so. The `#[tool]` macro notes each one on the tool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Degradation {
    /// The first argument path where it happened (`body.spec.rules[].next`: `[]` steps into
    /// array items, `.anyOf[i]` into a union's arm); in a response schema, the response first
    /// (`response.200.application/json.items[].owner`).
    pub at: String,
    /// The `$ref` of the schema that was not written out (`#/components/schemas/Rule`).
    pub pointer: String,
    /// Why.
    pub reason: DegradeReason,
}

impl Degradation {
    /// The description the degraded part carries in the emitted input schema.
    pub fn description(&self) -> String {
        self.description_in("input")
    }

    /// The description the degraded part carries in the emitted `side` (`input`, `output`)
    /// schema.
    pub fn description_in(&self, side: &str) -> String {
        match self.reason {
            DegradeReason::Recursive => format!("recursive reference to `{}`", self.pointer),
            DegradeReason::Budget(budget) => format!(
                "`{}` is not written out here: the {side} schema reached its budget of {budget} \
                 schema nodes; any JSON value is accepted here{}",
                self.pointer,
                if side == "input" {
                    " and the server validates it"
                } else {
                    ""
                }
            ),
        }
    }
}

impl fmt::Display for Degradation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            DegradeReason::Recursive => write!(
                f,
                "`{}` accepts any JSON value: `{}` contains itself and is written out once",
                self.at, self.pointer
            ),
            DegradeReason::Budget(budget) => write!(
                f,
                "`{}` accepts any JSON value: writing out `{}` would pass the budget of {budget} \
                 schema nodes per operation{}",
                self.at,
                self.pointer,
                // Response schemas (`response.200...`) describe what the server sends.
                if self.at.starts_with("response.") {
                    ""
                } else {
                    "; the server validates it"
                }
            ),
        }
    }
}

impl Operation {
    /// `"METHOD /path"`, the name that identifies an operation even without an operationId.
    pub fn key(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// The operationId if any, else `"METHOD /path"`.
    pub fn display_name(&self) -> String {
        self.id.clone().unwrap_or_else(|| self.key())
    }

    /// The parameter at `address` (`"query.page"`, `"body"`).
    pub fn param(&self, address: &str) -> Option<&Param> {
        self.params.iter().find(|p| p.is_at(address))
    }

    /// Whether tools can wrap this operation.
    pub fn is_supported(&self) -> bool {
        self.unsupported.is_empty()
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_of_whole_body_is_body() {
        let body = testing::param(Location::Body, "");
        assert_eq!(body.address(), "body");
        assert_eq!(testing::query("pageNum").address(), "query.pageNum");
    }

    fn param(location: Location, style: Style, explode: bool) -> Param {
        Param {
            location,
            name: "p".into(),
            required: false,
            deprecated: false,
            description: None,
            schema: Schema::any(),
            style,
            explode,
            pointer: "#/p".into(),
        }
    }

    #[test]
    fn style_and_explode_are_left_out_only_when_implied() {
        let styles = [
            Style::Simple,
            Style::Form,
            Style::Label,
            Style::Matrix,
            Style::SpaceDelimited,
            Style::PipeDelimited,
            Style::DeepObject,
        ];
        for location in Location::ALL {
            for style in styles {
                for explode in [false, true] {
                    let p = param(location, style, explode);
                    let json = serde_json::to_value(&p).unwrap();
                    let back: Param = serde_json::from_value(json.clone()).unwrap();
                    assert_eq!(back, p, "{json}");
                    let implied = match location {
                        Location::Query | Location::Cookie | Location::Body => {
                            style == Style::Form && explode
                        }
                        Location::Path | Location::Header => style == Style::Simple && !explode,
                    };
                    assert_eq!(json.get("style").is_none(), implied, "{json}");
                }
            }
        }
        // JSON that spells `style` out reads as before: no `explode` is false.
        let old = serde_json::json!({
            "location": "query", "name": "p", "schema": {"type": "any"}, "style": "form",
            "pointer": "#/p"
        });
        let p: Param = serde_json::from_value(old).unwrap();
        assert_eq!((p.style, p.explode), (Style::Form, false));
    }

    #[test]
    fn schema_reads_keywords_in_any_order_and_rejects_what_the_derive_rejected() {
        let s: Schema = serde_json::from_str(
            r#"{"enum":["a","b"],"nullable":true,"min_length":1,"type":"string","x":1}"#,
        )
        .unwrap();
        assert_eq!(
            s.ty,
            Type::String {
                format: None,
                enumeration: Some(vec!["a".into(), "b".into()]),
                pattern: None,
                min_length: Some(1),
                max_length: None,
            }
        );
        assert!(s.nullable);
        let s: Schema = serde_json::from_str(r#"{"type":"integer","enum":[1,2]}"#).unwrap();
        assert!(matches!(s.ty, Type::Integer { enumeration: Some(ref e), .. } if e == &[1, 2]));
        for bad in [
            r#"{}"#,
            r#"{"type":"nope"}"#,
            r#"{"type":"array"}"#,
            r#"{"type":"anyOf"}"#,
            r#"{"type":"integer","enum":["a"]}"#,
            r#"{"type":"string","nullable":null}"#,
            r#"[]"#,
        ] {
            assert!(serde_json::from_str::<Schema>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn operation_round_trips_through_json() {
        let mut id = testing::param(Location::Path, "id");
        id.description = Some("The id".into());
        id.schema = Schema::new(Type::Integer {
            format: Some("int64".into()),
            minimum: Some(1.0),
            maximum: None,
            enumeration: None,
        });
        let op = testing::op("GET", "/things/{id}")
            .id("GetThing")
            .params(vec![id])
            .build();
        let json = serde_json::to_string(&op).unwrap();
        let back: Operation = serde_json::from_str(&json).unwrap();
        assert_eq!(op, back);
        assert_eq!(op.key(), "GET /things/{id}");
    }
}
