//! Wire encoding: turning a tool's argument values into an [`http::Request`].
//!
//! [`build_request`] reads only the tool's accounting: Set (and Undocumented) rows take their
//! value from the arguments, Fixed rows always send theirs, Omitted rows are never sent, and an
//! [`ArgValue::Absent`] argument is not sent. The request's URI is the path and query relative
//! to the API's base URL (`/api/v4/posts?x=1`).
//!
//! Decisions (docs/design.md §5 leaves these open):
//! - Path, query, cookie and form values are percent-encoded with everything but RFC 3986
//!   unreserved characters (`A-Z a-z 0-9 - . _ ~`) escaped, so `/ ? # % & = + ;` inside a value
//!   never change the request's structure. Delimiters the style adds (`,` `|` `[` `]` `=` `;`)
//!   are written raw, as the OpenAPI examples show.
//! - A path value (or array element) that is empty, `.` or `..` is refused: it would name
//!   another resource once a server or proxy normalizes the path.
//! - An explicit null is never dropped. Its text in path, query, header, cookie and form values
//!   is the parameter's null form (`#[arg(null = "null")]`), else the spec's (declared when it
//!   is indexed, [`crate::spec::build::Spec::null`]); without one it is empty (`name=`, an empty
//!   header) and a null path value is refused (a path has no empty segment to give). The same
//!   text stands for each null element of an array (`tenant_id=null&tenant_id=3`). A JSON body
//!   sends `null` for it. Inside an object (form or JSON body), a null property whose schema
//!   allows no null is what an unset `Option` field serializes to, and is not sent (`absent`).
//! - Header values with any control character (CR, LF, NUL, TAB, DEL, ...) are refused; other
//!   non-ASCII text is sent as UTF-8 bytes.
//! - An exploded empty array sends nothing in the query (there is no element to repeat); a
//!   non-exploded one sends `name=`.
//! - `deepObject` nests (`a[b][c]=v`) and indexes arrays (`a[0]=x&a[1]=y`, `a[k][0]=1`), as
//!   Stripe's client libraries write its `deepObject` query parameters (`expand[0]=customer`):
//!   OpenAPI leaves arrays in `deepObject` undefined, and a repeated key (`a[k]=1&a[k]=2`) is
//!   read by Rack and `qs` as its last value only.
//! - A JSON object body is sent when the body is required or any body field has a value;
//!   otherwise the request has no body and no `content-type`.
//! - Form-urlencoded bodies are written as Stripe's client libraries write them: objects in
//!   brackets under their own name at any depth, arrays indexed inside brackets (see the `form`
//!   module); no key of an argument ever becomes a top-level field.
//! - Multipart and binary bodies are encoded by the `multipart` module (files read and capped
//!   as [`crate::wire::uploads`] says).

use crate::model::{
    Accounted, BodyKind, Disposition, Location, Operation, Param, Part, PathTemplate, Schema, Style,
};
use http::header::{CONTENT_TYPE, COOKIE, HeaderName, HeaderValue};
use serde_json::Value;
use std::cell::Cell;
use std::fmt::{self, Write as _};

mod absent;
mod form;
mod multipart;
mod plan;
mod scalar_text;

#[doc(hidden)]
pub use plan::Plan;

/// The value of one argument, as the request should carry it.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ArgValue {
    /// Not given: the parameter is not sent.
    #[default]
    Absent,
    /// An explicit null: sent as the location's null form (see the module docs).
    Null,
    /// A value.
    Value(Value),
}

impl ArgValue {
    /// `None` is [`ArgValue::Absent`]; `Some(null)` is [`ArgValue::Null`].
    pub fn from_option(value: Option<Value>) -> ArgValue {
        value.map_or(ArgValue::Absent, ArgValue::from)
    }
}

impl From<Value> for ArgValue {
    /// `null` becomes [`ArgValue::Null`], anything else [`ArgValue::Value`].
    fn from(value: Value) -> ArgValue {
        match value {
            Value::Null => ArgValue::Null,
            v => ArgValue::Value(v),
        }
    }
}

/// What kind of problem stopped a request from being built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestErrorKind {
    /// The operation's method is not a valid HTTP method.
    Method,
    /// An argument name the tool does not declare.
    UnknownArgument,
    /// A required parameter has no value.
    Missing,
    /// A path value that is empty, `.`, `..` or null.
    PathValue,
    /// The path template names a parameter the tool does not send, or is malformed.
    PathTemplate,
    /// A header or cookie name that is not a valid token.
    Name,
    /// A header value with a control character.
    HeaderValue,
    /// A value whose shape the parameter's style cannot encode (a nested array in a query).
    Shape,
    /// A body kind or shape not supported yet.
    Unsupported,
    /// A file argument that cannot be sent: a path the operator does not allow (none
    /// configured, `..`, outside the files directory) or cannot be read.
    File,
    /// The encoded multipart or binary body would pass the upload limit.
    TooLarge,
    /// The assembled URI or request was refused by the `http` crate.
    Http,
    /// A field's value could not be serialized to JSON (a user type's `Serialize` failed).
    Serialize,
}

/// Why a request could not be built.
///
/// Boxed, so that the `Result`s every encoding step returns stay a pointer wide on the path
/// where nothing fails.
#[derive(Clone, PartialEq, Eq)]
pub struct RequestError(Box<Fault>);

#[derive(Clone, PartialEq, Eq)]
struct Fault {
    kind: RequestErrorKind,
    address: Option<String>,
    message: String,
}

