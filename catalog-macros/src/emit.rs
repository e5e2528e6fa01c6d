//! The expansion of a checked tool: the struct with its accounting in rustdoc, and
//! `impl catalog::Tool` whose data (operation, schema) are compile-time string constants.

use crate::ast::Field;
use crate::attr::ToolAttr;
use catalog_core::model::Disposition;
use catalog_core::model::Operation;
use heck::ToSnakeCase;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub fn tool_name(attr: &ToolAttr, item: &syn::ItemStruct, op: Option<&Operation>) -> String {
    match (&attr.name, op.and_then(|o| o.id.as_deref())) {
        (Some(n), _) => n.value.clone(),
        (None, Some(id)) => id.to_snake_case(),
        (None, None) => item.ident.to_string().to_snake_case(),
    }
}

pub fn description(
    item: &syn::ItemStruct,
    op: &Operation,
    semantics: Option<catalog_core::serve::effects::Semantics>,
) -> String {
    use catalog_core::serve::effects::Semantics;
    let mut text = crate::attr::doc(&item.attrs)
        .or_else(|| op.summary.clone())
        .or_else(|| op.description.clone())
        .unwrap_or_else(|| format!("{} {}", op.method, op.path));
    let semantics = semantics.or_else(|| Semantics::from_method(&op.method));
    if op.method == "PUT" && semantics == Some(Semantics::Merge) {
        text.push_str(
            "\n\nThis PUT merges: only the body fields you send change; the others are kept.",
        );
    }
    // What the accounting means for the agent: a full replace clears what the tool cannot send.
    if semantics == Some(Semantics::FullReplace) {
        let what = if op.method == "PUT" {
            "a full replace (PUT)"
        } else {
            "a full replace"
        };
        let omitted: Vec<String> = op
            .accounting
            .iter()
            .filter(|r| {
                r.param.location == catalog_core::model::Location::Body
                    && matches!(r.disposition, Disposition::Omitted { .. })
            })
            .map(|r| format!("`{}`", r.param.name))
            .collect();
        text.push_str(&format!(
            "\n\nThis is {what}: every body field you leave out is written as empty."
        ));
        if !omitted.is_empty() {
            text.push_str(&format!(
                " This tool cannot send {}, so those are cleared too.",
                omitted.join(", ")
            ));
        }
    }
    let omitted: Vec<String> = op
        .accounting
        .iter()
        .filter_map(|r| match &r.disposition {
            Disposition::Omitted { reason, .. } if !r.param.name.is_empty() => {
                Some(format!("- `{}` is not available: {reason}", r.param.name))
            }
            _ => None,
        })
        .collect();
    // A glob can omit hundreds of filters; they are listed in the rejection message instead.
    if !omitted.is_empty() && omitted.len() <= 12 {
        text.push_str("\n\nNot available through this tool:\n");
        text.push_str(&omitted.join("\n"));
    }
    text
}

