//! Nested objects: which schema a nested struct stands for (through arrays and the object arm of
//! `anyOf [object, ""]`), and the paste-ready lines that account for one of its properties.
//!
//! Every declared property of an object schema a `#[derive(Object)]` struct stands for is a
//! field of the struct, or omitted on the struct with a reason
//! (`#[object(omitted("name", reason = "..."))]`), at every depth: see `docs/accounting.md`.

use super::names::field_name_for;
use super::reasons::PLACEHOLDER_REASON;
use super::types::{RustType, base_type_for, carries, rust_type_for};
use crate::model::{Field, Schema, Type};

/// The other arm of `anyOf [X, {type: string, enum: [""]}]` (in either order): a value that is
/// `X`, or the empty string (which Stripe reads as "unset").
pub fn or_empty_arm(schema: &Schema) -> Option<&Schema> {
    let Type::AnyOf { arms } = &schema.ty else {
        return None;
    };
    let [a, b] = arms.as_slice() else {
        return None;
    };
    match (is_empty_string(a), is_empty_string(b)) {
        (true, false) => Some(b),
        (false, true) => Some(a),
        _ => None,
    }
}

/// Whether a schema allows the empty string alone (`{type: string, enum: [""]}`).
pub fn is_empty_string(schema: &Schema) -> bool {
    matches!(&schema.ty, Type::String { enumeration: Some(values), .. } if values.len() == 1 && values[0].is_empty())
}

/// The schema of a map's values: `additionalProperties: {schema}` on an object that declares
/// no property of its own (one that does is an object a struct stands for, not a map).
pub fn map_values(schema: &Schema) -> Option<&Schema> {
    match &schema.ty {
        Type::Object {
            fields,
            values: Some(values),
            ..
        } if fields.is_empty() => Some(values),
        _ => None,
    }
}

/// The schema a struct (or enum) of the user's stands for where `schema` is its property's:
/// inside arrays, maps' values and the object arm of `anyOf [object, ""]`, in any order.
pub fn element(schema: &Schema) -> &Schema {
    element_at(schema).1
}

/// [`element`], and the way down to it as the accounting writes it: `[]` for each array, `{}`
/// for each map's values (`slack[]`, `targets{}`).
pub fn element_at(schema: &Schema) -> (String, &Schema) {
    let mut suffix = String::new();
    let mut s = schema;
    loop {
        s = match &s.ty {
            Type::Array { items, .. } => {
                suffix.push_str("[]");
                items
            }
            _ => match (or_empty_arm(s), map_values(s)) {
                (Some(arm), _) => arm,
                (None, Some(values)) => {
                    suffix.push_str("{}");
                    values
                }
                (None, None) => return (suffix, s),
            },
        };
    }
}

/// The object schema a struct stands for, when `schema` (through [`element`]) is an object with
/// declared properties.
pub fn object_fields(schema: &Schema) -> Option<&[Field]> {
    match &element(schema).ty {
        Type::Object { fields, .. } if !fields.is_empty() => Some(fields),
        _ => None,
    }
}

/// The properties a struct sent in a request must account for: every declared one but the
/// read-only ones (a server never reads those).
pub fn sent_properties(fields: &[Field]) -> impl Iterator<Item = &Field> {
    fields.iter().filter(|f| !f.read_only)
}

/// How many property names [`declared_names`] lists before it counts the rest.
const NAMES_LISTED: usize = 12;

/// The declared properties of an object, for a message about a field that is none of them:
/// `` `channel`, `mention` and `secret` `` (the first twelve, then `and N more`), or
/// `no property` when it declares none.
pub fn declared_names(fields: &[Field]) -> String {
    let names: Vec<String> = fields
        .iter()
        .take(NAMES_LISTED)
        .map(|f| format!("`{}`", f.name))
        .collect();
    let rest = fields.len().saturating_sub(NAMES_LISTED);
    match (names.as_slice(), rest) {
        ([], _) => "no property".to_string(),
        ([one], 0) => one.clone(),
        ([init @ .., last], 0) => format!("{} and {last}", init.join(", ")),
        (all, rest) => format!("{} and {rest} more", all.join(", ")),
    }
}