impl RequestError {
    pub(crate) fn new(
        kind: RequestErrorKind,
        param: Option<&Param>,
        message: impl Into<String>,
    ) -> Self {
        RequestError(Box::new(Fault {
            kind,
            address: param.map(Param::address),
            message: message.into(),
        }))
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> RequestErrorKind {
        self.0.kind
    }

    /// The address of the parameter at fault (`query.page`, `body`), when one is.
    pub fn address(&self) -> Option<&str> {
        self.0.address.as_deref()
    }

    /// What is wrong, without the address.
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Debug for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RequestError")
            .field("kind", &self.0.kind)
            .field("address", &self.0.address)
            .field("message", &self.0.message)
            .finish()
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.address {
            Some(a) => write!(f, "cannot build the request: {a}: {}", self.0.message),
            None => write!(f, "cannot build the request: {}", self.0.message),
        }
    }
}

impl std::error::Error for RequestError {}

/// A value the `#[tool]` expansion hands to the encoder by reference: serialized straight into
/// the request (scalars as text, JSON body fields as bytes), with no `serde_json::Value` in
/// between. Implemented for every `Serialize` type. Not a public API.
#[doc(hidden)]
pub trait Encode {
    /// Writes the value as JSON.
    fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()>;
    /// Appends the text of a scalar (string, integer, finite `f64`, boolean, unit enum variant)
    /// and returns true; returns false (having appended nothing) for anything else.
    fn write_scalar(&self, out: &mut String) -> bool;
    /// Appends the texts of a sequence of scalars one after another, pushing where each ends
    /// onto `ends`, and returns true; returns false (having appended nothing) otherwise.
    fn write_scalar_items(&self, out: &mut String, ends: &mut Vec<usize>) -> bool;
    /// Appends a sequence of scalars as query pairs, `key=` (already encoded, `&` before it
    /// unless it is the first pair) and the element percent-encoded, and returns true; returns
    /// false (having appended nothing) otherwise. `scratch` is overwritten.
    fn write_query_pairs(&self, out: &mut String, key: &str, scratch: &mut String) -> bool;
    /// The value as a `serde_json::Value`, for the shapes the writers above decline.
    fn to_json_value(&self) -> serde_json::Result<Value>;
}

impl<T: serde::Serialize + ?Sized> Encode for T {
    fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        // Strings with nothing to escape, integers, booleans and nulls are written directly;
        // anything else (and a string to escape) is left to `serde_json`, which writes the same
        // bytes for them.
        let len = out.len();
        if self.serialize(scalar_text::JsonScalar(out)).is_ok() {
            return Ok(());
        }
        out.truncate(len);
        serde_json::to_writer(out, self)
    }

    fn write_scalar(&self, out: &mut String) -> bool {
        let len = out.len();
        let ok = self.serialize(scalar_text::ScalarText(out)).is_ok();
        if !ok {
            out.truncate(len);
        }
        ok
    }

    fn write_scalar_items(&self, out: &mut String, ends: &mut Vec<usize>) -> bool {
        let (len, n) = (out.len(), ends.len());
        let ok = self
            .serialize(scalar_text::SeqText {
                out: &mut *out,
                ends: &mut *ends,
            })
            .is_ok();
        if !ok {
            out.truncate(len);
            ends.truncate(n);
        }
        ok
    }

    fn write_query_pairs(&self, out: &mut String, key: &str, scratch: &mut String) -> bool {
        let len = out.len();
        let ok = self
            .serialize(scalar_text::QueryPairs {
                out: &mut *out,
                key,
                scratch,
            })
            .is_ok();
        if !ok {
            out.truncate(len);
        }
        ok
    }

    fn to_json_value(&self) -> serde_json::Result<Value> {
        serde_json::to_value(self)
    }
}

/// One argument as the `#[tool]` expansion passes it: borrowed from the tool's fields. Not a
/// public API; [`build_request`] with [`ArgValue`]s is.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub enum ArgRef<'a> {
    /// Not given: not sent.
    Absent,
    /// An explicit null.
    Null,
    /// A field's value.
    Typed(&'a dyn Encode),
}

/// A row's value once arguments and Fixed values are found.
#[derive(Clone, Copy)]
enum Source<'a> {
    Absent,
    Null,
    Value(&'a Value),
    Typed(&'a dyn Encode),
}

/// A value as the location encoders take it: typed values are lowered to scalar text, or to a
/// `Value` for arrays and objects.
#[derive(Clone, Copy)]
enum Resolved<'a> {
    Absent,
    Null,
    Value(&'a Value),
    Text(&'a str),
    /// An array of scalars: their texts one after another in `text`, each ending at `ends[i]`.
    Items(Items<'a>),
}

/// An array of scalars lowered to text, read element by element.
#[derive(Clone, Copy)]
struct Items<'a> {
    text: &'a str,
    ends: &'a [usize],
}

impl<'a> Items<'a> {
    fn is_empty(self) -> bool {
        self.ends.is_empty()
    }

    fn iter(self) -> impl Iterator<Item = &'a str> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let item = self.text.get(start..end).unwrap_or_default();
            start = end;
            item
        })
    }
}

/// Lowers a source for the location encoders; `text` and `owned` hold what a typed value becomes.
fn lower<'b>(
    source: Source<'b>,
    text: &'b mut String,
    ends: &'b mut Vec<usize>,
    owned: &'b mut Value,
    param: &Param,
) -> Result<Resolved<'b>, RequestError> {
    Ok(match source {
        Source::Absent => Resolved::Absent,
        Source::Null => Resolved::Null,
        Source::Value(v) => Resolved::Value(v),
        Source::Typed(t) => {
            text.clear();
            ends.clear();
            if t.write_scalar(text) {
                Resolved::Text(text)
            } else if t.write_scalar_items(text, ends) {
                Resolved::Items(Items { text, ends })
            } else {
                *owned = t.to_json_value().map_err(|e| {
                    RequestError::new(RequestErrorKind::Serialize, Some(param), e.to_string())
                })?;
                match owned {
                    Value::Null => Resolved::Null,
                    v => Resolved::Value(v),
                }
            }
        }
    })
}

