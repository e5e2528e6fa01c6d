//! `multipart/form-data` bodies (RFC 7578) and whole binary bodies.
//!
//! Decisions:
//! - Each body field is one part named by its wire name, in accounting order; an array is one
//!   part per element, all with the field's name (no `[]` added).
//! - A file part's `Content-Disposition` has a `filename`: the file's own, else its path's last
//!   component, else the part's name (servers tell file parts from text by it). `"`, CR and LF
//!   in a name are written `%22`, `%0D`, `%0A`, as browsers do.
//! - A file part's `Content-Type` is the file's `media_type`, which must be one the part's
//!   `encoding.contentType` allows (a list of media ranges) when the spec gives one; else the
//!   `contentType` when it names exactly one concrete type; else `application/octet-stream`.
//!   A `contentType` that is only a range (`image/*`) and a file without a media type is an
//!   error asking for one.
//! - Other parts follow OpenAPI's defaults: a string, number or boolean is its text with no
//!   `Content-Type` (text/plain); an object, or an element of an array that is an object or
//!   array, is JSON with `application/json`. An `encoding.contentType` naming one concrete type
//!   is sent as the part's `Content-Type`, and a JSON one makes the whole value one JSON part.
//! - Null is sent as the parameter's null form (empty by default), as in a form body; a null
//!   file is refused.
//! - The boundary is random (`catalog-` and 32 hex digits) and chosen again if any part's bytes
//!   hold it.
//! - A binary body is the file's bytes; its `Content-Type` is the file's `media_type` (which
//!   must be one the body's media type allows), else the body's media type when concrete, else
//!   `application/octet-stream`.
//! - The encoded body is capped ([`crate::wire::uploads`]); a file on disk is measured before
//!   it is read.

use super::args::{BodyField, lower};
use super::error::{RequestError, RequestErrorKind};
use super::resolved::Resolved;
use super::text::{Scratch, scalar};
use crate::wire::file::{Content, File};
use crate::wire::uploads::Uploads;
use catalog_core::model::{Body, Param, PartEncoding, Type, is_json_media_type, media_base};
use http::HeaderValue;
use http::header::CONTENT_TYPE;
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// Encodes a multipart body from its fields, setting `content-type` (with the boundary).
pub(super) fn multipart<'a>(
    body: &Body,
    fields: &[BodyField<'a>],
    scratch: &mut Scratch<'a>,
    headers: &mut http::HeaderMap,
) -> Result<Vec<u8>, RequestError> {
    multipart_with(&Uploads::from_env()?, body, fields, scratch, headers)
}

/// Encodes a whole binary body from its one field, setting `content-type`.
pub(super) fn binary(
    body: &Body,
    whole: Option<&BodyField<'_>>,
    headers: &mut http::HeaderMap,
) -> Result<Vec<u8>, RequestError> {
    binary_with(&Uploads::from_env()?, body, whole, headers)
}

/// One part before it is written.
struct Part<'p> {
    name: &'p str,
    filename: Option<String>,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

/// Bytes a part adds besides its content: the boundary line and the headers.
fn overhead(part: &Part<'_>) -> u64 {
    let n = 2 + BOUNDARY_LEN + 2 // --boundary CRLF
        + 40 + part.name.len() + part.filename.as_ref().map_or(0, |f| f.len() + 13)
        + part.content_type.as_ref().map_or(0, |c| c.len() + 16)
        + 4; // the blank line and the CRLF after the content
    n as u64
}

const BOUNDARY_LEN: usize = 8 + 32;

pub(super) fn multipart_with<'a>(
    uploads: &Uploads,
    body: &Body,
    fields: &[BodyField<'a>],
    scratch: &mut Scratch<'a>,
    headers: &mut http::HeaderMap,
) -> Result<Vec<u8>, RequestError> {
    let mut parts: Vec<Part<'_>> = Vec::new();
    // The closing boundary line.
    let mut size = (2 + BOUNDARY_LEN + 4) as u64;
    let (mut text, mut ends, mut owned) = (String::new(), Vec::new(), Value::Null);
    for (param, source, null) in fields {
        let encoding = body.encoding.iter().find(|e| e.name == param.name);
        let value = lower(*source, &mut text, &mut ends, &mut owned, param)?;
        scratch.null = *null;
        let mut add = |part: Part<'a>, size: &mut u64| {
            *size += overhead(&part) + part.bytes.len() as u64;
            parts.push(part);
        };
        let room = |size: u64| uploads.max_bytes.saturating_sub(size);
        match &param.schema.ty {
            Type::File => {
                let part = file_part(uploads, param, encoding, value, room(size))?;
                add(part, &mut size);
            }
            Type::Array { items, .. } if items.ty == Type::File => {
                let Resolved::Value(Value::Array(list)) = value else {
                    return Err(not_a_file(param, "an array of files"));
                };
                for item in list {
                    let part =
                        file_part(uploads, param, encoding, Resolved::Value(item), room(size))?;
                    add(part, &mut size);
                }
            }
            _ => {
                for part in value_parts(param, encoding, value, scratch)? {
                    add(part, &mut size);
                }
            }
        }
        if size > uploads.max_bytes {
            return Err(uploads.too_large(Some(param)));
        }
    }
    let boundary = boundary(&parts);
    let mut out = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    for part in &parts {
        write_part(&mut out, &boundary, part);
    }
    out.extend_from_slice(b"--");
    out.extend_from_slice(boundary.as_bytes());
    out.extend_from_slice(b"--\r\n");
    if out.len() as u64 > uploads.max_bytes {
        return Err(uploads.too_large(None));
    }
    let content_type = format!("{}; boundary={boundary}", media_base(&body.media_type));
    headers.insert(CONTENT_TYPE, header_value(&content_type)?);
    Ok(out)
}

