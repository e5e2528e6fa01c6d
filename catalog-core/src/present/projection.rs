//! Capability projection: hiding optional properties a server says do not apply to it.
//!
//! Some APIs annotate optional properties with the capabilities under which they apply (AdCP uses
//! `x-adcp-applies-when`). An agent shown such a property by a server that cannot honour it will
//! happily fill it in, and the server will ignore it or reject it. [`project`] removes those
//! properties from a JSON Schema (or from every schema of an OpenAPI document), given the
//! capabilities document the server publishes. It is opt-in: nothing in `catalog` projects unless
//! asked to, and it is pure: the same inputs always give the same output.
//!
//! ```
//! use serde_json::json;
//! use catalog_core::present::projection::{Rules, project};
//!
//! let rules = Rules::new("x-adcp-applies-when")
//!     .list("delivery_types", "media_buy.supported_delivery_types")
//!     .list("pricing_models", "media_buy.supported_pricing_models");
//! let schema = json!({
//!     "type": "object",
//!     "properties": {
//!         "name": {"type": "string"},
//!         "pacing": {"type": "string", "x-adcp-applies-when": {"delivery_types": ["guaranteed"]}}
//!     }
//! });
//! let capabilities = json!({"media_buy": {"supported_delivery_types": ["non_guaranteed"]}});
//! let projected: std::borrow::Cow<'_, serde_json::Value> = project(&schema, &capabilities, &rules);
//! assert_eq!(
//!     *projected,
//!     json!({"type": "object", "properties": {"name": {"type": "string"}}})
//! );
//! ```
//!
//! # When a property is removed
//!
//! A property is removed when its schema, where the property is declared in a `properties`
//! object, carries the annotation (the extension key given to [`Rules::new`]) and the annotation
//! does **not** match the capabilities document, and none of the guards below keeps it.
//!
//! An annotation is an object of keys; the property applies (is kept) when **any value of any
//! key** matches (OR across keys and values):
//!
//! - **A list key**, configured with [`Rules::list`], maps to a dotted path in the capabilities
//!   document holding a list. The key's value must be a non-empty array; it matches when any of
//!   its values (compared as JSON) is in the list. When the capabilities document does not declare
//!   the list (absent, `null`, or not an array) or declares it empty, the key matches: the server
//!   has not said it lacks anything.
//! - **`capabilities`**: a non-empty array of dotted paths into the capabilities document
//!   (`"media_buy.reporting.webhooks"`); a path matches when the value there is present and is
//!   neither `null` nor `false`.
//! - **Unpublished root block**: when a path has more than one segment and the capabilities
//!   document does not publish its first segment at all (absent or `null`), the key matches. A
//!   server that publishes no `media_buy` block says nothing about media buys, so nothing about
//!   them is hidden. A one-segment `capabilities` path is the capability itself: absent does not
//!   match.
//!
//! Paths only descend through objects, splitting at every `.`. A list rule named `capabilities`
//! replaces the built-in meaning of that key; configuring the same list key twice keeps the last.
//!
//! The projection only ever removes on a clear "does not apply": an **unknown key** (neither a
//! configured list nor `capabilities`) or a **malformed annotation** keeps the property. Malformed
//! means: not an object, an empty object, a list key whose value is not a non-empty array, a
//! `capabilities` value that is not a non-empty array of non-empty strings, or a path with an
//! empty segment. An annotation that names nothing could never match, which is far more likely an
//! authoring slip than intent.
//!
//! # Guards: what is never removed
//!
//! - Only entries of `properties` are removed. `required`, `enum`, `additionalProperties`,
//!   `patternProperties`, `$defs`/`definitions` entries and everything else are never touched, so
//!   a removal cannot make a schema reject data it accepted apart from the removed declaration.
//! - **A name required anywhere for its object is kept.** "Its object" is the instance location:
//!   the schema holding the `properties` together with every schema that applies in place to the
//!   same instance, recursively: `allOf`/`anyOf`/`oneOf` arms, `if`/`then`/`else`, the schemas of
//!   `dependentSchemas` and of draft-07 `dependencies`. A name is required there when it is in a
//!   `required` array, is a key or a listed name of `dependentRequired` or of draft-07
//!   `dependencies`, or is a key of `dependentSchemas`. Removing a property an object must
//!   carry would leave the agent unable to send a valid request.
//! - **Nothing is removed from a closed object**: when any schema of the instance location (as
//!   above) has `additionalProperties: false` or `unevaluatedProperties: false`. There, dropping a
//!   declaration turns a property the server accepts into one the schema forbids.
//! - A `$ref` is never dereferenced: the annotation is read where the property is declared (an
//!   annotation beside the `$ref` counts; one on the referenced schema does not), and a
//!   `required` behind a `$ref` is not seen. Referenced schemas are projected where they are
//!   defined (`$defs`, `definitions`, `components.schemas`). A catalog's tools hold expanded
//!   schemas, and expansion gives a property the `x-*` keywords of its own declaration only
//!   (`Schema::refined_by`), so their annotations are read at the same places.
//!
//! # What is traversed
//!
//! A removed property takes its whole subtree with it. Otherwise the projection descends into
//! the subschemas of these keywords, and no others: `properties`, `patternProperties`,
//! `additionalProperties`, `unevaluatedProperties`, `items` (a schema or a draft-07 array),
//! `prefixItems`, `additionalItems`, `unevaluatedItems`, `contains`, `allOf`, `anyOf`, `oneOf`,
//! `if`, `then`, `else`, `not`, `dependentSchemas`, the schema values of `dependencies`, `$defs`
//! and `definitions`. Instance data (`const`, `default`, `enum`, `examples`, `example`) and other
//! `x-*` extension values are left exactly as they are, even when they contain something that
//! looks like an annotated schema.
//!
//! A value with a top-level `openapi` or `swagger` key is projected as an OpenAPI document, at
//! these places only (each a schema projected as above):
//!
//! - `components.schemas.*` and Swagger 2 `definitions.*`;
//! - the `schema` of every parameter and header, and of every media type of a `content`:
//!   path-item and operation `parameters`, operation `requestBody` and `responses` (with their
//!   `headers`) under `paths.*` and `webhooks.*`, and `components.parameters`,
//!   `components.headers`, `components.requestBodies`, `components.responses`;
//! - Swagger 2: the `schema` of top-level `parameters.*` and `responses.*` and of operation
//!   responses.
//!
//! Callbacks, links, examples and extensions of a document are not traversed.
//!
//! # Copy on write
//!
//! The input is never mutated, and never cloned up front. When nothing is removed the input
//! itself is returned ([`Cow::Borrowed`]) after one read of the schemas, with no copy at all.
//! Otherwise the output is assembled while reading: an object or array is only rebuilt once one
//! of its entries changes; the entries read before that are cloned then, and the entries after it
//! are copied in the same pass that reads them (a subtree that is not a schema position is
//! cloned whole). Each part of the input is thus read once and copied at most once, and a
//! removed property is never copied. In an OpenAPI document the reusable schemas are read
//! before `paths`, so that a change there lets the large `paths` be copied as it is read.
//!
//! Recursion follows the nesting of the value, like `serde_json`'s own `Clone` and `Drop`; values
//! parsed by `serde_json` are at most 128 levels deep.

