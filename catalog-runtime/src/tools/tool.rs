//! The runtime surface of a tool: the [`Tool`] trait that `#[tool]` implements, and the glue its
//! expansion calls.

pub use crate::tools::output_error::OutputError;
use crate::wire::decode::ArgumentError;
use crate::wire::encode::{RequestError, build_request_ref};
use catalog_core::model::Operation;
use serde::Serialize;
use serde_json::Value;

/// A tool: arguments an agent sends as JSON, checked against one OpenAPI operation at compile
/// time and turned into exactly one HTTP request at run time. Implemented by `#[tool]`, and
/// only by it: the trait is sealed (its supertrait is implemented by `#[tool]` beside it), so no
/// tool is served whose parameters the build has not accounted for.
pub trait Tool: Sized + __private::Accounted {
    /// The MCP tool name (snake_case of the operationId unless `#[tool(name = "...")]`).
    const NAME: &'static str;
    /// The names the tool answered to before a rename (`#[tool(former_names = ["old"])]`): a
    /// call or a selection setting naming one reaches this tool.
    const FORMER_NAMES: &'static [&'static str] = &[];
    /// What the agent is told: the struct's doc comment (else the operation's summary), plus
    /// what the accounting means for it (full replace, parameters it cannot send).
    const DESCRIPTION: &'static str;
    /// The MCP `inputSchema`, as JSON text fixed at compile time.
    const INPUT_SCHEMA: &'static str;
    /// What the tool declares about its effects beyond its method (`#[tool(semantics = ..,
    /// effects(..))]`); by default nothing, and the method decides
    /// ([`effects::hints`](crate::tools::effects::hints)).
    const EFFECTS: crate::tools::effects::Effects = crate::tools::effects::Effects::FROM_METHOD;
    /// The tool's typed output: the response it returns as `structuredContent`, its MCP
    /// `outputSchema` as JSON text fixed at compile time, and how the body is wrapped to put an
    /// object at the root. `None` when the tool's output is text only (no content, not JSON, no
    /// schema, or a response the tool left as text with a reason).
    const OUTPUT: Option<ToolOutput> = None;

    /// The operation: id, method, path template, spec title/version/hash, and the accounting.
    fn operation() -> &'static Operation;
    /// The input schema, parsed once.
    fn input_schema() -> &'static Value;
    /// The input schema as JSON text: [`INPUT_SCHEMA`](Tool::INPUT_SCHEMA), unless the tool's
    /// nested structs omit properties, which it then leaves out.
    fn input_schema_json() -> &'static str {
        Self::INPUT_SCHEMA
    }
    /// What the agent is told, as served: [`DESCRIPTION`](Tool::DESCRIPTION), and, when the
    /// tool's nested structs omit properties, those properties at their addresses with the
    /// structs' reasons.
    fn description() -> &'static str {
        Self::DESCRIPTION
    }
    /// Decodes an agent's arguments strictly: unknown names, Omitted parameters, types, enums,
    /// bounds and nullability are checked, with the JSON path of the offending value.
    fn from_arguments(args: Value) -> Result<Self, ArgumentError>;
    /// The HTTP request: URI relative to the API's base URL, method, headers, body. Fixed values
    /// are included; Omitted parameters are never sent.
    fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError>;

    /// The decoded JSON body of the [`OUTPUT`](Tool::OUTPUT) response, read as the tool's output
    /// type and written back, before it is wrapped into `structuredContent`. By default (no
    /// `#[tool(output = T)]`) the body unchanged; with `output = T`, the body read as `T` with
    /// serde and serialized again, or an error saying which type the body does not fit and why.
    fn output_value(body: Value) -> Result<Value, OutputError> {
        Ok(body)
    }

    /// Each field with its value (`None`: unset), for a composite's check of what it fills
    /// (`catalog_core::check::composite`). `#[tool]` implements it; `None`: not known.
    #[doc(hidden)]
    fn __given(&self) -> Option<Vec<(&'static str, Option<Value>)>> {
        None
    }
}

