//! The `#[tool]` attribute of `catalog`. Use it through the `catalog` crate, which documents it.
//!
//! A thin shell: parse (`attr`, `ast`) -> resolve the operation from the index and check it with
//! `catalog_core::check::accounting::reconcile` (`check`) -> emit (`emit`), or on any error the user's
//! item plus a stub impl (`fallback`), with every error at its own span.

mod ast;
mod attr;
mod check;
mod ctxt;
mod derive;
mod effects;
mod emit;
mod fallback;

use proc_macro::TokenStream;

/// Checks a struct against an OpenAPI operation and implements `catalog::Tool` for it. See the
/// `catalog` crate for the syntax.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, input: TokenStream) -> TokenStream {
    let item = match syn::parse::<syn::ItemStruct>(input) {
        Ok(item) => item,
        Err(e) => {
            return syn::Error::new(e.span(), "#[tool] goes on a struct")
                .to_compile_error()
                .into();
        }
    };
    expand(args.into(), item).into()
}

/// Implements `catalog::StringEnum` for a unit-only enum: its variants' wire names, read from
/// the same `#[serde(rename_all)]`/`#[serde(rename)]` attributes serde reads. See the `catalog`
/// crate.
#[proc_macro_derive(StringEnum, attributes(serde))]
pub fn derive_string_enum(input: TokenStream) -> TokenStream {
    match syn::parse::<syn::DeriveInput>(input) {
        Ok(input) => derive::string_enum(input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Implements `catalog::Object` for a struct: its fields' wire names (serde's `rename_all` and
/// `rename`) and which may be absent (`Option`, `#[serde(default)]`), so that `#[tool]` can check
/// it against an object schema. See the `catalog` crate.
#[proc_macro_derive(Object, attributes(serde))]
pub fn derive_object(input: TokenStream) -> TokenStream {
    match syn::parse::<syn::DeriveInput>(input) {
        Ok(input) => derive::object(input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn expand(args: proc_macro2::TokenStream, mut item: syn::ItemStruct) -> proc_macro2::TokenStream {
    let cx = ctxt::Ctxt::default();
    let attr = attr::tool_attr(&cx, args);
    let checked = attr.as_ref().and_then(|attr| {
        if !item.generics.params.is_empty() {
            cx.error(
                item.generics.params[0].span(),
                "a #[tool] struct cannot be generic: its argument types come from one operation",
            );
            return None;
        }
        let fields = ast::fields(&cx, &item);
        // A malformed #[arg] is reported alone: checking without it would only add errors
        // that fixing it removes.
        if cx.has_errors() {
            return None;
        }
        let checked = check::check(&cx, &item, attr, &fields)?;
        let effects = effects::effects(&cx, attr, &checked.0, &item.ident.to_string());
        Some((checked, attr, effects))
    });
    let output = {
        let stripped = strip_arg_attrs(&item);
        match (cx.has_errors(), &checked) {
            (false, Some(((op, dir_file), attr, effects))) => {
                let fields = ast::fields(&ctxt::Ctxt::default(), &item);
                Some(emit::emit(&stripped, attr, &fields, op, dir_file, effects))
            }
            _ => None,
        }
    };
    match output {
        Some(tokens) => {
            drop(cx.finish());
            tokens
        }
        None => {
            let name = attr
                .as_ref()
                .map(|a| emit::tool_name(a, &item, None))
                .unwrap_or_default();
            item = strip_arg_attrs(&item);
            let errors = cx.finish().unwrap_or_default();
            fallback::stub(&item, &name, errors)
        }
    }
}

// `#[arg]` is not a real attribute: it is consumed here.
fn strip_arg_attrs(item: &syn::ItemStruct) -> syn::ItemStruct {
    let mut item = item.clone();
    for f in item.fields.iter_mut() {
        f.attrs.retain(|a| !a.path().is_ident("arg"));
    }
    item
}

use syn::spanned::Spanned;
