//! A tool's request plan: what `to_request` can work out before any call (the method, the path
//! template split at its parameters, each row's argument, encoded query key, header name and
//! rendered JSON key) so that a call only writes its values.
//!
//! The plan covers the common shapes: a simple-style path, form query values (scalars, or
//! exploded arrays of scalars), simple header values and the fields of a JSON object body, from
//! Set and Omitted rows. A call it does not cover (another shape, a null it would have to spell,
//! or any value the general encoder would refuse) is left to the general encoder, which then
//! writes the request or its error, so a planned request is always exactly the request
//! [`build_request_ref`](super::build_request_ref) writes for the same arguments.
//!
//! [`Layout::new`] is the plan as plain data. The `#[tool]` macro reads it at compile time and
//! writes each step as a call on a [`PlanWriter`], with the field's own type (no `dyn`, no
//! argument list); [`Plan`] drives the same [`PlanWriter`] steps from [`ArgRef`]s at run time, which
//! is how the tests hold every step to the general encoder.

use super::{
    ArgRef, BODY_CAPACITY, Encode, Items, Typed, content_type, header_text_problem, is_unreserved,
    method_of, must_send, path_row, push_enc, push_json_key, push_pair, refuse_dot_segments,
};
use crate::model::{BodyKind, Disposition, Location, Operation, Part, PathTemplate, Style};
use http::header::{CONTENT_TYPE, HeaderName, HeaderValue};

/// A tool's plan as plain data, for operations the plan covers; see the module docs.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The method, as the operation spells it (upper case).
    pub method: String,
    /// How many arguments each call hands over.
    pub args: usize,
    /// The path template, split at its parameters.
    pub path: Vec<Piece>,
    /// Room for the URI up front.
    pub uri_capacity: usize,
    /// Query, header and body rows, in accounting order.
    pub rows: Vec<Row>,
    /// Room for the headers up front.
    pub header_capacity: usize,
    /// The JSON body's `content-type`, when the operation has a body (visible ASCII).
    pub content_type: Option<String>,
}

/// A piece of the path template: literal text, or the argument (by index) that fills it.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// Text sent as it is.
    Literal(String),
    /// The argument (by index) whose value fills the parameter.
    Arg(usize),
}

/// A query, header or body row: its argument (by index), whether it must be sent, and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The argument, by index.
    pub arg: usize,
    /// Whether a call without it is left to the general encoder (which says it is missing).
    pub required: bool,
    /// Where the value goes.
    pub put: Put,
}

/// Where a row's value goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Put {
    /// The key percent-encoded; arrays only when exploded.
    Query {
        /// The key, percent-encoded.
        key: String,
        /// Whether an array is sent as one pair per item.
        explode: bool,
    },
    /// The header's name, lower case (as `HeaderName::from_static` takes it).
    Header {
        /// The name, lower case.
        name: String,
    },
    /// `"name":`, as the JSON object body writes it.
    Json {
        /// `"name":`.
        key: String,
    },
}

