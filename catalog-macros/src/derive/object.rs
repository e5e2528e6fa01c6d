//! `#[derive(Object)]`.

use super::nested::{Omission, Step, nested, omissions, primitive};
use super::serde_attr::{Serde, apply_to_field, wire_name};
use crate::ctxt::Ctxt;
use crate::key;
use catalog_core::check::types::RustType;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

/// One field: its Rust name, its name on the wire, whether it may be absent, and the type of
/// the user's it nests (with the steps down to it), if any.
struct ObjectField<'a> {
    ident: &'a syn::Ident,
    wire: String,
    optional: bool,
    /// Typed `Option<T>`: its `None` is "not set", never the agent's null (see
    /// `catalog::Nullable`).
    unset_only: bool,
    nested: Option<(Vec<Step>, &'a syn::Type)>,
    /// The primitive it holds (`bool`, `String`, `i64`, ...), checked against its property.
    primitive: Option<&'a syn::Type>,
}

pub fn object(input: syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let fields = fields(&cx, &input);
    let omitted = omissions(&cx, &input.ident, &input.attrs);
    for o in &omitted {
        if fields.iter().any(|f| f.wire == o.name) {
            cx.error(
                o.name_span,
                format!(
                    "`{}` is a field of `{}` and cannot also be omitted: remove one",
                    o.name, input.ident
                ),
            );
        }
    }
    let expanded = expand(&input, &fields, &omitted);
    super::frame::finish(cx, expanded)
}

fn expand(input: &syn::DeriveInput, fields: &[ObjectField], omitted: &[Omission]) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let entries = fields.iter().map(|f| {
        let (wire, optional) = (&f.wire, f.optional);
        quote!((#wire, #optional))
    });
    let omitted_entries = omitted.iter().map(|o| {
        let (name, reason) = (&o.name, &o.reason);
        quote!((#name, #reason))
    });
    let markers = quote!(::catalog::__private_v1::markers);
    let present = fields.iter().filter(|f| !f.optional).map(|f| {
        let k = key::literal(&f.wire);
        quote! {
            #[automatically_derived]
            impl #markers::AlwaysPresent<#k> for #ident {}
        }
    });
    let accounts = fields
        .iter()
        .map(|f| &f.wire)
        .chain(omitted.iter().map(|o| &o.name))
        .map(|wire| {
            let k = key::literal(wire);
            quote! {
                #[automatically_derived]
                impl #markers::AccountsFor<#k> for #ident {}
            }
        });
    let walk = walk(fields);
    let module = super::frame::module(ident);
    // One type per field, named for it: `#[tool]`'s message for a field its object does not
    // declare prints it (`Slack` has a field `chanel` ...).
    let field_types = fields.iter().map(|f| {
        let ty = f.ident;
        quote!(pub struct #ty;)
    });
    let [sent, read] = [Direction::SENT, Direction::READ].map(|d| d.checks(ident, &module, fields));
    let (sent_defs, sent_impls, sent_fn) = (sent.defs, sent.impls, sent.function);
    let (read_defs, read_impls, read_fn) = (read.defs, read.impls, read.function);
    let (sent_as, read_as) = (sent.nested_as, read.nested_as);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::catalog::Object for #ident #ty_generics #where_clause {
            const FIELDS: &'static [(&'static str, bool)] = &[#(#entries),*];
            const OMITTED: &'static [(&'static str, &'static str)] = &[#(#omitted_entries),*];

            fn __catalog_omitted(
                path: &mut ::std::vec::Vec<::catalog::__private_v1::PathStep>,
                out: &mut ::catalog::__private_v1::Nested,
                depth: usize,
            ) {
                #walk
            }
        }

        #[doc(hidden)]
        #[allow(non_snake_case, non_camel_case_types)]
        mod #module {
            #(#field_types)*
            #sent_defs
            #read_defs
        }

        const _: () = {
            #(#present)*
            #(#accounts)*
            #[automatically_derived]
            impl #markers::ObjectMarkers for #ident {
                type Object = #ident;
            }
            #sent_impls
            #sent_as
            #read_impls
            #read_as
        };

        #sent_fn
        #read_fn

        #[automatically_derived]
        impl #ident {
            /// Where `#[tool]` finds this struct standing for a free-form object of a request:
            /// `S` declares properties, or the build fails naming it.
            #[doc(hidden)]
            pub fn __catalog_stands_for_free_form<S>()
            where
                S: ?::core::marker::Sized + #markers::DeclaresProperties<Self>,
            {
            }
        }
    }
}

