//! `#[derive(Object)]`.

use super::serde_attr::{Serde, apply_to_field, wire_name};
use crate::ctxt::Ctxt;
use crate::key;
use catalog_core::check::types::RustType;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

/// One field: its Rust name, its name on the wire, and whether it may be absent.
struct ObjectField<'a> {
    ident: &'a syn::Ident,
    wire: String,
    optional: bool,
}

pub fn object(input: syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let fields = fields(&cx, &input);
    let expanded = expand(&input, &fields);
    super::finish(cx, expanded)
}

fn expand(input: &syn::DeriveInput, fields: &[ObjectField]) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let entries = fields.iter().map(|f| {
        let (wire, optional) = (&f.wire, f.optional);
        quote!((#wire, #optional))
    });
    let markers = quote!(::catalog::__private_v1::markers);
    let present = fields.iter().filter(|f| !f.optional).map(|f| {
        let k = key::literal(&f.wire);
        quote! {
            #[automatically_derived]
            impl #markers::AlwaysPresent<#k> for #ident {}
        }
    });
    let traits: Vec<syn::Ident> = fields
        .iter()
        .map(|f| {
            let name = f.ident.to_string();
            format_ident!(
                "Field_{}",
                name.trim_start_matches("r#"),
                span = f.ident.span()
            )
        })
        .collect();
    let declared = fields.iter().zip(&traits).map(|(f, tr)| {
        let k = key::literal(&f.wire);
        let field = f.ident.to_string();
        let field = field.trim_start_matches("r#");
        let message = format!(
            "`{ident}` has a field `{field}` (`{}` on the wire) that `{{S}}` does not declare",
            f.wire
        );
        let label = format!("`{}` is not a property of this object", f.wire);
        let note = "a server ignores a property it does not declare: fix the name (or its \
                    `#[serde(rename)]`), or send undeclared properties through a \
                    `serde_json::Value` field";
        quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            pub trait #tr<S> {}
            #[diagnostic::do_not_recommend]
            impl<S: #markers::DeclaresProperty<#k>> #tr<S> for #ident {}
        }
    });
    // Spanned at the struct's name: rustc's notes then point at the user's struct, not into
    // Each bound at the field's own name: the "unsatisfied trait bound" note points at it.
    let predicates = fields.iter().zip(&traits).map(|(item, tr)| {
        let span = item.ident.span();
        let this = syn::Ident::new(&ident.to_string(), span);
        quote_spanned!(span=> #this: #tr<S>,)
    });
    // the derive's expansion.
    let aggregate = quote_spanned! {ident.span()=>
        impl<S> #markers::FieldsDeclaredBy<S> for Fields
        where
            #(#predicates)*
        {}
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics ::catalog::Object for #ident #ty_generics #where_clause {
            const FIELDS: &'static [(&'static str, bool)] = &[#(#entries),*];
        }

        #[allow(non_camel_case_types)]
        const _: () = {
            #(#present)*
            pub struct Fields;
            #[automatically_derived]
            impl #markers::ObjectMarkers for #ident {
                type Object = #ident;
                type Fields = Fields;
            }
            #(#declared)*
            #aggregate
        };
    }
}

/// Each field's wire name and whether it may be absent when decoding.
fn fields<'a>(cx: &Ctxt, input: &'a syn::DeriveInput) -> Vec<ObjectField<'a>> {
    let fields = match &input.data {
        syn::Data::Struct(syn::DataStruct {
            fields: syn::Fields::Named(named),
            ..
        }) => &named.named,
        _ => {
            cx.error(
                input.ident.span(),
                "Object is derived for a struct with named fields, one per property of the spec's object",
            );
            return Vec::new();
        }
    };
    if !input.generics.params.is_empty() {
        cx.error_spanned_by(
            &input.generics,
            "an Object cannot be generic: it stands for one object schema of the spec",
        );
    }
    let container = Serde::parse(cx, "Object", &input.attrs);
    let all_default = container.has("default");
    let mut out = Vec::new();
    for f in fields {
        let Some(ident) = &f.ident else { continue };
        let serde = Serde::parse(cx, "Object", &f.attrs);
        if serde.has("flatten") {
            cx.error(
                ident.span(),
                "Object cannot check a `#[serde(flatten)]` field: name the properties, or type the \
                 whole object as `serde_json::Value`",
            );
            continue;
        }
        if serde.has("skip") || serde.has("skip_deserializing") {
            continue;
        }
        let optional = all_default
            || serde.has("default")
            || matches!(crate::ast::shape(&f.ty), RustType::Option(_));
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
        match wire_name(cx, serde, &container.rename_all, name, apply_to_field) {
            Some(wire) => out.push(ObjectField {
                ident,
                wire,
                optional,
            }),
            None => return Vec::new(),
        }
    }
    out
}
