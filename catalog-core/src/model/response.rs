//! The responses an operation documents: per status (a code, a range such as `2XX`, or
//! `default`), its media types with their schemas, and its headers.

use super::schema::Schema;
use super::unsupported::Unsupported;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A key of an operation's `responses` map, as OpenAPI spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum StatusKey {
    /// One status code (`200`, `404`).
    Code(u16),
    /// A range of codes by their first digit (`2XX` is `Range(2)`).
    Range(u8),
    /// `default`: every status the others do not name.
    Default,
}

impl StatusKey {
    /// Parses a `responses` key: `200`, `2XX` (either case), `default`. Anything else (a code
    /// outside 100..=599, `2X0`, `ok`) is `None`.
    pub fn parse(key: &str) -> Option<StatusKey> {
        if key == "default" {
            return Some(StatusKey::Default);
        }
        let bytes = key.as_bytes();
        if bytes.len() != 3 {
            return None;
        }
        let first = match bytes[0] {
            d @ b'1'..=b'5' => d - b'0',
            _ => return None,
        };
        if bytes[1..].eq_ignore_ascii_case(b"xx") {
            return Some(StatusKey::Range(first));
        }
        key.parse::<u16>().ok().map(StatusKey::Code)
    }

    /// Whether a live response with `status` is described by this key (ignoring more specific
    /// keys: see [`super::Operation::response_for`]).
    pub fn covers(self, status: u16) -> bool {
        match self {
            StatusKey::Code(c) => c == status,
            StatusKey::Range(r) => status / 100 == u16::from(r),
            StatusKey::Default => true,
        }
    }

    /// Whether the key names success statuses (a `2xx` code or the `2XX` range).
    pub fn is_success(self) -> bool {
        match self {
            StatusKey::Code(c) => (200..300).contains(&c),
            StatusKey::Range(r) => r == 2,
            StatusKey::Default => false,
        }
    }

    // How specific the key is: a code beats a range beats `default`.
    pub(super) fn specificity(self) -> u8 {
        match self {
            StatusKey::Code(_) => 2,
            StatusKey::Range(_) => 1,
            StatusKey::Default => 0,
        }
    }
}

impl fmt::Display for StatusKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatusKey::Code(c) => write!(f, "{c}"),
            StatusKey::Range(r) => write!(f, "{r}XX"),
            StatusKey::Default => f.write_str("default"),
        }
    }
}

impl Serialize for StatusKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for StatusKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<StatusKey, D::Error> {
        let key = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        StatusKey::parse(&key).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&key),
                &"a status code, a range such as `2XX`, or `default`",
            )
        })
    }
}

/// One documented response of an operation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Response {
    /// The status (or range, or `default`) it documents.
    pub status: StatusKey,
    /// Its `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Its media types, in spec order, each with its schema when the spec gives one. Empty
    /// when the response has no body (`204`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content: Vec<Content>,
    /// Its documented headers, in spec order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<ResponseHeader>,
    /// JSON pointer to the response object (after `$ref`s are followed).
    pub pointer: String,
    /// What could not be read in it (a dangling `$ref`, ...). The parts affected accept any
    /// value; the operation's request side is not affected.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupported: Vec<Unsupported>,
}

impl Response {
    /// The content of `media_type` (compared without parameters, case-insensitively), or of the
    /// first documented media range that covers it (`application/*`, `*/*`).
    pub fn content_for(&self, media_type: &str) -> Option<&Content> {
        let wanted = media_base(media_type);
        self.content
            .iter()
            .find(|c| media_base(&c.media_type) == wanted)
            .or_else(|| {
                self.content
                    .iter()
                    .find(|c| media_range_covers(&media_base(&c.media_type), &wanted))
            })
    }
}

/// One media type of a response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Content {
    /// The media type as the spec spells it (`application/json`, `text/plain; charset=utf-8`).
    pub media_type: String,
    /// Its schema, normalized like request schemas; `None` when the spec gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<Schema>,
}

impl Content {
    /// Whether its media type is JSON (see [`is_json_media_type`]).
    pub fn is_json(&self) -> bool {
        is_json_media_type(&self.media_type)
    }
}

/// A header a response documents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ResponseHeader {
    /// The header name as the spec spells it.
    pub name: String,
    /// Whether the spec says it is always sent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub required: bool,
    /// Its description (the header's, else its schema's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Its schema.
    pub schema: Schema,
}

