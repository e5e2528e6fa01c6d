//! `#[composite(uses(A, B, ...), name = "...", output = T)]`: a tool that calls several `#[tool]`
//! bindings, answering a value of the output `T` (a binding: what it answers; or a type
//! implementing `catalog::CompositeOutput`) when it declares one.
//!
//! Tokens in, an `impl catalog::Composite` and one `impl catalog::UsedBy<C> for B` per declared binding
//! out; the rules (decoding, schema, effects) live in `catalog_runtime::tools::composite`. The
//! struct's own `async fn run(self, api: catalog::Api<'_, Self>)` is what runs.

use crate::attr_keys::COMPOSITE;
use crate::composite_uses::Binding;
use crate::ctxt::{Ctxt, Range};
use crate::sites::Sites;
use crate::slot::Slot;
use catalog_core::present::tool_name::{NameFrom, checked_tool_name};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::LitStr;
use syn::spanned::Spanned as _;

struct Args {
    uses: Vec<Binding>,
    uses_span: Option<Span>,
    name: Option<LitStr>,
    output: Option<syn::Type>,
}

/// The keys of [`crate::attr_keys::COMPOSITE`], each into a slot: a key given twice is an error
/// over both. `None` when they are malformed; every error is in `cx`, but those in a binding's
/// declarations (a reason), which are in `late`: the expansion is still made, so they are not
/// followed by errors of a composite that does not exist.
fn parse_args(cx: &Ctxt, late: &Ctxt, args: TokenStream) -> Option<Args> {
    let mut uses = Slot::new("uses");
    let mut name = Slot::new("name");
    let mut output = Slot::new("output");
    let parser = syn::meta::parser(|meta| {
        let key = crate::attr::key_name(&meta.path);
        let key_span = meta.path.span();
        match key.as_str() {
            k if !COMPOSITE.accepts(k) => {
                return Err(meta.error(
                    "unknown key of #[composite]: the keys are `uses(Binding, ...)`, `name = \"...\"` and `output = Type`",
                ));
            }
            "uses" => {
                let end = crate::attr::group_end(&meta);
                let mut paths = Vec::new();
                meta.parse_nested_meta(|m| {
                    paths.push(crate::composite_uses::parse(late, &m)?);
                    Ok(())
                })?;
                uses.set(cx, key_span, end, (paths, key_span));
            }
            "name" => {
                let value: LitStr = meta.value()?.parse()?;
                name.set(cx, key_span, value.span(), value);
            }
            "output" => {
                let ty: syn::Type = meta.value()?.parse()?;
                output.set(cx, key_span, Range::of(&ty).end, ty);
            }
            k => return Err(meta.error(COMPOSITE.unparsed(k))),
        }
        Ok(())
    });
    if let Err(e) = syn::parse::Parser::parse2(parser, args) {
        cx.syn_error(e);
        return None;
    }
    let (uses, uses_span) = uses
        .get()
        .map_or((Vec::new(), None), |(paths, span)| (paths, Some(span)));
    Some(Args {
        uses,
        uses_span,
        name: name.get(),
        output: output.get(),
    })
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
    let (cx, late) = (Ctxt::new(), Ctxt::new());
    let args = parse_args(&cx, &late, args);
    let late = match (cx.check(), late.check()) {
        (Err(mut e), Err(l)) => {
            e.combine(l);
            return Err(e);
        }
        (Err(e), Ok(())) => return Err(e),
        (Ok(()), late) => late,
    };
    let tokens = expansion(args, item)?;
    Ok(match late {
        Ok(()) => tokens,
        Err(e) => {
            let e = e.to_compile_error();
            quote! { #tokens #e }
        }
    })
}

fn expansion(args: Option<Args>, item: &syn::ItemStruct) -> syn::Result<TokenStream> {
    let args = args.ok_or_else(|| {
        syn::Error::new(
            Span::call_site(),
            "catalog bug: #[composite] failed to parse without an error; please report it",
        )
    })?;
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
    let mut sites = Sites::default();
    let (declared, type_name) = (args.name.as_ref().map(LitStr::value), ident.to_string());
    let from = NameFrom {
        declared: declared
            .as_deref()
            .zip(args.name.as_ref().map(|n| sites.site(n.span()))),
        operation: None,
        type_name: (&type_name, sites.site(ident.span())),
    };
    let name = checked_tool_name(&from).map_err(|f| sites.range(f.site).error(f.message))?;
    let doc = crate::attr::doc(&item.attrs).unwrap_or_default();
    if doc.is_empty() {
        return Err(syn::Error::new(
            ident.span(),
            "a composite's doc comment is what the agent is told it does: add `/// ...` above the struct",
        ));
    }
    let mut arguments = Vec::new();
    let mut takes = Vec::new();
    let mut read_checks = Vec::new();
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
        let message = format!(
            "the composite `{ident}` never reads its argument `{fname}` in `run`: the agent's value would be dropped; pass `self.{fname}` to a binding, or remove the argument"
        );
        read_checks.push(quote_spanned! {fident.span()=>
            ::core::assert!(::catalog::__composite_v1::reads(__read, #fname), #message);
        });
        takes.push(quote! {
            #fident: ::catalog::__composite_v1::take::<#ty>(&mut __map, #fname)?
        });
    }
    let uses: Vec<&syn::Path> = args.uses.iter().map(|b| &b.path).collect();
    let uses_impls = args
        .uses
        .iter()
        .map(|b| crate::composite_uses::used_by(ident, &name, b));
    let mut item = item.clone();
    for line in crate::composite_uses::doc_lines(&args.uses) {
        item.attrs.push(syn::parse_quote!(#[doc = #line]));
    }
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

        const _: () = {
            let __read = <#ident as ::catalog::__composite_v1::Reads>::READ;
            #(#read_checks)*
        };

        impl ::catalog::Composite for #ident {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = #doc;

            fn description() -> &'static str {
                static TEXT: ::std::sync::OnceLock<::std::string::String> =
                    ::std::sync::OnceLock::new();
                TEXT.get_or_init(|| {
                    ::catalog::__composite_v1::description(
                        #doc,
                        &[#((
                            <#uses as ::catalog::Tool>::NAME,
                            <#uses as ::catalog::UsedBy<#ident>>::UNFILLED,
                        )),*],
                    )
                })
            }

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
