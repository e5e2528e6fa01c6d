//! The tool as the macro sees it, built once: the user's struct with `#[arg]` taken off (it is
//! not a real attribute), and each field with its original type tokens, its type's shape, its
//! parsed `#[arg]` and its doc comment.

use crate::arg_attr::{FieldAttr, field_attr};
use crate::attr::{self, ToolAttr};
use crate::ctxt::Ctxt;
use catalog_core::check::types::RustType;

/// The struct `#[tool]` was put on, with every `#[arg]` taken off its fields, and those
/// attributes kept per field (in field order) for parsing.
pub struct Input {
    pub item: syn::ItemStruct,
    pub arg_attrs: Vec<Vec<syn::Attribute>>,
}

impl Input {
    pub fn new(mut item: syn::ItemStruct) -> Input {
        let arg_attrs = item
            .fields
            .iter_mut()
            .map(|f| {
                let (arg, rest) = std::mem::take(&mut f.attrs)
                    .into_iter()
                    .partition(|a| a.path().is_ident("arg"));
                f.attrs = rest;
                arg
            })
            .collect();
        Input { item, arg_attrs }
    }
}

/// The IR every later phase reads.
pub struct Tool<'a> {
    pub item: &'a syn::ItemStruct,
    pub attr: ToolAttr,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub ident: &'a syn::Ident,
    pub ty: &'a syn::Type,
    pub shape: RustType,
    pub attr: FieldAttr,
    pub doc: Option<String>,
}

impl<'a> Tool<'a> {
    /// Parses the `#[tool(...)]` arguments and every field's `#[arg]`, once. `None` when the
    /// attribute itself is malformed (its error is in `cx`).
    pub fn from_input(
        cx: &Ctxt,
        args: proc_macro2::TokenStream,
        input: &'a Input,
    ) -> Option<Tool<'a>> {
        let attr = attr::tool_attr(cx, args)?;
        let fields = match &input.item.fields {
            syn::Fields::Named(named) => named
                .named
                .iter()
                .zip(&input.arg_attrs)
                .filter_map(|(f, args)| {
                    Some(Field {
                        ident: f.ident.as_ref()?,
                        ty: &f.ty,
                        shape: shape(&f.ty),
                        attr: field_attr(cx, args),
                        doc: attr::doc(&f.attrs),
                    })
                })
                .collect(),
            _ => Vec::new(),
        };
        Some(Tool {
            item: &input.item,
            attr,
            fields,
        })
    }
}

impl Field<'_> {
    /// The user type inside `Option`s and `Vec`s (`Status` in `Option<Vec<Status>>`), when the
    /// field's type is one: what `#[derive(StringEnum)]`/`#[derive(Object)]` are checked on.
    pub fn user_type(&self) -> Option<&syn::Type> {
        user_type(self.ty)
    }
}

/// The user type inside `Option`s, `Vec`s, `catalog::OrEmpty`s and the values of maps
/// (`BTreeMap`, `HashMap`, `IndexMap`) of `ty`, when there is one.
pub fn user_type(ty: &syn::Type) -> Option<&syn::Type> {
    let mut inner = ty;
    while let Some(t) = wrapped(inner)
        .or_else(|| or_empty(inner))
        .or_else(|| map_value(inner))
    {
        inner = t;
    }
    matches!(shape(inner), RustType::Named(_)).then_some(inner)
}

/// `V` in `BTreeMap<K, V>`, `HashMap<K, V>` and `IndexMap<K, V>`.
fn map_value(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if !matches!(
        seg.ident.to_string().as_str(),
        "BTreeMap" | "HashMap" | "IndexMap"
    ) {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    let types: Vec<&syn::Type> = a
        .args
        .iter()
        .filter_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        })
        .collect();
    match types.as_slice() {
        [_, value] | [_, value, _] => Some(value),
        _ => None,
    }
}

/// `T` in `OrEmpty<T>` (`catalog::OrEmpty<T>`).
fn or_empty(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "OrEmpty" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    a.args.iter().find_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// The shape of a Rust type, read from its path: `Option<T>`, `Vec<T>`, primitives,
/// `serde_json::Value`/`Map`, and anything else by name.
pub fn shape(ty: &syn::Type) -> RustType {
    let syn::Type::Path(p) = ty else {
        return RustType::Named(quote::quote!(#ty).to_string());
    };
    let Some(seg) = p.path.segments.last() else {
        return RustType::Named(String::new());
    };
    let name = seg.ident.to_string();
    match (name.as_str(), wrapped(ty)) {
        ("Option", Some(t)) => RustType::Option(Box::new(shape(t))),
        ("Vec", Some(t)) => RustType::Vec(Box::new(shape(t))),
        ("String", _) => RustType::String,
        ("bool", _) => RustType::Bool,
        ("f32", _) => RustType::F32,
        ("f64", _) => RustType::F64,
        ("Value", _) => RustType::JsonValue,
        ("Map", _) => RustType::JsonMap,
        ("BTreeMap" | "HashMap", _) => match string_keyed(seg) {
            Some(value) => RustType::Map(Box::new(shape(value))),
            None => RustType::Named(name),
        },
        (int, _) => int_shape(int).unwrap_or(RustType::Named(name)),
    }
}

/// `V` in `BTreeMap<String, V>` (or `HashMap<String, V>`), when the key is `String`.
fn string_keyed(seg: &syn::PathSegment) -> Option<&syn::Type> {
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    let mut types = a.args.iter().filter_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    });
    let (key, value) = (types.next()?, types.next()?);
    (shape(key) == RustType::String).then_some(value)
}

/// The first type argument of the last path segment (`T` in `Option<T>`, `Vec<T>`).
fn wrapped(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Option" && seg.ident != "Vec" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    a.args.iter().find_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

fn int_shape(name: &str) -> Option<RustType> {
    let (signed, bits) = match name {
        "i8" => (true, 8),
        "i16" => (true, 16),
        "i32" => (true, 32),
        "i64" => (true, 64),
        "i128" => (true, 128),
        "isize" => (true, 64),
        "u8" => (false, 8),
        "u16" => (false, 16),
        "u32" => (false, 32),
        "u64" => (false, 64),
        "u128" => (false, 128),
        "usize" => (false, 64),
        _ => return None,
    };
    Some(RustType::Int { signed, bits })
}