/// An argument source [`Lookup`] reads: owned [`ArgValue`]s or borrowed [`ArgRef`]s.
trait AsSource {
    fn source(&self) -> Source<'_>;
}

impl AsSource for ArgValue {
    fn source(&self) -> Source<'_> {
        match self {
            ArgValue::Absent => Source::Absent,
            ArgValue::Null | ArgValue::Value(Value::Null) => Source::Null,
            ArgValue::Value(v) => Source::Value(v),
        }
    }
}

impl AsSource for ArgRef<'_> {
    fn source(&self) -> Source<'_> {
        match *self {
            ArgRef::Absent => Source::Absent,
            ArgRef::Null => Source::Null,
            ArgRef::Typed(t) => Source::Typed(t),
        }
    }
}

/// Finds argument values by name. Arguments usually come in accounting order, so the search
/// starts where the last one was found: a whole request costs one pass, not a pass per row.
struct Lookup<'a, 'n, A> {
    args: &'a [(&'n str, A)],
    next: usize,
    found: usize,
}

impl<'a, A: AsSource> Lookup<'a, '_, A> {
    fn get(&mut self, name: &str) -> Source<'a> {
        let n = self.args.len();
        // Indices `next, next + 1, ..., n - 1, 0, ..., next - 1`, without a division per step.
        let mut i = self.next;
        let mut hit = None;
        for _ in 0..n {
            if i >= n {
                i = 0;
            }
            if self.args[i].0 == name {
                hit = Some(i);
                break;
            }
            i += 1;
        }
        let Some(i) = hit else {
            return Source::Absent;
        };
        self.next = i + 1;
        self.found += 1;
        self.args[i].1.source()
    }

    fn resolve(&mut self, row: &'a Accounted) -> Source<'a> {
        let fixed = |v: &'a Value| match v {
            Value::Null => Source::Null,
            v => Source::Value(v),
        };
        match &row.disposition {
            Disposition::Set { argument, .. } => self.get(argument),
            Disposition::Undocumented {
                argument: Some(a), ..
            } => self.get(a),
            Disposition::Undocumented { value: Some(v), .. } => fixed(v),
            Disposition::Fixed { value, .. } => fixed(value),
            Disposition::Omitted { .. } | Disposition::Undocumented { .. } => Source::Absent,
        }
    }
}

/// Builds the HTTP request for `op` from argument values (argument name -> value).
///
/// Every argument name must be one the tool declares; a required parameter must have a value
/// (from its argument or a Fixed value).
pub fn build_request(
    op: &Operation,
    args: &[(&str, ArgValue)],
) -> Result<http::Request<Vec<u8>>, RequestError> {
    build(op, args)
}

/// [`build_request`] from values borrowed from a tool's fields: what `to_request` calls.
#[doc(hidden)]
pub fn build_request_ref(
    op: &Operation,
    args: &[(&str, ArgRef<'_>)],
) -> Result<http::Request<Vec<u8>>, RequestError> {
    build(op, args)
}

fn build<'a, A: AsSource>(
    op: &'a Operation,
    args: &'a [(&str, A)],
) -> Result<http::Request<Vec<u8>>, RequestError> {
    let method = method_of(op)?;
    let mut writer = Writer::new(op, args);
    writer.write_path()?;
    writer.write_rows()?;
    writer.finish(method)
}

/// The operation's method, refused when it is not an HTTP method.
fn method_of(op: &Operation) -> Result<http::Method, RequestError> {
    http::Method::from_bytes(op.method.as_bytes()).map_err(|_| {
        RequestError::new(
            RequestErrorKind::Method,
            None,
            format!("`{}` is not an HTTP method", op.method.escape_debug()),
        )
    })
}

/// What a typed argument is lowered to (scalar text, or a `Value` for other shapes). The
/// buffers are the thread's, kept between calls ([`Typed::take`], [`Typed::give_back`]), so
/// typed scalars cost no allocation.
#[derive(Default)]
struct Typed {
    text: String,
    ends: Vec<usize>,
    value: Value,
}

impl Typed {
    fn take() -> Typed {
        let Buffers { text, ends } = BUFFERS.with(Cell::take);
        Typed {
            text,
            ends,
            value: Value::Null,
        }
    }

    fn give_back(mut self) {
        self.text.clear();
        self.ends.clear();
        BUFFERS.with(|b| {
            b.set(Buffers {
                text: self.text,
                ends: self.ends,
            })
        });
    }

    fn lower<'b>(
        &'b mut self,
        source: Source<'b>,
        param: &Param,
    ) -> Result<Resolved<'b>, RequestError> {
        lower(
            source,
            &mut self.text,
            &mut self.ends,
            &mut self.value,
            param,
        )
    }
}

/// One request being written: the URI (path, then query, in one string), headers, cookies
/// and body, row by row.
struct Writer<'a, 'n, A> {
    op: &'a Operation,
    lookup: Lookup<'a, 'n, A>,
    uri: String,
    /// Where the path ends in `uri` (the `?` follows).
    path_len: usize,
    headers: http::HeaderMap,
    /// Room for a header's text, reused across rows.
    header_text: String,
    cookie: String,
    /// A JSON object body, written field by field as the rows come.
    json: Vec<u8>,
    json_object: bool,
    /// The fields of other bodies, encoded at the end.
    body_fields: Vec<BodyField<'a>>,
    scratch: Scratch<'a>,
    typed: Typed,
}

