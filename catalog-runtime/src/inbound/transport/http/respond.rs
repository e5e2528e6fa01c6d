//! The body of the server's answers, and its plain-text answers.

use bytes::Bytes;
use http::{Response, StatusCode, header};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use std::convert::Infallible;

/// The body of every answer.
pub(super) type Body = BoxBody<Bytes, Infallible>;

/// `message` as a `text/plain` answer with `status`.
pub(super) fn text(status: StatusCode, message: &str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(message.to_string())).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}