/// Which way an object travels, for the check of its fields against the properties a schema
/// declares: the messages differ, as what becomes of an undeclared field does.
struct Direction {
    /// The name of the check `#[tool]` calls on the struct (after `__catalog_`).
    check: &'static str,
    /// What the per-field traits' names start with.
    prefix: &'static str,
    /// The marker trait the struct implements where it is nested (`SentAs`, `ReadAs`): every
    /// field's check holds.
    nested_as: &'static str,
}

impl Direction {
    /// A request's object (a parameter or body property).
    const SENT: Direction = Direction {
        check: "fields_sent_as",
        prefix: "Field",
        nested_as: "SentAs",
    };
    /// A response's object (a tool's `output`).
    const READ: Direction = Direction {
        check: "fields_read_as",
        prefix: "Output_field",
        nested_as: "ReadAs",
    };

    /// One trait per field (in `module`), implemented where `S` declares its property (the
    /// message of an undeclared one is `#[tool]`'s, which names the object as the user knows
    /// it), and `impl <struct> { fn __catalog_<check><S>() where <each field's bound> }`.
    fn checks(&self, ident: &syn::Ident, module: &syn::Ident, fields: &[ObjectField]) -> Checks {
        let markers = quote!(::catalog::__private_v1::markers);
        let traits: Vec<syn::Ident> = fields
            .iter()
            .map(|f| format_ident!("{}_{}", self.prefix, unraw(f.ident), span = f.ident.span()))
            .collect();
        let defs = traits.iter().map(|tr| {
            quote! {
                pub trait #tr<S: ?::core::marker::Sized> {}
            }
        });
        let impls = fields.iter().zip(&traits).map(|(f, tr)| {
            let k = key::literal(&f.wire);
            let field = f.ident;
            let declares = quote!(#markers::DeclaresProperty<#k, #ident, #module::#field>);
            match &f.nested {
                // Not `do_not_recommend`: an unmet bound of the nested type is reported itself
                // (a missing or misspelled property at that depth), not as this field's.
                Some((steps, inner)) => {
                    let carried = if steps.contains(&Step::OrEmpty) {
                        quote!(#markers::EmptyOr<#inner>)
                    } else {
                        quote!(#inner)
                    };
                    // Spanned at the field: rustc's notes then point at it, not at the derive.
                    quote_spanned! {f.ident.span()=>
                        impl<S: ?::core::marker::Sized + #declares> #module::#tr<S> for #ident
                        where
                            <S as #declares>::Schema: #markers::Carries<#carried>,
                        {}
                    }
                }
                None => match f.primitive {
                    // Not spanned at the field: an unmet bound's message names the property, and
                    // rustc's other notes keep pointing at the derive.
                    Some(inner) => quote! {
                        impl<S: ?::core::marker::Sized + #declares> #module::#tr<S> for #ident
                        where
                            <S as #declares>::Schema: #markers::TakesScalar<#inner>,
                        {}
                    },
                    None => quote! {
                        impl<S: ?::core::marker::Sized + #declares> #module::#tr<S> for #ident {}
                    },
                },
            }
        });
        let nested_as = format_ident!("{}", self.nested_as);
        let bounds = traits.iter().map(|tr| quote!(#ident: #module::#tr<S>,));
        let nested_as = quote! {
            #[automatically_derived]
            impl<S: ?::core::marker::Sized> #markers::#nested_as<S> for #ident
            where
                #(#bounds)*
            {}
        };
        Checks {
            defs: quote!(#(#defs)*),
            impls: quote!(#(#impls)*),
            function: super::frame::check_fn(
                ident,
                self.check,
                fields.iter().map(|f| f.ident),
                &traits,
            ),
            nested_as,
        }
    }
}

/// What one direction's check adds: the traits (in the derive's module), their impls, and the
/// inherent function `#[tool]` calls.
struct Checks {
    defs: TokenStream,
    impls: TokenStream,
    function: TokenStream,
    /// `impl SentAs<S>`/`ReadAs<S>`: the check of the struct where it is nested.
    nested_as: TokenStream,
}

/// The body of `__catalog_omitted`: where the struct stands (closed), its own omissions, then
/// each nested type's, below its field's steps (a type without the derive has none).
fn walk(fields: &[ObjectField]) -> TokenStream {
    let private = quote!(::catalog::__private_v1);
    let nested = fields.iter().filter_map(|f| {
        let (steps, inner) = f.nested.as_ref()?;
        let wire = &f.wire;
        let steps: Vec<TokenStream> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Items => Some(quote!(#private::PathStep::Items)),
                Step::Values => Some(quote!(#private::PathStep::Values)),
                Step::OrEmpty => None,
            })
            .collect();
        let n = steps.len() + 1;
        Some(quote! {
            path.push(#private::PathStep::Property(#wire));
            #(path.push(#steps);)*
            (&&#private::markers::Probe::<#inner>::new()).omitted(path, out, depth + 1);
            path.truncate(path.len() - #n);
        })
    });
    let unset_only = fields.iter().filter(|f| f.unset_only).map(|f| {
        let wire = &f.wire;
        quote! {
            let mut at = path.clone();
            at.push(#private::PathStep::Property(#wire));
            out.unset_only.push(at);
        }
    });
    quote! {
        #[allow(unused_imports)]
        use #private::markers::{ProbeObject as _, ProbeOther as _};
        // The struct stands here: serde would drop a key it has no field for.
        out.closed.push(path.clone());
        for &(name, reason) in <Self as ::catalog::Object>::OMITTED {
            let mut at = path.clone();
            at.push(#private::PathStep::Property(name));
            out.omitted.push(#private::OmittedAt { path: at, reason, fixed: ::core::option::Option::None });
        }
        #(#unset_only)*
        #(#nested)*
    }
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
        if serde.has("skip_serializing") {
            cx.error(
                ident.span(),
                format!(
                    "`{ident}` is decoded but never sent (`#[serde(skip_serializing)]`): an \
                     agent's value would be accepted and then lost; remove the attribute, or \
                     omit the property on the struct: \
                     `#[object(omitted(\"...\", reason = \"...\"))]`"
                ),
            );
            continue;
        }
        let has_default = all_default || serde.has("default");
        let shape = crate::ast::shape(&f.ty);
        if let RustType::Option(inner) = &shape
            && let RustType::Option(value) = inner.as_ref()
        {
            // serde reads a struct field's null as the outer `None`: the agent's null would be
            // "not set", never sent. At the top level `Option<Option<T>>` tells them apart
            // (the tool decodes it); in a struct, `Nullable` does.
            cx.error(
                ident.span(),
                format!(
                    "`{ident}` is `Option<Option<{inner}>>`, which in a struct cannot tell an \
                     agent's null from a property left out (serde reads both as `None`): type it \
                     `catalog::Nullable<{inner}>` with \
                     `#[serde(default, skip_serializing_if = \"catalog::Nullable::is_unset\")]` \
                     to send null, or `Option<{inner}>` if null is never sent",
                    inner = value.render()
                ),
            );
            continue;
        }
        let unset_only = matches!(shape, RustType::Option(_));
        if is_nullable(&f.ty) && !(has_default && serde.has("skip_serializing_if")) {
            cx.error(
                ident.span(),
                format!(
                    "`{ident}` is a `catalog::Nullable`, which must be unset when the agent leaves \
                     it out and then not sent at all: write \
                     `#[serde(default, skip_serializing_if = \"catalog::Nullable::is_unset\")]` \
                     on it"
                ),
            );
        }
        let optional = has_default || unset_only;
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
        match wire_name(cx, serde, &container.rename_all, name, apply_to_field) {
            Some(wire) => out.push(ObjectField {
                ident,
                wire,
                optional,
                unset_only,
                nested: nested(&f.ty),
                primitive: primitive(&f.ty),
            }),
            None => return Vec::new(),
        }
    }
    out
}

/// Whether a field is typed `catalog::Nullable<T>` (by its last path segment).
fn is_nullable(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Nullable"))
}