impl<'a, 'n, A: AsSource> Writer<'a, 'n, A> {
    fn new(op: &'a Operation, args: &'a [(&'n str, A)]) -> Self {
        // Room for every header row and `content-type`, so the map is allocated once.
        let n_headers = op
            .accounting
            .iter()
            .filter(|r| r.param.location == Location::Header)
            .count();
        Writer {
            op,
            lookup: Lookup {
                args,
                next: 0,
                found: 0,
            },
            uri: String::with_capacity(op.path.len() + 96),
            path_len: 0,
            headers: http::HeaderMap::with_capacity(n_headers + 1),
            header_text: String::new(),
            cookie: String::new(),
            json: Vec::new(),
            json_object: op.body.as_ref().is_some_and(|b| b.kind == BodyKind::Json),
            body_fields: Vec::new(),
            scratch: Scratch::default(),
            typed: Typed::take(),
        }
    }

    /// The path: the template with each `{name}` replaced by its value, encoded in place, and
    /// the `?` the query follows (taken back in [`Writer::finish`] if no pair follows).
    fn write_path(&mut self) -> Result<(), RequestError> {
        for part in PathTemplate::new(&self.op.path).parts() {
            match part.map_err(|e| template_error(e.to_string()))? {
                Part::Literal(text) => self.uri.push_str(text),
                Part::Param(name) => self.write_path_param(name)?,
            }
        }
        refuse_dot_segments(&self.uri)?;
        self.path_len = self.uri.len();
        self.uri.push('?');
        Ok(())
    }

    fn write_path_param(&mut self, name: &str) -> Result<(), RequestError> {
        let op = self.op;
        let row = path_row(op, name)?;
        let source = self.lookup.resolve(row);
        if matches!(source, Source::Absent) {
            return Err(missing(&row.param));
        }
        self.scratch.null = null_form(op, row);
        let value = self.typed.lower(source, &row.param)?;
        let value = null_as_text(value, self.scratch.null, &row.param)?;
        encode_path(&mut self.uri, &mut self.scratch, &row.param, value)
    }

    /// Every row but the path's: query pairs, headers and cookies as they come, body fields
    /// into the body.
    fn write_rows(&mut self) -> Result<(), RequestError> {
        let op = self.op;
        for row in op.accounting.iter() {
            let param = &row.param;
            if param.location == Location::Path {
                continue;
            }
            let source = self.lookup.resolve(row);
            self.scratch.null = null_form(op, row);
            if matches!(source, Source::Absent) {
                if must_send(op, row) {
                    return Err(missing(param));
                }
                continue;
            }
            if param.location == Location::Body {
                self.write_body_field(param, source)?;
                continue;
            }
            if let Some(pattern) = row.family() {
                let value = self.typed.lower(source, param)?;
                write_family(op, param, pattern, value, &mut self.uri, &mut self.scratch)?;
                continue;
            }
            let value = self.typed.lower(source, param)?;
            let value = null_as_text(value, self.scratch.null, param)?;
            match param.location {
                Location::Query => encode_query(
                    refuse_spread_keys(op, param, value, &mut self.uri)?,
                    &mut self.scratch,
                    param,
                    &param.name,
                    query_style(param.style),
                    param.explode,
                    value,
                )?,
                Location::Header => append_header(
                    &mut self.headers,
                    &mut self.header_text,
                    &mut self.scratch,
                    param,
                    value,
                )?,
                Location::Cookie => {
                    encode_cookie(&mut self.cookie, &mut self.scratch, param, value)?
                }
                Location::Path | Location::Body => {}
            }
        }
        Ok(())
    }

    /// A JSON object body's field is written now; other bodies' fields wait for the end.
    fn write_body_field(
        &mut self,
        param: &'a Param,
        source: Source<'a>,
    ) -> Result<(), RequestError> {
        if self.json_object && !param.name.is_empty() {
            return push_json_field(&mut self.json, param, source);
        }
        self.body_fields.push((param, source, self.scratch.null));
        Ok(())
    }

    /// The URI, the cookie header, the body and its `content-type`: the request.
    fn finish(mut self, method: http::Method) -> Result<http::Request<Vec<u8>>, RequestError> {
        let op = self.op;
        if self.uri.len() == self.path_len + 1 {
            self.uri.pop();
        }
        // Every argument is found once unless one is unknown (or repeated): only then look
        // closer.
        if self.lookup.found != self.lookup.args.len() {
            check_names(op, self.lookup.args)?;
        }
        let uri = http::Uri::try_from(std::mem::take(&mut self.uri)).map_err(|e| {
            RequestError::new(
                RequestErrorKind::Http,
                None,
                format!("the request URI is not valid: {e}"),
            )
        })?;
        if !self.cookie.is_empty() {
            self.headers.insert(COOKIE, cookie_header(&self.cookie)?);
        }
        let body = if self.json.is_empty() {
            encode_body(op, &self.body_fields, &mut self.scratch, &mut self.headers)?
        } else {
            self.json.push(b'}');
            Some(std::mem::take(&mut self.json))
        };
        // A multipart or binary body has set its own (with the boundary, or the file's type).
        if let (Some(b), Some(_)) = (&op.body, &body)
            && !self.headers.contains_key(CONTENT_TYPE)
        {
            self.headers
                .insert(CONTENT_TYPE, content_type(&b.media_type)?);
        }
        let headers = std::mem::take(&mut self.headers);
        self.typed.give_back();
        let mut request = http::Request::new(body.unwrap_or_default());
        *request.method_mut() = method;
        *request.uri_mut() = uri;
        *request.headers_mut() = headers;
        Ok(request)
    }
}

fn missing(param: &Param) -> RequestError {
    RequestError::new(
        RequestErrorKind::Missing,
        Some(param),
        "required, but no value was given",
    )
}

fn template_error(message: String) -> RequestError {
    RequestError::new(RequestErrorKind::PathTemplate, None, message)
}

/// The row of the path parameter a template names.
fn path_row<'o>(op: &'o Operation, name: &str) -> Result<&'o Accounted, RequestError> {
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
fn refuse_dot_segments(path: &str) -> Result<(), RequestError> {
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

/// Whether a row without a value makes the request incomplete: a required parameter (or a
/// required whole body) the tool does not omit.
fn must_send(op: &Operation, row: &Accounted) -> bool {
    let param = &row.param;
    let required = param.required
        || (param.location == Location::Body
            && param.name.is_empty()
            && op.body.as_ref().is_some_and(|b| b.required));
    required && !matches!(row.disposition, Disposition::Omitted { .. })
}

/// The URI, once an object spread into top-level query pairs (style `form`, exploded, as
/// OpenAPI defines it) is found to name no other query parameter of the operation: a key that
/// did would set a parameter the tool accounts otherwise (Omitted, Fixed, or another argument).
fn refuse_spread_keys<'u>(
    op: &Operation,
    param: &Param,
    value: Resolved<'_>,
    uri: &'u mut String,
) -> Result<&'u mut String, RequestError> {
    let Resolved::Value(Value::Object(map)) = value else {
        return Ok(uri);
    };
    if query_style(param.style) != Style::Form || !param.explode {
        return Ok(uri);
    }
    let taken = op.accounting.iter().map(|r| &r.param).find(|p| {
        p.location == Location::Query && p.name != param.name && map.contains_key(&p.name)
    });
    match taken {
        None => Ok(uri),
        Some(other) => Err(RequestError::new(
            RequestErrorKind::Shape,
            Some(param),
            format!(
                "its key `{}` would be sent as the query parameter of that name, which this \
                 tool accounts separately; an object argument cannot set another parameter",
                other.name.escape_debug()
            ),
        )),
    }
}

