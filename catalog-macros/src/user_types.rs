//! Compile-time checks of user types against the spec, emitted by `#[tool]` for a field typed
//! with an enum or a struct of the user's (`T`, `Option<T>`, `Vec<T>`, ...), and for the type a
//! tool reads its output as (`#[tool(output = T)]`, against the chosen response's schema).
//!
//! Nothing is evaluated: the derives mark `T` with one `HasVariant<KEY>`/`AlwaysPresent<KEY>`
//! impl per wire name, and give `T` an inherent function that checks each variant/field against
//! a parameter type `S` (`T::__catalog_variants_allowed_by::<S>()`, ...); `#[tool]` writes `S`
//! (one per field, named for it in words, marked with the values/properties the spec allows),
//! one local trait per spec value/required property, whose `#[diagnostic::on_unimplemented]`
//! message names the value, the parameter, and the line to add, and calls both checks. Every
//! unmet bound is its own error, so one build reports every missing value and every extra
//! variant, at the field's type.

use crate::ast::Field;
use crate::ctxt::Range;
use crate::key;
use catalog_core::check::output::Typed;
use catalog_core::model::{Accounted, Location, Schema, Type};
use heck::ToUpperCamelCase;
use proc_macro2::{Ident, TokenStream};
use quote::{quote, quote_spanned};

/// The checks for one field, if its type is a user type standing for a string enum or an
/// object with declared properties.
pub fn checks(tool: &syn::Ident, f: &Field, row: &Accounted) -> Option<TokenStream> {
    let p = &row.param;
    if let Some(e) = or_empty_check(f, row) {
        return Some(e);
    }
    let subject = match (p.location, p.name.is_empty()) {
        (Location::Body, true) => Subject::new(&["body"], tool),
        (Location::Body, false) => Subject::new(&["body property", &p.name], tool),
        (location, _) => Subject::new(&[&format!("{location} parameter"), &p.name], tool),
    };
    against(f.user_type()?, &p.schema, &subject, Direction::Sent, |p| {
        p.required && !p.read_only
    })
}

