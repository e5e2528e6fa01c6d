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
//!   is indexed, [`catalog_core::spec::build::Spec::null`]); without one it is empty (`name=`, an empty
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
//!
//! The rooms: [`ArgValue`] and the typed `ArgRef`/`Encode` arguments (`args`), the request
//! assembled row by row (`request`), the writers of each location (`path`, `query` with a
//! pattern `family`, `headers` for headers and cookies, `body` with `form` and `multipart`),
//! the percent-encoding and text of values (`text`, `scalar_text`), the lowered values the writers take (`resolved`), the errors (`error`), and
//! the per-tool `Plan` that skips the general path for the common shapes (`plan`).

use catalog_core::model::Operation;

mod absent;
mod args;
mod below;
mod body;
pub(crate) mod error;
mod family;
mod form;
mod headers;
mod multipart;
mod path;
mod plan;
mod query;
mod request;
mod resolved;
mod scalar_text;
mod text;

pub use args::ArgValue;
#[doc(hidden)]
pub use args::{ArgRef, Encode};
pub use error::{RequestError, RequestErrorKind};
#[doc(hidden)]
pub use plan::Plan;

/// Builds the HTTP request for `op` from argument values (argument name -> value).
///
/// Every argument name must be one the tool declares; a required parameter must have a value
/// (from its argument or a Fixed value).
pub fn build_request(
    op: &Operation,
    args: &[(&str, ArgValue)],
) -> Result<http::Request<Vec<u8>>, RequestError> {
    request::build(op, args)
}

/// [`build_request`] from values borrowed from a tool's fields: what `to_request` calls.
#[doc(hidden)]
pub fn build_request_ref(
    op: &Operation,
    args: &[(&str, ArgRef<'_>)],
) -> Result<http::Request<Vec<u8>>, RequestError> {
    request::build(op, args)
}

#[cfg(test)]
mod null_tests;
#[cfg(test)]
mod tests;