/// A pattern family's argument ([`Accounted::family`]): each key is a query parameter's name,
/// checked against the pattern and against the tool's other query parameters (a family never
/// sends one the tool accounts otherwise), and each value is sent under it in the family's
/// style (`cf_env=prod&cf_env=dev` for a list, exploded). A null is not sent.
fn write_family(
    op: &Operation,
    param: &Param,
    pattern: &str,
    value: Resolved<'_>,
    uri: &mut String,
    scratch: &mut Scratch<'_>,
) -> Result<(), RequestError> {
    let map = match value {
        Resolved::Absent | Resolved::Null => return Ok(()),
        Resolved::Value(Value::Object(map)) => map,
        _ => {
            return Err(RequestError::new(
                RequestErrorKind::Shape,
                Some(param),
                format!("a family's value is an object of `{pattern}` parameters by name"),
            ));
        }
    };
    for (name, v) in map {
        let refuse = |why: String| {
            Err(RequestError::new(
                RequestErrorKind::Shape,
                Some(param),
                format!("its key `{}` {why}", name.escape_debug()),
            ))
        };
        if !crate::check::address::glob_matches(pattern, name) {
            return refuse(format!("does not match `{pattern}`"));
        }
        if op
            .accounting
            .iter()
            .any(|r| r.param.location == Location::Query && r.param.name == *name)
        {
            return refuse(
                "names a query parameter this tool accounts separately; a family cannot set it"
                    .into(),
            );
        }
        encode_query(
            uri,
            scratch,
            param,
            name,
            query_style(param.style),
            param.explode,
            Resolved::Value(v),
        )?;
    }
    Ok(())
}

/// A query parameter's style; path styles in a query are sent as `form`.
fn query_style(style: Style) -> Style {
    match style {
        Style::Simple | Style::Label | Style::Matrix => Style::Form,
        s => s,
    }
}

/// One field of a JSON object body: `{` or `,`, its name, `:`, its value.
fn push_json_field(
    json: &mut Vec<u8>,
    param: &Param,
    source: Source<'_>,
) -> Result<(), RequestError> {
    if json.is_empty() {
        json.reserve(BODY_CAPACITY);
        json.push(b'{');
    } else {
        json.push(b',');
    }
    push_json_key(json, &param.name).map_err(|e| not_json(param, e))?;
    json.push(b':');
    write_json_field(json, source, &param.schema).map_err(|e| not_json(param, e))
}

/// Writes one value of a JSON body as JSON, leaving out every object property that is null
/// where `schema` does not allow null (see the `absent` module): the value is written as it
/// serializes, and written again without those properties only when its text holds a null.
fn write_json_field(out: &mut Vec<u8>, v: Source<'_>, schema: &Schema) -> serde_json::Result<()> {
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
fn push_json_key(json: &mut Vec<u8>, name: &str) -> serde_json::Result<()> {
    if name.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        return serde_json::to_writer(&mut *json, name);
    }
    json.reserve(name.len() + 2);
    json.push(b'"');
    json.extend_from_slice(name.as_bytes());
    json.push(b'"');
    Ok(())
}