use std::borrow::Cow;
use std::fmt;

use serde_json::{Map, Value};

/// The annotation key whose value lists capability paths; see the [module docs](self).
pub const CAPABILITIES_KEY: &str = "capabilities";

/// How to read applies-when annotations: the extension key carrying them and the enumerated
/// keys they may use.
///
/// Built with [`Rules::new`] and [`Rules::list`]; see the [module docs](self) for the semantics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    extension: String,
    lists: Vec<ListRule>,
}

/// One enumerated annotation key and where its list lives in the capabilities document.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ListRule {
    key: String,
    path: Vec<String>,
}

impl Rules {
    /// Rules reading annotations under the extension key `extension` (e.g. `x-adcp-applies-when`),
    /// with no list keys: only `capabilities` is understood until [`Rules::list`] adds more.
    pub fn new(extension: impl Into<String>) -> Self {
        Self {
            extension: extension.into(),
            lists: Vec::new(),
        }
    }

    /// Adds the enumerated annotation key `key`, matched against the list at the dotted
    /// `path` of the capabilities document (e.g. `"media_buy.supported_delivery_types"`).
    ///
    /// Configuring a key again replaces its path; a key named `capabilities` replaces the
    /// built-in meaning of that key.
    #[must_use]
    pub fn list(mut self, key: impl Into<String>, path: &str) -> Self {
        let key = key.into();
        self.lists.retain(|rule| rule.key != key);
        self.lists.push(ListRule {
            key,
            path: path.split('.').map(str::to_owned).collect(),
        });
        self
    }

