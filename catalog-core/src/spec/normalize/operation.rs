//! Operations: parameters (path-level merged with operation-level), the request body and its
//! media type.

use super::keywords::ParamKeywords;
use super::normalizer::Normalizer;
use super::ptr::{Ptr, escape};
use super::refs::RefError;
use super::shared::OpRefs;
use crate::model::{
    Body, BodyKind, Location, Operation, Param, PathTemplate, Schema, Style, Type, Unsupported,
    is_json_media_type, media_base,
};
use crate::spec::tree::{Object, Tree};

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

impl<'a, T: Tree> Normalizer<'a, T> {
    // The operations of one path item, each with the shared schemas it refers to directly.
    pub(super) fn path_item(
        &mut self,
        path: &str,
        item: &'a T,
        out: &mut Vec<Operation>,
        out_refs: &mut Vec<OpRefs>,
    ) {
        let item_ptr = format!("#/paths/{}", escape(path));
        let (item, item_ptr) = match self.deref(item, &item_ptr) {
            Ok(x) => x,
            Err(problem) => {
                // Without the path item there are no methods to index; say so once per path.
                out.push(Operation {
                    id: None,
                    method: "ANY".into(),
                    path: path.to_string(),
                    pointer: item_ptr,
                    summary: None,
                    description: None,
                    deprecated: false,
                    params: vec![],
                    body: None,
                    responses: vec![],
                    unsupported: vec![problem],
                    degraded: vec![],
                    degraded_output: vec![],
                    spec: Default::default(),
                    accounting: vec![],
                    security: vec![],
                    tags: vec![],
                    failure: vec![],
                });
                out_refs.push(OpRefs::default());
                return;
            }
        };
        let Some(item_obj) = item.as_object() else {
            return;
        };
        for method in METHODS {
            if let Some(op) = item_obj.get(method) {
                let (operation, responses) = self.operation(path, method, item_obj, &item_ptr, op);
                out.push(operation);
                out_refs.push(OpRefs {
                    request: std::mem::take(&mut self.refs),
                    responses,
                });
            }
        }
    }

    // Resolves a `$ref` object (for parameters, bodies, responses, headers, path items),
    // following chains.
    pub(super) fn deref(&mut self, v: &'a T, ptr: &str) -> Result<(&'a T, String), Unsupported> {
        let mut cur = v;
        let mut at = ptr.to_string();
        for _ in 0..32 {
            let Some(r) = cur.get("$ref").and_then(T::as_str) else {
                return Ok((cur, at));
            };
            cur = self.resolve(r).map_err(|e| Unsupported {
                reason: e.to_string(),
                pointer: at.clone(),
            })?;
            at = r.to_string();
        }
        Err(Unsupported {
            reason: "`$ref` chain does not end".into(),
            pointer: at,
        })
    }