/// A property that is `anyOf [X, ""]` is offered to agents with both arms: its field must
/// decode both, as `catalog::OrEmpty<T>` or `serde_json::Value` does. Else the error, at the
/// field's type.
fn or_empty_check(f: &Field, row: &Accounted) -> Option<TokenStream> {
    let p = &row.param;
    catalog_core::check::nested::or_empty_arm(&p.schema)?;
    let ty = f.ty;
    let written = quote!(#ty).to_string().replace(' ', "");
    // `serde_json::Value` and scalars have no user type: the type table checks them.
    let user = f.user_type()?;
    if written.contains("OrEmpty<") {
        return None;
    }
    let user = quote!(#user).to_string().replace(' ', "");
    let wants = written.replacen(&user, &format!("catalog::OrEmpty<{user}>"), 1);
    let message = format!(
        "`{}` is {} or the empty string (which unsets it); `{written}` cannot decode the empty \
         string an agent may send: use `{wants}`",
        p.address(),
        catalog_core::check::nested::element(&p.schema)
            .ty
            .describe(),
    );
    Some(syn::Error::new_spanned(ty, message).to_compile_error())
}

/// The checks for the type a tool reads its output as (`#[tool(output = T)]`), if it is (or
/// holds, in `Option`s and `Vec`s) a user type standing for a string enum or an object with
/// declared properties. Every property the response requires counts, read-only ones too: the
/// server sends them.
pub fn output_checks(tool: &syn::Ident, ty: &syn::Type, typed: &Typed) -> Option<TokenStream> {
    let status = typed.status.to_string();
    let subject = Subject {
        words: format!("the `{status} {}` response of `{tool}`", typed.media_type),
        ident: key::ident(&["response", &status, "of", &tool.to_string()]),
        nested: Default::default(),
    };
    against(
        crate::ast::user_type(ty)?,
        &typed.schema,
        &subject,
        Direction::Read,
        |p| p.required,
    )
}

/// What a check is about: in words for the messages `#[tool]` writes (`the query parameter
/// `status` of `ListTasks``), and the marker type written for it, named in the same words
/// (`query_parameter_status_of_ListTasks`) because the derives' messages print its name.
pub(crate) struct Subject {
    pub(crate) words: String,
    pub(crate) ident: Ident,
    /// What a nested object's subject is named for, before its path (`body property`), and
    /// the path so far (`alerts`), with the tool's name.
    pub(crate) nested: (String, String, String),
}

impl Subject {
    /// `the <what> of `<tool>``, each part after the first in backticks.
    fn new(what: &[&str], tool: &syn::Ident) -> Subject {
        let tool = tool.to_string();
        let mut words = format!("the {}", what[0]);
        for part in &what[1..] {
            words.push_str(&format!(" `{part}`"));
        }
        words.push_str(&format!(" of `{tool}`"));
        let mut parts = what.to_vec();
        parts.extend(["of", &tool]);
        let nested = match what {
            [kind, path] => (kind.to_string(), path.to_string(), tool.clone()),
            _ => ("body property".to_string(), String::new(), tool.clone()),
        };
        Subject {
            words,
            ident: key::ident(&parts),
            nested,
        }
    }
}

/// Whether the checked object is sent in a request or read from a response: the derive's
/// check of its fields (`__catalog_fields_sent_as`/`_read_as`) words an undeclared field for that way.
#[derive(Clone, Copy)]
enum Direction {
    Sent,
    Read,
}

/// The checks of the user type `ty` against `schema` (through its arrays); `required` says
/// which properties the struct must always have.
fn against(
    ty: &syn::Type,
    schema: &Schema,
    subject: &Subject,
    direction: Direction,
    required: fn(&catalog_core::model::Field) -> bool,
) -> Option<TokenStream> {
    let schema = catalog_core::check::nested::element(schema);
    let name = quote!(#ty).to_string().replace(' ', "");
    match (&schema.ty, direction) {
        (
            Type::String {
                enumeration: Some(values),
                ..
            },
            _,
        ) => Some(string_enum(ty, &name, subject, values)),
        (Type::Object { fields, .. }, Direction::Sent) if !fields.is_empty() => {
            Some(crate::nested_types::sent_object(ty, &name, subject, fields))
        }
        (Type::Object { fields, .. }, Direction::Read) if !fields.is_empty() => {
            let required: Vec<_> = fields.iter().filter(|p| required(p)).collect();
            Some(object(
                ty,
                &name,
                subject,
                fields,
                &required,
                "fields_read_as",
            ))
        }
        _ => None,
    }
}

fn string_enum(ty: &syn::Type, name: &str, subject: &Subject, values: &[String]) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let ident = &subject.ident;
    let param_type = quote!(spec::#ident);
    let allows = values.iter().map(|v| {
        let k = key::literal(v);
        quote!(#[automatically_derived] impl #markers::AllowsValue<#k> for #param_type {})
    });
    let traits = unique(values.iter().map(|v| key::ident(&["has_variant_for", v])));
    let each = values.iter().zip(&traits).map(|(v, tr)| {
        let k = key::literal(v);
        let message = format!(
            "`{name}` has no variant for `{v}`, a value {} allows",
            subject.words
        );
        let label = format!("no variant for `{v}`");
        let variant = variant_name(v);
        let note = format!("add to `{name}`: #[serde(rename = \"{v}\")] {variant},");
        quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #tr {}
            #[diagnostic::do_not_recommend]
            impl<T: ?::core::marker::Sized + #markers::HasVariant<#k>> #tr for T {}
        }
    });
    let run = run(
        ty,
        quote!(#markers::StringEnumMarkers),
        "Enum",
        "variants_allowed_by",
        ident,
    );
    let check_fn = check_fn(ty, &traits);
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        const _: () = {
            mod spec {
                pub struct #ident;
            }
            #(#allows)*
            #(#each)*
            #check_fn
            #run
        };
    }
}

fn object(
    ty: &syn::Type,
    name: &str,
    subject: &Subject,
    fields: &[catalog_core::model::Field],
    required: &[&catalog_core::model::Field],
    check: &str,
) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let ident = &subject.ident;
    let param_type = quote!(spec::#ident);
    let declares = fields.iter().map(|p| {
        let k = key::literal(&p.name);
        quote! {
            #[automatically_derived]
            impl #markers::DeclaresProperty<#k> for #param_type {
                type Schema = #markers::Unchecked;
            }
        }
    });
    let traits = unique(required.iter().map(|p| key::ident(&["requires", &p.name])));
    let each = required.iter().zip(&traits).map(|(p, tr)| {
        let prop = &p.name;
        let k = key::literal(prop);
        let message = format!(
            "`{name}` has no field for `{prop}` that is always present, and {} requires \
             `{prop}`",
            subject.words
        );
        let label = format!("`{prop}` missing, or may be absent");
        let note = format!(
            "add a field for `{prop}` to `{name}`, not an `Option` and without \
             `#[serde(default)]`"
        );
        quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #tr {}
            #[diagnostic::do_not_recommend]
            impl<T: ?::core::marker::Sized + #markers::AlwaysPresent<#k>> #tr for T {}
        }
    });
    let run = run(ty, quote!(#markers::ObjectMarkers), "Object", check, ident);
    let check_fn = check_fn(ty, &traits);
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        const _: () = {
            mod spec {
                pub struct #ident;
            }
            #(#declares)*
            #(#each)*
            #check_fn
            #run
        };
    }
}

/// `pub(crate) fn run() { check::<<T as M>::A>(); <T>::__catalog_<derived>::<spec::S>(); }`: the tool's
/// checks on the user type (through the derive's marker, so a missing derive is one error, not
/// one per value), then the derive's of each variant/field against `S` (with
/// `markers::NotDerived` in scope, which stands in when the derive is missing). The projection
/// and `spec::S` span the user's type, so every error underlines it.
pub(crate) fn run(
    ty: &syn::Type,
    markers_trait: TokenStream,
    assoc: &str,
    derived: &str,
    param_type: &Ident,
) -> TokenStream {
    let range = Range::of(ty);
    let open = quote_spanned!(range.start=> <);
    let assoc = Ident::new(assoc, range.end);
    let close = quote_spanned!(range.end=> >::);
    let derived = Ident::new(&format!("__catalog_{derived}"), range.end);
    let module = Ident::new("spec", range.start);
    let param_type = Ident::new(&param_type.to_string(), range.end);
    quote! {
        pub(crate) fn run() {
            use ::catalog::__private_v1::markers::NotDerived as _;
            check::<#open #ty as #markers_trait #close #assoc>();
            <#ty>::#derived::<#module::#param_type>();
        }
    }
}

/// `fn check<T: ...each trait...>() {}`, spanned at the user's type: the "required by this
/// bound" note then points there, not at the whole `#[tool]` attribute.
pub(crate) fn check_fn(ty: &syn::Type, traits: &[Ident]) -> TokenStream {
    let span = Range::of(ty).start;
    let traits = traits.iter().map(|t| Ident::new(&t.to_string(), span));
    quote_spanned! {span=>
        fn check<T: ?::core::marker::Sized #(+ #traits)*>() {}
    }
}

/// A variant name for a wire value, as the note suggests it (`in-progress` -> `InProgress`).
fn variant_name(value: &str) -> String {
    let name = value.to_upper_camel_case();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("V{name}")
    } else {
        name
    }
}

/// Identifiers made unique by a numeric suffix where two would collide.
pub(crate) fn unique(idents: impl Iterator<Item = Ident>) -> Vec<Ident> {
    let mut out: Vec<Ident> = Vec::new();
    for ident in idents {
        let mut candidate = ident.clone();
        let mut n = 1;
        while out.contains(&candidate) {
            candidate = Ident::new(&format!("{ident}_{n}"), ident.span());
            n += 1;
        }
        out.push(candidate);
    }
    out
}
