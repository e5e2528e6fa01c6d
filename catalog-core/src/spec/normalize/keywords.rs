//! The keywords of one parameter or schema object, read in one pass over its entries.

use crate::model::Schema;
use crate::spec::tree::{Object, Tree};

// The schema's own `x-*` keywords; beside a `$ref` they replace the target's (`Schema::refined_by`).
pub(super) fn extend<T: Tree>(s: &mut Schema, kw: &Keywords<'_, T>) {
    for (k, v) in &kw.extensions {
        s.extensions.insert((*k).to_string(), v.to_value());
    }
}

// Reads a bound in either version's form: 3.0 `minimum` + boolean `exclusiveMinimum`, or
// 3.1 numeric `exclusiveMinimum` (which also appears in 3.0-labelled real specs).
pub(super) fn bound<T: Tree>(inclusive: Option<&T>, exclusive: Option<&T>) -> (Option<f64>, bool) {
    match exclusive.map(|e| (e.as_number(), e.is_true())) {
        Some((Some(n), _)) => (n.as_f64(), true),
        Some((None, true)) => (inclusive.and_then(T::as_f64), true),
        _ => (inclusive.and_then(T::as_f64), false),
    }
}

/// The validation keywords `catalog` reads and does not enforce: the server alone validates
/// them, and the schema's description says so ([`Keywords::unenforced_note`]). Real specs
/// rarely write them (docs/reading-specs.md counts them); each is a bit of
/// [`Keywords::unenforced`].
pub(super) const UNENFORCED: [&str; 13] = [
    "not",
    "contains",
    "minContains",
    "maxContains",
    "propertyNames",
    "patternProperties",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "if",
    "prefixItems",
    "unevaluatedProperties",
    "unevaluatedItems",
];

/// The keywords of one parameter object.
pub(super) struct ParamKeywords<'a, T: Tree> {
    pub(super) name: Option<&'a str>,
    pub(super) location: Option<&'a str>,
    pub(super) style: Option<&'a str>,
    pub(super) explode: Option<bool>,
    pub(super) schema: Option<&'a T>,
    pub(super) content: Option<&'a T::Object>,
    pub(super) description: Option<&'a str>,
    pub(super) required: bool,
    pub(super) deprecated: bool,
    pub(super) allow_empty_value: bool,
}

impl<T: Tree> Default for ParamKeywords<'_, T> {
    fn default() -> Self {
        ParamKeywords {
            name: None,
            location: None,
            style: None,
            explode: None,
            schema: None,
            content: None,
            description: None,
            required: false,
            deprecated: false,
            allow_empty_value: false,
        }
    }
}

/// The keywords of one schema object, read in a single pass over its entries: real specs have
/// hundreds of thousands of schema objects, and one pass with a `match` on the key costs far
/// less than a hashed lookup per keyword.
pub(super) struct Keywords<'a, T: Tree> {
    pub(super) reference: Option<&'a T>,
    pub(super) ty: Option<&'a T>,
    pub(super) nullable: bool,
    pub(super) description: Option<&'a str>,
    pub(super) default: Option<&'a T>,
    pub(super) all_of: Option<&'a [T]>,
    pub(super) one_of: Option<(&'static str, &'a [T])>,
    pub(super) any_of: Option<(&'static str, &'a [T])>,
    pub(super) enumeration: Option<&'a [T]>,
    pub(super) constant: Option<&'a T>,
    pub(super) properties: Option<&'a T::Object>,
    pub(super) additional: Option<&'a T>,
    pub(super) items: Option<&'a T>,
    pub(super) required: Option<&'a [T]>,
    pub(super) format: Option<&'a T>,
    pub(super) content_media_type: Option<&'a T>,
    pub(super) content_encoding: Option<&'a T>,
    pub(super) pattern: Option<&'a T>,
    pub(super) min_length: Option<&'a T>,
    pub(super) max_length: Option<&'a T>,
    pub(super) minimum: Option<&'a T>,
    pub(super) maximum: Option<&'a T>,
    pub(super) exclusive_minimum: Option<&'a T>,
    pub(super) exclusive_maximum: Option<&'a T>,
    pub(super) min_items: Option<&'a T>,
    pub(super) max_items: Option<&'a T>,
    pub(super) multiple_of: Option<&'a T>,
    pub(super) unique_items: bool,
    pub(super) min_properties: Option<&'a T>,
    pub(super) max_properties: Option<&'a T>,
    /// The [`UNENFORCED`] keywords present, one bit each.
    pub(super) unenforced: u16,
    pub(super) extensions: Vec<(&'a str, &'a T)>,
}

impl<T: Tree> Default for Keywords<'_, T> {
    fn default() -> Self {
        Keywords {
            reference: None,
            ty: None,
            nullable: false,
            description: None,
            default: None,
            all_of: None,
            one_of: None,
            any_of: None,
            enumeration: None,
            constant: None,
            properties: None,
            additional: None,
            items: None,
            required: None,
            format: None,
            content_media_type: None,
            content_encoding: None,
            pattern: None,
            min_length: None,
            max_length: None,
            minimum: None,
            maximum: None,
            exclusive_minimum: None,
            exclusive_maximum: None,
            min_items: None,
            max_items: None,
            multiple_of: None,
            unique_items: false,
            min_properties: None,
            max_properties: None,
            unenforced: 0,
            extensions: Vec::new(),
        }
    }
}

