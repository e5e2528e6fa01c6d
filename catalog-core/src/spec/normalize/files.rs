//! Files in request bodies: the parts of a multipart body and the whole binary body that carry
//! bytes become [`Type::File`], and a multipart body's `encoding` entries are read.

use super::normalizer::Normalizer;
use crate::model::{PartEncoding, Schema, Type};
use crate::spec::tree::{Object, Tree};

impl<T: Tree> Normalizer<'_, T> {
    /// A multipart part's schema, with a `format: binary` string (or an array of them, the part
    /// repeated) made a file. Any other schema is kept as it is.
    pub(super) fn part_schema(&mut self, schema: Schema) -> Schema {
        let resolved = self.resolved(&schema);
        if is_binary_string(&resolved) {
            return self.file(schema, &resolved);
        }
        if let Type::Array {
            items,
            min_items,
            max_items,
        } = resolved.ty.clone()
        {
            let items_resolved = self.resolved(&items);
            if is_binary_string(&items_resolved) {
                let description = self.description_of(&schema);
                return Schema {
                    ty: Type::Array {
                        items: Box::new(self.file(*items, &items_resolved)),
                        min_items,
                        max_items,
                    },
                    description,
                    ..resolved.refined_by(&schema)
                };
            }
        }
        schema
    }

    /// A whole binary body's schema: a file when it is a `format: binary` string, a string that
    /// says nothing of its content (no `format`, no `enum`: under a binary media type the
    /// string is the bytes, as GitHub's release asset upload and Docker's archive uploads write
    /// it), or says nothing at all (no schema, `{}`); any other schema is kept, and
    /// [`crate::spec::bodies`] refuses it.
    pub(super) fn binary_body_schema(&mut self, schema: Schema) -> Schema {
        let resolved = self.resolved(&schema);
        let plain_string = matches!(
            &resolved.ty,
            Type::String {
                format: None,
                enumeration: None,
                ..
            }
        );
        if is_binary_string(&resolved) || plain_string || resolved.ty == Type::Any {
            return self.file(schema, &resolved);
        }
        schema
    }

    // The file schema standing for `schema` (whose target is `resolved`): its description and
    // nullability kept.
    fn file(&mut self, schema: Schema, resolved: &Schema) -> Schema {
        Schema {
            ty: Type::File,
            nullable: schema.nullable || resolved.nullable,
            description: self.description_of(&schema),
            default: None,
            extensions: resolved.clone().refined_by(&schema).extensions,
            assertions: None,
        }
    }
}

/// Whether a (resolved) schema is a `format: binary` string: the OpenAPI spelling of a file.
pub(crate) fn is_binary_string(schema: &Schema) -> bool {
    matches!(&schema.ty, Type::String { format: Some(f), .. } if f == "binary")
}

impl<'a, T: Tree> Normalizer<'a, T> {
    /// A multipart media type object's `encoding` entries, in spec order, then one entry per
    /// property with no entry whose schema names a `contentMediaType` and no
    /// `contentEncoding` (OpenAPI 3.1's default for the part's `contentType`).
    pub(super) fn encoding(&mut self, media: &'a T) -> Vec<PartEncoding> {
        let mut out = encoding(media);
        let properties = media
            .get("schema")
            .and_then(|s| self.deref(s, "").ok())
            .and_then(|(s, _)| s.get("properties"))
            .and_then(T::as_object);
        for (name, property) in properties.into_iter().flat_map(|p| p.entries()) {
            if out.iter().any(|e| e.name == name) {
                continue;
            }
            // A `contentEncoding` part is sent as the encoded text it is; only raw bytes
            // take the media type.
            let media_type = self
                .deref(property, "")
                .ok()
                .filter(|(p, _)| p.get("contentEncoding").is_none())
                .and_then(|(p, _)| p.get("contentMediaType"))
                .and_then(T::as_str);
            if let Some(media_type) = media_type {
                out.push(PartEncoding {
                    name: name.to_string(),
                    content_type: Some(media_type.to_string()),
                    headers: Vec::new(),
                });
            }
        }
        out
    }
}

/// A media type object's `encoding` entries, in spec order.
fn encoding<T: Tree>(media: &T) -> Vec<PartEncoding> {
    let Some(entries) = media.get("encoding").and_then(T::as_object) else {
        return Vec::new();
    };
    entries
        .entries()
        .map(|(name, e)| PartEncoding {
            name: name.to_string(),
            content_type: e.get("contentType").and_then(T::as_str).map(str::to_string),
            // OpenAPI: a `Content-Type` here "is described separately and SHALL be ignored".
            headers: e
                .get("headers")
                .and_then(T::as_object)
                .map(|h| {
                    h.entries()
                        .map(|(k, _)| k)
                        .filter(|k| !k.eq_ignore_ascii_case("content-type"))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect()
}
