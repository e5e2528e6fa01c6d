//! The Rust type table: which Rust types carry which parameter schemas, the type a parameter
//! should be written as, and the check of a field's type against its parameter.

use crate::model::{Param, Schema, Type};

/// The shape of a Rust field type, as far as accounting needs it.
#[derive(Clone, Debug, PartialEq)]
pub enum RustType {
    /// `Option<T>`.
    Option(Box<RustType>),
    /// `Vec<T>`.
    Vec(Box<RustType>),
    /// `String`.
    String,
    /// `bool`.
    Bool,
    /// A primitive integer type.
    Int {
        /// Whether it is signed.
        signed: bool,
        /// Its width in bits.
        bits: u32,
    },
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `serde_json::Value`.
    JsonValue,
    /// `serde_json::Map<String, Value>`.
    JsonMap,
    /// `BTreeMap<String, T>` or `HashMap<String, T>`: a map from names to values (a pattern
    /// family's field).
    Map(Box<RustType>),
    /// Any other named type (a user enum or struct), by its last path segment.
    Named(String),
}

impl RustType {
    /// The type as a user would write it.
    pub fn render(&self) -> String {
        match self {
            RustType::Option(t) => format!("Option<{}>", t.render()),
            RustType::Vec(t) => format!("Vec<{}>", t.render()),
            RustType::String => "String".into(),
            RustType::Bool => "bool".into(),
            RustType::Int { signed, bits } => {
                format!("{}{bits}", if *signed { "i" } else { "u" })
            }
            RustType::F32 => "f32".into(),
            RustType::F64 => "f64".into(),
            RustType::JsonValue => "serde_json::Value".into(),
            RustType::JsonMap => "serde_json::Map<String, serde_json::Value>".into(),
            RustType::Map(t) => format!("BTreeMap<String, {}>", t.render()),
            RustType::Named(n) => n.clone(),
        }
    }

    /// The number of `Option` layers around the type, and the type inside them.
    pub fn options(&self) -> (usize, &RustType) {
        let mut n = 0;
        let mut t = self;
        while let RustType::Option(inner) = t {
            n += 1;
            t = inner;
        }
        (n, t)
    }

    /// The type inside every `Option` and `Vec` (`Task` for `Option<Vec<Task>>`).
    pub fn element(&self) -> &RustType {
        match self {
            RustType::Option(t) | RustType::Vec(t) => t.element(),
            t => t,
        }
    }
}

/// The Rust type that carries a parameter, as the scaffold and help messages write it.
pub fn rust_type_for(schema: &Schema, required: bool) -> String {
    let inner = base_type_for(schema);
    if !required || schema.nullable {
        format!("Option<{inner}>")
    } else {
        inner
    }
}

/// Whether a (non-`Option`) Rust type carries every value of `schema`, by the rule a top-level
/// field's type is checked with ([`check_type`]); nested structs' primitive fields are held to
/// it too ([`crate::check::nested::primitive_fit`]).
pub(crate) fn carries(schema: &Schema, ty: &RustType) -> bool {
    check_base(schema, ty).is_none()
}

/// The Rust type of a value of `schema`, without the `Option` its parameter may need: objects,
/// unions and free-form values are `serde_json::Value`.
pub(crate) fn base_type_for(schema: &Schema) -> String {
    match &schema.ty {
        Type::String { .. } => "String".into(),
        Type::Integer { .. } => {
            let (lo, hi) = int_range(&schema.ty);
            smallest_int(lo, hi).render()
        }
        Type::Number { format, .. } if format.as_deref() == Some("float") => "f32".into(),
        Type::Number { .. } => "f64".into(),
        Type::Boolean { .. } => "bool".into(),
        Type::Array { items, .. } => {
            let inner = base_type_for(items);
            if items.nullable {
                format!("Vec<Option<{inner}>>")
            } else {
                format!("Vec<{inner}>")
            }
        }
        Type::Object { .. } | Type::AnyOf { .. } | Type::Any | Type::Shared { .. } => {
            "serde_json::Value".into()
        }
        Type::File => FILE_TYPE.into(),
    }
}

/// The Rust type that carries a [`Type::File`]: the facade's `File`.
pub const FILE_TYPE: &str = "catalog::File";