    /// The extension key annotations are read from.
    pub fn extension(&self) -> &str {
        &self.extension
    }

    /// The configured list keys and their dotted capability paths, in configuration order.
    pub fn lists(&self) -> impl Iterator<Item = (&str, String)> {
        self.lists
            .iter()
            .map(|rule| (rule.key.as_str(), rule.path.join(".")))
    }

    /// Whether a property carrying `annotation` applies to a server publishing `capabilities`,
    /// i.e. whether [`project`] keeps it (guards aside).
    ///
    /// `true` when any value of any key matches, and also for an unknown key or a malformed
    /// annotation; `false` only when the annotation is well formed and nothing in it matches.
    pub fn applies(&self, annotation: &Value, capabilities: &Value) -> bool {
        let Some(keys) = annotation.as_object() else {
            return true;
        };
        if keys.is_empty() {
            return true;
        }
        keys.iter()
            .any(|(key, value)| self.key_matches(key, value, capabilities))
    }

    /// Whether `annotation` is one the projection acts on, and if not, what is wrong with it.
    ///
    /// Annotations read from a spec are taken leniently: a malformed one or an unknown key keeps
    /// its property (see the [module docs](self)). An annotation a tool author writes is checked
    /// with this instead, so that a slip is refused where it is written: it must be a non-empty
    /// object whose every key is a list key these rules configure (its value a non-empty array)
    /// or `capabilities` (a non-empty array of dotted paths with no empty segment).
    pub fn check(&self, annotation: &Value) -> Result<(), AnnotationError> {
        let Some(keys) = annotation.as_object().filter(|keys| !keys.is_empty()) else {
            return Err(AnnotationError::NotAnObject {
                annotation: annotation.clone(),
                known: self.known_keys(),
            });
        };
        for (key, value) in keys {
            let values = value.as_array().filter(|values| !values.is_empty());
            if self.lists.iter().any(|rule| rule.key == *key) {
                if values.is_none() {
                    return Err(AnnotationError::NotAList {
                        key: key.clone(),
                        value: value.clone(),
                    });
                }
            } else if key == CAPABILITIES_KEY {
                let path = |p: &Value| p.as_str().is_some_and(|p| !p.split('.').any(str::is_empty));
                if !values.is_some_and(|paths| paths.iter().all(path)) {
                    return Err(AnnotationError::NotPaths(value.clone()));
                }
            } else {
                return Err(AnnotationError::UnknownKey {
                    key: key.clone(),
                    known: self.known_keys(),
                });
            }
        }
        Ok(())
    }

