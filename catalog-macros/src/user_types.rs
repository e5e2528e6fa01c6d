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
use crate::bound_checks::{Nesting, Subject, allowed_values, check_fn, run, variant_traits};
use crate::ctxt::Range;
use crate::key;
use crate::nested_types::Way;
use catalog_core::check::output::Typed;
use catalog_core::model::{Accounted, Below, Location, Schema, Type};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// The checks for one field, if its type is a user type standing for a string enum or an
/// object with declared properties.
pub fn checks(tool: &syn::Ident, f: &Field, row: &Accounted) -> Option<TokenStream> {
    let p = &row.param;
    if let Some(e) = or_empty_check(f, row) {
        return Some(e);
    }
    // A map's values are named as the accounting writes them (`targets{}`); arrays keep the
    // parameter's name.
    let (suffix, _) = catalog_core::check::nested::element_at(&p.schema);
    let name = match suffix.contains('{') {
        true => format!("{}{suffix}", p.name),
        false => p.name.clone(),
    };
    let subject = match (p.location, p.name.is_empty()) {
        (Location::Body, true) => Subject::new(&["body"], tool),
        (Location::Body, false) => Subject::new(&["body property", &name], tool),
        (location, _) => Subject::new(&[&format!("{location} parameter"), &name], tool),
    };
    against(f.user_type()?, &p.schema, &subject, Way::Sent, &row.below)
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
///
/// `label` names the response in marker types: its status, or with the media type where the
/// tool reads several bodies of one status.
pub fn output_checks(
    tool: &syn::Ident,
    ty: &syn::Type,
    typed: &Typed,
    label: &str,
) -> Option<TokenStream> {
    let words = format!(
        "the `{} {}` response of `{tool}`",
        typed.status, typed.media_type
    );
    let tail: String = label
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let subject = Subject {
        ident: key::ident(&["response", label, "of", &tool.to_string()]),
        nested: Nesting {
            kind: "property".into(),
            path: String::new(),
            ident_tail: format!("of_response_{tail}_of_{tool}"),
            owner: words.clone(),
        },
        words,
    };
    against(
        crate::ast::user_type(ty)?,
        &typed.schema,
        &subject,
        Way::Read,
        &[],
    )
}

/// The checks of the user type `ty` against `schema` (through its arrays).
fn against(
    ty: &syn::Type,
    schema: &Schema,
    subject: &Subject,
    way: Way,
    below: &[Below],
) -> Option<TokenStream> {
    let schema = catalog_core::check::nested::element(schema);
    let name = quote!(#ty).to_string().replace(' ', "");
    match (&schema.ty, way) {
        (
            Type::String {
                enumeration: Some(values),
                ..
            },
            _,
        ) => Some(string_enum(ty, &name, subject, values)),
        (Type::Object { fields, .. }, way) if !fields.is_empty() => Some(
            crate::nested_types::object(ty, &name, subject, fields, way, below),
        ),
        (Type::Object { values: None, .. }, Way::Sent) => Some(free_form(ty, subject)),
        _ => None,
    }
}

/// A struct deriving `Object` where a request's free-form object stands (no property declared,
/// any value for any key) fails to compile: it would close the object, and the tool would accept
/// no key in it. A type of the user's own is not affected (`NotDerived` stands in).
fn free_form(ty: &syn::Type, subject: &Subject) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let ident = &subject.ident;
    let tr = key::ident(&[&ident.to_string(), "declares_properties"]);
    let message = format!(
        "`{{Self}}` stands for {}, a free-form object that declares no property",
        subject.words
    );
    let label = "a struct closes the object it stands for: this tool would accept no key in it";
    let note = "type the field `serde_json::Value`, or a map (`BTreeMap<String, T>`), to keep \
                every key; a struct's fields are kept only where the spec declares them";
    let range = Range::of(ty);
    let module = Ident::new("spec", range.start);
    let spec_ident = Ident::new(&ident.to_string(), range.end);
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        const _: () = {
            mod spec {
                pub struct #ident;
            }
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #tr {}
            #[automatically_derived]
            impl<T: ?::core::marker::Sized + #tr> #markers::DeclaresProperties<T> for spec::#ident {}
            fn run() {
                use ::catalog::__private_v1::markers::NotDerived as _;
                <#ty>::__catalog_stands_for_free_form::<#module::#spec_ident>();
            }
        };
    }
}

fn string_enum(ty: &syn::Type, name: &str, subject: &Subject, values: &[String]) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let ident = &subject.ident;
    let allows = allowed_values(ident, &subject.words, values);
    let (traits, each) = variant_traits(None, name, &subject.words, values);
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
            #allows
            #each
            #check_fn
            #run
        };
    }
}
