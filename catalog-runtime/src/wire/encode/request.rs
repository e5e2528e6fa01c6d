//! The request assembled: the path, then every other row in accounting order (query pairs,
//! headers and cookies as they come, body fields into the body), then the URI, cookie header,
//! body and `content-type`.

use super::args::{ArgCursor, AsSource, BodyField, Source, Typed};
use super::body::{encode_body, push_json_field};
use super::error::{RequestError, RequestErrorKind, missing, template_error};
use super::family::write_family;
use super::headers::{append_header, content_type, cookie_header, encode_cookie};
use super::path::{encode_path, path_row, refuse_dot_segments};
use super::query::{encode_query, query_style, refuse_spread_keys};
use super::text::{Scratch, null_as_text, null_form};
use catalog_core::model::{
    Accounted, BodyKind, Disposition, Location, Operation, Part, PathTemplate,
};
use http::header::{CONTENT_TYPE, COOKIE};

pub(super) fn build<'a, A: AsSource>(
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
pub(super) fn method_of(op: &Operation) -> Result<http::Method, RequestError> {
    http::Method::from_bytes(op.method.as_bytes()).map_err(|_| {
        RequestError::new(
            RequestErrorKind::Method,
            None,
            format!("`{}` is not an HTTP method", op.method.escape_debug()),
        )
    })
}

/// One request being written: the URI (path, then query, in one string), headers, cookies
/// and body, row by row.
pub(super) struct Writer<'a, 'n, A> {
    op: &'a Operation,
    cursor: ArgCursor<'a, 'n, A>,
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
            cursor: ArgCursor::new(args),
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
        let source = self.cursor.resolve(row);
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
            let source = self.cursor.resolve(row);
            self.scratch.null = null_form(op, row);
            if matches!(source, Source::Absent) {
                if must_send(op, row) {
                    return Err(missing(param));
                }
                continue;
            }
            if param.location == Location::Body {
                self.write_body_field(row, source)?;
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
        row: &'a Accounted,
        source: Source<'a>,
    ) -> Result<(), RequestError> {
        let param = &row.param;
        if self.json_object && !param.name.is_empty() {
            return push_json_field(&mut self.json, param, source, &row.below);
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
        if self.cursor.found != self.cursor.args.len() {
            check_names(op, self.cursor.args)?;
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

/// Whether a row without a value makes the request incomplete: a required parameter (or a
/// required whole body) the tool does not omit.
pub(super) fn must_send(op: &Operation, row: &Accounted) -> bool {
    let param = &row.param;
    let required = param.required
        || (param.location == Location::Body
            && param.name.is_empty()
            && op.body.as_ref().is_some_and(|b| b.required));
    // A credential is the executor's to add, once the request is built.
    required
        && !matches!(
            row.disposition,
            Disposition::Omitted { .. } | Disposition::Credential { .. }
        )
}

/// Refuses an argument name the tool does not declare.
pub(super) fn check_names<A>(op: &Operation, args: &[(&str, A)]) -> Result<(), RequestError> {
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
