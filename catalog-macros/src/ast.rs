//! The tool struct as accounting sees it: named fields with their Rust type shapes.

use crate::attr::{self, FieldAttr};
use crate::ctxt::Ctxt;
use catalog_core::check::accounting::RustType;
use syn::spanned::Spanned;

pub struct Field<'a> {
    pub ident: &'a syn::Ident,
    pub ty: &'a syn::Type,
    pub shape: RustType,
    pub attr: FieldAttr,
    pub doc: Option<String>,
}

pub fn fields<'a>(cx: &Ctxt, item: &'a syn::ItemStruct) -> Vec<Field<'a>> {
    let named = match &item.fields {
        syn::Fields::Named(n) => n,
        syn::Fields::Unit => return Vec::new(),
        syn::Fields::Unnamed(u) => {
            cx.error(
                u.span(),
                "#[tool] needs a struct with named fields (or no fields): each field is an \
                 argument the agent names",
            );
            return Vec::new();
        }
    };
    named
        .named
        .iter()
        .filter_map(|f| {
            let ident = f.ident.as_ref()?;
            Some(Field {
                ident,
                ty: &f.ty,
                shape: shape(&f.ty),
                attr: attr::field_attr(cx, &f.attrs),
                doc: attr::doc(&f.attrs),
            })
        })
        .collect()
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
    let arg = match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) => a.args.iter().find_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        }),
        _ => None,
    };
    let name = seg.ident.to_string();
    match (name.as_str(), arg) {
        ("Option", Some(t)) => RustType::Option(Box::new(shape(t))),
        ("Vec", Some(t)) => RustType::Vec(Box::new(shape(t))),
        ("String", _) => RustType::String,
        ("bool", _) => RustType::Bool,
        ("f32", _) => RustType::F32,
        ("f64", _) => RustType::F64,
        ("Value", _) => RustType::JsonValue,
        ("Map", _) => RustType::JsonMap,
        (int, _) => match int_shape(int) {
            Some(t) => t,
            None => RustType::Named(name),
        },
    }
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
