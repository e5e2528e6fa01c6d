//! The expansion of a checked tool: the struct with its MCP tool name and accounting in rustdoc,
//! the compile-time checks of user types, and `impl catalog::Tool` whose data (operation,
//! schema) are compile-time string constants.

use crate::ast::{Field, Tool};
use crate::literal::str_literal;
use catalog_core::model::{Accounted, BelowStep, Disposition, Operation};
use catalog_core::present::tool_text::tool_description;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Each field with the accounting row it sets (and that row's index), found once.
struct Bound<'t, 'a> {
    field: &'t Field<'a>,
    index: usize,
    row: &'t Accounted,
    argument: String,
}

pub fn emit(
    tool: &Tool,
    name: &str,
    checked: crate::check::Checked,
    output: &crate::output::Checked,
) -> TokenStream {
    let crate::check::Checked {
        op,
        tracked,
        effects,
        effects_reason: reason,
        semantics,
    } = checked;
    let tracked = tracked.as_slice();
    let ident = &tool.item.ident;
    let mut description = tool_description(
        crate::attr::doc(&tool.item.attrs).as_deref(),
        &op,
        semantics,
    );
    // Where the body sits in the structured result, when it is wrapped to put an object there.
    if let Some(note) = output.output.note {
        description.push_str("\n\n");
        description.push_str(note);
    }
    let effects_const = crate::effects::emit(&effects, reason.as_deref());
    let former_names = tool.attr.former_names.as_ref().map(|list| {
        let names = list.value.iter().map(|n| n.value.as_str());
        quote!(const FORMER_NAMES: &'static [&'static str] = &[#(#names),*];)
    });
    let (output_checks, output_items) = crate::output::emit(ident, output);
    let schema = catalog_core::present::schema::json_text(
        &catalog_core::present::schema::input_schema_with_docs(&op, |field| {
            tool.fields
                .iter()
                .find(|f| f.ident == field)
                .and_then(|f| f.doc.clone())
        }),
    );
    let (schema, description) = (str_literal(&schema), str_literal(&description));
    let bound = bind(tool, &op);
    let checks: Vec<TokenStream> = bound
        .iter()
        .filter_map(|b| {
            crate::user_types::checks(ident, b.field, b.row)
                .or_else(|| crate::file_check::checks(b.field, b.row))
        })
        .collect();
    let (input_schema, refuse, omitted_fn) = omitted(ident, &bound);
    let from_arguments = from_arguments(tool, &bound, refuse);
    let to_request = to_request(&bound);
    drop(bound);
    let item = documented(tool.item, name, &op, &output.output.doc_line);
    // Last: the operation is moved into its embedded form.
    let op_json = str_literal(&catalog_core::index::embedded::encode(op));
    // With a field of a user type, the operation refuses null where its structs' plain
    // `Option` fields are (unset only), and keys where a struct stands that it has no field for.
    let make_operation = if omitted_fn.is_empty() {
        quote!(::catalog::__private_v1::operation(#op_json))
    } else {
        quote! {
            ::catalog::__private_v1::operation_nested(
                #op_json,
                <#ident>::__catalog_omitted(),
            )
        }
    };
    let tracked = tracked.iter().map(|p| p.display().to_string());
    quote! {
        #item

        // Rebuild tracking: the tool is re-expanded when the spec's index (or the crate's
        // `catalog.lock`, for a tool with a glob) changes.
        #(const _: &[u8] = ::core::include_bytes!(#tracked);)*

        #(#checks)*
        #output_checks
        #omitted_fn

        #[automatically_derived]
        impl ::catalog::__private_v1::Accounted for #ident {}

        #[automatically_derived]
        impl ::catalog::Tool for #ident {
            const NAME: &'static str = #name;
            #former_names
            const DESCRIPTION: &'static str = #description;
            const INPUT_SCHEMA: &'static str = #schema;
            #effects_const
            #output_items

            fn operation() -> &'static ::catalog::model::Operation {
                static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
                    ::std::sync::LazyLock::new(|| #make_operation);
                &OPERATION
            }

            #input_schema

            #from_arguments

            #to_request
        }
    }
}

/// Each field with its row: a field sets exactly one row (accounting guarantees it).
fn bind<'t, 'a>(tool: &'t Tool<'a>, op: &'t Operation) -> Vec<Bound<'t, 'a>> {
    op.accounting
        .iter()
        .enumerate()
        .filter_map(|(index, row)| {
            let (field, argument) = match &row.disposition {
                Disposition::Set { field, argument } => (field.as_str(), argument.clone()),
                Disposition::Undocumented {
                    field: Some(field),
                    argument,
                    ..
                } => (field.as_str(), argument.clone().unwrap_or_default()),
                _ => return None,
            };
            let field = tool.fields.iter().find(|f| *f.ident == field)?;
            Some(Bound {
                field,
                index,
                row,
                argument,
            })
        })
        .collect()
}

/// The user's struct, its doc comment followed by its MCP tool name, its output and the
/// accounting table (their summary stays first). The added lines are emitted as tokens after the
/// user's attributes rather than parsed back into the item: the table is tens of kilobytes for
/// an operation with a hundred parameters, and re-parsing it through `syn` cost more than the
/// rest of the expansion.
fn documented(item: &syn::ItemStruct, name: &str, op: &Operation, output: &str) -> TokenStream {
    let name_line = format!("MCP tool name: `{name}`");
    let table = str_literal(&catalog_core::present::doc::accounting_markdown(op));
    let attrs = &item.attrs;
    let syn::ItemStruct {
        vis,
        struct_token,
        ident,
        generics,
        fields,
        semi_token,
        ..
    } = item;
    let where_clause = &generics.where_clause;
    let semi_token = semi_token.unwrap_or_default();
    let body = match fields {
        syn::Fields::Named(named) => quote!(#where_clause #named),
        syn::Fields::Unnamed(unnamed) => quote!(#unnamed #where_clause #semi_token),
        syn::Fields::Unit => quote!(#where_clause #semi_token),
    };
    quote! {
        #(#attrs)*
        #[doc = ""]
        #[doc = #name_line]
        #[doc = ""]
        #[doc = #output]
        #[doc = ""]
        #[doc = #table]
        #vis #struct_token #ident #generics #body
    }
}

/// One pass over the arguments: each key matched to its field at compile time, its value
/// checked against the row's schema and moved into the field (no second walk, no lookups).
fn from_arguments(tool: &Tool, bound: &[Bound], refuse: TokenStream) -> TokenStream {
    let mut slots = Vec::new();
    let mut arms = Vec::new();
    let mut inits = Vec::new();
    for b in bound {
        let fident = b.field.ident;
        let argument = &b.argument;
        let index = b.index;
        let ty = b.field.ty;
        let slot = format_ident!("__slot_{}", fident);
        slots.push(
            quote!(let mut #slot: ::core::option::Option<#ty> = ::core::option::Option::None;),
        );
        let (layers, _) = b.field.shape.options();
        let (decode, init) = match layers {
            // A family's map is empty when the agent names no parameter of it.
            0 if b.row.family().is_some() => (
                quote!(__decoder.value(#index, #argument, __value)),
                quote!(::core::option::Option::unwrap_or_default(#slot)),
            ),
            0 => (
                quote!(__decoder.value(#index, #argument, __value)),
                quote!(::catalog::__private_v1::required(#slot, #argument)?),
            ),
            1 => (
                quote!(__decoder.value(#index, #argument, __value)),
                quote!(::core::option::Option::flatten(#slot)),
            ),
            _ => (
                quote!(__decoder.nullable(#index, #argument, __value)),
                quote!(::core::option::Option::flatten(#slot)),
            ),
        };
        arms.push(quote!(#argument => #slot = #decode,));
        inits.push(quote!(#fident: #init));
    }
    // Former names: refused, naming the argument that replaced each.
    for (former, current) in &tool.attr.aliases {
        let (former, current) = (&former.value, &current.value);
        arms.push(quote!(#former => __decoder.renamed(&__key, #current),));
    }
    let ident = &tool.item.ident;
    let construct = match &tool.item.fields {
        syn::Fields::Unit => quote!(#ident),
        _ => quote!(#ident { #(#inits,)* }),
    };
    // The value rule: its error is the agent's, and nothing is sent. The signature is checked
    // where the rule is named.
    let construct = match &tool.attr.check {
        None => construct,
        Some(rule) => {
            let rule = quote::quote_spanned! {syn::spanned::Spanned::span(rule)=>
                let __rule: fn(&Self) -> ::core::result::Result<(), ::std::string::String> = #rule;
            };
            quote! {{
                let __tool = #construct;
                #rule
                match __rule(&__tool) {
                    ::core::result::Result::Ok(()) => __tool,
                    ::core::result::Result::Err(__message) => {
                        return ::core::result::Result::Err(::catalog::ArgumentError::other(
                            "$",
                            __message,
                        ));
                    }
                }
            }}
        }
    };
    quote! {
        fn from_arguments(
            args: ::catalog::__private_v1::Value,
        ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
            #refuse
            let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
            #(#slots)*
            while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
                match __key.as_str() {
                    #(#arms)*
                    _ => __decoder.unknown(&__key),
                }
            }
            __decoder.finish()?;
            ::core::result::Result::Ok(#construct)
        }
    }
}

/// The request, with the fields handed over by reference in accounting order (the encoder then
/// finds each argument at the first place it looks), and the tool's plan, made on the first call.
fn to_request(bound: &[Bound]) -> TokenStream {
    let puts = bound.iter().map(|b| {
        let fident = b.field.ident;
        let argument = &b.argument;
        let null_when_none = b.row.param.required && b.row.param.schema.nullable;
        let put = match b.field.shape.options().0 {
            0 => quote!(::catalog::__private_v1::arg(&self.#fident)),
            1 => quote!(::catalog::__private_v1::arg_option(&self.#fident, #null_when_none)),
            _ => quote!(::catalog::__private_v1::arg_nullable(&self.#fident)),
        };
        quote!((#argument, #put))
    });
    let given = bound.iter().map(|b| {
        let fident = b.field.ident;
        let fname = fident.to_string();
        let fname = fname.strip_prefix("r#").unwrap_or(&fname).to_string();
        let put = match b.field.shape.options().0 {
            0 => quote!(::catalog::__private_v1::arg(&self.#fident)),
            1 => quote!(::catalog::__private_v1::arg_option(&self.#fident, false)),
            _ => quote!(::catalog::__private_v1::arg_nullable(&self.#fident)),
        };
        quote!((#fname, ::catalog::__private_v1::given(#put)))
    });
    quote! {
        fn __given(
            &self,
        ) -> ::core::option::Option<
            ::std::vec::Vec<(&'static str, ::core::option::Option<::catalog::__private_v1::Value>)>,
        > {
            ::core::option::Option::Some(::std::vec![#(#given),*])
        }

        fn to_request(
            &self,
        ) -> ::core::result::Result<::catalog::__private_v1::Request, ::catalog::RequestError> {
            static PLAN: ::std::sync::OnceLock<::catalog::__private_v1::Plan> =
                ::std::sync::OnceLock::new();
            ::catalog::__private_v1::request(Self::operation(), &PLAN, &[#(#puts),*])
        }
    }
}

/// The properties the tool fixes or omits by address inside the value of `b`'s parameter
/// (`fixed("body.data.type", ...)`), as entries of `__catalog_omitted`: each is then left out
/// of the input schema and refused from an agent with the tool's reason, like a struct's
/// omission; the encoder writes a fixed one in from the row.
fn below_entries(b: &Bound<'_, '_>, private: &TokenStream) -> Vec<TokenStream> {
    let argument = &b.argument;
    let named = !b.row.param.name.is_empty();
    b.row
        .below
        .iter()
        .map(|entry| {
            let mut steps = entry.steps();
            if named && !steps.is_empty() {
                // The parameter's own name is the argument's.
                steps.remove(0);
            }
            let steps = steps.iter().map(|s| match s {
                BelowStep::Property(name) => quote!(#private::PathStep::Property(#name)),
                BelowStep::Items => quote!(#private::PathStep::Items),
                BelowStep::Values => quote!(#private::PathStep::Values),
            });
            let (reason, fixed) = match &entry.disposition {
                // A value the tool sends there itself, documented or not.
                Disposition::Fixed { value, reason }
                | Disposition::Undocumented {
                    value: Some(value),
                    reason,
                    ..
                } => {
                    let text = value.to_string();
                    (reason, quote!(::core::option::Option::Some(#text)))
                }
                Disposition::Omitted { reason, .. } => {
                    (reason, quote!(::core::option::Option::None))
                }
                _ => return TokenStream::new(),
            };
            quote! {
                out.omitted.push(#private::OmittedAt {
                    path: ::std::vec![#private::PathStep::Property(#argument), #(#steps),*],
                    reason: #reason,
                    fixed: #fixed,
                });
            }
        })
        .collect()
}

/// The input schema (without the properties the fields' structs omit, at any depth), and the
/// refusal of those properties when an agent sends one, with the struct's reason, and the
/// function that lists them. A tool without a field of a user type has none of these: its
/// schema is the embedded one.
fn omitted(ident: &syn::Ident, bound: &[Bound]) -> (TokenStream, TokenStream, TokenStream) {
    let private = quote!(::catalog::__private_v1);
    let walks: Vec<TokenStream> = bound
        .iter()
        .filter_map(|b| {
            let (steps, inner) = crate::derive::nested::nested(b.field.ty)?;
            let argument = &b.argument;
            let steps = steps.iter().filter_map(|s| match s {
                crate::derive::nested::Step::Items => Some(quote!(#private::PathStep::Items)),
                crate::derive::nested::Step::Values => Some(quote!(#private::PathStep::Values)),
                crate::derive::nested::Step::OrEmpty => None,
            });
            Some(quote! {
                path.clear();
                path.push(#private::PathStep::Property(#argument));
                #(path.push(#steps);)*
                (&&#private::markers::Probe::<#inner>::new()).omitted(&mut path, &mut out, 0);
            })
        })
        .chain(bound.iter().flat_map(|b| below_entries(b, &private)))
        .collect();
    let plain = quote! {
        fn input_schema() -> &'static #private::Value {
            static SCHEMA: ::std::sync::LazyLock<#private::Value> =
                ::std::sync::LazyLock::new(|| {
                    #private::schema(<#ident as ::catalog::Tool>::INPUT_SCHEMA)
                });
            &SCHEMA
        }
    };
    if walks.is_empty() {
        return (plain, TokenStream::new(), TokenStream::new());
    }
    let schema = quote! {
        fn input_schema() -> &'static #private::Value {
            static SCHEMA: ::std::sync::LazyLock<#private::Value> =
                ::std::sync::LazyLock::new(|| {
                    #private::schema_without(
                        <#ident as ::catalog::Tool>::INPUT_SCHEMA,
                        <#ident>::__catalog_omitted(),
                    )
                });
            &SCHEMA
        }

        fn description() -> &'static str {
            static TEXT: ::std::sync::LazyLock<::std::string::String> =
                ::std::sync::LazyLock::new(|| {
                    #private::description_with(
                        <#ident as ::catalog::Tool>::DESCRIPTION,
                        <#ident>::__catalog_omitted(),
                    )
                });
            &TEXT
        }

        fn input_schema_json() -> &'static str {
            static JSON: ::std::sync::LazyLock<::std::borrow::Cow<'static, str>> =
                ::std::sync::LazyLock::new(|| {
                    #private::schema_json_without(
                        <#ident as ::catalog::Tool>::INPUT_SCHEMA,
                        <#ident as ::catalog::Tool>::input_schema(),
                        <#ident>::__catalog_omitted(),
                    )
                });
            &JSON
        }
    };
    let refuse = quote! {
        #private::refuse_omitted(&args, &<#ident>::__catalog_omitted().omitted)?;
    };
    let function = quote! {
        impl #ident {
            /// The properties the structs of this tool's fields omit, with their reasons, and
            /// those they type as a plain `Option` (unset only).
            #[doc(hidden)]
            pub fn __catalog_omitted() -> &'static #private::Nested {
                static OMITTED: ::std::sync::LazyLock<#private::Nested> =
                    ::std::sync::LazyLock::new(|| {
                        #[allow(unused_imports)]
                        use #private::markers::{ProbeObject as _, ProbeOther as _};
                        let mut path = ::std::vec::Vec::new();
                        let mut out = #private::Nested::default();
                        #(#walks)*
                        out
                    });
                &OMITTED
            }
        }
    };
    (schema, refuse, function)
}