// The values an integer schema allows. Without a format or bounds, JSON integers are taken to
// be 64-bit signed, which is what real servers parse them as.
pub(crate) fn int_range(ty: &Type) -> (f64, f64) {
    let Type::Integer {
        format,
        minimum,
        maximum,
        ..
    } = ty
    else {
        return (0.0, 0.0);
    };
    let (flo, fhi) = crate::check::arguments::decoded_range(format.as_deref());
    let (flo, fhi) = (flo as f64, fhi as f64);
    (
        minimum.map_or(flo, |m| m.max(flo)),
        maximum.map_or(fhi, |m| m.min(fhi)),
    )
}

/// An integer bound as a person reads it: `f64` bounds at the edge of `i64`/`u64` print as the
/// exact limits rather than their nearest float.
pub(crate) fn fmt_int(v: f64) -> String {
    if v >= u64::MAX as f64 {
        u64::MAX.to_string()
    } else if v >= i64::MAX as f64 {
        i64::MAX.to_string()
    } else if v <= i64::MIN as f64 {
        i64::MIN.to_string()
    } else {
        format!("{}", v as i128)
    }
}

pub(crate) fn int_type_range(signed: bool, bits: u32) -> (f64, f64) {
    if signed {
        let hi = 2f64.powi(bits as i32 - 1);
        (-hi, hi - 1.0)
    } else {
        (0.0, 2f64.powi(bits as i32) - 1.0)
    }
}

fn smallest_int(lo: f64, hi: f64) -> RustType {
    // Offer the conventional types first: i32 for int32 ranges, i64 otherwise; u64 only when the
    // range needs it.
    for (signed, bits) in [(true, 32), (true, 64), (false, 64)] {
        let (tlo, thi) = int_type_range(signed, bits);
        if tlo <= lo && hi <= thi {
            return RustType::Int { signed, bits };
        }
    }
    RustType::Int {
        signed: true,
        bits: 128,
    }
}

/// Checks a field's Rust type against a parameter. `None` when it fits, else the message, whose
/// advice is always a whole type to write in place of the field's (`Option<i64>`, not `i64`).
pub fn check_type(param: &Param, ty: &RustType) -> Option<String> {
    let (layers, inner) = ty.options();
    let schema = &param.schema;
    let what = param.address();
    let wants = rust_type_for(schema, param.required);
    let described = describe_param(param);
    if layers > 2 {
        return Some(format!("`{what}` is {described}: use `{wants}`"));
    }
    if param.required && !schema.nullable && layers > 0 {
        return Some(format!(
            "`{what}` is required and not nullable, so it is never absent: use `{wants}`, not `{}`",
            ty.render()
        ));
    }
    // A `serde_json::Value` holds null itself: a required nullable parameter takes it bare.
    let holds_null = param.required && *inner == RustType::JsonValue;
    if (!param.required || schema.nullable) && layers == 0 && !holds_null {
        let why = if param.required {
            "required but nullable: `None` is sent as null"
        } else {
            "optional: `None` leaves it out"
        };
        return Some(format!(
            "`{what}` is {why}; use `{wants}`, not `{}`",
            ty.render()
        ));
    }
    if layers == 2 && (param.required || !schema.nullable) {
        return Some(format!(
            "`Option<Option<T>>` tells absent from null, which only a nullable optional parameter \
             has; `{what}` is {described}: use `{wants}`"
        ));
    }
    let mismatch = check_base(schema, inner)?;
    let (advice, detail) = mismatch.worded(layers);
    Some(format!(
        "`{what}` is {described} in the spec; `{}` cannot carry it{detail}; use `{advice}`{}",
        ty.render(),
        if mismatch.any_int {
            " or any integer type that holds every allowed value".to_string()
        } else if mismatch.own_type {
            own_type_alternatives(layers)
        } else {
            String::new()
        }
    ))
}

/// The other types an object or union parameter can be written as, in the field's `Option`s.
fn own_type_alternatives(layers: usize) -> String {
    format!(
        ", `{}` or `{}` with a type of your own that serializes to it",
        with_options(layers, "serde_json::Map<String, serde_json::Value>"),
        with_options(layers, "T"),
    )
}

fn with_options(layers: usize, inner: &str) -> String {
    (0..layers).fold(inner.to_string(), |t, _| format!("Option<{t}>"))
}

pub(crate) fn describe_param(param: &Param) -> String {
    let mut s = param.schema.ty.describe();
    if let Type::Integer {
        minimum, maximum, ..
    } = &param.schema.ty
    {
        match (minimum, maximum) {
            (Some(lo), Some(hi)) => {
                s.push_str(&format!(" from {} to {}", fmt_int(*lo), fmt_int(*hi)))
            }
            (Some(lo), None) => s.push_str(&format!(" of at least {}", fmt_int(*lo))),
            (None, Some(hi)) => s.push_str(&format!(" of at most {}", fmt_int(*hi))),
            (None, None) => {}
        }
    }
    if param.schema.nullable {
        s.push_str(", nullable");
    }
    s.push_str(if param.required {
        ", required"
    } else {
        ", optional"
    });
    s
}