/// Appends one header (style simple).
fn append_header(
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
fn cookie_header(cookie: &str) -> Result<HeaderValue, RequestError> {
    HeaderValue::from_str(cookie).map_err(|_| {
        RequestError::new(
            RequestErrorKind::HeaderValue,
            None,
            "not a valid cookie header",
        )
    })
}

/// A null value as the text its location sends: the row's wire form of null (see the module
/// docs), else empty, except where an empty text names nothing, which is refused: a path
/// segment, and a whole text body.
fn null_as_text<'v>(
    value: Resolved<'v>,
    null: Option<&'v str>,
    param: &Param,
) -> Result<Resolved<'v>, RequestError> {
    if !matches!(value, Resolved::Null) {
        return Ok(value);
    }
    match (null, param.location) {
        (Some(text), _) => Ok(Resolved::Text(text)),
        (None, Location::Path) => Err(path_null(param)),
        (None, Location::Body) if param.name.is_empty() => Err(RequestError::new(
            RequestErrorKind::Shape,
            Some(param),
            "a text body cannot be null (no null form is declared for it)",
        )),
        (None, _) => Ok(Resolved::Text("")),
    }
}

fn path_null(param: &Param) -> RequestError {
    RequestError::new(
        RequestErrorKind::PathValue,
        Some(param),
        "a path value cannot be null: a path has no null form unless one is declared \
         (`#[arg(null = \"...\")]`, or for the spec when it is indexed)",
    )
}

/// The thread's buffers [`Typed`] takes and gives back.
#[derive(Default)]
struct Buffers {
    text: String,
    ends: Vec<usize>,
}

thread_local! {
    static BUFFERS: Cell<Buffers> = const {
        Cell::new(Buffers {
            text: String::new(),
            ends: Vec::new(),
        })
    };
}

fn not_json(param: &Param, e: serde_json::Error) -> RequestError {
    RequestError::new(
        RequestErrorKind::Shape,
        Some(param),
        format!("the body is not JSON: {e}"),
    )
}

/// The `content-type` header value; the common media types need no copy.
fn content_type(media_type: &str) -> Result<HeaderValue, RequestError> {
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

/// Refuses an argument name the tool does not declare.
fn check_names<A>(op: &Operation, args: &[(&str, A)]) -> Result<(), RequestError> {
    for (name, _) in args {
        let known = op
            .accounting
            .iter()
            .any(|row| crate::wire::decode::argument_of(&row.disposition) == Some(name));
        if !known {
            return Err(RequestError::new(
                RequestErrorKind::UnknownArgument,
                None,
                format!("`{}` is not an argument of this tool", name.escape_debug()),
            ));
        }
    }
    Ok(())
}

/// Whether each byte is an RFC 3986 unreserved character (`A-Z a-z 0-9 - . _ ~`).
const UNRESERVED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~');
        b += 1;
    }
    table
};

/// Whether `s` is all RFC 3986 unreserved characters, so that [`push_enc`] would copy it as it is.
fn is_unreserved(s: &str) -> bool {
    s.bytes().all(|b| UNRESERVED[usize::from(b)])
}

/// Percent-encodes what was appended to `out` from `start` on, as [`push_enc`] writes it. Most
/// texts need no escape, so they stay in place; only one with a byte to escape is copied out
/// through `scratch` (overwritten) and written back encoded.
fn enc_in_place(out: &mut String, start: usize, scratch: &mut String) {
    let Some(text) = out.get(start..) else {
        return;
    };
    if is_unreserved(text) {
        return;
    }
    scratch.clear();
    scratch.push_str(text);
    out.truncate(start);
    push_enc(out, scratch);
}

/// Appends `s` percent-encoded: every byte but unreserved characters escaped as `%XX` (upper
/// case hex), runs of unreserved characters copied whole.
fn push_enc(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(s.len());
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if UNRESERVED[usize::from(b)] {
            continue;
        }
        // `start..i` is a run of ASCII, so both ends are character boundaries.
        if start < i {
            out.push_str(&s[start..i]);
        }
        out.push('%');
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 0xf)]));
        start = i + 1;
    }
    if start < bytes.len() {
        out.push_str(&s[start..]);
    }
}

/// What the text encoders share while one parameter is written: room for number text, and the
/// parameter's wire form of null.
#[derive(Default)]
struct Scratch<'n> {
    number: String,
    /// The text sent for null (see the module docs); `None` for the default.
    null: Option<&'n str>,
}

impl Scratch<'_> {
    /// The text of a null value or element: the declared form, or empty.
    fn null_text(&self) -> &str {
        self.null.unwrap_or("")
    }
}

/// The wire form of null for one row: the row's own (`#[arg(null = "...")]`), else the spec's
/// (declared when it was indexed), else `None`, the default.
fn null_form<'o>(op: &'o Operation, row: &'o Accounted) -> Option<&'o str> {
    row.null.as_deref().or(op.spec.null.as_deref())
}

