//! Headers and cookies (style simple and form), and the `content-type` of the body.

use super::error::{RequestError, RequestErrorKind, nested};
use super::resolved::Resolved;
use super::text::{Scratch, push_enc, push_scalar_enc, scalar};
use catalog_core::model::Param;
use http::header::{HeaderName, HeaderValue};
use serde_json::Value;

/// Appends one header (style simple).
pub(super) fn append_header(
    headers: &mut http::HeaderMap,
    text: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    value: Resolved<'_>,
) -> Result<(), RequestError> {
    let name = HeaderName::from_bytes(param.name.as_bytes()).map_err(|_| {
        RequestError::new(
            RequestErrorKind::Name,
            Some(param),
            "not a valid header name",
        )
    })?;
    let text = header_text(text, scratch, param, value)?;
    let value = HeaderValue::from_str(text).map_err(|_| {
        RequestError::new(
            RequestErrorKind::HeaderValue,
            Some(param),
            "not a valid header value",
        )
    })?;
    headers.append(name, value);
    Ok(())
}

/// The `cookie` header for the cookies written.
pub(super) fn cookie_header(cookie: &str) -> Result<HeaderValue, RequestError> {
    HeaderValue::from_str(cookie).map_err(|_| {
        RequestError::new(
            RequestErrorKind::HeaderValue,
            None,
            "not a valid cookie header",
        )
    })
}

/// The `content-type` header value; the common media types need no copy.
pub(super) fn content_type(media_type: &str) -> Result<HeaderValue, RequestError> {
    // Built at compile time: `from_static` checks its bytes when it runs.
    const KNOWN: [(&str, HeaderValue); 4] = [
        known("application/json"),
        known("application/x-www-form-urlencoded"),
        known("text/plain"),
        known("application/merge-patch+json"),
    ];
    const fn known(media_type: &'static str) -> (&'static str, HeaderValue) {
        (media_type, HeaderValue::from_static(media_type))
    }
    if let Some((_, value)) = KNOWN.iter().find(|(k, _)| *k == media_type) {
        return Ok(value.clone());
    }
    HeaderValue::from_str(media_type).map_err(|_| {
        RequestError::new(
            RequestErrorKind::HeaderValue,
            None,
            format!(
                "media type `{}` is not a valid header value",
                media_type.escape_debug()
            ),
        )
    })
}

/// Writes a header's text (style simple) into `out`, which is overwritten: arrays
/// comma-joined, objects `k,v` or `k=v` (explode).
pub(super) fn header_text<'s>(
    out: &'s mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    value: Resolved<'s>,
) -> Result<&'s str, RequestError> {
    if let Resolved::Text(s) = value {
        check_header_text(param, s)?;
        return Ok(s);
    }
    out.clear();
    match value {
        // A null is text by now (see `null_as_text`).
        Resolved::Absent | Resolved::Null => {}
        Resolved::Value(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(scalar(item, scratch).ok_or_else(|| nested(param))?);
            }
        }
        Resolved::Value(Value::Object(map)) => {
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(k);
                out.push(if param.explode { '=' } else { ',' });
                out.push_str(scalar(v, scratch).ok_or_else(|| nested(param))?);
            }
        }
        Resolved::Value(v) => out.push_str(scalar(v, scratch).ok_or_else(|| nested(param))?),
        Resolved::Text(s) => out.push_str(s),
        Resolved::Items(items) => {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(item);
            }
        }
    }
    check_header_text(param, out)?;
    Ok(out)
}

/// Refuses a header value with a control character.
pub(super) fn check_header_text(param: &Param, out: &str) -> Result<(), RequestError> {
    // Printable ASCII has no control character; only other text needs a closer look.
    let printable = out.bytes().all(|b| (0x20..0x7f).contains(&b));
    if !printable && let Some(c) = out.chars().find(|c| c.is_control()) {
        return Err(RequestError::new(
            RequestErrorKind::HeaderValue,
            Some(param),
            format!(
                "a header value cannot contain control characters (found U+{:04X})",
                c as u32
            ),
        ));
    }
    Ok(())
}

/// Whether a cookie name is an RFC 6265 token.
pub(super) fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?={}".contains(&b))
}

/// Appends one cookie (`name=value`, `; `-separated), values percent-encoded.
pub(super) fn encode_cookie(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    value: Resolved<'_>,
) -> Result<(), RequestError> {
    if !is_token(&param.name) {
        return Err(RequestError::new(
            RequestErrorKind::Name,
            Some(param),
            "not a valid cookie name",
        ));
    }
    let pair = |out: &mut String, name: &str| {
        if !out.is_empty() {
            out.push_str("; ");
        }
        out.push_str(name);
        out.push('=');
    };
    match value {
        // A null is text by now (see `null_as_text`).
        Resolved::Absent | Resolved::Null => {}
        Resolved::Text(s) => {
            pair(out, &param.name);
            push_enc(out, s);
        }
        Resolved::Items(items) if param.explode => {
            for item in items.iter() {
                pair(out, &param.name);
                push_enc(out, item);
            }
        }
        Resolved::Items(items) => {
            pair(out, &param.name);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_enc(out, item);
            }
        }
        Resolved::Value(Value::Array(items)) if param.explode => {
            for item in items {
                pair(out, &param.name);
                push_scalar_enc(out, scratch, item).ok_or_else(|| nested(param))?;
            }
        }
        Resolved::Value(Value::Array(items)) => {
            pair(out, &param.name);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_scalar_enc(out, scratch, item).ok_or_else(|| nested(param))?;
            }
        }
        Resolved::Value(Value::Object(map)) if param.explode => {
            for (k, v) in map {
                if !is_token(k) {
                    return Err(RequestError::new(
                        RequestErrorKind::Name,
                        Some(param),
                        format!("`{}` is not a valid cookie name", k.escape_debug()),
                    ));
                }
                pair(out, k);
                push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
            }
        }
        Resolved::Value(Value::Object(map)) => {
            pair(out, &param.name);
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_enc(out, k);
                out.push(',');
                push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
            }
        }
        Resolved::Value(v) => {
            pair(out, &param.name);
            push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
        }
    }
    Ok(())
}
