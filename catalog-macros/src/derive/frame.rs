//! What both derives' expansions are framed by: the hidden module beside the type that holds
//! its per-variant/field traits, the check function whose where-clause asks for them, and the
//! rule that an expansion with errors is only its errors.

use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

/// The hidden module that holds a derive's per-variant/field traits (`__catalog_<ty>`): at the
/// type's side, not in an anonymous `const`, so that the check function beside the type can
/// name them and rustc prints that function as `<ty>::__catalog_...`.
pub(super) fn module(ty: &syn::Ident) -> syn::Ident {
    let name = ty.to_string();
    format_ident!("__catalog_{}", name.trim_start_matches("r#"))
}

/// `impl <ty> { #[doc(hidden)] pub fn __catalog_<name><S>() where <ty>: <trait_i><S>, ... {} }`,
/// each bound spanned at its variant or field (`items`): the "required by this bound" note then
/// points there. An inherent function, so `#[tool]` can call it on the user's type by name; on a
/// type without the derive, the call falls back to `__private_v1::markers::NotDerived`'s, which
/// checks nothing (the missing derive is then one error, of the marker trait).
pub(super) fn check_fn<'a>(
    ty: &syn::Ident,
    name: &str,
    items: impl Iterator<Item = &'a syn::Ident>,
    traits: &[syn::Ident],
) -> TokenStream {
    let name = format_ident!("__catalog_{name}");
    let module = module(ty);
    let predicates = items.zip(traits).map(|(item, tr)| {
        let span = item.span();
        let [this, module, tr] = [ty, &module, tr].map(|i| {
            let mut i = i.clone();
            i.set_span(span);
            i
        });
        quote_spanned!(span=> #this: #module::#tr<S>,)
    });
    quote! {
        #[automatically_derived]
        impl #ty {
            #[doc(hidden)]
            pub fn #name<S: ?::core::marker::Sized>()
            where
                #(#predicates)*
            {
            }
        }
    }
}

/// The expansion, or on any error only the errors: a partial list would add "no variant"
/// errors downstream.
pub(super) fn finish(cx: Ctxt, expanded: TokenStream) -> TokenStream {
    match cx.check() {
        Ok(()) => expanded,
        Err(e) => e.to_compile_error(),
    }
}
