//! What `#[derive(Object)]` reads for nested accounting: the struct's omissions
//! (`#[object(omitted("name", reason = "..."))]`, each reason checked like a tool's), and the
//! type a field nests (inside `Option`, `catalog::Nullable`, `Vec`, maps, `Box` and `catalog::OrEmpty`), which is
//! checked against its property's schema when it is a type of the user's.

use crate::attr_keys::{OBJECT, OBJECT_OMITTED};
use crate::ctxt::Ctxt;
use crate::slot::Slot;
use catalog_core::check::declared::Reason;
use catalog_core::check::nested::PRIMITIVES;
use catalog_core::check::reasons::check_reason;

/// One `omitted("name", reason = "...")` on the struct.
pub struct Omission {
    pub name: String,
    pub name_span: proc_macro2::Span,
    pub reason: String,
}

/// Every `#[object(...)]` of the struct: its omissions (the keys of [`OBJECT`] and
/// [`OBJECT_OMITTED`]), reasons checked, none given twice, no key given twice in one.
pub fn omissions(cx: &Ctxt, ident: &syn::Ident, attrs: &[syn::Attribute]) -> Vec<Omission> {
    let mut out: Vec<Omission> = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("object")) {
        let parsed = attr.parse_nested_meta(|meta| {
            if !OBJECT.accepts(&crate::attr::key_name(&meta.path)) {
                return Err(meta.error(
                    "`#[object]` takes `omitted(\"name\", reason = \"...\")`: a property of the \
                     spec's object this struct does not send, and why",
                ));
            }
            let content;
            syn::parenthesized!(content in meta.input);
            let name: syn::LitStr = content.parse()?;
            let mut reason = Slot::new("reason");
            while !content.is_empty() {
                let _: syn::Token![,] = content.parse()?;
                if content.is_empty() {
                    break;
                }
                if !content.peek(syn::Ident) {
                    return Err(content.error("`omitted` takes a name and `reason = \"...\"` alone"));
                }
                let key: syn::Ident = content.parse()?;
                if !OBJECT_OMITTED.accepts(&key.to_string()) {
                    return Err(syn::Error::new(
                        key.span(),
                        "write `omitted(\"name\", reason = \"...\")`: the reason says what a user \
                         loses, and why that is right",
                    ));
                }
                let _: syn::Token![=] = content.parse()?;
                let value: syn::LitStr = content.parse()?;
                reason.set(cx, key.span(), value.span(), value);
            }
            let Some(reason) = reason.get() else {
                return Err(syn::Error::new(
                    name.span(),
                    format!(
                        "omitting `{}` needs its reason: write `omitted(\"{}\", reason = \"...\")`, \
                         saying what a user loses, and why that is right",
                        name.value(),
                        name.value()
                    ),
                ));
            };
            let what = format!("omitting `{}` from `{ident}`", name.value());
            let checked = Reason {
                text: reason.value(),
                site: 0,
            };
            if let Some(f) = check_reason(&checked, &what) {
                cx.error(reason.span(), &f.message);
            }
            if out.iter().any(|o| o.name == name.value()) {
                cx.error(
                    name.span(),
                    format!("`{}` is omitted twice: keep one", name.value()),
                );
            }
            out.push(Omission {
                name: name.value(),
                name_span: name.span(),
                reason: reason.value(),
            });
            Ok(())
        });
        if let Err(e) = parsed {
            cx.syn_error(e);
        }
    }
    out
}

/// A step from a field's type down to the type it nests.
#[derive(Clone, Copy, PartialEq)]
pub enum Step {
    Items,
    Values,
    /// Through `catalog::OrEmpty<T>` (no step on the wire: the value is `T` or `""`).
    OrEmpty,
}

/// The type a field nests, and the steps down to it: `Option<Vec<Slack>>` is `Slack` under
/// `[Items]`; `None` when it is a scalar or a JSON value (nothing further to check).
pub fn nested(ty: &syn::Type) -> Option<(Vec<Step>, &syn::Type)> {
    let mut steps = Vec::new();
    let mut t = ty;
    loop {
        let syn::Type::Path(p) = t else { return None };
        let seg = p.path.segments.last()?;
        let name = seg.ident.to_string();
        let args: Vec<&syn::Type> = match &seg.arguments {
            syn::PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        match (name.as_str(), args.as_slice()) {
            ("Option" | "Nullable" | "Box" | "Rc" | "Arc", [inner]) => t = inner,
            ("OrEmpty", [inner]) => {
                steps.push(Step::OrEmpty);
                t = inner;
            }
            ("Vec" | "VecDeque" | "BTreeSet" | "HashSet" | "IndexSet", [inner]) => {
                steps.push(Step::Items);
                t = inner;
            }
            ("HashMap" | "BTreeMap" | "IndexMap", [_, value]) => {
                steps.push(Step::Values);
                t = value;
            }
            _ if SCALARS.contains(&name.as_str()) || !args.is_empty() => return None,
            _ => return Some((steps, t)),
        }
    }
}

/// The primitive type a field holds (inside `Option`, `catalog::Nullable`, `Box`, `Vec`, maps'
/// values), when it is one of [`PRIMITIVES`] by name: its type is checked against its
/// property's schema. Not through `catalog::OrEmpty`, whose arms are checked where it is typed.
pub fn primitive(ty: &syn::Type) -> Option<&syn::Type> {
    let mut t = ty;
    loop {
        let syn::Type::Path(p) = t else { return None };
        let seg = p.path.segments.last()?;
        let name = seg.ident.to_string();
        let args: Vec<&syn::Type> = match &seg.arguments {
            syn::PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|a| match a {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect(),
            syn::PathArguments::None => Vec::new(),
            syn::PathArguments::Parenthesized(_) => return None,
        };
        match (name.as_str(), args.as_slice()) {
            ("Option" | "Nullable" | "Box" | "Rc" | "Arc", [inner])
            | ("Vec" | "VecDeque" | "BTreeSet" | "HashSet" | "IndexSet", [inner])
            | ("HashMap" | "BTreeMap" | "IndexMap", [_, inner]) => t = inner,
            (_, []) if PRIMITIVES.iter().any(|(n, _)| *n == name) => return Some(t),
            _ => return None,
        }
    }
}

/// Types that carry a scalar or free JSON, never a struct of the user's.
const SCALARS: &[&str] = &[
    "String", "str", "bool", "char", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16",
    "u32", "u64", "u128", "usize", "f32", "f64", "Value", "Map", "Number", "File", "Cow",
];