impl<'a, T: Tree> Keywords<'a, T> {
    pub(super) fn read(obj: &'a T::Object) -> Keywords<'a, T> {
        let mut kw = Keywords::default();
        for (k, v) in obj.entries() {
            match k {
                "$ref" => kw.reference = Some(v),
                "type" => kw.ty = Some(v),
                "nullable" | "x-nullable" => kw.nullable |= v.is_true(),
                "description" => kw.description = v.as_str(),
                "default" => kw.default = Some(v),
                "allOf" => kw.all_of = v.as_array(),
                "oneOf" => kw.one_of = v.as_array().map(|a| ("oneOf", a)),
                "anyOf" => kw.any_of = v.as_array().map(|a| ("anyOf", a)),
                "enum" => kw.enumeration = v.as_array(),
                "const" => kw.constant = Some(v),
                "properties" => kw.properties = v.as_object(),
                "additionalProperties" => kw.additional = Some(v),
                "items" => kw.items = Some(v),
                "required" => kw.required = v.as_array(),
                "format" => kw.format = Some(v),
                "contentMediaType" => kw.content_media_type = Some(v),
                "contentEncoding" => kw.content_encoding = Some(v),
                "pattern" => kw.pattern = Some(v),
                "minLength" => kw.min_length = Some(v),
                "maxLength" => kw.max_length = Some(v),
                "minimum" => kw.minimum = Some(v),
                "maximum" => kw.maximum = Some(v),
                "exclusiveMinimum" => kw.exclusive_minimum = Some(v),
                "exclusiveMaximum" => kw.exclusive_maximum = Some(v),
                "minItems" => kw.min_items = Some(v),
                "maxItems" => kw.max_items = Some(v),
                "multipleOf" => kw.multiple_of = Some(v),
                "uniqueItems" => kw.unique_items = v.is_true(),
                "minProperties" => kw.min_properties = Some(v),
                "maxProperties" => kw.max_properties = Some(v),
                x if x.starts_with("x-") => kw.extensions.push((k, v)),
                other => {
                    if let Some(i) = UNENFORCED.iter().position(|u| *u == other) {
                        kw.unenforced |= 1 << i;
                    }
                }
            }
        }
        kw
    }

    // OpenAPI 3.1's spelling of 3.0's string formats, lowered to them: `contentEncoding:
    // base64` is base64 text (`byte`); `contentMediaType` without an encoding is raw bytes
    // (`binary`), which a multipart part or a binary body carries as a file.
    pub(super) fn content_format(&self) -> Option<&'static str> {
        match (
            self.content_encoding.and_then(T::as_str),
            self.content_media_type,
        ) {
            (Some("base64"), _) => Some("byte"),
            (None, Some(_)) => Some("binary"),
            _ => None,
        }
    }

    /// What the description says of the keywords present that are not enforced: `None` when
    /// there are none.
    #[cold]
    pub(super) fn unenforced_note(&self) -> Option<String> {
        if self.unenforced == 0 {
            return None;
        }
        let names: Vec<String> = UNENFORCED
            .iter()
            .enumerate()
            .filter(|(i, _)| self.unenforced & (1 << i) != 0)
            .map(|(_, k)| format!("`{k}`"))
            .collect();
        Some(format!(
            "Not checked before sending (the server validates it): the spec's {}.",
            names.join(", ")
        ))
    }

    /// Whether the [`UNENFORCED`] keyword `name` is present.
    pub(super) fn has_unenforced(&self, name: &str) -> bool {
        UNENFORCED
            .iter()
            .position(|u| *u == name)
            .is_some_and(|i| self.unenforced & (1 << i) != 0)
    }

    pub(super) fn required(&self) -> Vec<&'a str> {
        self.required
            .map(|a| a.iter().filter_map(T::as_str).collect())
            .unwrap_or_default()
    }

    // `oneOf`/`anyOf` beside `properties` or a `type` whose arms only add constraints
    // (`required: [...]`, a `format`) narrow the sibling schema rather than replace it.
    pub(super) fn arms_are_shapes(&self, arms: &[T]) -> bool {
        if self.properties.is_some() {
            return false;
        }
        arms.iter().any(|a| {
            a.get("$ref").is_some()
                || a.get("properties").is_some()
                || a.get("items").is_some()
                || ["oneOf", "anyOf", "allOf", "enum", "const"]
                    .iter()
                    .any(|k| a.get(k).is_some())
                || a.get("type")
                    .is_some_and(|t| !self.ty.is_some_and(|ty| ty.same(t)))
        })
    }
}

/// An arm that only admits `null` (which makes the union nullable rather than an arm).
pub(super) fn is_null_arm<T: Tree>(arm: &T) -> bool {
    arm.get("type").and_then(T::as_str) == Some("null")
        || arm.get("enum").is_some_and(T::is_null_only)
}