/// A scalar's text (`true`, `1.5`, the string itself); `None` for arrays and objects. Null
/// elements inside arrays and objects are the parameter's null text. Number text is written
/// into `scratch`, which is overwritten.
fn scalar<'s>(v: &'s Value, scratch: &'s mut Scratch<'_>) -> Option<&'s str> {
    match v {
        Value::String(s) => Some(s),
        Value::Number(n) => {
            scratch.number.clear();
            // Writing to a `String` cannot fail.
            let _ = write!(scratch.number, "{n}");
            Some(&scratch.number)
        }
        Value::Bool(true) => Some("true"),
        Value::Bool(false) => Some("false"),
        Value::Null => Some(scratch.null_text()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// Appends a scalar's text percent-encoded; `None` for arrays and objects.
fn push_scalar_enc(out: &mut String, scratch: &mut Scratch<'_>, v: &Value) -> Option<()> {
    push_enc(out, scalar(v, scratch)?);
    Some(())
}

fn nested(param: &Param) -> RequestError {
    RequestError::new(
        RequestErrorKind::Shape,
        Some(param),
        format!(
            "an array or object inside another has no encoding in a {} parameter of style `{}`: \
             send a scalar, an array of scalars, or an object of scalars",
            param.location,
            crate::spec::shapes::style_name(param.location, param.style)
        ),
    )
}

/// Appends the encoded text of one path value or element, refused when empty, `.` or `..`.
fn push_path_scalar(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    v: &Value,
) -> Result<(), RequestError> {
    let s = scalar(v, scratch).ok_or_else(|| nested(param))?;
    push_path_text(out, param, s)
}

/// Appends one path value's text encoded, refused when empty, `.` or `..`.
fn push_path_text(out: &mut String, param: &Param, s: &str) -> Result<(), RequestError> {
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
fn encode_path(
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

/// Starts a `key=` pair: after a `&` unless it is the first (right after the URI's `?`, which
/// no encoded value contains).
#[inline]
fn push_pair(out: &mut String, key: &str, raw_key: bool) {
    if !out.is_empty() && !out.ends_with('?') {
        out.push('&');
    }
    if raw_key {
        out.push_str(key);
    } else {
        push_enc(out, key);
    }
    out.push('=');
}

/// Starts a `name[i]=` pair (an indexed `deepObject` array element); `name` is not encoded yet.
fn push_index_pair(out: &mut String, name: &str, i: usize) {
    if !out.is_empty() && !out.ends_with('?') {
        out.push('&');
    }
    push_enc(out, name);
    let _ = write!(out, "[{i}]=");
}

/// Appends one query parameter (or form-body field) per its style and explode.
fn encode_query(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    param: &Param,
    name: &str,
    style: Style,
    explode: bool,
    value: Resolved<'_>,
) -> Result<(), RequestError> {
    let value = match value {
        // A null is text by now (see `null_as_text`).
        Resolved::Absent | Resolved::Null => return Ok(()),
        Resolved::Text(s) => {
            push_pair(out, name, false);
            push_enc(out, s);
            return Ok(());
        }
        Resolved::Items(items) => {
            let delim = delimiter(style);
            if style == Style::DeepObject {
                for (i, item) in items.iter().enumerate() {
                    push_index_pair(out, name, i);
                    push_enc(out, item);
                }
            } else if explode {
                for item in items.iter() {
                    push_pair(out, name, false);
                    push_enc(out, item);
                }
            } else {
                push_pair(out, name, false);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    push_enc(out, item);
                }
            }
            return Ok(());
        }
        Resolved::Value(v) => v,
    };
    let delim = delimiter(style);
    match value {
        Value::Array(items) => {
            if style == Style::DeepObject {
                let mut key = String::new();
                push_enc(&mut key, name);
                deep_value(out, scratch, &mut key, value);
            } else if explode {
                for item in items {
                    push_pair(out, name, false);
                    push_scalar_enc(out, scratch, item).ok_or_else(|| nested(param))?;
                }
            } else {
                push_pair(out, name, false);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    push_scalar_enc(out, scratch, item).ok_or_else(|| nested(param))?;
                }
            }
        }
        Value::Object(_) if style == Style::DeepObject => {
            let mut key = String::new();
            push_enc(&mut key, name);
            deep_value(out, scratch, &mut key, value);
        }
        Value::Object(map) => {
            if explode {
                for (k, v) in map {
                    push_pair(out, k, false);
                    push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
                }
            } else {
                push_pair(out, name, false);
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push_str(delim);
                    }
                    push_enc(out, k);
                    out.push_str(delim);
                    push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
                }
            }
        }
        v => {
            push_pair(out, name, false);
            push_scalar_enc(out, scratch, v).ok_or_else(|| nested(param))?;
        }
    }
    Ok(())
}

/// What joins array elements in a non-exploded query value of this style.
fn delimiter(style: Style) -> &'static str {
    match style {
        Style::SpaceDelimited => "%20",
        Style::PipeDelimited => "|",
        _ => ",",
    }
}

/// `key[k]=v`, nesting for objects and indexing arrays at any depth (`key[k][0][j]=v`), as
/// Stripe's client libraries write `deepObject` values. `key` is already encoded. An empty
/// array or object inside sends nothing, as in those libraries.
fn deep_value(out: &mut String, scratch: &mut Scratch<'_>, key: &mut String, value: &Value) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let len = key.len();
                key.push('[');
                push_enc(key, k);
                key.push(']');
                deep_value(out, scratch, key, v);
                key.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                let len = key.len();
                let _ = write!(key, "[{i}]");
                deep_value(out, scratch, key, v);
                key.truncate(len);
            }
        }
        v => {
            push_pair(out, key, true);
            // A scalar: `push_scalar_enc` writes it.
            let _ = push_scalar_enc(out, scratch, v);
        }
    }
}

/// Writes a header's text (style simple) into `out`, which is overwritten: arrays
/// comma-joined, objects `k,v` or `k=v` (explode).
fn header_text<'s>(
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
fn check_header_text(param: &Param, out: &str) -> Result<(), RequestError> {
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
fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b"()<>@,;:\\\"/[]?={}".contains(&b))
}

