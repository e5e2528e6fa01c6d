//! The body: a JSON object written field by field, a whole JSON or text body, and the other
//! kinds handed to `form` and `multipart`.

use super::args::{BodyField, Source, Typed};
use super::error::{RequestError, RequestErrorKind, not_json};
use super::resolved::Resolved;
use super::text::{Scratch, null_as_text, scalar};
use super::{absent, below, form, multipart};
use catalog_core::model::{Below, BodyKind, Operation, Param};

/// One field of a JSON object body: `{` or `,`, its name, `:`, its value.
pub(super) fn push_json_field(
    json: &mut Vec<u8>,
    param: &Param,
    source: Source<'_>,
    below: &[Below],
) -> Result<(), RequestError> {
    if json.is_empty() {
        json.reserve(BODY_CAPACITY);
        json.push(b'{');
    } else {
        json.push(b',');
    }
    push_json_key(json, &param.name).map_err(|e| not_json(param, e))?;
    json.push(b':');
    write_json_field(json, source, param, below).map_err(|e| not_json(param, e))
}

/// Writes one value of a JSON body as JSON, leaving out every object property that is null
/// where `schema` does not allow null (see the `absent` module): the value is written as it
/// serializes, and written again without those properties only when its text holds a null.
/// The values the tool fixes inside it (`below`) are written in ([`below::write_fixed`]).
pub(super) fn write_json_field(
    out: &mut Vec<u8>,
    v: Source<'_>,
    param: &Param,
    below: &[Below],
) -> serde_json::Result<()> {
    let schema = &param.schema;
    if below::fixes(below) {
        let mut value = match v {
            Source::Value(v) => v.clone(),
            Source::Typed(t) => t.to_json_value()?,
            Source::Absent | Source::Null => return write_json(out, v),
        };
        absent::drop_unset(&mut value, Some(schema));
        below::write_fixed(&mut value, param, below);
        return serde_json::to_writer(out, &value);
    }
    let start = out.len();
    write_json(out, v)?;
    if !absent::may_hold_null(&out[start..]) {
        return Ok(());
    }
    let mut value = match v {
        Source::Value(v) => v.clone(),
        Source::Typed(t) => t.to_json_value()?,
        Source::Absent | Source::Null => return Ok(()),
    };
    absent::drop_unset(&mut value, Some(schema));
    out.truncate(start);
    serde_json::to_writer(out, &value)
}

/// Appends a JSON object key, exactly as `serde_json` writes it: a name with nothing to escape
/// (no `"`, `\` or control character) is copied between quotes as it is.
pub(super) fn push_json_key(json: &mut Vec<u8>, name: &str) -> serde_json::Result<()> {
    if name.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        return serde_json::to_writer(&mut *json, name);
    }
    json.reserve(name.len() + 2);
    json.push(b'"');
    json.extend_from_slice(name.as_bytes());
    json.push(b'"');
    Ok(())
}

/// Writes a JSON object body: each field's name and its value, straight from the arguments.
pub(super) fn write_body_object(
    out: &mut Vec<u8>,
    op: &Operation,
    fields: &[BodyField<'_>],
) -> serde_json::Result<()> {
    out.push(b'{');
    for (i, (p, v, _)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_json_key(out, &p.name)?;
        out.push(b':');
        write_json_field(out, *v, p, below_of(op, p))?;
    }
    out.push(b'}');
    Ok(())
}

/// Writes one value as JSON; absent and null are `null`.
pub(super) fn write_json(out: &mut Vec<u8>, v: Source<'_>) -> serde_json::Result<()> {
    match v {
        Source::Value(v) => serde_json::to_writer(out, v),
        Source::Typed(t) => t.write_json(out),
        Source::Absent | Source::Null => {
            out.extend_from_slice(b"null");
            Ok(())
        }
    }
}

/// What the tool fixes or omits inside the value of `param`, one of `op`'s rows' parameters.
fn below_of<'o>(op: &'o Operation, param: &Param) -> &'o [Below] {
    op.accounting
        .iter()
        .find(|row| std::ptr::eq(&row.param, param))
        .map_or(&[], |row| &row.below)
}

/// Room reserved up front for a JSON body, so that a typical one is written without regrowing.
pub(super) const BODY_CAPACITY: usize = 256;

/// The body bytes, or `None` when nothing is to be sent.
pub(super) fn encode_body<'a>(
    op: &Operation,
    fields: &[BodyField<'a>],
    scratch: &mut Scratch<'a>,
    headers: &mut http::HeaderMap,
) -> Result<Option<Vec<u8>>, RequestError> {
    let Some(body) = &op.body else {
        return match fields.first() {
            Some((p, ..)) => Err(RequestError::new(
                RequestErrorKind::PathTemplate,
                Some(p),
                "the operation declares no request body",
            )),
            None => Ok(None),
        };
    };
    if fields.is_empty() && !body.required {
        return Ok(None);
    }
    let unsupported = |what: &str| {
        RequestError::new(
            RequestErrorKind::Unsupported,
            None,
            format!(
                "{what} request bodies (`{}`) are not supported yet",
                body.media_type.escape_debug()
            ),
        )
    };
    let whole = fields.iter().find(|(p, ..)| p.name.is_empty());
    match body.kind {
        BodyKind::Multipart => multipart::multipart(body, fields, scratch, headers).map(Some),
        BodyKind::Binary => multipart::binary(body, whole, headers).map(Some),
        BodyKind::Json => {
            let mut out = Vec::with_capacity(BODY_CAPACITY);
            let written = match whole {
                Some((p, v, _)) => write_json_field(&mut out, *v, p, below_of(op, p)),
                None => write_body_object(&mut out, op, fields),
            };
            written.map(|()| Some(out)).map_err(|e| {
                RequestError::new(
                    RequestErrorKind::Shape,
                    None,
                    format!("the body is not JSON: {e}"),
                )
            })
        }
        BodyKind::Form => match whole {
            Some(field) => form::whole_body(field, scratch).map(Some),
            None => form::form_body(fields, scratch).map(Some),
        },
        BodyKind::Text => {
            let Some((p, v, null)) = whole else {
                return Err(unsupported("object text"));
            };
            let mut typed = Typed::default();
            let text = match null_as_text(typed.lower(*v, p)?, *null, p)? {
                Resolved::Text(s) => Some(s),
                Resolved::Value(v) => scalar(v, scratch),
                Resolved::Items(_) | Resolved::Absent | Resolved::Null => None,
            };
            match text {
                Some(s) => Ok(Some(s.as_bytes().to_vec())),
                None => Err(RequestError::new(
                    RequestErrorKind::Shape,
                    Some(p),
                    "a text body must be a string, number or boolean",
                )),
            }
        }
    }
}
