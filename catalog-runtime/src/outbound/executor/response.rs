//! The API's answer as the executor hands it back: [`ApiResponse`] (status, selected headers,
//! the body within the cap) and the text an agent reads of it.

use crate::wire::bounded::Bounded;
use http::StatusCode;

/// The API's answer, as data: status, the [`SELECTED_HEADERS`](crate::wire::bounded::SELECTED_HEADERS) present, and the body, within
/// the response cap together ([`crate::wire::bounded`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiResponse {
    /// The HTTP status.
    pub status: StatusCode,
    /// The URL the tool's request went to (credentials the executor adds are not in it).
    pub url: String,
    /// The selected headers present that fit the cap, whole, lowercase names, in
    /// [`SELECTED_HEADERS`](crate::wire::bounded::SELECTED_HEADERS) order.
    pub headers: Vec<(String, String)>,
    /// The selected headers present that did not fit the cap: name and bytes.
    pub left_out_headers: Vec<(String, usize)>,
    /// The body as kept within what the headers left of the cap.
    pub body: Bounded,
    /// The cap in force, for the markers.
    pub max_bytes: usize,
    /// How many times the request was sent (more than 1 when it was retried: [`retry`](super::retry)).
    pub attempts: u32,
    /// What the other attempts got, in order (`HTTP 503 Service Unavailable`, `connection
    /// failed`, `no answer in time`); empty when there was one.
    pub retried_after: Vec<String>,
}

impl ApiResponse {
    /// The `ETag` header, verbatim (quotes and a `W/` prefix included), if the API sent one.
    pub fn etag(&self) -> Option<&str> {
        self.header("etag")
    }

    /// A selected header's value, by lowercase name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the status is 4xx or 5xx.
    pub fn is_error(&self) -> bool {
        self.status.is_client_error() || self.status.is_server_error()
    }

    /// The body's media type without parameters, lower case, when the API sent one.
    pub fn media_type(&self) -> Option<String> {
        self.header("content-type")
            .map(|t| catalog_core::model::media_base(t).into_owned())
    }

    /// The whole body, when it is binary: a media type that is not text, or bytes that are not
    /// UTF-8. Such a body is never shown as text.
    pub fn binary(&self) -> Option<&[u8]> {
        let Bounded::Whole(bytes) = &self.body else {
            return None;
        };
        let textual = self
            .header("content-type")
            .is_none_or(crate::wire::bounded::is_text_media_type);
        (!textual || std::str::from_utf8(bytes).is_err()).then_some(bytes.as_slice())
    }

    /// The body as text, when it is text: whole, a cut array (valid JSON), or cut text.
    pub fn body_text(&self) -> Option<&str> {
        match &self.body {
            Bounded::Whole(_) if self.binary().is_some() => None,
            Bounded::Whole(bytes) => std::str::from_utf8(bytes).ok(),
            Bounded::Items { json, .. } => Some(json),
            Bounded::Cut(text) => Some(text),
            Bounded::TooLarge { .. } => None,
        }
    }

    /// What the agent reads: the status line, the selected headers (a line for each left out),
    /// a blank line, the body verbatim (or a line saying what it is when it is binary or too
    /// large), then a line saying what was cut, when something was, and a line saying how many
    /// attempts were made, when there were more than one.
    pub fn to_text(&self) -> String {
        self.text_with(None)
    }

    /// [`to_text`](Self::to_text), with `hint` (how to ask for the rest: the next page, fewer
    /// items) in the line saying what was cut.
    pub fn text_with(&self, hint: Option<&str>) -> String {
        self.text_in_place_of_body(hint, None)
    }

    /// [`text_with`](Self::text_with), with `instead` in place of a body that is text (a JSON
    /// body sent elsewhere, such as in `structuredContent`); the lines saying what was cut stay.
    pub fn text_in_place_of_body(&self, hint: Option<&str>, instead: Option<&str>) -> String {
        let mut out = format!(
            "HTTP {} {}\n",
            self.status.as_u16(),
            self.status.canonical_reason().unwrap_or("")
        );
        for (name, value) in &self.headers {
            // A body in `structuredContent` is JSON: its media type tells the agent nothing more.
            if instead.is_some() && name.eq_ignore_ascii_case("content-type") {
                continue;
            }
            out.push_str(name);
            out.push_str(": ");
            out.push_str(value);
            out.push('\n');
        }
        for (name, bytes) in &self.left_out_headers {
            out.push_str(&format!(
                "[header {name} left out: {bytes} bytes, over the {}-byte response cap]\n",
                self.max_bytes
            ));
        }
        out.push('\n');
        let hint = hint.map(|h| format!("; {h}")).unwrap_or_default();
        match &self.body {
            Bounded::Whole(bytes) => match self.binary() {
                Some(_) => out.push_str(&format!(
                    "[binary body: {} bytes of {}, not shown as text]",
                    bytes.len(),
                    self.media_type()
                        .unwrap_or_else(|| "application/octet-stream".into())
                )),
                None => match instead {
                    Some(text) => out.push_str(text),
                    None => out.push_str(&String::from_utf8_lossy(bytes)),
                },
            },
            Bounded::Items {
                json,
                kept,
                left_out,
                counted,
                list,
            } => {
                out.push_str(instead.unwrap_or(json));
                let total = kept + left_out;
                let of = if *counted {
                    total.to_string()
                } else {
                    format!("at least {total}")
                };
                let of_list = list
                    .as_deref()
                    .map(|path| format!(" of `{}`", path.join(".")))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "\n[truncated: the first {kept} of {of} items{of_list}; the response exceeded the {}-byte cap{hint}]",
                    self.max_bytes
                ));
            }
            Bounded::Cut(text) => {
                out.push_str(text);
                out.push_str(&truncation_marker(self.max_bytes));
            }
            Bounded::TooLarge {
                bytes,
                measured,
                what,
            } => {
                let size = if *measured {
                    format!("the {bytes}-byte {what}")
                } else {
                    format!("a {what} of at least {bytes} bytes")
                };
                out.push_str(&format!(
                    "[not returned: {size} exceeds the {}-byte response cap{hint}]",
                    self.max_bytes
                ));
            }
        }
        if self.attempts > 1 {
            out.push_str(&format!(
                "\n[attempts: {}; the others got: {}]",
                self.attempts,
                self.retried_after.join(", ")
            ));
        }
        out
    }
}

/// The marker appended to a body cut at `max` bytes.
pub fn truncation_marker(max: usize) -> String {
    format!("\n[truncated: response exceeded {max} bytes]")
}
