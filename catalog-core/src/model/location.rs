//! Where a parameter travels on the wire ([`Location`]) and how it is spelled there
//! ([`Style`]): shared by parameters, bodies and unions.

use serde::{Deserialize, Serialize};
use std::fmt;

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

/// The characters a header value cannot hold (Unicode's control characters, `C0`, `DEL` and
/// `C1`), as the pattern a header's text takes: the request builder refuses them (a header
/// line cannot carry them), so the input schema says so and an agent is told before sending,
/// where a schema-driven fuzz found such values offered and then refused. A text with its own
/// pattern or enum keeps it (one pattern per schema; the builder still refuses the rest).
pub const HEADER_TEXT_PATTERN: &str = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$";

/// OpenAPI parameter serialization style (`style` keyword).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
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
    /// The value's JSON text as one scalar: a parameter declared with `content:
    /// application/json` instead of a `schema`, or a text parameter overridden with
    /// `#[arg(wire_type = "json")]` (Slack's `blocks`). No `style` keyword names it.
    Json,
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