/// Why a (non-`Option`) Rust type cannot carry a schema: the type to write instead, and what to
/// say about it.
struct Mismatch {
    advice: String,
    detail: Option<String>,
    any_int: bool,
    own_type: bool,
}

impl Mismatch {
    /// The advice in the type's own `Option` layers (following it fixes the whole type), and
    /// the detail as `": ..."`, or empty.
    fn worded(&self, layers: usize) -> (String, String) {
        let detail = self
            .detail
            .as_ref()
            .map(|d| format!(": {d}"))
            .unwrap_or_default();
        (with_options(layers, &self.advice), detail)
    }

    fn use_(advice: String) -> Mismatch {
        Mismatch {
            advice,
            detail: None,
            any_int: false,
            own_type: false,
        }
    }
}

/// Checks the type a tool names as its output (`#[tool(output = T)]`) against the schema of
/// the response it returns, `what` (``the `200 application/json` response of `GetTask` ``).
/// `None` when it fits: `serde_json::Value` carries anything; otherwise the type follows the
/// rules of a required parameter's (one `Option` exactly when the schema is nullable; a struct
/// or enum of the user's where the schema is an object or a string enum). Else the message,
/// which names the schema and the type and gives a whole type to write instead.
pub fn check_output_type(schema: &Schema, ty: &RustType, what: &str) -> Option<String> {
    if *ty == RustType::JsonValue {
        return None;
    }
    let (layers, inner) = ty.options();
    let described = schema.ty.describe();
    let wants = rust_type_for(schema, true);
    if schema.nullable && layers != 1 {
        return Some(format!(
            "{what} is {described} or null; `{}` cannot carry null: use `{wants}` or \
             `serde_json::Value`",
            ty.render()
        ));
    }
    if !schema.nullable && layers > 0 {
        return Some(format!(
            "{what} is {described}, never null: use `{}`, not `{}`",
            inner.render(),
            ty.render()
        ));
    }
    let (advice, detail) = check_base(schema, inner)?.worded(layers);
    let own = own_output_type(schema)
        .map(|derive| own_type_advice(&advice, inner, derive))
        .unwrap_or_default();
    Some(format!(
        "{what} is {described} in the spec; `{}` cannot carry it{detail}; use `{advice}`{own}",
        ty.render()
    ))
}

/// `, or `Vec<Task>` where `Task` derives `catalog::Object``: the advice with the user's own
/// type where the schema's element stands, named as the user wrote it when the type given is
/// one of theirs (`T` otherwise), and the derive it needs.
fn own_type_advice(advice: &str, given: &RustType, (kind, derive): (&str, &str)) -> String {
    match given.element() {
        RustType::Named(name) => format!(
            ", or `{}` where `{name}` derives `{derive}`",
            own_type_in(advice, name)
        ),
        _ => format!(
            ", or `{}` where `T` is {kind} deriving `{derive}`",
            own_type_in(advice, "T")
        ),
    }
}

/// What a type of the user's must be (its kind, and the derive it needs) to stand for `schema` (through arrays), when one can.
fn own_output_type(schema: &Schema) -> Option<(&'static str, &'static str)> {
    match &schema.ty {
        Type::Array { items, .. } => own_output_type(items),
        Type::Object { fields, .. } if !fields.is_empty() => Some(("a struct", "catalog::Object")),
        Type::String {
            enumeration: Some(_),
            ..
        } => Some(("an enum", "catalog::StringEnum")),
        _ => None,
    }
}

// The advice with the user's own type `own` where the schema's element stands
// (`Vec<serde_json::Value>` -> `Vec<Task>`, `String` -> `Task`).
fn own_type_in(advice: &str, own: &str) -> String {
    let inner_start = advice.rfind('<').map_or(0, |i| i + 1);
    let inner_end = advice.find('>').unwrap_or(advice.len());
    format!(
        "{}{own}{}",
        &advice[..inner_start],
        &advice[inner_end.max(inner_start)..]
    )
}