pub fn emit(
    item: &syn::ItemStruct,
    attr: &ToolAttr,
    fields: &[Field],
    op: &Operation,
    dir_file: &std::path::Path,
    (effects, reason): &(catalog_core::serve::effects::Effects, Option<String>),
) -> TokenStream {
    let ident = &item.ident;
    let name = tool_name(attr, item, Some(op));
    let description = description(item, op, effects.semantics);
    let effects_const = crate::effects::emit(effects, reason.as_deref());
    let docs: Vec<(String, Option<String>)> = fields
        .iter()
        .map(|f| (f.ident.to_string(), f.doc.clone()))
        .collect();
    let schema = catalog_core::present::schema::input_schema_with_docs(op, |field| {
        docs.iter()
            .find(|(n, _)| n == field)
            .and_then(|(_, d)| d.clone())
    })
    .to_string();
    let op_json = serde_json::to_string(op).unwrap_or_default();
    let table = catalog_core::present::doc::accounting_markdown(op);
    let dir_file = dir_file.display().to_string();

    // One pass over the arguments: each key matched to its field at compile time, its value
    // checked against the row's schema and moved into the field (no second walk, no lookups).
    let mut slots = Vec::new();
    let mut arms = Vec::new();
    let mut inits = Vec::new();
    let mut puts = Vec::new();
    let mut checks = Vec::new();
    for f in fields {
        let fident = f.ident;
        let fname = fident.to_string();
        let row = op
            .accounting
            .iter()
            .enumerate()
            .find(|(_, r)| match &r.disposition {
                Disposition::Set { field, .. } => *field == fname,
                Disposition::Undocumented { field, .. } => field.as_deref() == Some(fname.as_str()),
                _ => false,
            });
        let Some((index, row)) = row else { continue };
        let argument = match &row.disposition {
            Disposition::Set { argument, .. } => argument.clone(),
            Disposition::Undocumented { argument, .. } => argument.clone().unwrap_or_default(),
            _ => continue,
        };
        let ty = f.ty;
        let slot = format_ident!("__slot_{}", fident);
        let (layers, _) = f.shape.options();
        let null_when_none = row.param.required && row.param.schema.nullable;
        slots.push(
            quote!(let mut #slot: ::core::option::Option<#ty> = ::core::option::Option::None;),
        );
        let (decode, init, put) = match layers {
            0 => (
                quote!(__decoder.value(#index, #argument, __value)),
                quote!(::catalog::__private_v1::required(#slot, #argument)?),
                quote!(::catalog::__private_v1::arg(&self.#fident)),
            ),
            1 => (
                quote!(__decoder.value(#index, #argument, __value)),
                quote!(::core::option::Option::flatten(#slot)),
                quote!(::catalog::__private_v1::arg_option(&self.#fident, #null_when_none)),
            ),
            _ => (
                quote!(__decoder.nullable(#index, #argument, __value)),
                quote!(::core::option::Option::flatten(#slot)),
                quote!(::catalog::__private_v1::arg_nullable(&self.#fident)),
            ),
        };
        checks.extend(user_type_check(f, row));
        arms.push(quote!(#argument => #slot = #decode,));
        inits.push(quote!(#fident: #init));
        puts.push((index, quote!((#argument, #put))));
    }
    // In accounting order: the encoder then finds each argument at the first place it looks.
    puts.sort_by_key(|(index, _)| *index);
    let puts = puts.into_iter().map(|(_, put)| put);
    let construct = match &item.fields {
        syn::Fields::Unit => quote!(#ident),
        _ => quote!(#ident { #(#inits,)* }),
    };
    let marker = format_ident!("__CATALOG_INDEX_{}", ident);
    // The accounting goes after the user's own doc comment, so their summary stays first.
    let mut item = item.clone();
    item.attrs.push(syn::parse_quote!(#[doc = ""]));
    item.attrs.push(syn::parse_quote!(#[doc = #table]));
    quote! {
        #item

        #[allow(non_upper_case_globals)]
        const #marker: &[u8] = include_bytes!(#dir_file);

        #(#checks)*

        #[automatically_derived]
        impl ::catalog::Tool for #ident {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = #description;
            const INPUT_SCHEMA: &'static str = #schema;
            #effects_const

            fn operation() -> &'static ::catalog::Operation {
                static OPERATION: ::std::sync::LazyLock<::catalog::Operation> =
                    ::std::sync::LazyLock::new(|| ::catalog::__private_v1::operation(#op_json));
                &OPERATION
            }

            fn input_schema() -> &'static ::catalog::__private_v1::Value {
                static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
                    ::std::sync::LazyLock::new(|| {
                        ::catalog::__private_v1::schema(<#ident as ::catalog::Tool>::INPUT_SCHEMA)
                    });
                &SCHEMA
            }

            fn from_arguments(
                args: ::catalog::__private_v1::Value,
            ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
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

            fn to_request(
                &self,
            ) -> ::core::result::Result<::catalog::__private_v1::Request, ::catalog::RequestError> {
                ::catalog::__private_v1::request(Self::operation(), &[#(#puts),*])
            }
        }
    }
}

/// For a field typed with a user type (`T`, `Option<T>`, `Vec<T>`, ...): compile-time assertions
/// that `T` matches the spec, through the constant its derive wrote. A string enum's values must be
/// exactly `T`'s variants (`StringEnum`); an object's required properties must be fields that are
/// always present, and every field a declared property (`Object`). One assertion per spec name, so
/// the error names it.
fn user_type_check(f: &Field, row: &catalog_core::model::Accounted) -> Option<TokenStream> {
    let mut ty = f.ty;
    while let Some(inner) = wrapped(ty) {
        ty = inner;
    }
    if !matches!(
        crate::ast::shape(ty),
        catalog_core::check::accounting::RustType::Named(_)
    ) {
        return None;
    }
    let mut schema = &row.param.schema;
    while let catalog_core::model::Type::Array { items, .. } = &schema.ty {
        schema = items;
    }
    let name = quote!(#ty).to_string().replace(' ', "");
    let address = row.param.address();
    let span = syn::spanned::Spanned::span(ty);
    let values = match &schema.ty {
        catalog_core::model::Type::String {
            enumeration: Some(values),
            ..
        } => values,
        catalog_core::model::Type::Object { fields, .. } if !fields.is_empty() => {
            return Some(object_check(ty, &name, &address, fields, span));
        }
        _ => return None,
    };
    let each = values.iter().map(|v| {
        let message = format!("`{name}` has no variant for `{v}`, a value {address} allows");
        quote::quote_spanned! {span=>
            ::core::assert!(
                ::catalog::__private_v1::has(<#ty as ::catalog::StringEnum>::VALUES, #v),
                #message
            );
        }
    });
    let list = backticked(values.iter().map(String::as_str));
    let message = format!("`{name}` has a variant {address} does not allow (it allows {list})");
    Some(quote::quote_spanned! {span=>
        const _: () = {
            #(#each)*
            ::core::assert!(
                ::catalog::__private_v1::all_in(
                    <#ty as ::catalog::StringEnum>::VALUES,
                    &[#(#values),*],
                ),
                #message
            );
        };
    })
}

fn object_check(
    ty: &syn::Type,
    name: &str,
    address: &str,
    fields: &[catalog_core::model::Field],
    span: proc_macro2::Span,
) -> TokenStream {
    let required = fields.iter().filter(|p| p.required && !p.read_only);
    let each = required.map(|p| {
        let prop = &p.name;
        let missing = format!("`{name}` has no field for `{prop}`, which {address} requires");
        let absent = format!(
            "`{name}`'s field for `{prop}` may be absent (`Option` or `#[serde(default)]`), but \
             {address} requires `{prop}`"
        );
        quote::quote_spanned! {span=>
            ::core::assert!(
                ::catalog::__private_v1::has_field(<#ty as ::catalog::Object>::FIELDS, #prop),
                #missing
            );
            ::core::assert!(
                !::core::matches!(
                    ::catalog::__private_v1::field_optional(<#ty as ::catalog::Object>::FIELDS, #prop),
                    ::core::option::Option::Some(true)
                ),
                #absent
            );
        }
    });
    let props: Vec<&str> = fields.iter().map(|p| p.name.as_str()).collect();
    let list = backticked(props.iter().copied());
    let extra = format!("`{name}` has a field {address} does not declare (it declares {list})");
    quote::quote_spanned! {span=>
        const _: () = {
            #(#each)*
            ::core::assert!(
                ::catalog::__private_v1::fields_in(<#ty as ::catalog::Object>::FIELDS, &[#(#props),*]),
                #extra
            );
        };
    }
}

/// `` `a`, `b`, `c` ``, for messages.
fn backticked<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `T` in `Option<T>` or `Vec<T>`.
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
