//! Responses: every documented status of an operation (a code, a range such as `2XX`, or
//! `default`), its media types with their schemas, and its headers.
//!
//! Schemas are normalized by the same [`Normalizer::schema`] as request schemas (3.0 and 3.1,
//! every nullable form, `$ref` as a shared schema). What cannot be read in a response (a
//! dangling `$ref`) is recorded on that response, not on the operation: a broken error response
//! does not stop a tool from wrapping the request.

use super::normalizer::Normalizer;
use super::ptr::{Ptr, escape};
use crate::model::{Content, Response, ResponseHeader, Schema, StatusKey};
use crate::spec::tree::{Object, Tree};

impl<'a, T: Tree> Normalizer<'a, T> {
    // The operation's responses in spec order, and the shared schemas each refers to directly.
    // Keys that are not statuses (`x-*` extensions) are skipped.
    pub(super) fn responses(
        &mut self,
        op: &'a T,
        op_ptr: &str,
    ) -> (Vec<Response>, Vec<Vec<usize>>) {
        let Some(map) = op.get("responses").and_then(T::as_object) else {
            return (Vec::new(), Vec::new());
        };
        let problems = std::mem::take(&mut self.problems);
        let refs = std::mem::take(&mut self.refs);
        let (mut out, mut out_refs) = (Vec::new(), Vec::new());
        for (key, r) in map.entries() {
            let Some(status) = StatusKey::parse(key) else {
                continue;
            };
            let at = format!("{op_ptr}/responses/{}", escape(key));
            out.push(self.response(status, r, &at));
            out_refs.push(std::mem::take(&mut self.refs));
        }
        self.problems = problems;
        self.refs = refs;
        (out, out_refs)
    }

    fn response(&mut self, status: StatusKey, r: &'a T, at: &str) -> Response {
        let (r, pointer) = match self.deref(r, at) {
            Ok(x) => x,
            Err(problem) => {
                return Response {
                    status,
                    description: None,
                    content: Vec::new(),
                    headers: Vec::new(),
                    pointer: at.to_string(),
                    unsupported: vec![problem],
                };
            }
        };
        let content = r
            .get("content")
            .and_then(T::as_object)
            .into_iter()
            .flat_map(|c| c.entries())
            .map(|(media, m)| {
                let base = format!("{pointer}/content/{}/schema", escape(media));
                Content {
                    media_type: media.to_string(),
                    schema: m.get("schema").map(|s| self.schema(s, &Ptr::root(&base))),
                }
            })
            .collect();
        let headers = r
            .get("headers")
            .and_then(T::as_object)
            .into_iter()
            .flat_map(|h| h.entries())
            // OpenAPI: a `Content-Type` response header "SHALL be ignored".
            .filter(|(name, _)| !name.eq_ignore_ascii_case("content-type"))
            .filter_map(|(name, h)| {
                self.header(name, h, &format!("{pointer}/headers/{}", escape(name)))
            })
            .collect();
        Response {
            status,
            description: text(r, "description"),
            content,
            headers,
            pointer,
            unsupported: std::mem::take(&mut self.problems),
        }
    }

    // A header object: its schema from `schema`, else from its one `content` entry.
    fn header(&mut self, name: &str, h: &'a T, at: &str) -> Option<ResponseHeader> {
        let (h, ptr) = match self.deref(h, at) {
            Ok(x) => x,
            Err(problem) => {
                self.problems.push(problem);
                return None;
            }
        };
        let schema = match (h.get("schema"), h.get("content").and_then(T::as_object)) {
            (Some(s), _) => self.schema(s, &Ptr::root(&format!("{ptr}/schema"))),
            (None, Some(content)) => match content.first() {
                Some((media, m)) => match m.get("schema") {
                    Some(s) => {
                        let base = format!("{ptr}/content/{}/schema", escape(media));
                        self.schema(s, &Ptr::root(&base))
                    }
                    None => Schema::any(),
                },
                None => Schema::any(),
            },
            (None, None) => Schema::any(),
        };
        let description = match text(h, "description") {
            Some(d) => Some(d),
            None => self.description_of(&schema),
        };
        Some(ResponseHeader {
            name: name.to_string(),
            required: h.get("required").is_some_and(T::is_true),
            description,
            schema,
        })
    }
}

fn text<T: Tree>(v: &T, key: &str) -> Option<String> {
    v.get(key).and_then(T::as_str).map(str::to_string)
}
