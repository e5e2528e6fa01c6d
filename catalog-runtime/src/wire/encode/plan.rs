//! A tool's request plan: what `to_request` works out once per tool (the method, the path
//! template split at its parameters, each row's argument, encoded query key, parsed header
//! name and rendered JSON key) so that a call only writes its values.
//!
//! The plan covers the common shapes: a simple-style path, form query values (scalars, or
//! exploded arrays of scalars), simple header values and the fields of a JSON object body, from
//! Set and Omitted rows. A call it does not cover (another shape, a null it would have to spell,
//! or any value the general encoder would refuse) is left to the general encoder, which then
//! writes the request or its error, so a planned request is always exactly the request
//! [`build_request_ref`](super::build_request_ref) writes for the same arguments.
//!
//! Its measured win (the house's rule for a fast path, `docs/decisions/house.md`): over the
//! runtime bench's call (`CreateReply`, 12 arguments in every location; callgrind, smoke mode,
//! release, three runs each way), `to_request` takes 32.3 to 32.5 M instructions for 4,096 calls
//! with the plan and 56.0 to 56.1 M without it: about 7,900 instructions a call against 13,700,
//! so the whole call (`from_arguments` and `to_request`) is about 16,400 instead of 22,200.

use super::args::{ArgRef, Encode};
use super::body::{BODY_CAPACITY, push_json_key};
use super::headers::{check_header_text, content_type};
use super::path::{path_row, refuse_dot_segments};
use super::query::push_pair;
use super::request::{method_of, must_send};
use super::text::{enc_in_place, push_enc};
use catalog_core::model::{BodyKind, Disposition, Location, Operation, Part, PathTemplate, Style};
use http::header::{CONTENT_TYPE, HeaderName, HeaderValue};
use std::cell::RefCell;

/// What one tool's `to_request` sends without looking anything up; see the module docs.
#[derive(Debug)]
pub struct Plan {
    /// `None` when the operation has a shape the plan does not cover.
    steps: Option<Steps>,
}

/// Where a planned request is written: the URI (the request gets a copy of exactly its
/// length) and a scalar's text. The thread's, borrowed in place and kept between calls, so that
/// a call allocates neither.
#[derive(Default)]
struct Room {
    uri: String,
    text: String,
}

thread_local! {
    static ROOM: RefCell<Room> = const {
        RefCell::new(Room {
            uri: String::new(),
            text: String::new(),
        })
    };
}

#[derive(Debug)]
struct Steps {
    method: http::Method,
    /// How many arguments each call hands over.
    args: usize,
    path: Vec<Piece>,
    uri_capacity: usize,
    rows: Vec<Row>,
    header_capacity: usize,
    /// The JSON body's `content-type`, when the operation has a body.
    content_type: Option<HeaderValue>,
}

/// A piece of the path template: literal text, or the argument (by index) that fills it.
#[derive(Debug)]
enum Piece {
    Literal(String),
    Arg(usize),
}

/// A query, header or body row: its argument (by index), whether it must be sent, and how.
#[derive(Debug)]
struct Row {
    arg: usize,
    required: bool,
    put: Put,
}

#[derive(Debug)]
enum Put {
    /// The key percent-encoded; arrays only when exploded.
    Query { key: String, explode: bool },
    /// The header's name, and its row (whose parameter a refused value names).
    Header { name: HeaderName, row: usize },
    /// `"name":`, as the JSON object body writes it.
    Json { key: Vec<u8> },
}