/// Whether a media type is JSON: `application/json`, `text/json`, or a `+json` suffix
/// (`application/problem+json`), ignoring parameters and case. The one rule request bodies and
/// responses share.
pub fn is_json_media_type(media_type: &str) -> bool {
    let base = media_base(media_type);
    base == "application/json" || base.ends_with("+json") || base.ends_with("/json")
}

/// A media type without its parameters, trimmed and lower-cased (`application/json`); borrowed
/// when it is lower-case already, as it nearly always is.
pub fn media_base(media_type: &str) -> std::borrow::Cow<'_, str> {
    let base = media_type.split(';').next().unwrap_or_default().trim();
    if base.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(base.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(base)
    }
}

// Whether a documented media range (`*/*`, `image/*`) covers a concrete base type.
fn media_range_covers(range: &str, base: &str) -> bool {
    match range.split_once('/') {
        Some(("*", "*")) => true,
        Some((top, "*")) => base.split_once('/').is_some_and(|(t, _)| t == top),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_keys_parse_and_print_as_the_spec_spells_them() {
        for (key, parsed, printed) in [
            ("200", StatusKey::Code(200), "200"),
            ("599", StatusKey::Code(599), "599"),
            ("2XX", StatusKey::Range(2), "2XX"),
            ("4xx", StatusKey::Range(4), "4XX"),
            ("default", StatusKey::Default, "default"),
        ] {
            assert_eq!(StatusKey::parse(key), Some(parsed), "{key}");
            assert_eq!(parsed.to_string(), printed);
            let json = serde_json::to_value(parsed).unwrap();
            assert_eq!(json, serde_json::json!(printed));
            assert_eq!(serde_json::from_value::<StatusKey>(json).unwrap(), parsed);
        }
        for bad in [
            "", "20", "2000", "600", "099", "2X0", "ok", "Default", "6XX", "+20",
        ] {
            assert_eq!(StatusKey::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn success_is_a_2xx_code_or_the_2xx_range() {
        assert!(StatusKey::Code(200).is_success());
        assert!(StatusKey::Code(204).is_success());
        assert!(StatusKey::Range(2).is_success());
        assert!(!StatusKey::Code(304).is_success());
        assert!(!StatusKey::Range(4).is_success());
        assert!(!StatusKey::Default.is_success());
    }

    #[test]
    fn json_media_types_ignore_parameters_and_case() {
        for json in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "text/json",
            "application/problem+json",
            "application/vnd.github.v3+json",
        ] {
            assert!(is_json_media_type(json), "{json}");
        }
        for other in [
            "text/plain",
            "application/json-seq",
            "*/*",
            "application/octet-stream",
        ] {
            assert!(!is_json_media_type(other), "{other}");
        }
    }

    fn response(status: StatusKey, media: &[&str]) -> Response {
        Response {
            status,
            description: None,
            content: media
                .iter()
                .map(|m| Content {
                    media_type: m.to_string(),
                    schema: None,
                })
                .collect(),
            headers: vec![],
            pointer: format!("#/responses/{status}"),
            unsupported: vec![],
        }
    }

    #[test]
    fn a_live_status_falls_under_its_code_then_its_range_then_default() {
        let mut op = crate::model::testing::op("GET", "/x")
            .response(response(StatusKey::Default, &[]))
            .response(response(StatusKey::Range(4), &[]))
            .response(response(StatusKey::Code(404), &[]))
            .response(response(StatusKey::Code(200), &[]))
            .build();
        let status_of =
            |op: &crate::model::Operation, code| op.response_for(code).map(|r| r.status);
        assert_eq!(status_of(&op, 200), Some(StatusKey::Code(200)));
        assert_eq!(status_of(&op, 404), Some(StatusKey::Code(404)));
        assert_eq!(status_of(&op, 409), Some(StatusKey::Range(4)));
        assert_eq!(status_of(&op, 500), Some(StatusKey::Default));
        op.responses.remove(0);
        assert_eq!(status_of(&op, 500), None);
    }

    #[test]
    fn content_is_found_by_exact_type_then_by_range() {
        let r = response(
            StatusKey::Code(200),
            &["application/json; charset=utf-8", "image/*", "*/*"],
        );
        let found = |m: &str| r.content_for(m).map(|c| c.media_type.as_str());
        assert_eq!(
            found("application/JSON"),
            Some("application/json; charset=utf-8")
        );
        assert_eq!(found("image/png"), Some("image/*"));
        assert_eq!(found("text/plain"), Some("*/*"));
        let only_json = response(StatusKey::Code(200), &["application/json"]);
        assert_eq!(only_json.content_for("text/plain"), None);
    }
}
