//! Normalization: every operation of a parsed document into an [`Operation`].
//!
//! One pass over `serde_json::Value` that understands OpenAPI 3.0 and 3.1 alike (3.1 is lowered
//! as it is read: `type: [T, "null"]`, numeric `exclusiveMinimum`/`exclusiveMaximum`, `const`,
//! `$ref` siblings). Rules, each with a unit test:
//!
//! - path-level parameters are merged with operation-level ones; an operation-level parameter
//!   with the same `in` and `name` replaces the path-level one in place;
//! - `$ref` parameters, request bodies and schemas are resolved (local refs only); a dangling or
//!   external ref makes the operation unsupported, with the pointer;
//! - `Accept`, `Content-Type` and `Authorization` header parameters are left out, as OpenAPI 3
//!   requires ("the parameter definition SHALL be ignored");
//! - nullability from every form real specs use: `nullable: true`, `x-nullable: true`,
//!   `type: [T, "null"]`, an `enum` holding `null`, `nullable` beside `$ref` or around
//!   `allOf: [$ref]`, a `oneOf`/`anyOf` arm of type `null`;
//! - `allOf` of objects is merged (fields and `required`); a single meaningful arm stands for
//!   the whole; anything else is `Any`;
//! - `oneOf`/`anyOf` arms become [`Type::AnyOf`], one remaining arm stands for itself;
//! - recursive schemas terminate: a `$ref` met again while it is being expanded is `Any`;
//! - the request body media type is picked in this order: `application/json` (parameters such as
//!   `; charset=utf-8` ignored), any other JSON type (`+json`, `text/json`), form-urlencoded,
//!   multipart, `text/*`, then anything else as binary; an object body's top-level properties
//!   become body parameters (`readOnly` ones are not sent in requests and are left out), any
//!   other body is one parameter addressed as `"body"`.

use crate::model::{
    Body, BodyKind, Field, Location, Operation, Param, Schema, Style, Type, Unsupported,
};
use serde_json::{Map, Value};
use std::collections::HashMap;

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

// Inline nesting deeper than this is not a real API; it is cut to `Any` so hostile documents
// cannot exhaust the stack.
const MAX_DEPTH: usize = 64;

/// Normalizes every operation of a version-checked document, in spec order.
pub fn normalize(doc: &Value) -> Vec<Operation> {
    let mut n = Normalizer {
        root: doc,
        memo: HashMap::new(),
        stack: Vec::new(),
        cut: usize::MAX,
        depth: 0,
        problems: Vec::new(),
    };
    let mut out = Vec::new();
    let Some(paths) = doc.get("paths").and_then(Value::as_object) else {
        return out;
    };
    for (path, item) in paths {
        let item_ptr = format!("#/paths/{}", escape(path));
        let (item, item_ptr) = match n.deref(item, &item_ptr) {
            Ok(x) => x,
            Err(problem) => {
                // Without the path item there are no methods to index; say so once per path.
                out.push(Operation {
                    id: None,
                    method: "ANY".into(),
                    path: path.clone(),
                    pointer: item_ptr,
                    summary: None,
                    description: None,
                    deprecated: false,
                    params: vec![],
                    body: None,
                    unsupported: vec![problem],
                    spec: Default::default(),
                    accounting: vec![],
                    security: vec![],
                });
                continue;
            }
        };
        let Some(item_obj) = item.as_object() else {
            continue;
        };
        for method in METHODS {
            if let Some(op) = item_obj.get(method) {
                out.push(n.operation(path, method, item_obj, &item_ptr, op));
            }
        }
    }
    out
}

/// Escapes one JSON-pointer segment (`~` as `~0`, `/` as `~1`).
pub fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

// A JSON pointer built lazily: real specs have millions of schema nodes and only the few with
// problems need their pointer as a string.
#[derive(Clone, Copy)]
struct Ptr<'p> {
    parent: Option<&'p Ptr<'p>>,
    seg: Seg<'p>,
}

