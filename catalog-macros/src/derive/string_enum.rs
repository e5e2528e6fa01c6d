//! `#[derive(StringEnum)]`.

use super::serde_attr::{Serde, apply, wire_name};
use crate::ctxt::Ctxt;
use crate::key;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

/// One variant: its Rust name and its name on the wire.
struct Variant<'a> {
    ident: &'a syn::Ident,
    wire: String,
}

pub fn string_enum(input: syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let variants = variants(&cx, &input);
    let expanded = expand(&input, &variants);
    super::frame::finish(cx, expanded)
}

fn expand(input: &syn::DeriveInput, variants: &[Variant]) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let values = variants.iter().map(|v| &v.wire);
    let markers = quote!(::catalog::__private_v1::markers);
    let has = variants.iter().map(|v| {
        let k = key::literal(&v.wire);
        quote! {
            #[automatically_derived]
            impl #impl_generics #markers::HasVariant<#k> for #ident #ty_generics #where_clause {}
        }
    });
    let traits: Vec<syn::Ident> = variants
        .iter()
        .map(|v| format_ident!("Variant{}", v.ident))
        .collect();
    let module = super::frame::module(ident);
    // One trait per variant, and one type named for it: `#[tool]`'s message for a value its
    // schema does not allow prints it (`Level::Urgent` is not a value ... allows).
    let defs = traits.iter().zip(variants).map(|(tr, v)| {
        let marker = v.ident;
        quote! {
            pub trait #tr<S: ?::core::marker::Sized> {}
            pub struct #marker;
        }
    });
    let allowed = variants.iter().zip(&traits).map(|(v, tr)| {
        let k = key::literal(&v.wire);
        let marker = v.ident;
        let allows = quote!(#markers::AllowsVariant<#k, #ident, #module::#marker>);
        // Spanned at the variant: rustc's notes then point at it, not at the derive.
        quote_spanned! {v.ident.span()=>
            impl<S: ?::core::marker::Sized + #allows> #module::#tr<S> for #ident {}
        }
    });
    let bounds = traits.iter().map(|tr| quote!(#ident: #module::#tr<S>,));
    let allowed_by = quote! {
        #[automatically_derived]
        impl<S: ?::core::marker::Sized> #markers::VariantsAllowedBy<S> for #ident
        where
            #(#bounds)*
        {}
    };
    let check = super::frame::check_fn(
        ident,
        "variants_allowed_by",
        variants.iter().map(|v| v.ident),
        &traits,
    );
    quote! {
        #[automatically_derived]
        impl #impl_generics ::catalog::StringEnum for #ident #ty_generics #where_clause {
            const VALUES: &'static [&'static str] = &[#(#values),*];
        }

        #[doc(hidden)]
        #[allow(non_snake_case, non_camel_case_types)]
        mod #module {
            #(#defs)*
        }

        const _: () = {
            #(#has)*
            #[automatically_derived]
            impl #markers::StringEnumMarkers for #ident {
                type Enum = #ident;
            }
            #(#allowed)*
            #allowed_by
        };

        #check
    }
}

fn variants<'a>(cx: &Ctxt, input: &'a syn::DeriveInput) -> Vec<Variant<'a>> {
    let syn::Data::Enum(data) = &input.data else {
        cx.error(
            input.ident.span(),
            "StringEnum is derived for an enum of unit variants, one per value of the spec's string enum",
        );
        return Vec::new();
    };
    if !input.generics.params.is_empty() {
        cx.error_spanned_by(
            &input.generics,
            "a StringEnum cannot be generic: it stands for one string enum of the spec",
        );
    }
    let rule = Serde::parse(cx, "StringEnum", &input.attrs).rename_all;
    let mut out = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, syn::Fields::Unit) {
            cx.error_spanned_by(
                &v.fields,
                "a StringEnum variant has no fields: each variant is one string value of the spec",
            );
            continue;
        }
        let serde = Serde::parse(cx, "StringEnum", &v.attrs);
        if serde.has("skip") || serde.has("skip_deserializing") {
            continue;
        }
        match wire_name(cx, serde, &rule, v.ident.to_string(), apply) {
            Some(wire) => out.push(Variant {
                ident: &v.ident,
                wire,
            }),
            None => return Vec::new(),
        }
    }
    out
}