    /// The keys an annotation may use, in configuration order, `capabilities` last.
    fn known_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = self.lists.iter().map(|r| r.key.clone()).collect();
        if !self.lists.iter().any(|rule| rule.key == CAPABILITIES_KEY) {
            keys.push(CAPABILITIES_KEY.to_string());
        }
        keys
    }

    /// Whether one key of an annotation matches; unknown and malformed keys match, so that the
    /// OR across keys keeps the property.
    fn key_matches(&self, key: &str, value: &Value, capabilities: &Value) -> bool {
        if let Some(rule) = self.lists.iter().find(|rule| rule.key == key) {
            let Some(wanted) = value.as_array().filter(|values| !values.is_empty()) else {
                return true;
            };
            return match at_path(capabilities, &rule.path) {
                AtPath::Unpublished => true,
                AtPath::Found(Value::Array(offered)) => {
                    offered.is_empty() || wanted.iter().any(|w| offered.contains(w))
                }
                // Absent, null or not a list: the server has not declared the list.
                AtPath::Found(_) | AtPath::Absent => true,
            };
        }
        if key != CAPABILITIES_KEY {
            return true;
        }
        let Some(paths) = value.as_array().filter(|paths| !paths.is_empty()) else {
            return true;
        };
        let mut any = false;
        for path in paths {
            let Some(path) = path.as_str() else {
                return true;
            };
            let segments: Vec<&str> = path.split('.').collect();
            if segments.iter().any(|s| s.is_empty()) {
                return true;
            }
            any |= match at_path(capabilities, &segments) {
                AtPath::Unpublished => true,
                AtPath::Found(found) => !matches!(found, Value::Null | Value::Bool(false)),
                AtPath::Absent => false,
            };
        }
        any
    }
}

/// Why [`Rules::check`] refuses an annotation a tool author wrote. Each message names what the
/// annotation may hold instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnnotationError {
    /// The annotation is not an object, or an empty one.
    NotAnObject {
        /// The annotation as written.
        annotation: Value,
        /// The keys the rules know.
        known: Vec<String>,
    },
    /// A list key's value is not a non-empty array.
    NotAList {
        /// The key.
        key: String,
        /// Its value as written.
        value: Value,
    },
    /// `capabilities` is not a non-empty array of dotted paths (with no empty segment); holds
    /// its value as written.
    NotPaths(Value),
    /// A key the rules do not configure.
    UnknownKey {
        /// The key.
        key: String,
        /// The keys the rules know.
        known: Vec<String>,
    },
}

impl fmt::Display for AnnotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ticked = |keys: &[String]| {
            keys.iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            AnnotationError::NotAnObject { annotation, known } => write!(
                f,
                "an annotation is a non-empty object of keys ({}), not {annotation}",
                ticked(known)
            ),
            AnnotationError::NotAList { key, value } => {
                write!(f, "`{key}` takes a non-empty array of values, not {value}")
            }
            AnnotationError::NotPaths(value) => write!(
                f,
                "`{CAPABILITIES_KEY}` takes a non-empty array of dotted paths into the \
                 capabilities document, such as \"media_buy.reporting.webhooks\", not {value}"
            ),
            AnnotationError::UnknownKey { key, known } => write!(
                f,
                "`{key}` is not a key of these rules, which know {}",
                ticked(known)
            ),
        }
    }
}

impl std::error::Error for AnnotationError {}

/// The outcome of following a dotted path into the capabilities document.
enum AtPath<'a> {
    /// The path has a root block and the document does not publish it.
    Unpublished,
    /// The path leads nowhere (or to `null`) inside a published block.
    Absent,
    /// The value at the path.
    Found(&'a Value),
}

fn at_path<'a, S: AsRef<str>>(capabilities: &'a Value, path: &[S]) -> AtPath<'a> {
    let mut at = capabilities;
    for (depth, segment) in path.iter().enumerate() {
        match at.get(segment.as_ref()) {
            Some(Value::Null) | None if depth == 0 && path.len() > 1 => return AtPath::Unpublished,
            Some(Value::Null) | None => return AtPath::Absent,
            Some(next) => at = next,
        }
    }
    AtPath::Found(at)
}