/// Appends one cookie (`name=value`, `; `-separated), values percent-encoded.
fn encode_cookie(
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

/// A body field as the body encoders take it: its parameter, value and wire form of null.
type BodyField<'a> = (&'a Param, Source<'a>, Option<&'a str>);

/// Writes a JSON object body: each field's name and its value, straight from the arguments.
fn write_body_object(out: &mut Vec<u8>, fields: &[BodyField<'_>]) -> serde_json::Result<()> {
    out.push(b'{');
    for (i, (p, v, _)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_json_key(out, &p.name)?;
        out.push(b':');
        write_json_field(out, *v, &p.schema)?;
    }
    out.push(b'}');
    Ok(())
}

/// Writes one value as JSON; absent and null are `null`.
fn write_json(out: &mut Vec<u8>, v: Source<'_>) -> serde_json::Result<()> {
    match v {
        Source::Value(v) => serde_json::to_writer(out, v),
        Source::Typed(t) => t.write_json(out),
        Source::Absent | Source::Null => {
            out.extend_from_slice(b"null");
            Ok(())
        }
    }
}

/// Room reserved up front for a JSON body, so that a typical one is written without regrowing.
const BODY_CAPACITY: usize = 256;

/// The body bytes, or `None` when nothing is to be sent.
fn encode_body<'a>(
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
                Some((p, v, _)) => write_json_field(&mut out, *v, &p.schema),
                None => write_body_object(&mut out, fields),
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

#[cfg(test)]
mod null_tests;
#[cfg(test)]
mod tests;

#[cfg(test)]
mod encoding_tests {
    use super::{enc_in_place, push_enc};
    use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
    use proptest::prelude::*;

    /// Everything but RFC 3986 unreserved characters is escaped: the reference `push_enc` must
    /// agree with.
    const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');

    fn reference(s: &str) -> String {
        utf8_percent_encode(s, COMPONENT).to_string()
    }

    fn enc(s: &str) -> String {
        let mut out = String::from("x=");
        push_enc(&mut out, s);
        out.split_off(2)
    }

    #[test]
    fn push_enc_matches_the_reference_set() {
        for s in [
            "",
            "a",
            "A-Z_a.z~09",
            " ",
            "/?#[]@!$&'()*+,;=%",
            "é",
            "aé",
            "éa",
            "a\u{0}b",
            "日本語",
            "\u{1F600}x",
            "..",
            "\u{7f}\u{80}",
        ] {
            assert_eq!(enc(s), reference(s), "{s:?}");
        }
    }

    proptest! {
        #[test]
        fn push_enc_matches_the_reference_for_any_text(s in any::<String>()) {
            prop_assert_eq!(enc(&s), reference(&s));
        }

        #[test]
        fn text_encoded_in_place_is_push_enc_s(prefix in "[a-z/?=&]{0,12}", s in any::<String>()) {
            let mut out = prefix.clone();
            out.push_str(&s);
            let mut scratch = String::from("left over");
            enc_in_place(&mut out, prefix.len(), &mut scratch);
            let mut expected = prefix;
            push_enc(&mut expected, &s);
            prop_assert_eq!(out, expected);
        }
    }
}

#[cfg(test)]
mod json_scalar_tests {
    use super::Encode;
    use proptest::prelude::*;
    use serde::Serialize;

    /// What `write_json` appends after some bytes already written, against `serde_json`.
    fn same<T: Serialize>(v: &T) -> Result<(), TestCaseError> {
        let mut out = b"{\"k\":".to_vec();
        prop_assert!(v.write_json(&mut out).is_ok());
        let mut expected = b"{\"k\":".to_vec();
        prop_assert!(serde_json::to_writer(&mut expected, v).is_ok());
        prop_assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&expected)
        );
        Ok(())
    }

    #[derive(Serialize)]
    enum Kind {
        Plain,
        #[serde(rename = "quo\"ted")]
        Quoted,
    }

    #[derive(Serialize)]
    struct Id(u32);

    #[test]
    fn scalars_are_written_as_serde_json_writes_them() -> Result<(), TestCaseError> {
        // Each byte `serde_json` escapes, at each place in and around an eight-byte word.
        for special in ['"', '\\', '\u{0}', '\n', '\u{1f}'] {
            for at in 0..18 {
                let mut s: String = "abcdefghijklmnopq".chars().take(at).collect();
                s.push(special);
                s.push_str("xyz");
                same(&s)?;
            }
        }
        for s in [
            "",
            "a",
            "12345678",
            "123456789",
            "é日本\u{7f} ~!",
            "\u{20}\u{7f}\u{80}",
        ] {
            same(&s)?;
        }
        same(&i64::MIN)?;
        same(&u64::MAX)?;
        same(&-7_i8)?;
        same(&true)?;
        same(&Option::<String>::None)?;
        same(&Some("x"))?;
        same(&())?;
        same(&Kind::Plain)?;
        same(&Kind::Quoted)?;
        same(&Id(7))?;
        same(&'q')?;
        same(&0.25_f64)?;
        same(&f64::NAN)?;
        same(&vec!["a", "b"])?;
        same(&serde_json::json!({"a": [1, "b\n"], "c": null}))
    }

    proptest! {
        #[test]
        fn any_string_is_written_as_serde_json_writes_it(s in any::<String>(), b in prop::collection::vec(0_u8..0x80, 0..40)) {
            same(&s)?;
            same(&String::from_utf8_lossy(&b).into_owned())?;
        }

        #[test]
        fn any_integer_is_written_as_serde_json_writes_it(i in any::<i64>(), u in any::<u64>(), w in any::<i128>()) {
            same(&i)?;
            same(&u)?;
            same(&w)?;
        }
    }
}
