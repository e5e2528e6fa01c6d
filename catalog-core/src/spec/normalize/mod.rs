//! Normalization: every operation of a parsed document into an [`Operation`], in time and
//! memory linear in the document.
//!
//! One pass over a parsed document ([`Tree`]: a `serde_json::Value`, or the borrowed tree JSON
//! documents are parsed into on the index's path) that understands OpenAPI 3.0 and 3.1 alike (3.1 is lowered
//! as it is read: `type: [T, "null"]`, numeric `exclusiveMinimum`/`exclusiveMaximum`, `const`,
//! `$ref` siblings). Rules, each with a unit test:
//!
//! - path-level parameters are merged with operation-level ones; an operation-level parameter
//!   with the same `in` and `name` replaces the path-level one in place;
//! - `$ref` parameters, request bodies and schemas are resolved (local refs only, the fragment
//!   percent-decoded as RFC 3986 says, then read as an RFC 6901 pointer); a dangling or
//!   external ref makes the operation unsupported, with the pointer, and so does one inside a
//!   component schema the operation reaches;
//! - a schema `$ref` is **not** expanded: the component it names is normalized once, stored in
//!   the table of shared schemas and referenced as [`crate::model::Type::Shared`] (its siblings
//!   refine it). Cycles are references like any other. Expanding them for one operation, under
//!   a budget, is [`crate::index::inline`]'s job;
//! - `Accept`, `Content-Type` and `Authorization` header parameters are left out, as OpenAPI 3
//!   requires ("the parameter definition SHALL be ignored");
//! - nullability from every form real specs use: `nullable: true`, `x-nullable: true`,
//!   `type: [T, "null"]`, an `enum` holding `null`, `nullable` beside `$ref` or around
//!   `allOf: [$ref]`, a `oneOf`/`anyOf` arm of type `null`;
//! - `allOf` of objects is merged (fields and `required`), reading referenced arms one level
//!   deep; a single meaningful arm stands for the whole; arms all of one scalar kind merge into
//!   that scalar with every arm's constraints; anything else is `Any` (and a request body of it
//!   is unsupported); an arm that refers back to the schema being merged is a recursive
//!   reference;
//! - an `allOf` with a `oneOf`/`anyOf` member is distributed into a union of merged arms
//!   (`allOf[A, oneOf[B, C]]` is `oneOf[allOf[A, B], allOf[A, C]]`), at most
//!   16 (`all_of_unions::MAX_ARMS`) of them; arms whose merge contradicts drop out;
//! - `oneOf`/`anyOf` arms become [`crate::model::Type::AnyOf`], one remaining arm stands for
//!   itself;
//! - a `oneOf`/`anyOf` whose arms only add `required` (beside `properties`, or as an `allOf`
//!   member) narrows the object: it is kept as its
//!   [`RequiredAlternatives`](crate::model::RequiredAlternatives), on each arm where the object
//!   is a distributed union;
//! - the request body media type is picked in this order: `application/json` (parameters such as
//!   `; charset=utf-8` ignored), any other JSON type (`+json`, `text/json`), form-urlencoded,
//!   multipart, `text/*`, then anything else as binary; a range (`*/*`, `application/*`) over
//!   a JSON-shaped schema is sent as `application/json`, and `application/form-data` as
//!   `multipart/form-data`, the documented type kept in `Body::documented_as`; an object body's top-level properties
//!   become body parameters (`readOnly` ones are not sent in requests and are left out), any
//!   other body is one parameter addressed as `"body"`;
//! - files: in a multipart body, a part whose schema is a `format: binary` string (or an array
//!   of them) is a [`crate::model::Type::File`], and the media type's `encoding` entries are kept
//!   on the body; a whole binary body (`application/octet-stream`, ...) whose schema is a
//!   `format: binary` string, or absent, is one file;
//! - every documented response (a status code, a `2XX` range, `default`) is kept with its media
//!   types, their schemas (normalized by the same rules) and its headers; a problem in a
//!   response is recorded on the response and leaves the request side alone.

mod all_of_scalars;
mod all_of_unions;
mod arms;
mod closed;
mod closed_arm;
pub(super) mod files;
mod keywords;
mod normalizer;
mod operation;
mod ptr;
mod refs;
mod responses;
mod schema;
mod shared;
mod shared_reads;

use crate::model::{Operation, SharedSchema};
use crate::spec::tree::{Object, Tree};
pub use closed_arm::{ClosedArm, Reading, summary as closed_arms_summary};
use normalizer::Normalizer;
pub use ptr::escape;
use shared::Shared;
use std::collections::HashMap;

/// A normalized document: its operations and the schemas they share, each stored once.
#[derive(Debug, Clone, Default)]
pub struct Normalized {
    /// Every operation, in spec order, in stored form: a schema reached through `$ref` is a
    /// [`crate::model::Type::Shared`] naming its place in `shared`.
    pub operations: Vec<Operation>,
    /// Every component schema some operation reaches, normalized once.
    pub shared: Vec<SharedSchema>,
    /// How many schema objects were normalized: the work done, which is linear in the
    /// document (each schema object of the document at most once, plus the `allOf` arms read
    /// through a reference to merge them).
    pub schema_nodes: usize,
    /// Each arm of an object closed by `additionalProperties: false` that names properties the
    /// object does not list (the document contradicts itself: `closed`), in the order met.
    pub closed_arms: Vec<ClosedArm>,
}

/// Normalizes every operation of a version-checked document, in spec order.
pub fn normalize<T: Tree>(doc: &T) -> Normalized {
    let mut n = Normalizer {
        root: doc,
        targets: HashMap::new(),
        shared: Shared::default(),
        depth: 0,
        problems: Vec::new(),
        refs: Vec::new(),
        schema_nodes: 0,
        distributed: HashMap::new(),
        copied_nodes: 0,
        closed_arms: Vec::new(),
    };
    let mut operations = Vec::new();
    // The shared schemas each operation (and each of its responses) refers to directly, to
    // report problems found in them.
    let mut op_refs = Vec::new();
    if let Some(paths) = doc.get("paths").and_then(T::as_object) {
        for (path, item) in paths.entries() {
            n.path_item(path, item, &mut operations, &mut op_refs);
        }
    }
    n.finish_shared();
    n.shared.report_problems(&mut operations, &op_refs);
    let shared = n.shared.into_table();
    crate::spec::bodies::mark_unsupported(&mut operations, &shared);
    Normalized {
        operations,
        shared,
        schema_nodes: n.schema_nodes,
        closed_arms: n.closed_arms,
    }
}