impl Layout {
    /// The plan for `op`, whose arguments are handed over under `names`, in this order, on
    /// every call; `None` when the operation has a shape the plan does not cover.
    pub fn new<'n>(op: &Operation, names: impl IntoIterator<Item = &'n str>) -> Option<Layout> {
        let names: Vec<&str> = names.into_iter().collect();
        let arg = |row: usize| -> Option<usize> {
            match &op.accounting.get(row)?.disposition {
                Disposition::Set { argument, .. } => {
                    let mut at = names.iter().enumerate().filter(|(_, n)| **n == argument);
                    match (at.next(), at.next()) {
                        (Some((i, _)), None) => Some(i),
                        _ => None,
                    }
                }
                _ => None,
            }
        };
        let mut used = vec![false; names.len()];
        let mut path = Vec::new();
        for part in PathTemplate::new(&op.path).parts() {
            match part.ok()? {
                Part::Literal(text) => path.push(Piece::Literal(text.to_string())),
                Part::Param(name) => {
                    let row = path_row(op, name).ok()?;
                    if row.param.style != Style::Simple {
                        return None;
                    }
                    let index = op.accounting.iter().position(|r| std::ptr::eq(r, row))?;
                    let i = arg(index)?;
                    *used.get_mut(i)? = true;
                    path.push(Piece::Arg(i));
                }
            }
        }
        let json = match &op.body {
            Some(b) if b.kind == BodyKind::Json => {
                let value = content_type(&b.media_type).ok()?;
                // Emitted as `HeaderValue::from_static`, which takes visible ASCII only.
                let text = value.to_str().ok()?;
                if !text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
                    return None;
                }
                Some(text.to_string())
            }
            Some(_) => return None,
            None => None,
        };
        let mut rows = Vec::new();
        for (index, row) in op.accounting.iter().enumerate() {
            let param = &row.param;
            match row.disposition {
                Disposition::Omitted { .. } => continue,
                Disposition::Set { .. } => {}
                _ => return None,
            }
            let i = arg(index)?;
            *used.get_mut(i)? = true;
            let put = match param.location {
                Location::Path => continue,
                Location::Query => {
                    let mut key = String::new();
                    push_enc(&mut key, &param.name);
                    Put::Query {
                        key,
                        explode: param.explode,
                    }
                }
                Location::Header => {
                    let name = HeaderName::from_bytes(param.name.as_bytes()).ok()?;
                    if name == CONTENT_TYPE {
                        return None;
                    }
                    Put::Header {
                        name: name.as_str().to_string(),
                    }
                }
                Location::Body if json.is_some() && !param.name.is_empty() => {
                    let mut key = Vec::new();
                    push_json_key(&mut key, &param.name).ok()?;
                    key.push(b':');
                    Put::Json {
                        key: String::from_utf8(key).ok()?,
                    }
                }
                Location::Body | Location::Cookie => return None,
            };
            rows.push(Row {
                arg: i,
                required: must_send(op, row),
                put,
            });
        }
        if used.contains(&false) {
            return None;
        }
        let headers = op
            .accounting
            .iter()
            .filter(|r| r.param.location == Location::Header)
            .count();
        Some(Layout {
            method: method_of(op).ok()?.as_str().to_string(),
            args: names.len(),
            path,
            uri_capacity: op.path.len() + 96,
            rows,
            header_capacity: headers + 1,
            content_type: json,
        })
    }
}

/// One argument as a [`PlanWriter`] step takes it: absent, an explicit null, or a value.
pub enum Val<'a, T: ?Sized> {
    /// Not given: not sent.
    Absent,
    /// An explicit null.
    Null,
    /// A field's value.
    Value(&'a T),
}

impl<T: ?Sized> Clone for Val<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Val<'_, T> {}

impl<'a> From<ArgRef<'a>> for Val<'a, dyn Encode + 'a> {
    fn from(arg: ArgRef<'a>) -> Self {
        match arg {
            ArgRef::Absent => Val::Absent,
            ArgRef::Null => Val::Null,
            ArgRef::Typed(t) => Val::Value(t),
        }
    }
}

/// Writes one planned request, step by step; any step that returns `None` leaves the call to
/// the general encoder. Not a public API.
#[doc(hidden)]
pub struct PlanWriter {
    method: http::Method,
    uri: String,
    path_len: usize,
    headers: http::HeaderMap,
    json: Vec<u8>,
    typed: Typed,
}

impl PlanWriter {
    /// A request by `method`, with room for a URI of `uri_capacity` bytes, `header_capacity`
    /// headers and, when `json`, a JSON body.
    #[inline]
    pub fn new(
        method: &str,
        uri_capacity: usize,
        header_capacity: usize,
        json: bool,
    ) -> Option<PlanWriter> {
        Some(PlanWriter {
            method: http::Method::from_bytes(method.as_bytes()).ok()?,
            uri: String::with_capacity(uri_capacity),
            path_len: 0,
            headers: http::HeaderMap::with_capacity(header_capacity),
            json: if json {
                Vec::with_capacity(BODY_CAPACITY)
            } else {
                Vec::new()
            },
            typed: Typed::take(),
        })
    }