impl Plan {
    /// The plan for `op`, whose arguments are handed over under `names`, in this order, on
    /// every call.
    pub fn new<'n>(op: &Operation, names: impl IntoIterator<Item = &'n str>) -> Plan {
        let names: Vec<&str> = names.into_iter().collect();
        Plan {
            steps: Steps::new(op, &names),
        }
    }

    /// The request, when the plan covers this call; `None` leaves it to the general encoder.
    pub fn build(
        &self,
        op: &Operation,
        args: &[(&str, ArgRef<'_>)],
    ) -> Option<http::Request<Vec<u8>>> {
        let steps = self.steps.as_ref()?;
        if args.len() != steps.args {
            return None;
        }
        ROOM.with(|room| match room.try_borrow_mut() {
            Ok(mut room) => steps.write(op, args, &mut room),
            // A value whose `Serialize` builds a request itself: that one writes in its own.
            Err(_) => steps.write(op, args, &mut Room::default()),
        })
    }

    /// Whether calls can take the plan at all (some may still be left to the general encoder).
    pub fn covers(&self) -> bool {
        self.steps.is_some()
    }
}

impl Steps {
    fn new(op: &Operation, names: &[&str]) -> Option<Steps> {
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
        // A value fills its segment with text that is neither empty nor `.` nor `..` (the
        // call checks that), so a `.` or `..` segment can only be the template's own: with
        // every value standing as `x`, a path without one has none on any call.
        let sample: String = path
            .iter()
            .map(|piece| match piece {
                Piece::Literal(text) => text.as_str(),
                Piece::Arg(_) => "x",
            })
            .collect();
        refuse_dot_segments(&sample).ok()?;
        let json = match &op.body {
            Some(b) if b.kind == BodyKind::Json => Some(content_type(&b.media_type).ok()?),
            Some(_) => return None,
            None => None,
        };
        let mut rows = Vec::new();
        for (index, row) in op.accounting.iter().enumerate() {
            let param = &row.param;
            match row.disposition {
                // The executor adds a credential, after the plan.
                Disposition::Omitted { .. } | Disposition::Credential { .. } => continue,
                Disposition::Set { .. } => {}
                _ => return None,
            }
            // A JSON text is written by the general path (`lower`), which serializes it; so is
            // a value the tool fixes properties inside.
            if param.style == Style::Json || super::below::fixes(&row.below) {
                return None;
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
                    Put::Header { name, row: index }
                }
                Location::Body if json.is_some() && !param.name.is_empty() => {
                    let mut key = Vec::new();
                    push_json_key(&mut key, &param.name).ok()?;
                    key.push(b':');
                    Put::Json { key }
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
        Some(Steps {
            method: method_of(op).ok()?,
            args: names.len(),
            path,
            uri_capacity: op.path.len() + 96,
            rows,
            header_capacity: headers + 1,
            content_type: json,
        })
    }

    fn write(
        &self,
        op: &Operation,
        args: &[(&str, ArgRef<'_>)],
        room: &mut Room,
    ) -> Option<http::Request<Vec<u8>>> {
        let Room { uri, text } = room;
        uri.clear();
        uri.reserve(self.uri_capacity);
        for piece in &self.path {
            match piece {
                Piece::Literal(literal) => uri.push_str(literal),
                Piece::Arg(i) => {
                    let ArgRef::Typed(t) = args.get(*i)?.1 else {
                        return None;
                    };
                    let start = uri.len();
                    push_typed_enc(uri, t, text)?;
                    if matches!(&uri[start..], "" | "." | "..") {
                        return None;
                    }
                }
            }
        }
        let path_len = uri.len();
        uri.push('?');
        let mut headers = http::HeaderMap::with_capacity(self.header_capacity);
        let mut json: Vec<u8> = match self.content_type {
            Some(_) => Vec::with_capacity(BODY_CAPACITY),
            None => Vec::new(),
        };
        for row in &self.rows {
            let value = match args.get(row.arg)?.1 {
                ArgRef::Absent if row.required => return None,
                ArgRef::Absent => continue,
                value => value,
            };
            match &row.put {
                Put::Query { key, explode } => {
                    let ArgRef::Typed(t) = value else { return None };
                    let before = uri.len();
                    push_pair(uri, key, true);
                    if push_typed_enc(uri, t, text).is_some() {
                        continue;
                    }
                    uri.truncate(before);
                    if !(*explode && t.write_query_pairs(uri, key, text)) {
                        return None;
                    }
                }
                Put::Header { name, row } => {
                    let value = scalar(value, text)?;
                    check_header_text(&op.accounting.get(*row)?.param, value).ok()?;
                    headers.append(name.clone(), HeaderValue::from_str(value).ok()?);
                }
                Put::Json { key } => {
                    if json.is_empty() {
                        json.push(b'{');
                    } else {
                        json.push(b',');
                    }
                    json.extend_from_slice(key);
                    match value {
                        ArgRef::Typed(t) => {
                            let start = json.len();
                            t.write_json(&mut json).ok()?;
                            // A null inside may be an unset field the general encoder leaves
                            // out (`absent`): that call is its.
                            if super::absent::may_hold_null(&json[start..]) {
                                return None;
                            }
                        }
                        _ => json.extend_from_slice(b"null"),
                    }
                }
            }
        }
        if uri.len() == path_len + 1 {
            uri.pop();
        }
        // A copy of exactly the URI's length becomes the request's without another
        // allocation (`Bytes` takes a full `Vec` as it is), and the buffer is kept.
        let uri = http::Uri::try_from(uri.as_bytes()).ok()?;
        let body = match &self.content_type {
            Some(content_type) if !json.is_empty() => {
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

/// A typed value's scalar text, written into `text` (overwritten); `None` for anything else.
fn scalar<'t>(value: ArgRef<'_>, text: &'t mut String) -> Option<&'t str> {
    let ArgRef::Typed(t) = value else { return None };
    text.clear();
    t.write_scalar(text).then_some(text.as_str())
}

/// Appends a typed value's scalar text to `uri`, percent-encoded as [`push_enc`] writes it;
/// `None` (having appended nothing) for anything else. Most texts need no escape, so the text
/// is written in place and only copied out through `scratch` when it has a byte to escape.
/// (The general encoder's `push_scalar_enc` does the same for a `serde_json::Value`.)
fn push_typed_enc(uri: &mut String, t: &dyn Encode, scratch: &mut String) -> Option<()> {
    let start = uri.len();
    if !t.write_scalar(uri) {
        return None;
    }
    enc_in_place(uri, start, scratch);
    Some(())
}

#[cfg(test)]
mod tests;
