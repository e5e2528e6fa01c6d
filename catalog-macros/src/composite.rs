//! `#[composite(uses(A, B, ...), name = "...", output = T)]`: a tool that calls several `#[tool]`
//! bindings, answering a value of the output `T` (a binding: what it answers; or a type
//! implementing `catalog::CompositeOutput`) when it declares one.
//!
//! Tokens in, an `impl catalog::Composite` and one `impl catalog::UsedBy<C> for B` per declared binding
//! out; the rules (decoding, schema, effects) live in `catalog_runtime::serve::composite`. The
//! struct's own `async fn run(self, api: catalog::Api<'_, Self>)` is what runs.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::LitStr;
use syn::spanned::Spanned as _;

struct Args {
    uses: Vec<syn::Path>,
    uses_span: Option<Span>,
    name: Option<LitStr>,
    output: Option<syn::Type>,
}

fn parse_args(args: TokenStream) -> syn::Result<Args> {
    let mut out = Args {
        uses: Vec::new(),
        uses_span: None,
        name: None,
        output: None,
    };
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("uses") {
            out.uses_span = Some(meta.path.span());
            meta.parse_nested_meta(|m| {
                out.uses.push(m.path.clone());
                Ok(())
            })
        } else if meta.path.is_ident("name") {
            out.name = Some(meta.value()?.parse()?);
            Ok(())
        } else if meta.path.is_ident("output") {
            out.output = Some(meta.value()?.parse()?);
            Ok(())
        } else {
            Err(meta.error(
                "unknown key of #[composite]: the keys are `uses(Binding, ...)`, `name = \"...\"` and `output = Type`",
            ))
        }
    });
    syn::parse::Parser::parse2(parser, args)?;
    Ok(out)
}