/// The typed output of a [`Tool`]: which response it is, and the `outputSchema` describing the
/// `structuredContent` built from it. Written by `#[tool]`.
///
/// An output of several bodies (several success statuses, or JSON media types of different
/// schemas) lists each in [`arms`](ToolOutput::arms): the response's status and media type
/// select the arm whose schema its body is checked against; `status` and `media_type` are then
/// the first arm's, and `schema` is the union every client is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolOutput {
    /// The response's status key as the spec writes it (`200`, `2XX`, `default`).
    pub status: &'static str,
    /// The response's media type (`application/json`, `application/problem+json`, ...).
    pub media_type: &'static str,
    /// The MCP `outputSchema`, compact JSON text: self-contained, 2020-12, an object at the root.
    pub schema: &'static str,
    /// How the decoded body is wrapped into `structuredContent`.
    pub wrap: catalog_core::present::output::Wrap,
    /// Each body of an output of several, in spec order; empty when the output is the one
    /// response above.
    pub arms: &'static [OutputArm],
}

/// One body of a [`ToolOutput`] of several: the response it is, and the schema its body is
/// checked against once wrapped (the output's [`Wrap`](catalog_core::present::output::Wrap)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputArm {
    /// The response's status key as the spec writes it (`200`, `2XX`, `default`).
    pub status: &'static str,
    /// The body's JSON media type.
    pub media_type: &'static str,
    /// The schema of the wrapped body, compact JSON text, an object at the root.
    pub schema: &'static str,
}

/// A Rust enum standing for a string enum of the spec: its variants' names on the wire.
///
/// A `#[tool]` field may be typed with such an enum instead of `String` (or `Option<E>`,
/// `Vec<E>`); the tool then checks at compile time that the enum's values are exactly the
/// spec's: a spec value with no variant, or a variant the spec does not allow, is a compile
/// error naming it. Derive it with `#[derive(catalog::StringEnum)]`, which reads the same
/// `#[serde(rename_all = "...")]` and `#[serde(rename = "...")]` that serde does:
///
/// ```ignore
/// #[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
/// #[serde(rename_all = "lowercase")]
/// pub enum Sort { Asc, Desc }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` stands for a string enum of the spec but does not implement `catalog::StringEnum`",
    label = "its variants cannot be checked against the spec's values",
    note = "add `#[derive(catalog::StringEnum)]` to the enum (beside serde's derives)"
)]
pub trait StringEnum {
    /// Each variant's name on the wire, as serde writes and reads it.
    const VALUES: &'static [&'static str];
}

/// A struct standing for an object schema of the spec: its properties' names on the wire and which
/// may be absent.
///
/// A `#[tool]` field may be typed with such a struct (or `Option<S>`, `Vec<S>`) where the spec has
/// an object with declared properties; the tool then checks at compile time that every property
/// the spec requires has a field that is always present, and that every field is a property the
/// spec declares (a misspelled field would otherwise be sent and silently ignored). Field types
/// are checked when arguments are decoded. Derive it with `#[derive(catalog::Object)]`, which
/// reads serde's `rename_all`, `rename`, `default`, `skip` and `flatten` (refused):
///
/// ```ignore
/// #[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
/// pub struct Filter { name: String, level: Option<i64> }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` stands for an object of the spec but does not implement `catalog::Object`",
    label = "its fields cannot be checked against the spec's properties",
    note = "add `#[derive(catalog::Object)]` to the struct (beside serde's derives), or type the field `serde_json::Value`"
)]
pub trait Object {
    /// Each field's name on the wire, and whether it may be absent (`Option`, `#[serde(default)]`).
    const FIELDS: &'static [(&'static str, bool)];
    /// Each property the struct omits (`#[object(omitted("name", reason = "..."))]`), with its
    /// reason.
    const OMITTED: &'static [(&'static str, &'static str)] = &[];

    /// Appends the properties omitted by this struct and by the structs of its fields, at any
    /// depth, each with its path from `path` (the argument the struct is in, then any steps
    /// down to it), and where each of these structs stands. Written by the derive; `#[tool]`
    /// calls it to leave them out of the input schema and refuse them with their reason, and to
    /// close the object where a struct stands.
    #[doc(hidden)]
    fn __catalog_omitted(
        path: &mut Vec<crate::wire::decode::omitted::PathStep>,
        out: &mut crate::wire::decode::omitted::Nested,
        depth: usize,
    ) {
        let _ = (path, out, depth);
    }
}