    // What a local `$ref` names. Each one is looked up once: specs refer to the same
    // components from thousands of operations, and an object's keys are searched in order.
    pub(super) fn resolve(&mut self, r: &'a str) -> Result<&'a T, RefError> {
        if let Some(target) = self.targets.get(r) {
            return Ok(target);
        }
        let Some(local) = r.strip_prefix('#') else {
            return Err(RefError::External(r.to_string()));
        };
        let target = self
            .root
            .pointer(&super::refs::fragment_pointer(local)?)
            .ok_or_else(|| RefError::Dangling(r.to_string()))?;
        self.targets.insert(r, target);
        Ok(target)
    }

    fn operation(
        &mut self,
        path: &str,
        method: &str,
        item: &'a T::Object,
        item_ptr: &str,
        op: &'a T,
    ) -> (Operation, Vec<Vec<usize>>) {
        self.problems.clear();
        self.refs.clear();
        let pointer = format!("{item_ptr}/{method}");
        let text = |key: &str| op.get(key).and_then(T::as_str).map(str::to_string);
        let mut params = self.parameters(item, item_ptr, op, &pointer);
        match PathTemplate::new(path).param_names() {
            Ok(names) => {
                for name in names {
                    if !params
                        .iter()
                        .any(|p| p.location == Location::Path && p.name == name)
                    {
                        self.problems.push(Unsupported {
                            reason: format!(
                                "the path template names `{{{name}}}` but no path parameter \
                                 declares it"
                            ),
                            pointer: pointer.clone(),
                        });
                    }
                }
            }
            Err(e) => self.problems.push(Unsupported {
                reason: e.to_string(),
                pointer: pointer.clone(),
            }),
        }
        let body = match op.get("requestBody") {
            Some(rb) => self.body(rb, &format!("{pointer}/requestBody"), &mut params),
            None => None,
        };
        let (responses, response_refs) = self.responses(op, &pointer);
        let operation = Operation {
            id: text("operationId"),
            method: method.to_ascii_uppercase(),
            path: path.to_string(),
            pointer,
            summary: text("summary"),
            description: text("description"),
            deprecated: op.get("deprecated").is_some_and(T::is_true),
            params,
            body,
            responses,
            unsupported: std::mem::take(&mut self.problems),
            degraded: vec![],
            degraded_output: vec![],
            spec: Default::default(),
            accounting: vec![],
            security: crate::spec::security::requirements(self.root, op),
            tags: op
                .get("tags")
                .and_then(T::as_array)
                .map(|tags| {
                    tags.iter()
                        .filter_map(T::as_str)
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            failure: vec![],
        };
        (operation, response_refs)
    }

    fn parameters(
        &mut self,
        item: &'a T::Object,
        item_ptr: &str,
        op: &'a T,
        op_ptr: &str,
    ) -> Vec<Param> {
        let mut out: Vec<Param> = Vec::new();
        let lists = [
            (item.get("parameters"), format!("{item_ptr}/parameters")),
            (op.get("parameters"), format!("{op_ptr}/parameters")),
        ];
        for (list, list_ptr) in lists {
            let Some(list) = list else { continue };
            let Some(list) = list.as_array() else {
                self.problems.push(Unsupported {
                    reason: "`parameters` is not an array".into(),
                    pointer: list_ptr,
                });
                continue;
            };
            for (i, p) in list.iter().enumerate() {
                let at = format!("{list_ptr}/{i}");
                let Some(param) = self.parameter(p, &at) else {
                    continue;
                };
                // An operation-level parameter overrides the path-level one with the same
                // location and name, in place.
                match out
                    .iter_mut()
                    .find(|q| q.location == param.location && q.name == param.name)
                {
                    Some(slot) => *slot = param,
                    None => out.push(param),
                }
            }
        }
        out
    }

    fn parameter(&mut self, p: &'a T, at: &str) -> Option<Param> {
        let (p, ptr) = match self.deref(p, at) {
            Ok(x) => x,
            Err(problem) => {
                self.problems.push(problem);
                return None;
            }
        };
        // One pass over the entries, as for schemas: NetBox alone has tens of thousands of
        // parameter objects, and a hashed lookup per keyword shows when unoptimized.
        let mut kw = ParamKeywords::default();
        for (k, v) in p.as_object().into_iter().flat_map(|o| o.entries()) {
            match k {
                "name" => kw.name = v.as_str(),
                "in" => kw.location = v.as_str(),
                "style" => kw.style = v.as_str(),
                "explode" => kw.explode = v.as_bool(),
                "schema" => kw.schema = Some(v),
                "content" => kw.content = v.as_object(),
                "description" => kw.description = v.as_str(),
                "required" => kw.required = v.is_true(),
                "deprecated" => kw.deprecated = v.is_true(),
                "allowEmptyValue" => kw.allow_empty_value = v.is_true(),
                _ => {}
            }
        }
        let (Some(name), Some(location)) = (kw.name, kw.location) else {
            self.problems.push(Unsupported {
                reason: "a parameter needs both `name` and `in`".into(),
                pointer: ptr,
            });
            return None;
        };
        let Some(location) = Location::parse(location).filter(|l| *l != Location::Body) else {
            self.problems.push(Unsupported {
                reason: format!("parameter `{name}` has unknown location `{location}`"),
                pointer: ptr,
            });
            return None;
        };
        if location == Location::Header
            && ["accept", "content-type", "authorization"]
                .contains(&name.to_ascii_lowercase().as_str())
        {
            return None;
        }
        let style = match kw.style {
            Some(s) => match Style::parse(s) {
                Some(style) => style,
                None => {
                    self.problems.push(Unsupported {
                        reason: format!("parameter `{name}` has unknown style `{s}`"),
                        pointer: ptr.clone(),
                    });
                    Style::default_for(location)
                }
            },
            None => Style::default_for(location),
        };
        let explode = kw.explode.unwrap_or(style == Style::Form);
        let param_ptr = Ptr::root(&ptr);
        let schema = match (kw.schema, kw.content) {
            (Some(s), _) => self.schema(s, &param_ptr.key("schema")),
            (None, Some(content)) => match content.first() {
                Some((media, m)) => {
                    let base = format!("{ptr}/content/{}/schema", escape(media));
                    match m.get("schema") {
                        Some(s) => self.schema(s, &Ptr::root(&base)),
                        None => Schema::any(),
                    }
                }
                None => Schema::any(),
            },
            (None, None) => Schema::any(),
        };
        let description = match kw.description {
            Some(d) => Some(d.to_string()),
            None => self.description_of(&schema),
        };
        let mut schema = schema;
        non_empty_values(location, kw.allow_empty_value, &mut schema);
        if location == Location::Header {
            header_text(&mut schema);
        }
        // `content: {application/json: ...}` in place of `schema`: the value travels as its
        // JSON text, whatever its shape (docs/accounting.md, "JSON text in a parameter").
        let json_content = kw.schema.is_none()
            && kw
                .content
                .and_then(|c| c.first().map(|(media, _)| is_json_media_type(media)))
                .unwrap_or(false);
        let (style, explode) = if json_content {
            (Style::Json, false)
        } else {
            (style, explode)
        };
        Some(Param {
            location,
            name: name.to_string(),
            // Path parameters are always required, whatever the document says.
            required: location == Location::Path || kw.required,
            deprecated: kw.deprecated,
            description,
            schema,
            style,
            explode,
            pointer: ptr,
        })
    }

    fn body(&mut self, rb: &'a T, at: &str, params: &mut Vec<Param>) -> Option<Body> {
        let (rb, ptr) = match self.deref(rb, at) {
            Ok(x) => x,
            Err(problem) => {
                self.problems.push(problem);
                return None;
            }
        };
        let content = rb.get("content").and_then(T::as_object)?;
        let (media, kind) = pick_media_type::<T>(content)?;
        let media_ptr = format!("{ptr}/content/{}", escape(media));
        let schema_ptr = format!("{media_ptr}/schema");
        let media_object = content.get(media);
        let schema = match media_object.and_then(|m| m.get("schema")) {
            Some(s) => self.schema(s, &Ptr::root(&schema_ptr)),
            None => Schema::any(),
        };
        // A body object's fields are its parameters: a referenced body is read one level deep.
        let top = self.resolved(&schema);
        let (sent, kind) = sent_media_type(media, kind, &top.ty);
        let required = rb.get("required").is_some_and(T::is_true);
        let description = rb
            .get("description")
            .and_then(T::as_str)
            .map(str::to_string);
        let mut body = Body {
            media_type: sent.unwrap_or(media).to_string(),
            documented_as: sent.map(|_| media.to_string()),
            kind,
            required,
            whole: false,
            open: false,
            pointer: schema_ptr.clone(),
            encoding: match (kind, media_object) {
                (BodyKind::Multipart, Some(m)) => self.encoding(m),
                _ => Vec::new(),
            },
            arm_names: match media_object.and_then(|m| m.get("schema")) {
                Some(s) => self.arm_names(s),
                None => Vec::new(),
            },
            values: None,
            required_alternatives: Vec::new(),
        };
        if top.ty == Type::Any
            && let Some(reason) = media_object
                .and_then(|m| m.get("schema"))
                .and_then(|raw| self.opaque_all_of(raw))
        {
            self.problems.push(Unsupported {
                reason,
                pointer: schema_ptr.clone(),
            });
        }
        match top.ty {
            Type::Object {
                fields,
                open,
                values,
            } if !fields.is_empty() => {
                body.open = open;
                body.values = values.map(|v| *v);
                // Which properties must be sent together is no one parameter's to say: the
                // body keeps it, and the arguments are checked against it as a whole.
                body.required_alternatives = top
                    .assertions
                    .map(|a| a.required_alternatives)
                    .unwrap_or_default();
                for f in fields.into_iter().filter(|f| !f.read_only) {
                    let schema = match kind {
                        BodyKind::Multipart => self.part_schema(f.schema),
                        _ => f.schema,
                    };
                    let (style, explode) = match kind {
                        BodyKind::Form => form_encoding(media_object, &f.name),
                        _ => (Style::Form, true),
                    };
                    params.push(Param {
                        location: Location::Body,
                        description: self.description_of(&schema),
                        pointer: format!("{schema_ptr}/properties/{}", escape(&f.name)),
                        name: f.name,
                        required: f.required,
                        deprecated: false,
                        schema,
                        style,
                        explode,
                    });
                }
            }
            _ => {
                body.whole = true;
                let schema = match kind {
                    BodyKind::Binary => self.binary_body_schema(schema),
                    _ => schema,
                };
                let description = match description {
                    Some(d) => Some(d),
                    None => self.description_of(&schema),
                };
                params.push(Param {
                    location: Location::Body,
                    name: String::new(),
                    required,
                    deprecated: false,
                    description,
                    schema,
                    style: Style::Form,
                    explode: true,
                    pointer: schema_ptr,
                });
            }
        }
        Some(body)
    }
}

/// The media type a body is sent as when it is not the documented one, and its kind.
///
/// - A media range (`*/*`, `application/*`) names no type to send. A JSON-shaped schema under it
///   (an object, an array, a number, a boolean, a union: anything but a string, a file or no
///   schema) is sent as `application/json`, the one type the range covers that carries it.
///   Kubernetes documents 292 request bodies as `*/*` so.
/// - `application/form-data` is no registered type (Mastodon writes it for its form
///   parameters); it is sent as `multipart/form-data`, the type its name and its documentation
///   mean.
///
/// Everything else is sent as documented (`None`). The tool's rustdoc and `catalog check` state
/// the choice.
pub(super) fn sent_media_type(
    documented: &str,
    kind: BodyKind,
    schema: &Type,
) -> (Option<&'static str>, BodyKind) {
    let base = media_base(documented);
    let json_shaped = !matches!(
        schema,
        Type::String { .. } | Type::File | Type::Any | Type::Shared { .. }
    );
    match &*base {
        "*/*" | "application/*" if kind == BodyKind::Binary && json_shaped => {
            (Some("application/json"), BodyKind::Json)
        }
        "application/form-data" => (Some("multipart/form-data"), BodyKind::Multipart),
        _ => (None, kind),
    }
}

/// A form body property's `style` and `explode` from the media type's `encoding` entry
/// (OpenAPI: `form`, and `explode` true for `form` and false otherwise, when not given).
fn form_encoding<T: Tree>(media: Option<&T>, name: &str) -> (Style, bool) {
    let entry = media
        .and_then(|m| m.get("encoding"))
        .and_then(|e| e.get(name));
    let style = entry
        .and_then(|e| e.get("style"))
        .and_then(T::as_str)
        .and_then(Style::parse)
        .unwrap_or(Style::Form);
    let explode = entry
        .and_then(|e| e.get("explode"))
        .and_then(T::as_bool)
        .unwrap_or(style == Style::Form);
    (style, explode)
}

fn pick_media_type<'a, T: Tree + 'a>(content: &'a T::Object) -> Option<(&'a str, BodyKind)> {
    let rank = |media: &str| -> (u8, BodyKind) {
        let b = media_base(media);
        if b == "application/json" {
            (0, BodyKind::Json)
        } else if is_json_media_type(&b) {
            (1, BodyKind::Json)
        } else if b == "application/x-www-form-urlencoded" {
            (2, BodyKind::Form)
        } else if b == "multipart/form-data" {
            (3, BodyKind::Multipart)
        } else if b.starts_with("text/") {
            (4, BodyKind::Text)
        } else {
            (5, BodyKind::Binary)
        }
    };
    content
        .entries()
        .map(|(k, _)| (k, rank(k)))
        .min_by_key(|(_, (r, _))| *r)
        .map(|(k, (_, kind))| (k, kind))
}

/// A path or query value that cannot be empty says so in its schema (`minLength: 1`, and
/// `minItems: 1` for a path list), so that the input schema, the run-time check and a Fixed
/// value all refuse what the request could not carry: an empty path segment names another
/// resource, and a query parameter is sent empty only where the spec says `allowEmptyValue`
/// (OpenAPI's default is false; a validator reads `?name=` as missing, and many servers read it
/// as no filter at all). An enum already says which texts are allowed and is left as it is.
fn non_empty_values(location: Location, allow_empty: bool, schema: &mut Schema) {
    let rule_applies = match location {
        Location::Path => true,
        Location::Query => !allow_empty,
        _ => false,
    };
    if !rule_applies {
        return;
    }
    match &mut schema.ty {
        Type::Array {
            items, min_items, ..
        } => {
            if location == Location::Path {
                *min_items = Some(min_items.unwrap_or(0).max(1));
            }
            non_empty_text(items);
        }
        _ => non_empty_text(schema),
    }
}

/// A header's text takes [`HEADER_TEXT_PATTERN`] (docs/accounting.md).
fn header_text(schema: &mut Schema) {
    let text = |s: &mut Schema| {
        if let Type::String {
            enumeration: None,
            pattern: pattern @ None,
            format: None,
            ..
        } = &mut s.ty
        {
            *pattern = Some(crate::model::HEADER_TEXT_PATTERN.to_string());
        }
    };
    match &mut schema.ty {
        Type::Array { items, .. } => text(items),
        _ => text(schema),
    }
}

fn non_empty_text(schema: &mut Schema) {
    if let Type::String {
        enumeration: None,
        min_length,
        ..
    } = &mut schema.ty
    {
        *min_length = Some(min_length.unwrap_or(0).max(1));
    }
}