fn check_base(schema: &Schema, ty: &RustType) -> Option<Mismatch> {
    let whole = || Some(Mismatch::use_(base_type_for(schema)));
    match (&schema.ty, ty) {
        (Type::String { .. }, RustType::String) => None,
        (
            Type::String {
                enumeration: Some(_),
                ..
            },
            RustType::Named(_),
        ) => None,
        (Type::String { .. }, _) => whole(),
        (Type::Integer { .. }, RustType::Int { signed, bits }) => {
            let (lo, hi) = int_range(&schema.ty);
            let (tlo, thi) = int_type_range(*signed, *bits);
            (tlo > lo || hi > thi).then(|| Mismatch {
                advice: smallest_int(lo, hi).render(),
                detail: Some(format!(
                    "it holds {}..={} but the spec allows {}..={}",
                    fmt_int(tlo),
                    fmt_int(thi),
                    fmt_int(lo),
                    fmt_int(hi),
                )),
                any_int: true,
                own_type: false,
            })
        }
        (Type::Integer { .. }, _) => whole(),
        // f64 carries every float and double.
        (Type::Number { .. }, RustType::F64) => None,
        (Type::Number { format, .. }, RustType::F32) if format.as_deref() == Some("float") => None,
        (Type::Number { .. }, _) => whole(),
        (Type::Boolean { .. }, RustType::Bool) => None,
        (Type::Boolean { .. }, _) => whole(),
        (Type::Array { items, .. }, RustType::Vec(elem)) => {
            let (layers, inner) = elem.options();
            // A `serde_json::Value` element holds null itself.
            let nullable_ok = if items.nullable {
                layers == 1 || (layers == 0 && *inner == RustType::JsonValue)
            } else {
                layers == 0
            };
            if !nullable_ok {
                return whole();
            }
            check_base(items, inner).map(|m| Mismatch {
                advice: format!("Vec<{}>", with_options(layers, &m.advice)),
                detail: Some(match m.detail {
                    Some(d) => format!("its elements are {}: {d}", items.ty.describe()),
                    None => format!("its elements are {}", items.ty.describe()),
                }),
                ..m
            })
        }
        (Type::Array { .. }, _) => whole(),
        // The macro sees a type by its last path segment: `catalog::File`, or `File` imported;
        // the `IsFile` bound it emits proves the type is `catalog::File` itself.
        (Type::File, RustType::Named(name)) if name == "File" => None,
        (Type::File, _) => Some(Mismatch {
            detail: Some(
                "a file part is sent as bytes with a file name and media type, which the agent \
                 gives as base64 or a path under the operator's files directory"
                    .into(),
            ),
            ..Mismatch::use_(FILE_TYPE.into())
        }),
        // A map's values are checked as an array's items are (`BTreeMap<String, bool>` for a
        // map of strings would refuse every valid call).
        (
            Type::Object {
                fields,
                values: Some(values),
                ..
            },
            RustType::Map(elem),
        ) if fields.is_empty() => {
            let (layers, inner) = elem.options();
            let nullable_ok = if values.nullable {
                layers == 1 || (layers == 0 && *inner == RustType::JsonValue)
            } else {
                layers == 0
            };
            let map_of = |advice: &str| format!("BTreeMap<String, {advice}>");
            if !nullable_ok {
                let layers = usize::from(values.nullable);
                return Some(Mismatch::use_(map_of(&with_options(
                    layers,
                    &base_type_for(values),
                ))));
            }
            check_base(values, inner).map(|m| Mismatch {
                advice: map_of(&with_options(layers, &m.advice)),
                detail: Some(match m.detail {
                    Some(d) => format!("its values are {}: {d}", values.ty.describe()),
                    None => format!("its values are {}", values.ty.describe()),
                }),
                ..m
            })
        }
        (Type::Object { .. } | Type::AnyOf { .. } | Type::Any | Type::Shared { .. }, t) => {
            match t {
                RustType::JsonValue | RustType::JsonMap | RustType::Map(_) | RustType::Named(_) => {
                    None
                }
                _ => Some(Mismatch {
                    own_type: true,
                    ..Mismatch::use_("serde_json::Value".into())
                }),
            }
        }
    }
}

/// The schema a Rust field type stands for (what a field of that type can send).
pub(in crate::check) fn schema_of_rust(t: &RustType) -> Schema {
    let ty = match t {
        RustType::String => Type::String {
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        },
        RustType::Bool => Type::boolean(),
        RustType::Int { signed, bits } => {
            let (lo, hi) = int_type_range(*signed, *bits);
            Type::Integer {
                format: None,
                minimum: Some(lo),
                maximum: Some(hi),
                enumeration: None,
            }
        }
        RustType::F32 | RustType::F64 => Type::Number {
            format: None,
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
        },
        RustType::Vec(inner) => Type::Array {
            items: Box::new(schema_of_rust(inner.options().1)),
            min_items: None,
            max_items: None,
        },
        RustType::Option(inner) => {
            return Schema {
                nullable: true,
                ..schema_of_rust(inner)
            };
        }
        RustType::JsonValue | RustType::JsonMap | RustType::Map(_) | RustType::Named(_) => {
            Type::Any
        }
    };
    Schema::new(ty)
}

