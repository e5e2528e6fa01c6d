//! What a tool decided for each parameter of its operation: the [`Accounted`] rows, each with
//! its [`Disposition`], and a parameter's type [`Overridden`] by the tool.

use super::param::Param;
use super::skip_if::is_false;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
    /// The credential of a security scheme, sent by the server (never an agent's argument):
    /// a parameter the spec declares beside its security scheme (Slack's `token` header).
    Credential {
        /// The security scheme whose credential fills it (its key in
        /// `components.securitySchemes`).
        scheme: String,
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
            Disposition::Credential { .. } => "Credential",
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
    /// ([`SpecInfo::null`](super::SpecInfo::null)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub null: Option<String>,
    /// The spec's type overridden by the tool (`#[arg(wire_type = "...")]`) or narrowed
    /// (`#[arg(values = [...])]`, `#[arg(pattern = "...")]`): `param.schema` is then what the
    /// server really reads, and this says what the spec said, where the server reads it and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overridden: Option<Overridden>,
    /// What leaving this body property out does, where it differs from the tool's semantics
    /// (`#[arg(absent = "...")]` on the field that sets it, `omitted("body.x", keeps | clears,
    /// ...)`): the server keeps it though the tool replaces, or clears it though the tool merges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<Absent>,
    /// Whether the items sent in this array body property are added to the ones the server
    /// has rather than replacing them (`#[arg(appends)]`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub appends: bool,
    /// Properties inside this parameter's value that the tool fixes or omits by address
    /// (`fixed("body.data.type", ...)`, `omitted("body.data.secret", ...)`): only on a row a
    /// field sets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub below: Vec<Below>,
}

/// A property inside a parameter's value that the tool accounts for by its address: fixed or
/// omitted (`fixed("body.data.type", value = "task", reason = "...")`), neither offered to nor
/// accepted from an agent, a Fixed one written into every object of its place the tool sends;
/// or set by the struct that stands for its object, with the type the server reads
/// (`arg("body.data.due", wire_type = "string", read_at = "...", reason = "...")`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Below {
    /// The property's address below `body.`, as the accounting writes it: `data.type`,
    /// `items[].kind`, `targets{}.weight` (the parameter's name first, unless it is the whole
    /// body).
    pub address: String,
    /// [`Disposition::Fixed`] or [`Disposition::Omitted`]; or [`Disposition::Set`] (its
    /// `argument` and `field` the property's name) for one whose type is
    /// [`overridden`](Self::overridden).
    #[serde(flatten)]
    pub disposition: Disposition,
    /// The spec's type overridden or narrowed at this address: the row's `param.schema` holds
    /// the type the server reads there, and this says what the spec said, where the server
    /// reads it and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overridden: Option<Overridden>,
}

/// One step of a [`Below`] address from the parameter's value down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BelowStep<'a> {
    /// Into an object's property.
    Property(&'a str),
    /// Into each element of an array (`[]`).
    Items,
    /// Into each value of a map (`{}`).
    Values,
}

impl Below {
    /// Whether the tool sends this property itself or never (Fixed or Omitted): the struct
    /// standing for its object has no field for it.
    pub fn taken_from_struct(&self) -> bool {
        matches!(
            self.disposition,
            Disposition::Fixed { .. } | Disposition::Omitted { .. }
        )
    }

    /// The steps of [`address`](Self::address) (`items[].kind`: `items`, each element, `kind`).
    pub fn steps(&self) -> Vec<BelowStep<'_>> {
        below_steps(&self.address)
    }
}

/// The steps of an address below `body.` (`items[].kind`): names split at `.`, each followed by
/// a step per `[]` (array items) or `{}` (map values) it ends with.
pub fn below_steps(address: &str) -> Vec<BelowStep<'_>> {
    let mut steps = Vec::new();
    for segment in address.split('.') {
        let mut name = segment;
        let mut markers = Vec::new();
        loop {
            if let Some(rest) = name.strip_suffix("[]") {
                markers.push(BelowStep::Items);
                name = rest;
            } else if let Some(rest) = name.strip_suffix("{}") {
                markers.push(BelowStep::Values);
                name = rest;
            } else {
                break;
            }
        }
        steps.push(BelowStep::Property(name));
        steps.extend(markers.into_iter().rev());
    }
    steps
}

/// What a write does to a body property a call leaves out, declared where it differs from the
/// tool's semantics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Absent {
    /// The server keeps its value (on a full replace, which would otherwise clear it).
    Keeps,
    /// The server clears it (on a merge, which would otherwise keep it).
    Clears,
}

impl Absent {
    /// `"keeps"` or `"clears"`, as `#[arg(absent = "...")]` spells it.
    pub fn parse(text: &str) -> Option<Absent> {
        match text {
            "keeps" => Some(Absent::Keeps),
            "clears" => Some(Absent::Clears),
            _ => None,
        }
    }

    /// The spelling [`parse`](Self::parse) reads.
    pub fn as_str(self) -> &'static str {
        match self {
            Absent::Keeps => "keeps",
            Absent::Clears => "clears",
        }
    }
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