/// The paste-ready lines that account for one property on a struct: a field line (with the
/// `#[serde(rename)]` its wire name needs), and the struct-level omission.
pub fn property_lines(property: &Field) -> (String, String) {
    let field = field_name_for(&property.name);
    let bare = field.trim_start_matches("r#");
    let rename = if bare == property.name {
        String::new()
    } else {
        format!("#[serde(rename = \"{}\")] ", property.name)
    };
    let field = if bare.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{bare}")
    } else if matches!(bare, "self" | "super" | "crate" | "Self") {
        format!("{bare}_")
    } else {
        field.clone()
    };
    let ty = rust_type_for(&property.schema, property.required);
    let ty = match or_empty_arm(&property.schema) {
        Some(_) if !property.required => ty.replace(
            "Option<serde_json::Value>",
            "Option<catalog::OrEmpty<serde_json::Value>>",
        ),
        _ => ty,
    };
    (
        format!("{rename}pub {field}: {ty},"),
        format!(
            "#[object(omitted(\"{}\", reason = \"{PLACEHOLDER_REASON}\"))]",
            property.name
        ),
    )
}

/// The primitive Rust types a field of a nested struct may be written with (by name, as the
/// derive reads a field's type, inside its `Option`, `Vec` or map), with the shape each stands
/// for.
pub const PRIMITIVES: [(&str, RustType); 16] = [
    ("bool", RustType::Bool),
    ("String", RustType::String),
    (
        "i64",
        RustType::Int {
            signed: true,
            bits: 64,
        },
    ),
    (
        "i32",
        RustType::Int {
            signed: true,
            bits: 32,
        },
    ),
    (
        "i16",
        RustType::Int {
            signed: true,
            bits: 16,
        },
    ),
    (
        "i8",
        RustType::Int {
            signed: true,
            bits: 8,
        },
    ),
    (
        "i128",
        RustType::Int {
            signed: true,
            bits: 128,
        },
    ),
    (
        "isize",
        RustType::Int {
            signed: true,
            bits: 64,
        },
    ),
    (
        "u64",
        RustType::Int {
            signed: false,
            bits: 64,
        },
    ),
    (
        "u32",
        RustType::Int {
            signed: false,
            bits: 32,
        },
    ),
    (
        "u16",
        RustType::Int {
            signed: false,
            bits: 16,
        },
    ),
    (
        "u8",
        RustType::Int {
            signed: false,
            bits: 8,
        },
    ),
    (
        "u128",
        RustType::Int {
            signed: false,
            bits: 128,
        },
    ),
    (
        "usize",
        RustType::Int {
            signed: false,
            bits: 64,
        },
    ),
    ("f64", RustType::F64),
    ("f32", RustType::F32),
];

/// Which primitive field types carry a nested property whose element schema (through arrays,
/// maps' values and `OrEmpty`: [`element`]) is `schema`, by the top level's rule, and what to
/// say to a field of another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrimitiveFit {
    /// The names (of [`PRIMITIVES`]) that carry it; none for an object, a free-form value or a
    /// file, which a struct of the user's or `serde_json::Value` carries.
    pub fits: Vec<&'static str>,
    /// What the spec types the property (`boolean`, `integer (int32)`, `object (3 fields)`).
    pub described: String,
    /// The fix, a whole sentence.
    pub advice: String,
}