/// Removes the optional properties whose applies-when annotation does not match `capabilities`.
///
/// `schema` is a JSON Schema, or an OpenAPI document (a value with a top-level `openapi` or
/// `swagger` key). Returns `schema` itself, borrowed, when nothing is removed. The semantics,
/// guards and traversal are those of the [module docs](self).
pub fn project<'a>(schema: &'a Value, capabilities: &Value, rules: &Rules) -> Cow<'a, Value> {
    let walker = Walker {
        rules,
        capabilities,
    };
    let changed = match schema.as_object() {
        Some(root) if root.contains_key("openapi") || root.contains_key("swagger") => {
            walker.document(root)
        }
        _ => walker.schema(schema, schema, false),
    };
    match changed {
        Some(projected) => Cow::Owned(projected),
        None => Cow::Borrowed(schema),
    }
}

/// What becomes of one entry of an object or array being projected.
enum Change {
    Keep,
    Replace(Value),
    Remove,
}

impl From<Option<Value>> for Change {
    fn from(changed: Option<Value>) -> Self {
        changed.map_or(Change::Keep, Change::Replace)
    }
}

// Copy on write, in one pass. Every walking function takes `build`: when `false` it only reads,
// and returns `None` if nothing below changes; when `true` the caller is already building its own
// copy, so the function returns its copy (`Some`, for an object or array) built in the same pass
// that reads it, instead of answering `None` and having the caller clone it in a second pass.
// An object switches to building at its first changed entry: entries read before are cloned
// then, entries after are built as they are read.

/// Projects the entries of `map`; `None` when nothing changes and the caller is not building.
fn rebuild_map<'a>(
    map: &'a Map<String, Value>,
    build: bool,
    mut change: impl FnMut(&'a str, &'a Value, bool) -> Change,
) -> Option<Map<String, Value>> {
    let mut out: Option<Map<String, Value>> = build.then(|| Map::with_capacity(map.len()));
    for (index, (key, value)) in map.iter().enumerate() {
        let change = change(key, value, out.is_some());
        if out.is_none() && matches!(change, Change::Keep) {
            continue;
        }
        let out = out.get_or_insert_with(|| {
            let mut fresh = Map::with_capacity(map.len());
            for (key, value) in map.iter().take(index) {
                fresh.insert(key.clone(), value.clone());
            }
            fresh
        });
        match change {
            Change::Keep => {
                out.insert(key.clone(), value.clone());
            }
            Change::Replace(new) => {
                out.insert(key.clone(), new);
            }
            Change::Remove => {}
        }
    }
    out
}

/// [`rebuild_map`] for arrays; entries are never removed from arrays.
fn rebuild_array<'a>(
    array: &'a [Value],
    build: bool,
    mut change: impl FnMut(&'a Value, bool) -> Option<Value>,
) -> Option<Vec<Value>> {
    let mut out: Option<Vec<Value>> = build.then(|| Vec::with_capacity(array.len()));
    for (index, value) in array.iter().enumerate() {
        match (change(value, out.is_some()), &mut out) {
            (Some(new), Some(out)) => out.push(new),
            (None, Some(out)) => out.push(value.clone()),
            (None, None) => {}
            (Some(new), None) => {
                let mut fresh = Vec::with_capacity(array.len());
                fresh.extend(array[..index].iter().cloned());
                fresh.push(new);
                out = Some(fresh);
            }
        }
    }
    out
}

/// Projects the members of an object one by one (`None` for anything else).
fn fields<'a>(
    value: &'a Value,
    build: bool,
    mut f: impl FnMut(&'a str, &'a Value, bool) -> Option<Value>,
) -> Option<Value> {
    let map = value.as_object()?;
    rebuild_map(map, build, |key, value, build| f(key, value, build).into()).map(Value::Object)
}

/// Projects every member value of an object alike.
fn each_value<'a>(
    value: &'a Value,
    build: bool,
    mut f: impl FnMut(&'a Value, bool) -> Option<Value>,
) -> Option<Value> {
    fields(value, build, |_, value, build| f(value, build))
}

/// Projects every item of an array alike.
fn each_item<'a>(
    value: &'a Value,
    build: bool,
    f: impl FnMut(&'a Value, bool) -> Option<Value>,
) -> Option<Value> {
    rebuild_array(value.as_array()?, build, f).map(Value::Array)
}

