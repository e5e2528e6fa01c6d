//! What a tool expands to when it has errors: the errors, the user's item (without `#[arg]`),
//! the checks of user types that could still be run, and a stub impl, so the only errors the
//! user sees are the real ones, all in one build (thiserror's `fallback.rs`).

use crate::ast::Input;
use catalog_core::present::tool_name::{NameFrom, checked_tool_name};
use proc_macro2::TokenStream;
use quote::quote;

pub fn tool(input: &Input, errors: syn::Error, type_checks: TokenStream) -> TokenStream {
    let errors = errors.to_compile_error();
    let item = &input.item;
    let ident = &item.ident;
    // The stub's name: the struct's in snake_case, or empty when no client would take that
    // (the tool's own errors are what is reported).
    let type_name = ident.to_string();
    let name = checked_tool_name(&NameFrom {
        declared: None,
        operation: None,
        type_name: (&type_name, 0),
    })
    .unwrap_or_default();
    let (impl_generics, ty_generics, where_clause) = item.generics.split_for_impl();
    quote! {
        #errors
        #item
        #type_checks

        // The seal too: the tool's own errors are the ones reported, not a missing seal.
        #[automatically_derived]
        impl #impl_generics ::catalog::__private_v1::Accounted for #ident #ty_generics #where_clause {}

        #[automatically_derived]
        impl #impl_generics ::catalog::Tool for #ident #ty_generics #where_clause {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = "";
            const INPUT_SCHEMA: &'static str = "{}";
            fn operation() -> &'static ::catalog::model::Operation {
                ::core::unreachable!()
            }
            fn input_schema() -> &'static ::catalog::__private_v1::Value {
                ::core::unreachable!()
            }
            fn from_arguments(
                _: ::catalog::__private_v1::Value,
            ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
                ::core::unreachable!()
            }
            fn to_request(
                &self,
            ) -> ::core::result::Result<::catalog::__private_v1::Request, ::catalog::RequestError> {
                ::core::unreachable!()
            }
        }
    }
}
