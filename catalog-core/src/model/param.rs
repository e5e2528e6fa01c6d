//! An operation's parameters and request body: each [`Param`] with its location, style and
//! schema, its address (`query.page`), and how the [`Body`] is encoded.

use super::assertions::RequiredAlternatives;
use super::location::{Location, Style};
use super::schema::Schema;
use super::skip_if::is_false;
use serde::{Deserialize, Serialize};

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
#[non_exhaustive]
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
    /// The body object's [`RequiredAlternatives`] (by property name), when its fields are the
    /// parameters: at least one (or exactly one) of the sets of properties must be sent, which
    /// no one parameter's schema can say. Empty when there is none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_alternatives: Vec<RequiredAlternatives>,
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
#[non_exhaustive]
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