#[cfg(test)]
mod tests {
    use super::{RustType, check_type};
    use crate::model::Param;
    use serde_json::json;

    fn param(required: bool, schema: serde_json::Value) -> Param {
        serde_json::from_value(json!({
            "location": "body", "name": "f", "required": required, "schema": schema,
            "pointer": "#/f"
        }))
        .unwrap()
    }

    fn option(t: RustType) -> RustType {
        RustType::Option(Box::new(t))
    }

    #[test]
    fn a_json_value_holds_null_itself_where_the_schema_takes_it() {
        let typeless = json!({"type": "any", "nullable": true});
        // Required and nullable: `Value` takes null as it is, `Option<Value>` sends `None` as
        // null; both fit.
        assert_eq!(
            check_type(&param(true, typeless.clone()), &RustType::JsonValue),
            None
        );
        assert_eq!(
            check_type(&param(true, typeless.clone()), &option(RustType::JsonValue)),
            None
        );
        // Optional and nullable: one `Option` (null not offered) or two (null sent).
        assert_eq!(
            check_type(
                &param(false, typeless.clone()),
                &option(RustType::JsonValue)
            ),
            None
        );
        assert_eq!(
            check_type(
                &param(false, typeless.clone()),
                &option(option(RustType::JsonValue))
            ),
            None
        );
        // Optional: a bare `Value` has no way to leave it out.
        assert_eq!(
            check_type(&param(false, typeless), &RustType::JsonValue).as_deref(),
            Some(
                "`body.f` is optional: `None` leaves it out; use `Option<serde_json::Value>`, \
                 not `serde_json::Value`"
            )
        );
        // A required nullable string still wants the `Option` that sends null.
        assert_eq!(
            check_type(
                &param(true, json!({"type": "string", "nullable": true})),
                &RustType::String
            )
            .as_deref(),
            Some(
                "`body.f` is required but nullable: `None` is sent as null; use \
                 `Option<String>`, not `String`"
            )
        );
    }

    #[test]
    fn an_array_of_nullable_typeless_items_takes_json_values_bare_or_in_options() {
        let array = json!({"type": "array", "items": {"type": "any", "nullable": true}});
        for elem in [RustType::JsonValue, option(RustType::JsonValue)] {
            let ty = RustType::Vec(Box::new(elem.clone()));
            assert_eq!(check_type(&param(true, array.clone()), &ty), None, "{ty:?}");
        }
        // Nullable string items still want `Option<String>`.
        let strings = json!({"type": "array", "items": {"type": "string", "nullable": true}});
        let ty = RustType::Vec(Box::new(RustType::String));
        assert!(
            check_type(&param(true, strings), &ty)
                .is_some_and(|m| m.contains("use `Vec<Option<String>>`")),
        );
    }

    #[test]
    fn a_maps_values_are_checked_as_an_arrays_items_are() {
        let labels = param(
            true,
            json!({"type": "object", "values": {"type": "string"}}),
        );
        let map = |t: RustType| RustType::Map(Box::new(t));
        assert_eq!(check_type(&labels, &map(RustType::String)), None);
        assert_eq!(
            check_type(&labels, &map(RustType::Bool)),
            Some(
                "`body.f` is object, required in the spec; `BTreeMap<String, bool>` cannot carry \
                 it: its values are string; use `BTreeMap<String, String>`"
                    .into()
            )
        );
        // A nullable value needs its `Option`, and only then.
        let nullable = param(
            true,
            json!({"type": "object", "values": {"type": "integer", "nullable": true}}),
        );
        assert_eq!(
            check_type(
                &nullable,
                &map(option(RustType::Int {
                    signed: true,
                    bits: 64
                }))
            ),
            None
        );
        assert!(
            check_type(
                &nullable,
                &map(RustType::Int {
                    signed: true,
                    bits: 64
                })
            )
            .is_some_and(|m| m.ends_with("use `BTreeMap<String, Option<i64>>`")),
        );
        // A free-form object's values are any value: not checked here.
        let free = param(true, json!({"type": "object"}));
        assert_eq!(check_type(&free, &map(RustType::Bool)), None);
    }
}
