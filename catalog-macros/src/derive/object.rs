//! `#[derive(Object)]`.

use super::serde_attr::{Serde, apply_to_field, wire_name};
use crate::ctxt::Ctxt;
use crate::key;
use catalog_core::check::types::RustType;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

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
    let module = super::module(ident);
    let [sent, read] = [Direction::SENT, Direction::READ].map(|d| d.checks(ident, &module, fields));
    let (sent_defs, sent_impls, sent_fn) = (sent.defs, sent.impls, sent.function);
    let (read_defs, read_impls, read_fn) = (read.defs, read.impls, read.function);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::catalog::Object for #ident #ty_generics #where_clause {
            const FIELDS: &'static [(&'static str, bool)] = &[#(#entries),*];
        }

        #[doc(hidden)]
        #[allow(non_snake_case, non_camel_case_types)]
        mod #module {
            #sent_defs
            #read_defs
        }

        const _: () = {
            #(#present)*
            #[automatically_derived]
            impl #markers::ObjectMarkers for #ident {
                type Object = #ident;
            }
            #sent_impls
            #read_impls
        };

        #sent_fn
        #read_fn
    }
}

/// Which way an object travels, for the check of its fields against the properties a schema
/// declares: the messages differ, as what becomes of an undeclared field does.
struct Direction {
    /// The name of the check `#[tool]` calls on the struct (after `__catalog_`).
    check: &'static str,
    /// What the per-field traits' names start with.
    prefix: &'static str,
    /// What an undeclared field means, and its fix.
    note: &'static str,
}

impl Direction {
    /// A request's object (a parameter or body property).
    const SENT: Direction = Direction {
        check: "fields_sent_as",
        prefix: "Field",
        note: "a server ignores a property it does not declare: fix the name (or its \
               `#[serde(rename)]`), or send undeclared properties through a `serde_json::Value` \
               field",
    };
    /// A response's object (a tool's `output`).
    const READ: Direction = Direction {
        check: "fields_read_as",
        prefix: "Output_field",
        note: "the response never fills a field it does not declare: fix the name (or its \
               `#[serde(rename)]`), or remove the field",
    };

    /// One trait per field (in `module`) whose message names it when `S` does not declare it,
    /// its impl, and `impl <struct> { fn __catalog_<check><S>() where <each field's bound> }`.
    fn checks(&self, ident: &syn::Ident, module: &syn::Ident, fields: &[ObjectField]) -> Checks {
        let markers = quote!(::catalog::__private_v1::markers);
        let traits: Vec<syn::Ident> = fields
            .iter()
            .map(|f| format_ident!("{}_{}", self.prefix, unraw(f.ident), span = f.ident.span()))
            .collect();
        let defs = fields.iter().zip(&traits).map(|(f, tr)| {
            let message = format!(
                "`{ident}` has a field `{}` (`{}` on the wire) that {{S}} does not declare",
                unraw(f.ident),
                f.wire
            );
            let label = format!("`{}` is not a property of this object", f.wire);
            let note = self.note;
            quote! {
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                pub trait #tr<S: ?::core::marker::Sized> {}
            }
        });
        let impls = fields.iter().zip(&traits).map(|(f, tr)| {
            let k = key::literal(&f.wire);
            quote! {
                #[diagnostic::do_not_recommend]
                impl<S: ?::core::marker::Sized + #markers::DeclaresProperty<#k>> #module::#tr<S>
                    for #ident {}
            }
        });
        Checks {
            defs: quote!(#(#defs)*),
            impls: quote!(#(#impls)*),
            function: super::check_fn(ident, self.check, fields.iter().map(|f| f.ident), &traits),
        }
    }
}

/// What one direction's check adds: the traits (in the derive's module), their impls, and the
/// inherent function `#[tool]` calls.
struct Checks {
    defs: TokenStream,
    impls: TokenStream,
    function: TokenStream,
}

/// A field's name without `r#`.
fn unraw(ident: &syn::Ident) -> String {
    let name = ident.to_string();
    name.trim_start_matches("r#").to_string()
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