struct Walker<'r> {
    rules: &'r Rules,
    capabilities: &'r Value,
}

impl Walker<'_> {
    /// Projects an OpenAPI document (3.x or Swagger 2) where it holds schemas. Spelled out by
    /// hand rather than as data: on a large `paths` object this walk is a good part of the cost.
    ///
    /// The reusable schemas are read first, though `paths` usually comes before them: once one
    /// changes, the much larger `paths` is built in the pass that reads it, not read then cloned.
    fn document(&self, root: &Map<String, Value>) -> Option<Value> {
        let member = |key: &str, value: &Value, build: bool| match key {
            "components" => fields(value, build, |key, value, build| match key {
                "schemas" => self.each_schema_in_map(value, None, build),
                "parameters" | "headers" => each_value(value, build, |v, b| self.parameter(v, b)),
                "requestBodies" => each_value(value, build, |v, b| self.request_body(v, b)),
                "responses" => each_value(value, build, |v, b| self.response(v, b)),
                _ => None,
            }),
            "definitions" => self.each_schema_in_map(value, None, build),
            "parameters" => each_value(value, build, |v, b| self.parameter(v, b)),
            "responses" => each_value(value, build, |v, b| self.response(v, b)),
            "paths" | "webhooks" => each_value(value, build, |v, b| self.path_item(v, b)),
            _ => None,
        };
        let first = |key: &str| matches!(key, "components" | "definitions");
        let mut projected: Vec<Option<Value>> = vec![None; root.len()];
        let mut build = false;
        for pass_first in [true, false] {
            for ((key, value), slot) in root.iter().zip(projected.iter_mut()) {
                if first(key) == pass_first {
                    *slot = member(key, value, build);
                    build |= slot.is_some();
                }
            }
        }
        if !build {
            return None;
        }
        let mut out = Map::with_capacity(root.len());
        for ((key, value), slot) in root.iter().zip(projected) {
            out.insert(key.clone(), slot.unwrap_or_else(|| value.clone()));
        }
        Some(Value::Object(out))
    }

    /// A path item: its own parameters, and each operation under it.
    fn path_item(&self, item: &Value, build: bool) -> Option<Value> {
        fields(item, build, |key, value, build| match key {
            "parameters" => each_item(value, build, |v, b| self.parameter(v, b)),
            "summary" | "description" | "servers" | "$ref" => None,
            _ => fields(value, build, |key, value, build| match key {
                "parameters" => each_item(value, build, |v, b| self.parameter(v, b)),
                "requestBody" => self.request_body(value, build),
                "responses" => each_value(value, build, |v, b| self.response(v, b)),
                _ => None,
            }),
        })
    }

    /// A parameter or a header: `schema`, or `content`.
    fn parameter(&self, parameter: &Value, build: bool) -> Option<Value> {
        fields(parameter, build, |key, value, build| match key {
            "schema" => self.schema(value, value, build),
            "content" => self.content(value, build),
            _ => None,
        })
    }

    fn request_body(&self, body: &Value, build: bool) -> Option<Value> {
        fields(body, build, |key, value, build| match key {
            "content" => self.content(value, build),
            _ => None,
        })
    }

    /// A response: `content` and `headers` (3.x), or `schema` (Swagger 2).
    fn response(&self, response: &Value, build: bool) -> Option<Value> {
        fields(response, build, |key, value, build| match key {
            "content" => self.content(value, build),
            "headers" => each_value(value, build, |v, b| self.parameter(v, b)),
            "schema" => self.schema(value, value, build),
            _ => None,
        })
    }

    /// A `content` object: the `schema` of each media type.
    fn content(&self, content: &Value, build: bool) -> Option<Value> {
        each_value(content, build, |media, build| {
            fields(media, build, |key, value, build| match key {
                "schema" => self.schema(value, value, build),
                _ => None,
            })
        })
    }

    /// Projects one schema. `group` is the schema describing the same instance location at the
    /// outermost level (the root of its in-place applicators), where guards are looked up.
    fn schema(&self, node: &Value, group: &Value, build: bool) -> Option<Value> {
        fields(node, build, |key, value, build| match key {
            "properties" => self.properties(value, group, build),
            // In place: the same instance, so the same guards.
            "allOf" | "anyOf" | "oneOf" => self.each_schema_in_array(value, Some(group), build),
            "if" | "then" | "else" => self.schema(value, group, build),
            "dependentSchemas" | "dependencies" => {
                self.each_schema_in_map(value, Some(group), build)
            }
            // A new instance location, or a negation: guards start afresh.
            "items" if value.is_array() => self.each_schema_in_array(value, None, build),
            "items"
            | "additionalProperties"
            | "unevaluatedProperties"
            | "additionalItems"
            | "unevaluatedItems"
            | "contains"
            | "not" => self.schema(value, value, build),
            "prefixItems" => self.each_schema_in_array(value, None, build),
            "patternProperties" | "$defs" | "definitions" => {
                self.each_schema_in_map(value, None, build)
            }
            _ => None,
        })
    }

    /// Projects each schema of an array; `group` is `None` when each is its own location.
    fn each_schema_in_array(
        &self,
        value: &Value,
        group: Option<&Value>,
        build: bool,
    ) -> Option<Value> {
        each_item(value, build, |item, build| {
            self.schema(item, group.unwrap_or(item), build)
        })
    }

    /// Projects each schema among an object's values (array values of `dependencies`, and any
    /// other value that is not an object, are left alone by [`Walker::schema`]).
    fn each_schema_in_map(
        &self,
        value: &Value,
        group: Option<&Value>,
        build: bool,
    ) -> Option<Value> {
        each_value(value, build, |item, build| {
            self.schema(item, group.unwrap_or(item), build)
        })
    }

    /// Projects a `properties` object: removes what does not apply and is not guarded, and
    /// projects the rest, each property being a new instance location.
    fn properties(&self, value: &Value, group: &Value, build: bool) -> Option<Value> {
        let map = value.as_object()?;
        rebuild_map(map, build, |name, property, build| {
            if self.drops(name, property, group) {
                Change::Remove
            } else {
                self.schema(property, property, build).into()
            }
        })
        .map(Value::Object)
    }

    fn drops(&self, name: &str, property: &Value, group: &Value) -> bool {
        let Some(annotation) = property
            .as_object()
            .and_then(|p| p.get(&self.rules.extension))
        else {
            return false;
        };
        // Guards are only looked up for a property that would otherwise go: most have none.
        !self.rules.applies(annotation, self.capabilities) && !guarded(group, name)
    }
}