pub(super) fn binary_with(
    uploads: &Uploads,
    body: &Body,
    whole: Option<&BodyField<'_>>,
    headers: &mut http::HeaderMap,
) -> Result<Vec<u8>, RequestError> {
    let Some((param, source, _)) = whole else {
        return Err(RequestError::new(
            RequestErrorKind::Missing,
            None,
            "the request needs a body, and no file was given",
        ));
    };
    if param.schema.ty != Type::File {
        return Err(RequestError::new(
            RequestErrorKind::Unsupported,
            Some(param),
            format!(
                "a `{}` body of {} is not supported; only a file (a `format: binary` string, or \
                 no schema) can be sent as a binary body",
                body.media_type.escape_debug(),
                param.schema.ty.describe()
            ),
        ));
    }
    let (mut text, mut ends, mut owned) = (String::new(), Vec::new(), Value::Null);
    let value = lower(*source, &mut text, &mut ends, &mut owned, param)?;
    let file = file_of(param, value)?;
    let (content, _, media_type) = file.into_parts();
    let content_type = match media_type {
        Some(m) => allowed_media_type(param, &body.media_type, m)?,
        None => concrete(&body.media_type)
            .unwrap_or("application/octet-stream")
            .to_string(),
    };
    let bytes = uploads.bytes(param, content, uploads.max_bytes)?;
    headers.insert(CONTENT_TYPE, header_value(&content_type)?);
    Ok(bytes)
}

/// The part of one file value.
fn file_part<'p>(
    uploads: &Uploads,
    param: &'p Param,
    encoding: Option<&PartEncoding>,
    value: Resolved<'_>,
    room: u64,
) -> Result<Part<'p>, RequestError> {
    let file = file_of(param, value)?;
    let (content, filename, media_type) = file.into_parts();
    let ranges = encoding.and_then(|e| e.content_type.as_deref());
    let content_type = match (media_type, ranges) {
        (Some(m), Some(ranges)) => allowed_media_type(param, ranges, m)?,
        (Some(m), None) => m,
        (None, Some(ranges)) => match concrete(ranges) {
            Some(c) => c.to_string(),
            None => {
                return Err(RequestError::new(
                    RequestErrorKind::Shape,
                    Some(param),
                    format!(
                        "the spec allows `{}` for this part; give the file's `media_type`",
                        ranges.escape_debug()
                    ),
                ));
            }
        },
        (None, None) => "application/octet-stream".to_string(),
    };
    let filename = filename
        .or_else(|| match &content {
            Content::Path(p) => Path::new(p)
                .file_name()
                .and_then(|n| n.to_str())
                .map(str::to_string),
            Content::Bytes(_) => None,
        })
        .unwrap_or_else(|| param.name.clone());
    let bytes = uploads.bytes(param, content, room.saturating_sub(128))?;
    Ok(Part {
        name: &param.name,
        filename: Some(filename),
        content_type: Some(content_type),
        bytes,
    })
}

/// The [`File`] a value stands for.
fn file_of(param: &Param, value: Resolved<'_>) -> Result<File, RequestError> {
    match value {
        Resolved::Value(v @ Value::Object(_)) => serde_json::from_value(v.clone())
            .map_err(|e| RequestError::new(RequestErrorKind::Shape, Some(param), e.to_string())),
        Resolved::Null => Err(RequestError::new(
            RequestErrorKind::Shape,
            Some(param),
            "a file cannot be null",
        )),
        _ => Err(not_a_file(param, "a file")),
    }
}

fn not_a_file(param: &Param, what: &str) -> RequestError {
    RequestError::new(
        RequestErrorKind::Shape,
        Some(param),
        format!(
            "expected {what}: {{\"content_base64\": \"<base64>\"}} or {{\"path\": \"<path>\"}}, \
             with optional \"filename\" and \"media_type\""
        ),
    )
}