/// The expansion of `#[composite(...)]` on `item`.
pub fn expand(args: TokenStream, item: syn::ItemStruct) -> TokenStream {
    match expand_checked(args, &item) {
        Ok(tokens) => tokens,
        Err(e) => {
            let e = e.to_compile_error();
            quote! { #item #e }
        }
    }
}

fn expand_checked(args: TokenStream, item: &syn::ItemStruct) -> syn::Result<TokenStream> {
    let args = parse_args(args)?;
    if args.uses.is_empty() {
        return Err(syn::Error::new(
            args.uses_span.unwrap_or_else(|| item.ident.span()),
            "a composite declares the bindings it calls: `#[composite(uses(GetChannel, CreatePost))]`, each a `#[tool]` struct",
        ));
    }
    if !item.generics.params.is_empty() {
        return Err(syn::Error::new(
            item.generics.span(),
            "a composite cannot be generic: its tool name, schema and bindings are fixed",
        ));
    }
    let syn::Fields::Named(fields) = &item.fields else {
        return Err(syn::Error::new(
            item.ident.span(),
            "a composite is a struct with named fields: its arguments",
        ));
    };
    let ident = &item.ident;
    let name = match &args.name {
        Some(n) => n.value(),
        None => catalog_core::present::tool_name::snake_name(&ident.to_string()),
    };
    if let Some(problem) = catalog_core::present::tool_name::name_problem(&name) {
        let span = args.name.as_ref().map_or(ident.span(), LitStr::span);
        return Err(syn::Error::new(span, problem));
    }
    let doc = crate::attr::doc(&item.attrs).unwrap_or_default();
    if doc.is_empty() {
        return Err(syn::Error::new(
            ident.span(),
            "a composite's doc comment is what the agent is told it does: add `/// ...` above the struct",
        ));
    }
    let mut arguments = Vec::new();
    let mut takes = Vec::new();
    for f in &fields.named {
        let Some(fident) = &f.ident else { continue };
        let fname = fident.to_string();
        let fname = fname.strip_prefix("r#").unwrap_or(&fname).to_string();
        let fdoc = crate::attr::doc(&f.attrs).unwrap_or_default();
        let ty = &f.ty;
        arguments.push(quote_spanned! {ty.span()=>
            ::catalog::__composite_v1::Argument {
                name: #fname,
                field: #fname,
                doc: #fdoc,
                schema: <#ty as ::catalog::__composite_v1::ArgType>::schema,
                optional: <#ty as ::catalog::__composite_v1::ArgType>::OPTIONAL,
            }
        });
        takes.push(quote! {
            #fident: ::catalog::__composite_v1::take::<#ty>(&mut __map, #fname)?
        });
    }
    let uses = &args.uses;
    let uses_impls = uses.iter().map(|b| {
        quote_spanned! {b.span()=>
            impl ::catalog::UsedBy<#ident> for #b {}
        }
    });
    let (output_fn, output_check) = match &args.output {
        None => (quote! {}, quote! {}),
        Some(ty) => {
            let message = format!(
                "`{}` answers `{}`, which has no typed output: its response has no schema, so no outputSchema can be advertised; name a binding whose response is typed, or a type implementing `catalog::CompositeOutput`",
                ident,
                quote!(#ty).to_string().replace(' ', "")
            );
            (
                quote! {
                    fn output() -> ::core::option::Option<::catalog::__composite_v1::Output> {
                        ::core::option::Option::Some(
                            ::catalog::__composite_v1::Output::of::<#ty>(),
                        )
                    }
                },
                quote_spanned! {ty.span()=>
                    const _: () = ::core::assert!(
                        <#ty as ::catalog::CompositeOutput>::TYPED,
                        #message
                    );
                },
            )
        }
    };
    Ok(quote! {
        #item

        #(#uses_impls)*

        #output_check

        impl ::catalog::Composite for #ident {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = #doc;

            fn uses() -> &'static [::catalog::ToolInfo] {
                static USES: ::std::sync::OnceLock<::std::vec::Vec<::catalog::ToolInfo>> =
                    ::std::sync::OnceLock::new();
                USES.get_or_init(|| ::std::vec![
                    #(::catalog::__composite_v1::info::<#uses>()),*
                ])
            }

            fn arguments() -> &'static ::catalog::__composite_v1::Operation {
                static OP: ::std::sync::OnceLock<::catalog::__composite_v1::Operation> =
                    ::std::sync::OnceLock::new();
                OP.get_or_init(|| {
                    ::catalog::__composite_v1::arguments_table(
                        #name,
                        #doc,
                        ::catalog::__composite_v1::guard_method(
                            <Self as ::catalog::Composite>::uses(),
                        ),
                        &[#(#arguments),*],
                    )
                })
            }

            fn input_schema() -> &'static ::catalog::__composite_v1::Value {
                static SCHEMA: ::std::sync::OnceLock<::catalog::__composite_v1::Value> =
                    ::std::sync::OnceLock::new();
                SCHEMA.get_or_init(|| {
                    ::catalog::__composite_v1::input_schema(
                        <Self as ::catalog::Composite>::arguments(),
                    )
                })
            }

            fn input_schema_json() -> &'static str {
                static TEXT: ::std::sync::OnceLock<::std::string::String> =
                    ::std::sync::OnceLock::new();
                TEXT.get_or_init(|| {
                    ::catalog::__composite_v1::json_text(
                        <Self as ::catalog::Composite>::input_schema(),
                    )
                })
            }

            #[allow(unused_mut)]
            fn from_arguments(
                args: ::catalog::__composite_v1::Value,
            ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
                let mut __map = ::catalog::__composite_v1::checked(
                    <Self as ::catalog::Composite>::arguments(),
                    args,
                )?;
                ::core::result::Result::Ok(#ident { #(#takes),* })
            }

            #output_fn

            fn __run(
                self,
                api: ::catalog::Api<'_, Self>,
            ) -> impl ::core::future::Future<
                Output = ::core::result::Result<::catalog::__composite_v1::Value, ::catalog::ToolError>,
            > + ::core::marker::Send {
                #ident::run(self, api)
            }
        }
    })
}