    /// Literal path text.
    #[inline]
    pub fn literal(&mut self, text: &str) {
        self.uri.push_str(text);
    }

    /// A path parameter's value: a scalar, not empty, not `.` or `..`.
    #[inline]
    pub fn path<T: Encode + ?Sized>(&mut self, value: Val<'_, T>) -> Option<()> {
        let Val::Value(t) = value else { return None };
        let start = self.uri.len();
        push_scalar_enc(&mut self.uri, t, &mut self.typed.text)?;
        if matches!(&self.uri[start..], "" | "." | "..") {
            return None;
        }
        Some(())
    }

    /// Ends the path (refusing a `.` or `..` segment) and starts the query.
    #[inline]
    pub fn end_path(&mut self) -> Option<()> {
        refuse_dot_segments(&self.uri).ok()?;
        self.path_len = self.uri.len();
        self.uri.push('?');
        Some(())
    }

    /// A query parameter (`key` already encoded): a scalar, or the items of an array when
    /// `explode`.
    #[inline]
    pub fn query<T: Encode + ?Sized>(
        &mut self,
        key: &str,
        explode: bool,
        required: bool,
        value: Val<'_, T>,
    ) -> Option<()> {
        let t = match value {
            Val::Absent if required => return None,
            Val::Absent => return Some(()),
            Val::Null => return None,
            Val::Value(t) => t,
        };
        let before = self.uri.len();
        push_pair(&mut self.uri, key, true);
        if push_scalar_enc(&mut self.uri, t, &mut self.typed.text).is_some() {
            return Some(());
        }
        self.uri.truncate(before);
        let typed = &mut self.typed;
        typed.text.clear();
        typed.ends.clear();
        if !(explode && t.write_scalar_items(&mut typed.text, &mut typed.ends)) {
            return None;
        }
        let items = Items {
            text: &typed.text,
            ends: &typed.ends,
        };
        for item in items.iter() {
            push_pair(&mut self.uri, key, true);
            push_enc(&mut self.uri, item);
        }
        Some(())
    }

    /// A header: a scalar without control characters.
    #[inline]
    pub fn header<T: Encode + ?Sized>(
        &mut self,
        name: &HeaderName,
        required: bool,
        value: Val<'_, T>,
    ) -> Option<()> {
        let t = match value {
            Val::Absent if required => return None,
            Val::Absent => return Some(()),
            Val::Null => return None,
            Val::Value(t) => t,
        };
        let text = &mut self.typed.text;
        text.clear();
        if !t.write_scalar(text) || header_text_problem(text).is_some() {
            return None;
        }
        self.headers
            .append(name.clone(), HeaderValue::from_str(text).ok()?);
        Some(())
    }

    /// A field of the JSON object body (`key` is `"name":`).
    #[inline]
    pub fn json<T: Encode + ?Sized>(
        &mut self,
        key: &str,
        required: bool,
        value: Val<'_, T>,
    ) -> Option<()> {
        if let Val::Absent = value {
            return if required { None } else { Some(()) };
        }
        let json = &mut self.json;
        json.push(if json.is_empty() { b'{' } else { b',' });
        json.extend_from_slice(key.as_bytes());
        match value {
            Val::Value(t) => t.write_json(json).ok(),
            _ => {
                json.extend_from_slice(b"null");
                Some(())
            }
        }
    }

    /// The request; `content_type` when the operation has a JSON body.
    #[inline]
    pub fn finish(mut self, content_type: Option<&HeaderValue>) -> Option<http::Request<Vec<u8>>> {
        let mut uri = std::mem::take(&mut self.uri);
        if uri.len() == self.path_len + 1 {
            uri.pop();
        }
        let uri = http::Uri::try_from(uri).ok()?;
        let mut headers = std::mem::take(&mut self.headers);
        let body = match content_type {
            Some(content_type) if !self.json.is_empty() => {
                let mut json = std::mem::take(&mut self.json);
                json.push(b'}');
                headers.insert(CONTENT_TYPE, content_type.clone());
                json
            }
            Some(_) => return None,
            None => Vec::new(),
        };
        let mut request = http::Request::new(body);
        *request.method_mut() = self.method.clone();
        *request.uri_mut() = uri;
        *request.headers_mut() = headers;
        Some(request)
    }
}

