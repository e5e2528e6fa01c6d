//! The path: each parameter's value written per its style (simple, label, matrix), and the
//! values refused that would name another resource (empty, `.`, `..`, null).

use super::error::{RequestError, RequestErrorKind, nested, path_null, template_error};
use super::resolved::Resolved;
use super::text::{Scratch, push_enc, scalar};
use catalog_core::model::{Accounted, Location, Operation, Param, Style};
use serde_json::Value;

/// The row of the path parameter a template names.
pub(super) fn path_row<'o>(op: &'o Operation, name: &str) -> Result<&'o Accounted, RequestError> {
    op.accounting
        .iter()
        .find(|r| r.param.location == Location::Path && r.param.name == name)
        .ok_or_else(|| {
            template_error(format!(
                "path template `{}` names `{{{name}}}`, which this tool does not send",
                op.path
            ))
        })
}

/// Defense in depth: no value may have produced a dot segment.
pub(super) fn refuse_dot_segments(path: &str) -> Result<(), RequestError> {
    // Most paths have no `.` at all: one fast scan settles them.
    let bytes = path.as_bytes();
    if !bytes.contains(&b'.') {
        return Ok(());
    }
    if bytes
        .split(|&b| b == b'/')
        .any(|seg| seg == b"." || seg == b"..")
    {
        return Err(template_error(format!(
            "the path `{path}` has a `.` or `..` segment"
        )));
    }
    Ok(())
}

/// Appends the encoded text of one path value or element, refused when empty, `.` or `..`.
pub(super) fn push_path_scalar(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    v: &Value,
) -> Result<(), RequestError> {
    let s = scalar(v, scratch).ok_or_else(|| nested(param))?;
    push_path_text(out, param, s)
}

/// Appends one path value's text encoded, refused when empty, `.` or `..`.
pub(super) fn push_path_text(out: &mut String, param: &Param, s: &str) -> Result<(), RequestError> {
    if s.is_empty() || s == "." || s == ".." {
        return Err(RequestError::new(
            RequestErrorKind::PathValue,
            Some(param),
            format!(
                "a path value cannot be {}: it would change which resource the path names",
                if s.is_empty() {
                    "empty".to_string()
                } else {
                    format!("`{s}`")
                }
            ),
        ));
    }
    push_enc(out, s);
    Ok(())
}

/// Appends one path parameter's rendering per its style (simple, label, matrix) and explode.
pub(super) fn encode_path(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    value: Resolved<'_>,
) -> Result<(), RequestError> {
    let (prefix, sep) = match param.style {
        Style::Label => (".", if param.explode { "." } else { "," }),
        Style::Matrix => (";", if param.explode { ";" } else { "," }),
        _ => ("", ","),
    };
    let value = match value {
        Resolved::Value(v) => v,
        Resolved::Text(s) => {
            out.push_str(prefix);
            if param.style == Style::Matrix {
                push_enc(out, &param.name);
                out.push('=');
            }
            return push_path_text(out, param, s);
        }
        Resolved::Items(items) => {
            if items.is_empty() {
                return Err(RequestError::new(
                    RequestErrorKind::PathValue,
                    Some(param),
                    "a path value cannot be an empty array",
                ));
            }
            out.push_str(prefix);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                if param.style == Style::Matrix && (param.explode || i == 0) {
                    push_enc(out, &param.name);
                    out.push('=');
                }
                push_path_text(out, param, item)?;
            }
            return Ok(());
        }
        // A null is text by now (see `null_as_text`); nothing else is sent for an absent value.
        Resolved::Absent | Resolved::Null => return Err(path_null(param)),
    };
    out.push_str(prefix);
    match value {
        Value::Array(items) => {
            if items.is_empty() {
                return Err(RequestError::new(
                    RequestErrorKind::PathValue,
                    Some(param),
                    "a path value cannot be an empty array",
                ));
            }
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                if param.style == Style::Matrix && (param.explode || i == 0) {
                    push_enc(out, &param.name);
                    out.push('=');
                }
                push_path_scalar(out, scratch, param, item)?;
            }
        }
        Value::Object(map) => {
            if map.is_empty() {
                return Err(RequestError::new(
                    RequestErrorKind::PathValue,
                    Some(param),
                    "a path value cannot be an empty object",
                ));
            }
            if param.style == Style::Matrix && !param.explode {
                push_enc(out, &param.name);
                out.push('=');
            }
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                push_enc(out, k);
                out.push_str(if param.explode { "=" } else { "," });
                push_path_scalar(out, scratch, param, v)?;
            }
        }
        v => {
            if param.style == Style::Matrix {
                push_enc(out, &param.name);
                out.push('=');
            }
            push_path_scalar(out, scratch, param, v)?;
        }
    }
    Ok(())
}