/// [`PrimitiveFit`] for a nested property's element schema.
pub fn primitive_fit(schema: &Schema) -> PrimitiveFit {
    let fits: Vec<&'static str> = PRIMITIVES
        .iter()
        .filter(|(_, ty)| carries(schema, ty))
        .map(|(name, _)| *name)
        .collect();
    let described = schema.ty.describe();
    let advice = match (&schema.ty, fits.as_slice()) {
        (Type::Object { .. }, _) => "type it with a struct deriving `catalog::Object`, or \
             `serde_json::Value`, in the `Option`, `Vec` or map its place needs"
            .to_string(),
        (Type::Integer { .. }, [_, ..]) => format!(
            "type it `{}` (or any integer type that holds every allowed value), in the \
             `Option`, `Vec` or map its place needs",
            base_type_for(schema)
        ),
        (_, [_, ..]) => format!(
            "type it `{}`, in the `Option`, `Vec` or map its place needs",
            base_type_for(schema)
        ),
        (_, []) => "type it `serde_json::Value` or a type of your own that decodes it, in \
             the `Option`, `Vec` or map its place needs"
            .to_string(),
    };
    PrimitiveFit {
        fits,
        described,
        advice,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(ty: Type) -> Schema {
        Schema::new(ty)
    }

    fn empty() -> Schema {
        schema(Type::String {
            format: None,
            enumeration: Some(vec![String::new()]),
            pattern: None,
            min_length: None,
            max_length: None,
        })
    }

    fn object() -> Schema {
        schema(Type::Object {
            fields: vec![Field {
                name: "postal_code".into(),
                required: false,
                read_only: false,
                schema: schema(Type::boolean()),
            }],
            open: false,
            values: None,
        })
    }

    #[test]
    fn the_object_arm_of_or_empty_is_the_element_in_either_order() {
        let u = schema(Type::AnyOf {
            arms: vec![object(), empty()],
        });
        assert_eq!(element(&u), &object());
        let u = schema(Type::AnyOf {
            arms: vec![empty(), object()],
        });
        assert_eq!(element(&u), &object());
        let two_objects = schema(Type::AnyOf {
            arms: vec![object(), object()],
        });
        assert_eq!(element(&two_objects), &two_objects);
    }

    #[test]
    fn arrays_of_or_empty_objects_reach_the_object() {
        let u = schema(Type::AnyOf {
            arms: vec![
                schema(Type::Array {
                    items: Box::new(object()),
                    min_items: None,
                    max_items: None,
                }),
                empty(),
            ],
        });
        assert_eq!(
            object_fields(&u).map(|f| f[0].name.as_str()),
            Some("postal_code")
        );
    }

    #[test]
    fn declared_names_are_listed_and_counted_past_twelve() {
        let p = |name: String| Field {
            name,
            required: false,
            read_only: false,
            schema: schema(Type::boolean()),
        };
        let fields = |n: usize| -> Vec<Field> { (0..n).map(|i| p(format!("p{i}"))).collect() };
        assert_eq!(declared_names(&fields(0)), "no property");
        assert_eq!(declared_names(&fields(1)), "`p0`");
        assert_eq!(declared_names(&fields(3)), "`p0`, `p1` and `p2`");
        assert_eq!(
            declared_names(&fields(14)),
            "`p0`, `p1`, `p2`, `p3`, `p4`, `p5`, `p6`, `p7`, `p8`, `p9`, `p10`, `p11` and 2 more"
        );
    }

    #[test]
    fn a_map_is_an_object_of_values_only_and_a_struct_stands_for_declared_properties() {
        let values = || Some(Box::new(schema(Type::boolean())));
        let map = schema(Type::Object {
            fields: vec![],
            open: true,
            values: values(),
        });
        assert_eq!(map_values(&map), Some(&schema(Type::boolean())));
        assert_eq!(object_fields(&map), None, "a map is no struct's object");
        // Properties beside `additionalProperties`: an object a struct stands for.
        let Type::Object { fields, .. } = object().ty else {
            unreachable!("an object")
        };
        let both = schema(Type::Object {
            fields: fields.clone(),
            open: true,
            values: values(),
        });
        assert_eq!(map_values(&both), None);
        assert_eq!(object_fields(&both), Some(fields.as_slice()));
        let free_form = schema(Type::Object {
            fields: vec![],
            open: true,
            values: None,
        });
        assert_eq!(object_fields(&free_form), None);
    }

    #[test]
    fn a_request_sends_every_property_but_the_read_only_ones() {
        let p = |name: &str, read_only| Field {
            name: name.into(),
            required: false,
            read_only,
            schema: schema(Type::boolean()),
        };
        let fields = [
            p("id", true),
            p("name", false),
            p("gid", true),
            p("done", false),
        ];
        let sent: Vec<&str> = sent_properties(&fields).map(|f| f.name.as_str()).collect();
        assert_eq!(sent, ["name", "done"]);
    }

    #[test]
    fn an_optional_or_empty_property_is_written_with_its_wrapper_and_a_required_one_without() {
        let p = |required| Field {
            name: "address".into(),
            required,
            read_only: false,
            schema: schema(Type::AnyOf {
                arms: vec![object(), empty()],
            }),
        };
        assert_eq!(
            property_lines(&p(false)).0,
            "pub address: Option<catalog::OrEmpty<serde_json::Value>>,"
        );
        assert_eq!(
            property_lines(&p(true)).0,
            "pub address: serde_json::Value,"
        );
    }

    #[test]
    fn property_lines_rename_what_a_field_cannot_be_named() {
        let p = |name: &str, required| Field {
            name: name.into(),
            required,
            read_only: false,
            schema: schema(Type::boolean()),
        };
        assert_eq!(
            property_lines(&p("postalCode", false)),
            (
                "#[serde(rename = \"postalCode\")] pub postal_code: Option<bool>,".into(),
                format!("#[object(omitted(\"postalCode\", reason = \"{PLACEHOLDER_REASON}\"))]")
            )
        );
        assert_eq!(property_lines(&p("type", true)).0, "pub r#type: bool,");
    }
}