/// The parts of a value that is not a file.
fn value_parts<'p>(
    param: &'p Param,
    encoding: Option<&PartEncoding>,
    value: Resolved<'_>,
    scratch: &mut Scratch<'_>,
) -> Result<Vec<Part<'p>>, RequestError> {
    let declared = encoding
        .and_then(|e| e.content_type.as_deref())
        .and_then(concrete);
    let json_declared = declared.is_some_and(|d| is_json_media_type(&media_base(d)));
    let text_part = |s: &str| Part {
        name: &param.name,
        filename: None,
        content_type: declared.map(str::to_string),
        bytes: s.as_bytes().to_vec(),
    };
    let json_part = |v: &Value| -> Result<Part<'p>, RequestError> {
        Ok(Part {
            name: &param.name,
            filename: None,
            content_type: Some(declared.unwrap_or("application/json").to_string()),
            bytes: serde_json::to_vec(v).map_err(|e| {
                RequestError::new(RequestErrorKind::Serialize, Some(param), e.to_string())
            })?,
        })
    };
    Ok(match value {
        Resolved::Absent => Vec::new(),
        Resolved::Null => vec![text_part(scratch.null_text())],
        Resolved::Text(s) if json_declared => vec![json_part(&Value::String(s.to_string()))?],
        Resolved::Text(s) => vec![text_part(s)],
        Resolved::Items(items) if json_declared => {
            let list = items.iter().map(|s| Value::String(s.to_string())).collect();
            vec![json_part(&Value::Array(list))?]
        }
        Resolved::Items(items) => items.iter().map(text_part).collect(),
        Resolved::Value(v) if json_declared => vec![json_part(v)?],
        Resolved::Value(Value::Array(list)) => {
            let mut parts = Vec::with_capacity(list.len());
            for item in list {
                parts.push(match scalar(item, scratch) {
                    Some(s) => text_part(s),
                    None => json_part(item)?,
                });
            }
            parts
        }
        Resolved::Value(v) => match scalar(v, scratch) {
            Some(s) => vec![text_part(s)],
            None => vec![json_part(v)?],
        },
    })
}

/// `media` when one of the comma-separated media `ranges` allows it, else the error.
fn allowed_media_type(param: &Param, ranges: &str, media: String) -> Result<String, RequestError> {
    let essence = media_base(&media);
    let allows = |range: &str| {
        let range = media_base(range);
        match range.split_once('/') {
            _ if range == "*/*" || range.is_empty() => true,
            Some((ty, "*")) => essence.split_once('/').is_some_and(|(t, _)| t == ty),
            _ => range == essence,
        }
    };
    if ranges.split(',').any(allows) {
        Ok(media)
    } else {
        Err(RequestError::new(
            RequestErrorKind::Shape,
            Some(param),
            format!(
                "the file's media type `{}` is not one the spec allows here ({})",
                media.escape_debug(),
                ranges.escape_debug()
            ),
        ))
    }
}

/// The one concrete media type a `contentType` list names, if it names exactly one.
fn concrete(ranges: &str) -> Option<&str> {
    let only = ranges.trim();
    (!only.contains(',') && !only.contains('*') && only.contains('/')).then_some(only)
}

fn header_value(s: &str) -> Result<HeaderValue, RequestError> {
    HeaderValue::from_str(s).map_err(|_| {
        RequestError::new(
            RequestErrorKind::HeaderValue,
            None,
            format!("`{}` is not a valid content type", s.escape_debug()),
        )
    })
}

/// A boundary that no part's bytes contain.
fn boundary(parts: &[Part<'_>]) -> String {
    loop {
        let candidate = random_boundary();
        let needle = candidate.as_bytes();
        if !parts
            .iter()
            .any(|p| p.bytes.windows(needle.len()).any(|w| w == needle))
        {
            return candidate;
        }
    }
}

/// `catalog-` and 32 random hex digits.
fn random_boundary() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut out = String::with_capacity(BOUNDARY_LEN);
    out.push_str("catalog-");
    for _ in 0..2 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0);
        let _ = write!(out, "{:016x}", h.finish());
    }
    out
}

/// Writes one part: boundary line, headers, blank line, content, CRLF.
fn write_part(out: &mut Vec<u8>, boundary: &str, part: &Part<'_>) {
    out.extend_from_slice(b"--");
    out.extend_from_slice(boundary.as_bytes());
    out.extend_from_slice(b"\r\nContent-Disposition: form-data; name=\"");
    push_quoted(out, part.name);
    out.push(b'"');
    if let Some(filename) = &part.filename {
        out.extend_from_slice(b"; filename=\"");
        push_quoted(out, filename);
        out.push(b'"');
    }
    out.extend_from_slice(b"\r\n");
    if let Some(ct) = &part.content_type {
        out.extend_from_slice(b"Content-Type: ");
        out.extend_from_slice(ct.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(&part.bytes);
    out.extend_from_slice(b"\r\n");
}

/// A name inside a quoted `Content-Disposition` parameter: `"`, CR and LF percent-encoded.
fn push_quoted(out: &mut Vec<u8>, s: &str) {
    for b in s.bytes() {
        match b {
            b'"' => out.extend_from_slice(b"%22"),
            b'\r' => out.extend_from_slice(b"%0D"),
            b'\n' => out.extend_from_slice(b"%0A"),
            b => out.push(b),
        }
    }
}

#[cfg(test)]
mod tests;