/// Glue for the `#[tool]` expansion. Not a public API: it changes without notice.
#[doc(hidden)]
pub mod __private {
    use super::*;

    /// The seal of [`Tool`]: `#[tool]` implements it beside `Tool` once the tool's accounting
    /// holds. Naming it outside catalog's own expansion steps around the proof; it is not a
    /// public API.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` implements `catalog::Tool` by hand, so nothing proves its accounting",
        label = "not written by `#[tool]`",
        note = "`catalog::Tool` is implemented by `#[tool(operation = \"...\")]` on the struct, \
                which checks every parameter of the operation against it; remove this impl and \
                put the attribute on the struct"
    )]
    pub trait Accounted {}

    pub use crate::tools::output_error::OutputError;
    pub use serde_json::Value;
    /// The request type tools build.
    pub type Request = http::Request<Vec<u8>>;

    /// Parses the operation JSON the macro embedded. The macro wrote it from a valid
    /// `Operation`, so failure is a bug in catalog, not in the user's input.
    pub fn operation(json: &str) -> Operation {
        catalog_core::index::embedded::decode(json).unwrap_or_else(|e| {
            panic!("catalog bug: the operation embedded by #[tool] does not parse: {e}")
        })
    }

    /// Parses the schema JSON the macro embedded.
    pub fn schema(json: &str) -> Value {
        serde_json::from_str(json).unwrap_or_else(|e| {
            panic!("catalog bug: the schema embedded by #[tool] does not parse: {e}")
        })
    }

    pub use crate::tools::effects::{Effects, Semantics};
    pub use crate::wire::decode::Decoder;

    /// The compile-time checks of user types against the spec (`#[derive(StringEnum)]`,
    /// `#[derive(Object)]` and `#[tool]` meet here). A wire name is a `u64` key the macros
    /// compute the same way; a trait bound that does not hold is the error, with a message the
    /// macros wrote for that name, so one build reports every mismatch and nothing runs at
    /// compile time.
    pub mod markers {
        /// Implemented by `#[derive(StringEnum)]`: the enum itself, and its type that checks
        /// every variant against a parameter's allowed values.
        #[diagnostic::on_unimplemented(
            message = "`{Self}` stands for a string enum of the spec but does not implement `catalog::StringEnum`",
            label = "its variants cannot be checked against the spec's values",
            note = "add `#[derive(catalog::StringEnum)]` to the enum (beside serde's derives)"
        )]
        pub trait StringEnumMarkers {
            /// The enum.
            type Enum: ?Sized;
        }

        /// The enum has a variant whose wire name has this key.
        pub trait HasVariant<const KEY: u64> {}

        /// A string enum's schema (a type `#[tool]` writes per field or nested property)
        /// allows the value with this key, held by the variant `V` (the type
        /// `#[derive(StringEnum)]` writes for it) of the enum `E`. `#[tool]` implements it for
        /// every key through a trait of its own that holds only for the allowed ones, so the
        /// message of a value the spec lacks names the parameter or property as the user knows
        /// it (`the body property `policy.level` of `CreateRoute``).
        pub trait AllowsVariant<const KEY: u64, E: ?Sized, V: ?Sized> {}

        /// Implemented by `#[derive(Object)]`: the struct itself, and its type that checks every
        /// field against an object schema's declared properties.
        #[diagnostic::on_unimplemented(
            message = "`{Self}` stands for an object of the spec but does not implement `catalog::Object`",
            label = "its fields cannot be checked against the spec's properties",
            note = "add `#[derive(catalog::Object)]` to the struct (beside serde's derives), or type the field `serde_json::Value`"
        )]
        pub trait ObjectMarkers {
            /// The struct.
            type Object: ?Sized;
        }

        /// The checks the derives write on the type itself (`__catalog_variants_allowed_by::<S>`:
        /// every variant is a value the parameter `S` allows; `__catalog_fields_sent_as::<S>`
        /// and `__catalog_fields_read_as::<S>`: every field is a property the request's or the
        /// response's object `S` declares), each unmet bound its own error. A type without the
        /// derive has these, checking nothing: `#[tool]` calls them with this trait in scope,
        /// and the type's own (inherent) functions come first, so the missing derive is one
        /// error, of [`StringEnumMarkers`] or [`ObjectMarkers`], not two.
        pub trait NotDerived {
            /// Checks nothing.
            fn __catalog_variants_allowed_by<S: ?Sized>() {}
            /// Checks nothing.
            fn __catalog_fields_sent_as<S: ?Sized>() {}
            /// Checks nothing.
            fn __catalog_fields_read_as<S: ?Sized>() {}
            /// Checks nothing: a type of the user's own (not a derived struct) keeps whatever
            /// keys its `Deserialize` keeps.
            fn __catalog_stands_for_free_form<S: ?Sized>() {}
        }

        impl<T: ?Sized> NotDerived for T {}

        /// The struct's field with this key is always present (not `Option`, no
        /// `#[serde(default)]`).
        pub trait AlwaysPresent<const KEY: u64> {}

        /// An object schema (a type `#[tool]` writes per object it checks) declares the property
        /// with this key, which the field `F` (a type `#[derive(Object)]` writes per field,
        /// named for it) of the struct `T` is named for. `Schema` is what a struct or enum of
        /// the user's in that property (through `Option`, `Vec`, maps and
        /// [`OrEmpty`](crate::wire::or_empty::OrEmpty)) must fit: another schema's type, or
        /// [`Unchecked`]. `#[tool]` implements it for every key through a trait of its own that
        /// holds only for the declared ones, so the message of an undeclared field names the
        /// object as the user knows it (`the body property `alerts.slack[]` of `CreateMonitor``).
        pub trait DeclaresProperty<const KEY: u64, T: ?Sized, F: ?Sized> {
            /// What a nested type in the property must fit.
            type Schema: ?Sized;
        }

        /// A request's object schema (a type `#[tool]` writes) where the struct `T` deriving
        /// `Object` may stand: `#[tool]` implements it, for a free-form object (one that declares
        /// no property), only through a trait of its own that no type implements, so a struct
        /// there is refused with a message naming the property. A struct closes the object it
        /// stands for: over a free-form object the tool would accept no key.
        pub trait DeclaresProperties<T: ?Sized> {}

        /// A property whose nested type is not checked further (a scalar, a map's values, a
        /// free-form object).
        pub struct Unchecked;

        /// A schema (a type `#[tool]` writes) accepts the user type `T` in its place: every
        /// declared property of the object is a field of `T` or omitted on it, each field is a
        /// declared property, and so on down.
        #[diagnostic::on_unimplemented(
            message = "a field typed with `{T}` cannot decode every value of the spec's `{Self}`",
            label = "the spec also allows the empty string here",
            note = "a property that is `anyOf [object, \"\"]` is typed `catalog::OrEmpty<T>` (in its `Option`, `Vec`, ...): the input schema offers the empty string, and `T` alone cannot decode it"
        )]
        pub trait Carries<T: ?Sized> {}

        impl<T: ?Sized> Carries<T> for Unchecked {}

        /// The schema of a property that is `anyOf [S, ""]`: it carries a type written
        /// `OrEmpty<T>` ([`EmptyOr<T>`] as the derive passes it) where `S` carries `T`, and
        /// nothing written without `OrEmpty`, which could not decode the empty string.
        pub struct OrEmptyOf<S: ?Sized>(core::marker::PhantomData<S>);

        /// What the derive passes for a field whose type holds `catalog::OrEmpty<T>`.
        pub struct EmptyOr<T: ?Sized>(core::marker::PhantomData<T>);

        impl<S: ?Sized + Carries<T>, T: ?Sized> Carries<EmptyOr<T>> for OrEmptyOf<S> {}

        /// A property's schema (a type `#[tool]` writes per nested property) takes a field of
        /// the primitive type `K` (`bool`, `String`, `i64`, ..., inside its `Option`, `Vec` or
        /// map): `#[tool]` implements it through a trait of its own that holds for the
        /// primitives carrying the property by the top level's rule, so the message of another
        /// names the property as the user knows it and its type in the spec.
        #[diagnostic::on_unimplemented(
            message = "a field typed with `{K}` cannot carry this property of the spec",
            label = "the spec types this property otherwise",
            note = "type the field as the property's schema says: a struct deriving `catalog::Object` for an object, `serde_json::Value` for any value"
        )]
        pub trait TakesScalar<K: ?Sized> {}

        impl<K: ?Sized> TakesScalar<K> for Unchecked {}

        impl<S: ?Sized + TakesScalar<K>, K: ?Sized> TakesScalar<K> for OrEmptyOf<S> {}

        /// Implemented by `#[derive(Object)]`: the struct accounts for the property with this
        /// key (a field for it, or `#[object(omitted("name", reason = "..."))]`).
        pub trait AccountsFor<const KEY: u64> {}

        /// Implemented by `#[derive(Object)]`: every field of the struct is a property the
        /// object schema `S` declares, and each nested type fits its property's schema.
        #[diagnostic::on_unimplemented(
            message = "`{Self}` stands for a nested object of the spec but does not implement `catalog::Object`",
            label = "its fields cannot be checked against the spec's properties",
            note = "add `#[derive(catalog::Object)]` to the struct (beside serde's derives), or type the field `serde_json::Value`"
        )]
        pub trait SentAs<S: ?Sized> {}

        /// Implemented by `#[derive(Object)]`: every field of the struct is a property the
        /// object schema `S` of a response declares, and so on down (a response's struct may
        /// leave out optional properties, but never invent one).
        #[diagnostic::on_unimplemented(
            message = "`{Self}` stands for a nested object of the spec but does not implement `catalog::Object`",
            label = "its fields cannot be checked against the spec's properties",
            note = "add `#[derive(catalog::Object)]` to the struct (beside serde's derives), or type the field `serde_json::Value`"
        )]
        pub trait ReadAs<S: ?Sized> {}

        /// Implemented by `#[derive(StringEnum)]`: every variant of the enum is a value the
        /// string enum `S` (a type `#[tool]` writes for a nested property) allows.
        #[diagnostic::on_unimplemented(
            message = "`{Self}` stands for a nested string enum of the spec but does not implement `catalog::StringEnum`",
            label = "its variants cannot be checked against the spec's values",
            note = "add `#[derive(catalog::StringEnum)]` to the enum (beside serde's derives), or type the field `String`"
        )]
        pub trait VariantsAllowedBy<S: ?Sized> {}

        /// The omissions of a nested type, whatever it is: a struct deriving `Object` gives
        /// its own ([`ProbeObject`]); any other type has none ([`ProbeOther`]). Called on
        /// `&&Probe::<T>::new()` for a concrete `T`, with both traits in scope.
        pub struct Probe<T: ?Sized>(core::marker::PhantomData<T>);

        impl<T: ?Sized> Probe<T> {
            /// The probe of `T`.
            pub fn new() -> Self {
                Probe(core::marker::PhantomData)
            }
        }

        impl<T: ?Sized> Default for Probe<T> {
            fn default() -> Self {
                Self::new()
            }
        }

        /// The omissions of a struct deriving `Object`.
        pub trait ProbeObject {
            /// See [`Object::__catalog_omitted`](super::super::Object::__catalog_omitted).
            fn omitted(
                &self,
                path: &mut Vec<crate::wire::decode::omitted::PathStep>,
                out: &mut crate::wire::decode::omitted::Nested,
                depth: usize,
            );
        }

        impl<T: ?Sized + super::super::Object> ProbeObject for &Probe<T> {
            fn omitted(
                &self,
                path: &mut Vec<crate::wire::decode::omitted::PathStep>,
                out: &mut crate::wire::decode::omitted::Nested,
                depth: usize,
            ) {
                if depth < crate::wire::decode::omitted::MAX_DEPTH {
                    T::__catalog_omitted(path, out, depth);
                }
            }
        }

        /// Any other type: no omissions.
        pub trait ProbeOther {
            /// Appends nothing.
            fn omitted(
                &self,
                path: &mut Vec<crate::wire::decode::omitted::PathStep>,
                out: &mut crate::wire::decode::omitted::Nested,
                depth: usize,
            ) {
                let _ = (path, out, depth);
            }
        }

        impl<T: ?Sized> ProbeOther for Probe<T> {}

        /// Implemented by `catalog::File` alone: a field over a file part or a binary body
        /// names a type `File`, and this bound proves it is that one.
        #[diagnostic::on_unimplemented(
            message = "`{Self}` is not `catalog::File`, the type that carries a file",
            label = "a file part or a binary body is sent from a `catalog::File`",
            note = "type the field `catalog::File` (or `Option<catalog::File>`, `Vec<catalog::File>`)"
        )]
        pub trait IsFile {}

        impl IsFile for crate::wire::file::File {}
    }

    pub use crate::wire::encode::{ArgRef, Encode};

    /// A required field's value once [`Decoder::finish`] passed (which reports it missing
    /// first, so this error is a fallback, not a second message).
    pub fn required<T>(slot: Option<T>, name: &str) -> Result<T, ArgumentError> {
        slot.ok_or_else(|| {
            ArgumentError::other(
                crate::wire::decode::json_path([crate::wire::decode::Step::Key(name)]),
                format!("`{name}` is required"),
            )
        })
    }

    /// A field typed `T`.
    pub fn arg<T: Serialize>(v: &T) -> ArgRef<'_> {
        ArgRef::Typed(v)
    }

    /// A field typed `Option<T>`: `None` is left out, or sent as null when the parameter is
    /// required and nullable (its key is always present).
    pub fn arg_option<T: Serialize>(v: &Option<T>, null_when_none: bool) -> ArgRef<'_> {
        match v {
            Some(v) => ArgRef::Typed(v),
            None if null_when_none => ArgRef::Null,
            None => ArgRef::Absent,
        }
    }

    /// A field's value for [`Tool::__given`](super::Tool::__given): `None` when unset.
    pub fn given(v: ArgRef<'_>) -> Option<Value> {
        match v {
            ArgRef::Absent => None,
            ArgRef::Null => Some(Value::Null),
            ArgRef::Typed(t) => Some(t.to_json_value().unwrap_or(Value::Null)),
        }
    }

    /// A field typed `Option<Option<T>>`: `None` is left out, `Some(None)` is sent as null.
    pub fn arg_nullable<T: Serialize>(v: &Option<Option<T>>) -> ArgRef<'_> {
        match v {
            None => ArgRef::Absent,
            Some(None) => ArgRef::Null,
            Some(Some(v)) => ArgRef::Typed(v),
        }
    }

    /// `Tool::output_value` for `#[tool(output = T)]`: the body read as `T` (named `name` in
    /// the error) and serialized again. A property the body does not have is not added as
    /// null (an `Option` field that was absent stays absent), so a `T` with every property the
    /// schema requires and only properties it declares gives a value the schema accepts.
    pub fn output_value<T: serde::de::DeserializeOwned + Serialize>(
        body: Value,
        name: &str,
    ) -> Result<Value, OutputError> {
        let read: T =
            serde_json::from_value(body.clone()).map_err(|e| OutputError::does_not_fit(name, e))?;
        let mut written =
            serde_json::to_value(&read).map_err(|e| OutputError::NotSerializable {
                type_name: name.to_string(),
                reason: e.to_string(),
            })?;
        drop_invented_nulls(&mut written, &body);
        Ok(written)
    }

    // Removes each null property of `written` that `read` (the body it came from) does not have.
    fn drop_invented_nulls(written: &mut Value, read: &Value) {
        match (written, read) {
            (Value::Object(w), Value::Object(r)) => {
                w.retain(|k, v| !v.is_null() || r.contains_key(k));
                for (k, v) in w.iter_mut() {
                    if let Some(r) = r.get(k) {
                        drop_invented_nulls(v, r);
                    }
                }
            }
            (Value::Array(w), Value::Array(r)) => {
                for (v, r) in w.iter_mut().zip(r) {
                    drop_invented_nulls(v, r);
                }
            }
            _ => {}
        }
    }

    pub use crate::wire::decode::omitted::{Nested, OmittedAt, PathStep};
    pub use crate::wire::encode::Plan;

    /// The input schema embedded by `#[tool]`, without the properties its nested structs omit,
    /// and closed where a struct stands (it has a field for each key it keeps).
    pub fn schema_without(json: &str, nested: &Nested) -> Value {
        let mut schema = schema(json);
        crate::wire::decode::omitted::prune(&mut schema, &nested.omitted);
        crate::wire::decode::omitted::not_null(&mut schema, &nested.unset_only);
        crate::wire::decode::omitted::close(&mut schema, &nested.closed);
        schema
    }

    /// A tool's description with the properties its nested structs omit
    /// ([`Tool::description`]).
    pub fn description_with(description: &str, nested: &Nested) -> String {
        catalog_core::present::tool_text::with_nested_omissions(description, &nested.omitted)
    }

    /// [`schema_without`] as JSON text: `json` itself when nothing is omitted.
    pub fn schema_json_without(
        json: &'static str,
        schema: &Value,
        nested: &Nested,
    ) -> std::borrow::Cow<'static, str> {
        if nested.omitted.is_empty() && nested.unset_only.is_empty() && nested.closed.is_empty() {
            std::borrow::Cow::Borrowed(json)
        } else {
            std::borrow::Cow::Owned(schema.to_string())
        }
    }

    /// The operation a tool sends, with null no longer allowed where a nested struct's field
    /// is a plain `Option<T>` ("unset only": its `None` is not sent, and null is refused), and
    /// the object closed where a struct stands (a key it has no field for is refused by name,
    /// never dropped by serde), without the properties the structs omit (refused before
    /// decoding, with their reasons).
    pub fn operation_nested(json: &str, nested: &Nested) -> Operation {
        let mut op = operation(json);
        crate::wire::decode::omitted::not_null_in_operation(&mut op, &nested.unset_only);
        crate::wire::decode::omitted::close_in_operation(&mut op, &nested.closed);
        crate::wire::decode::omitted::prune_in_operation(&mut op, &nested.omitted);
        op
    }

    /// Refuses arguments that carry a property a nested struct omits, with its reason.
    pub fn refuse_omitted(args: &Value, omitted: &[OmittedAt]) -> Result<(), ArgumentError> {
        crate::wire::decode::omitted::refuse(args, omitted)
    }

    /// Builds the request: by the tool's plan (made on the first call) when it covers the
    /// call, else by the general encoder, which writes the same request or says what is wrong.
    pub fn request(
        op: &Operation,
        plan: &std::sync::OnceLock<Plan>,
        args: &[(&str, ArgRef<'_>)],
    ) -> Result<Request, RequestError> {
        let plan = plan.get_or_init(|| Plan::new(op, args.iter().map(|(name, _)| *name)));
        match plan.build(op, args) {
            Some(request) => Ok(request),
            None => build_request_ref(op, args),
        }
    }
}