#[derive(Clone, Copy)]
enum Seg<'p> {
    Root(&'p str),
    Key(&'p str),
    Index(usize),
}

impl<'p> Ptr<'p> {
    fn root(base: &'p str) -> Ptr<'p> {
        Ptr {
            parent: None,
            seg: Seg::Root(base),
        }
    }
    fn key(&'p self, key: &'p str) -> Ptr<'p> {
        Ptr {
            parent: Some(self),
            seg: Seg::Key(key),
        }
    }
    fn index(&'p self, i: usize) -> Ptr<'p> {
        Ptr {
            parent: Some(self),
            seg: Seg::Index(i),
        }
    }
    fn render(&self) -> String {
        let mut segs = Vec::new();
        let mut cur = Some(self);
        while let Some(p) = cur {
            segs.push(p.seg);
            cur = p.parent;
        }
        let mut s = String::new();
        for seg in segs.into_iter().rev() {
            match seg {
                Seg::Root(r) => s.push_str(r),
                Seg::Key(k) => {
                    s.push('/');
                    s.push_str(&escape(k));
                }
                Seg::Index(i) => {
                    s.push('/');
                    s.push_str(&i.to_string());
                }
            }
        }
        s
    }
}

struct Normalizer<'a> {
    root: &'a Value,
    // Normalized component schemas, keyed by `$ref`. Only results that did not depend on the
    // expansion stack (no cut into an enclosing ref) and had no problems are kept.
    memo: HashMap<&'a str, Schema>,
    stack: Vec<&'a str>,
    // The lowest stack index a recursion cut pointed at while normalizing the current schema.
    cut: usize,
    depth: usize,
    problems: Vec<Unsupported>,
}

impl<'a> Normalizer<'a> {
    // Resolves a `$ref` object (for parameters, bodies, path items), following chains.
    fn deref(&self, v: &'a Value, ptr: &str) -> Result<(&'a Value, String), Unsupported> {
        let mut cur = v;
        let mut at = ptr.to_string();
        for _ in 0..32 {
            let Some(r) = cur.get("$ref").and_then(Value::as_str) else {
                return Ok((cur, at));
            };
            cur = self.resolve(r).map_err(|reason| Unsupported {
                reason,
                pointer: at.clone(),
            })?;
            at = r.to_string();
        }
        Err(Unsupported {
            reason: "`$ref` chain does not end".into(),
            pointer: at,
        })
    }

    fn resolve(&self, r: &str) -> Result<&'a Value, String> {
        let Some(local) = r.strip_prefix('#') else {
            return Err(format!(
                "external `$ref` `{r}` is not supported; bundle the document into one file first"
            ));
        };
        self.root
            .pointer(local)
            .ok_or_else(|| format!("dangling `$ref` `{r}`: nothing is declared there"))
    }

    fn operation(
        &mut self,
        path: &str,
        method: &str,
        item: &'a Map<String, Value>,
        item_ptr: &str,
        op: &'a Value,
    ) -> Operation {
        self.problems.clear();
        let pointer = format!("{item_ptr}/{method}");
        let text = |key: &str| op.get(key).and_then(Value::as_str).map(str::to_string);
        let mut params = self.parameters(item, item_ptr, op, &pointer);
        for name in template_names(path) {
            if !params
                .iter()
                .any(|p| p.location == Location::Path && p.name == name)
            {
                self.problems.push(Unsupported {
                    reason: format!(
                        "the path template names `{{{name}}}` but no path parameter declares it"
                    ),
                    pointer: pointer.clone(),
                });
            }
        }
        let body = match op.get("requestBody") {
            Some(rb) => self.body(rb, &format!("{pointer}/requestBody"), &mut params),
            None => None,
        };
        Operation {
            id: text("operationId"),
            method: method.to_ascii_uppercase(),
            path: path.to_string(),
            pointer,
            summary: text("summary"),
            description: text("description"),
            deprecated: op.get("deprecated") == Some(&Value::Bool(true)),
            params,
            body,
            unsupported: std::mem::take(&mut self.problems),
            spec: Default::default(),
            accounting: vec![],
            security: crate::spec::security::requirements(self.root, op),
        }
    }

    fn parameters(
        &mut self,
        item: &'a Map<String, Value>,
        item_ptr: &str,
        op: &'a Value,
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

    fn parameter(&mut self, p: &'a Value, at: &str) -> Option<Param> {
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
        for (k, v) in p.as_object().into_iter().flatten() {
            match k.as_str() {
                "name" => kw.name = v.as_str(),
                "in" => kw.location = v.as_str(),
                "style" => kw.style = v.as_str(),
                "explode" => kw.explode = v.as_bool(),
                "schema" => kw.schema = Some(v),
                "content" => kw.content = v.as_object(),
                "description" => kw.description = v.as_str(),
                "required" => kw.required = *v == Value::Bool(true),
                "deprecated" => kw.deprecated = *v == Value::Bool(true),
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
            (None, Some(content)) => match content.iter().next() {
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
        let description = kw
            .description
            .map(str::to_string)
            .or_else(|| schema.description.clone());
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

    fn body(&mut self, rb: &'a Value, at: &str, params: &mut Vec<Param>) -> Option<Body> {
        let (rb, ptr) = match self.deref(rb, at) {
            Ok(x) => x,
            Err(problem) => {
                self.problems.push(problem);
                return None;
            }
        };
        let content = rb.get("content").and_then(Value::as_object)?;
        let (media, kind) = pick_media_type(content)?;
        let media_ptr = format!("{ptr}/content/{}", escape(media));
        let schema_ptr = format!("{media_ptr}/schema");
        let schema = match content.get(media).and_then(|m| m.get("schema")) {
            Some(s) => self.schema(s, &Ptr::root(&schema_ptr)),
            None => Schema::any(),
        };
        let required = rb.get("required") == Some(&Value::Bool(true));
        let description = rb
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string);
        let mut body = Body {
            media_type: media.to_string(),
            kind,
            required,
            whole: false,
            open: false,
            pointer: schema_ptr.clone(),
        };
        match schema.ty {
            Type::Object { fields, open } if !fields.is_empty() => {
                body.open = open;
                for f in fields.into_iter().filter(|f| !f.read_only) {
                    params.push(Param {
                        location: Location::Body,
                        description: f.schema.description.clone(),
                        pointer: format!("{schema_ptr}/properties/{}", escape(&f.name)),
                        name: f.name,
                        required: f.required,
                        deprecated: false,
                        schema: f.schema,
                        style: Style::Form,
                        explode: true,
                    });
                }
            }
            ty => {
                body.whole = true;
                params.push(Param {
                    location: Location::Body,
                    name: String::new(),
                    required,
                    deprecated: false,
                    description: description.or_else(|| schema.description.clone()),
                    schema: Schema { ty, ..schema },
                    style: Style::Form,
                    explode: true,
                    pointer: schema_ptr,
                });
            }
        }
        Some(body)
    }

    fn schema(&mut self, v: &'a Value, ptr: &Ptr<'_>) -> Schema {
        if self.depth >= MAX_DEPTH {
            return Schema::any();
        }
        self.depth += 1;
        let s = self.schema_inner(v, ptr);
        self.depth -= 1;
        s
    }

    fn schema_inner(&mut self, v: &'a Value, ptr: &Ptr<'_>) -> Schema {
        let Some(obj) = v.as_object() else {
            // `true`, `false` and anything else that is not a schema object accepts any value.
            return Schema::any();
        };
        let kw = Keywords::read(obj);
        let mut nullable = kw.nullable;
        let description = kw.description.map(str::to_string);
        let default = kw.default.cloned();

        if let Some(r) = kw.reference {
            let mut s = self.reference(r, ptr);
            extend(&mut s, &kw);
            // Siblings of `$ref` (3.1, and 3.0 specs in practice) refine the target.
            s.nullable |= nullable;
            if description.is_some() {
                s.description = description;
            }
            if default.is_some() {
                s.default = default;
            }
            return s;
        }

        let mut s = if let Some(arms) = kw.all_of {
            self.all_of(&kw, arms, ptr)
        } else if let Some((key, arms)) = kw
            .one_of
            .or(kw.any_of)
            .filter(|(_, arms)| kw.arms_are_shapes(arms))
        {
            self.any_of(key, arms, ptr)
        } else {
            self.typed(&kw, ptr)
        };
        extend(&mut s, &kw);
        if s.ty == Type::Any && matches!(kw.ty, Some(Value::String(t)) if t == "null") {
            nullable = true;
        }
        s.nullable |= nullable;
        if description.is_some() {
            s.description = description;
        }
        if default.is_some() {
            s.default = default;
        }
        s
    }

    fn reference(&mut self, r: &'a Value, ptr: &Ptr<'_>) -> Schema {
        let Some(r) = r.as_str() else {
            self.problems.push(Unsupported {
                reason: "`$ref` is not a string".into(),
                pointer: ptr.render(),
            });
            return Schema::any();
        };
        if let Some(i) = self.stack.iter().position(|s| *s == r) {
            // A recursive schema: its second occurrence is opaque.
            self.cut = self.cut.min(i);
            return Schema {
                description: Some(format!("recursive reference to `{r}`")),
                ..Schema::any()
            };
        }
        if let Some(s) = self.memo.get(r) {
            return s.clone();
        }
        let target = match self.resolve(r) {
            Ok(t) => t,
            Err(reason) => {
                self.problems.push(Unsupported {
                    reason,
                    pointer: ptr.render(),
                });
                return Schema::any();
            }
        };
        let problems_before = self.problems.len();
        let outer_cut = std::mem::replace(&mut self.cut, usize::MAX);
        self.stack.push(r);
        let s = self.schema(target, &Ptr::root(r));
        self.stack.pop();
        let depth_here = self.stack.len();
        if self.cut >= depth_here && self.problems.len() == problems_before {
            self.memo.insert(r, s.clone());
        }
        self.cut = self.cut.min(outer_cut);
        s
    }

    fn all_of(&mut self, kw: &Keywords<'a>, arms: &'a [Value], ptr: &Ptr<'_>) -> Schema {
        let all = ptr.key("allOf");
        let mut normalized: Vec<Schema> = Vec::with_capacity(arms.len() + 1);
        for (i, arm) in arms.iter().enumerate() {
            normalized.push(self.schema(arm, &all.index(i)));
        }
        // Keywords beside `allOf` (properties, type) are one more arm.
        if kw.properties.is_some() || kw.ty.is_some() {
            normalized.push(self.typed(kw, ptr));
        }
        // `required` beside `allOf` binds fields that the arms declare.
        let outer_required = kw.required();
        let meaningful: Vec<Schema> = normalized
            .into_iter()
            .filter(|s| {
                !(s.ty == Type::Any
                    && s.description
                        .as_deref()
                        .is_none_or(|d| !d.starts_with("recursive")))
            })
            .collect();
        let mut merged = match meaningful.len() {
            0 => Schema::any(),
            1 => meaningful.into_iter().next().unwrap_or_else(Schema::any),
            _ if meaningful
                .iter()
                .all(|s| matches!(s.ty, Type::Object { .. })) =>
            {
                let mut fields: Vec<Field> = Vec::new();
                let mut open = true;
                let mut description = None;
                for s in meaningful {
                    description = description.or(s.description);
                    if let Type::Object {
                        fields: arm_fields,
                        open: arm_open,
                    } = s.ty
                    {
                        open &= arm_open;
                        for f in arm_fields {
                            match fields.iter_mut().find(|g| g.name == f.name) {
                                Some(g) => {
                                    // `required` from any arm binds; the later arm's schema
                                    // refines the earlier one unless it is opaque.
                                    let required = g.required || f.required;
                                    if f.schema.ty != Type::Any {
                                        *g = f;
                                    }
                                    g.required = required;
                                }
                                None => fields.push(f),
                            }
                        }
                    }
                }
                Schema {
                    description,
                    ..Schema::new(Type::Object { fields, open })
                }
            }
            _ => Schema::any(),
        };
        if let Type::Object { fields, .. } = &mut merged.ty {
            for f in fields.iter_mut() {
                f.required |= outer_required.contains(&f.name.as_str());
            }
        }
        merged
    }

    fn any_of(&mut self, key: &'static str, arms: &'a [Value], ptr: &Ptr<'_>) -> Schema {
        let base = ptr.key(key);
        let mut nullable = false;
        let mut out = Vec::with_capacity(arms.len());
        for (i, arm) in arms.iter().enumerate() {
            let is_null = matches!(arm.get("type"), Some(Value::String(t)) if t == "null")
                || arm.get("enum") == Some(&Value::Array(vec![Value::Null]));
            if is_null {
                nullable = true;
                continue;
            }
            let s = self.schema(arm, &base.index(i));
            nullable |= s.nullable;
            out.push(s);
        }
        let mut s = match out.len() {
            0 => Schema::any(),
            1 => out.into_iter().next().unwrap_or_else(Schema::any),
            _ => Schema::new(Type::AnyOf { arms: out }),
        };
        s.nullable |= nullable;
        s
    }

    fn typed(&mut self, kw: &Keywords<'a>, ptr: &Ptr<'_>) -> Schema {
        let mut nullable = false;
        let mut types: Vec<&str> = Vec::new();
        match kw.ty {
            Some(Value::String(t)) => types.push(t),
            Some(Value::Array(ts)) => {
                for t in ts.iter().filter_map(Value::as_str) {
                    if t == "null" {
                        nullable = true;
                    } else {
                        types.push(t);
                    }
                }
            }
            _ => {}
        }
        let mut enumeration: Option<Vec<&'a Value>> = kw.enumeration.map(|a| a.iter().collect());
        if let Some(c) = kw.constant {
            enumeration = Some(vec![c]);
        }
        if let Some(values) = &mut enumeration
            && values.iter().any(|v| v.is_null())
        {
            nullable = true;
            values.retain(|v| !v.is_null());
        }
        if types.is_empty() {
            if kw.properties.is_some() || kw.additional.is_some() {
                types.push("object");
            } else if kw.items.is_some() {
                types.push("array");
            } else if let Some(values) = &enumeration {
                if !values.is_empty() && values.iter().all(|v| v.is_string()) {
                    types.push("string");
                } else if !values.is_empty() && values.iter().all(|v| v.is_i64()) {
                    types.push("integer");
                }
            }
        }
        let mut arms: Vec<Schema> = Vec::with_capacity(types.len());
        for t in &types {
            let ty = self.one_type(t, kw, enumeration.as_deref(), ptr);
            arms.push(Schema::new(ty));
        }
        let mut s = match arms.len() {
            0 => Schema::any(),
            1 => arms.into_iter().next().unwrap_or_else(Schema::any),
            _ => Schema::new(Type::AnyOf { arms }),
        };
        s.nullable = nullable;
        s
    }

    fn one_type(
        &mut self,
        t: &str,
        kw: &Keywords<'a>,
        enumeration: Option<&[&'a Value]>,
        ptr: &Ptr<'_>,
    ) -> Type {
        let text = |v: Option<&'a Value>| v.and_then(Value::as_str).map(str::to_string);
        let count = |v: Option<&'a Value>| v.and_then(Value::as_u64);
        match t {
            "string" => Type::String {
                format: text(kw.format),
                enumeration: enumeration.map(|vs| {
                    vs.iter()
                        .map(|v| match v {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        })
                        .collect()
                }),
                pattern: text(kw.pattern),
                min_length: count(kw.min_length),
                max_length: count(kw.max_length),
            },
            "integer" => {
                let (minimum, exclusive_min) = bound(kw.minimum, kw.exclusive_minimum);
                let (maximum, exclusive_max) = bound(kw.maximum, kw.exclusive_maximum);
                // Exclusive integer bounds fold into inclusive ones.
                let minimum = minimum.map(|m| {
                    if exclusive_min {
                        m.floor() + 1.0
                    } else {
                        m.ceil()
                    }
                });
                let maximum = maximum.map(|m| {
                    if exclusive_max {
                        m.ceil() - 1.0
                    } else {
                        m.floor()
                    }
                });
                Type::Integer {
                    format: text(kw.format),
                    minimum,
                    maximum,
                    enumeration: enumeration
                        .map(|vs| vs.iter().filter_map(|v| v.as_i64()).collect()),
                }
            }
            "number" => {
                let (minimum, exclusive_minimum) = bound(kw.minimum, kw.exclusive_minimum);
                let (maximum, exclusive_maximum) = bound(kw.maximum, kw.exclusive_maximum);
                Type::Number {
                    format: text(kw.format),
                    minimum,
                    maximum,
                    exclusive_minimum,
                    exclusive_maximum,
                }
            }
            "boolean" => Type::Boolean,
            "array" => {
                let items = match kw.items {
                    Some(i) => self.schema(i, &ptr.key("items")),
                    None => Schema::any(),
                };
                Type::Array {
                    items: Box::new(items),
                    min_items: count(kw.min_items),
                    max_items: count(kw.max_items),
                }
            }
            "object" => {
                let required = kw.required();
                let mut fields = Vec::new();
                if let Some(props) = kw.properties {
                    fields.reserve(props.len());
                    let pp = ptr.key("properties");
                    for (name, s) in props {
                        let fp = pp.key(name);
                        fields.push(Field {
                            required: required.contains(&name.as_str()),
                            read_only: s.get("readOnly") == Some(&Value::Bool(true)),
                            schema: self.schema(s, &fp),
                            name: name.clone(),
                        });
                    }
                }
                let open = kw.additional != Some(&Value::Bool(false));
                Type::Object { fields, open }
            }
            _ => Type::Any,
        }
    }
}

// The schema's own `x-*` keywords win over those of a `$ref` target it refines.
fn extend(s: &mut Schema, kw: &Keywords<'_>) {
    for (k, v) in &kw.extensions {
        s.extensions.insert((*k).clone(), (*v).clone());
    }
}

// Reads a bound in either version's form: 3.0 `minimum` + boolean `exclusiveMinimum`, or
// 3.1 numeric `exclusiveMinimum` (which also appears in 3.0-labelled real specs).
fn bound(inclusive: Option<&Value>, exclusive: Option<&Value>) -> (Option<f64>, bool) {
    match exclusive {
        Some(Value::Number(n)) => (n.as_f64(), true),
        Some(Value::Bool(true)) => (inclusive.and_then(Value::as_f64), true),
        _ => (inclusive.and_then(Value::as_f64), false),
    }
}

/// The keywords of one parameter object.
#[derive(Default)]
struct ParamKeywords<'a> {
    name: Option<&'a str>,
    location: Option<&'a str>,
    style: Option<&'a str>,
    explode: Option<bool>,
    schema: Option<&'a Value>,
    content: Option<&'a Map<String, Value>>,
    description: Option<&'a str>,
    required: bool,
    deprecated: bool,
}

/// The keywords of one schema object, read in a single pass over its entries: real specs have
/// hundreds of thousands of schema objects, and one pass with a `match` on the key costs far
/// less than a hashed lookup per keyword.
#[derive(Default)]
struct Keywords<'a> {
    reference: Option<&'a Value>,
    ty: Option<&'a Value>,
    nullable: bool,
    description: Option<&'a str>,
    default: Option<&'a Value>,
    all_of: Option<&'a [Value]>,
    one_of: Option<(&'static str, &'a [Value])>,
    any_of: Option<(&'static str, &'a [Value])>,
    enumeration: Option<&'a [Value]>,
    constant: Option<&'a Value>,
    properties: Option<&'a Map<String, Value>>,
    additional: Option<&'a Value>,
    items: Option<&'a Value>,
    required: Option<&'a [Value]>,
    format: Option<&'a Value>,
    pattern: Option<&'a Value>,
    min_length: Option<&'a Value>,
    max_length: Option<&'a Value>,
    minimum: Option<&'a Value>,
    maximum: Option<&'a Value>,
    exclusive_minimum: Option<&'a Value>,
    exclusive_maximum: Option<&'a Value>,
    min_items: Option<&'a Value>,
    max_items: Option<&'a Value>,
    extensions: Vec<(&'a String, &'a Value)>,
}

impl<'a> Keywords<'a> {
    fn read(obj: &'a Map<String, Value>) -> Keywords<'a> {
        let mut kw = Keywords::default();
        for (k, v) in obj {
            match k.as_str() {
                "$ref" => kw.reference = Some(v),
                "type" => kw.ty = Some(v),
                "nullable" | "x-nullable" => kw.nullable |= *v == Value::Bool(true),
                "description" => kw.description = v.as_str(),
                "default" => kw.default = Some(v),
                "allOf" => kw.all_of = v.as_array().map(Vec::as_slice),
                "oneOf" => kw.one_of = v.as_array().map(|a| ("oneOf", a.as_slice())),
                "anyOf" => kw.any_of = v.as_array().map(|a| ("anyOf", a.as_slice())),
                "enum" => kw.enumeration = v.as_array().map(Vec::as_slice),
                "const" => kw.constant = Some(v),
                "properties" => kw.properties = v.as_object(),
                "additionalProperties" => kw.additional = Some(v),
                "items" => kw.items = Some(v),
                "required" => kw.required = v.as_array().map(Vec::as_slice),
                "format" => kw.format = Some(v),
                "pattern" => kw.pattern = Some(v),
                "minLength" => kw.min_length = Some(v),
                "maxLength" => kw.max_length = Some(v),
                "minimum" => kw.minimum = Some(v),
                "maximum" => kw.maximum = Some(v),
                "exclusiveMinimum" => kw.exclusive_minimum = Some(v),
                "exclusiveMaximum" => kw.exclusive_maximum = Some(v),
                "minItems" => kw.min_items = Some(v),
                "maxItems" => kw.max_items = Some(v),
                x if x.starts_with("x-") => kw.extensions.push((k, v)),
                _ => {}
            }
        }
        kw
    }

    fn required(&self) -> Vec<&'a str> {
        self.required
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    // `oneOf`/`anyOf` beside `properties` or a `type` whose arms only add constraints
    // (`required: [...]`, a `format`) narrow the sibling schema rather than replace it.
    fn arms_are_shapes(&self, arms: &[Value]) -> bool {
        if self.properties.is_some() {
            return false;
        }
        arms.iter().any(|a| {
            a.get("$ref").is_some()
                || a.get("properties").is_some()
                || a.get("items").is_some()
                || ["oneOf", "anyOf", "allOf", "enum", "const"]
                    .iter()
                    .any(|k| a.get(*k).is_some())
                || a.get("type").is_some_and(|t| Some(t) != self.ty)
        })
    }
}

fn pick_media_type(content: &Map<String, Value>) -> Option<(&str, BodyKind)> {
    fn base(media: &str) -> String {
        media
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase()
    }
    let rank = |media: &str| -> (u8, BodyKind) {
        let b = base(media);
        if b == "application/json" {
            (0, BodyKind::Json)
        } else if b.ends_with("+json") || b.ends_with("/json") {
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
        .keys()
        .map(|k| (k.as_str(), rank(k)))
        .min_by_key(|(_, (r, _))| *r)
        .map(|(k, (_, kind))| (k, kind))
}

fn template_names(path: &str) -> impl Iterator<Item = &str> {
    path.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
}