/// Whether `name` must stay in the object described in place by `schema`: the object is closed,
/// or `name` is required by it or by any of its in-place applicators.
fn guarded(schema: &Value, name: &str) -> bool {
    let Some(map) = schema.as_object() else {
        return false;
    };
    let lists = |value: Option<&Value>| {
        value
            .and_then(Value::as_array)
            .is_some_and(|names| names.iter().any(|n| n.as_str() == Some(name)))
    };
    let closed = |key: &str| map.get(key) == Some(&Value::Bool(false));
    if closed("additionalProperties")
        || closed("unevaluatedProperties")
        || lists(map.get("required"))
    {
        return true;
    }
    for key in ["dependentRequired", "dependencies", "dependentSchemas"] {
        if let Some(deps) = map.get(key).and_then(Value::as_object) {
            for (trigger, dependency) in deps {
                if trigger == name || lists(Some(dependency)) || guarded(dependency, name) {
                    return true;
                }
            }
        }
    }
    let in_arms = |key: &str| {
        map.get(key)
            .and_then(Value::as_array)
            .is_some_and(|arms| arms.iter().any(|arm| guarded(arm, name)))
    };
    let in_branch = |key: &str| map.get(key).is_some_and(|arm| guarded(arm, name));
    in_arms("allOf")
        || in_arms("anyOf")
        || in_arms("oneOf")
        || in_branch("if")
        || in_branch("then")
        || in_branch("else")
}