impl Drop for PlanWriter {
    /// The scratch buffers go back to the thread, however the request ended.
    fn drop(&mut self) {
        std::mem::take(&mut self.typed).give_back();
    }
}

/// Appends a typed value's scalar text to `uri`, percent-encoded as [`push_enc`] writes it;
/// `None` (having appended nothing) for anything else. Most texts need no escape, so the text
/// is written in place and only copied out through `scratch` when it has a byte to escape.
#[inline]
fn push_scalar_enc<T: Encode + ?Sized>(
    uri: &mut String,
    t: &T,
    scratch: &mut String,
) -> Option<()> {
    let start = uri.len();
    if !t.write_scalar(uri) {
        return None;
    }
    if !is_unreserved(&uri[start..]) {
        scratch.clear();
        scratch.push_str(&uri[start..]);
        uri.truncate(start);
        push_enc(uri, scratch);
    }
    Some(())
}

#[cfg(test)]
/// A [`Layout`] driven from [`ArgRef`]s: the same [`PlanWriter`] steps the `#[tool]` macro emits,
/// taken at run time.
#[derive(Debug)]
pub struct Plan {
    layout: Option<Planned>,
}

#[cfg(test)]
#[derive(Debug)]
struct Planned {
    layout: Layout,
    headers: Vec<Option<HeaderName>>,
    content_type: Option<HeaderValue>,
}

#[cfg(test)]
impl Plan {
    /// The plan for `op`, whose arguments are handed over under `names`, in this order, on
    /// every call.
    pub fn new<'n>(op: &Operation, names: impl IntoIterator<Item = &'n str>) -> Plan {
        let layout = Layout::new(op, names).and_then(|layout| {
            let headers = layout
                .rows
                .iter()
                .map(|row| match &row.put {
                    Put::Header { name } => HeaderName::from_bytes(name.as_bytes()).ok(),
                    _ => None,
                })
                .collect();
            let content_type = match &layout.content_type {
                Some(text) => Some(HeaderValue::from_str(text).ok()?),
                None => None,
            };
            Some(Planned {
                layout,
                headers,
                content_type,
            })
        });
        Plan { layout }
    }

    /// The request, when the plan covers this call; `None` leaves it to the general encoder.
    pub fn build(&self, args: &[(&str, ArgRef<'_>)]) -> Option<http::Request<Vec<u8>>> {
        let planned = self.layout.as_ref()?;
        let layout = &planned.layout;
        if args.len() != layout.args {
            return None;
        }
        let value = |i: usize| args.get(i).map(|(_, a)| Val::from(*a));
        let mut w = PlanWriter::new(
            &layout.method,
            layout.uri_capacity,
            layout.header_capacity,
            layout.content_type.is_some(),
        )?;
        for piece in &layout.path {
            match piece {
                Piece::Literal(text) => w.literal(text),
                Piece::Arg(i) => w.path(value(*i)?)?,
            }
        }
        w.end_path()?;
        for (row, name) in layout.rows.iter().zip(&planned.headers) {
            let v = value(row.arg)?;
            match (&row.put, name) {
                (Put::Query { key, explode }, _) => w.query(key, *explode, row.required, v)?,
                (Put::Header { .. }, Some(name)) => w.header(name, row.required, v)?,
                (Put::Json { key }, _) => w.json(key, row.required, v)?,
                (Put::Header { .. }, None) => return None,
            }
        }
        w.finish(planned.content_type.as_ref())
    }

    /// Whether calls can take the plan at all (some may still be left to the general encoder).
    pub fn covers(&self) -> bool {
        self.layout.is_some()
    }
}

#[cfg(test)]
mod tests;
