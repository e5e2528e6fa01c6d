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
use crate::nested_types::Way;
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
    against(f.user_type()?, &p.schema, &subject, Way::Sent)
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
    )
}

/// What a check is about: in words for the messages `#[tool]` writes (`the query parameter
/// `status` of `ListTasks``), and the marker type written for it, named in the same words
/// (`query_parameter_status_of_ListTasks`) because the derives' messages print its name.
pub(crate) struct Subject {
    pub(crate) words: String,
    pub(crate) ident: Ident,
    /// How the objects nested under it are named.
    pub(crate) nested: Nesting,
}

/// How a nested object is named, in words (`the {kind} `{path}` of {owner}`) and in its marker
/// type's name (`{kind}_{path}_{ident_tail}`).
pub(crate) struct Nesting {
    /// `body property`, `query parameter`, `property` (of a response).
    pub(crate) kind: String,
    /// The path so far (`alerts`), empty for a whole body or a response.
    pub(crate) path: String,
    /// What the marker type's name ends with (`of_CreateMonitor`).
    pub(crate) ident_tail: String,
    /// Whose object it is, in words (`` `CreateMonitor` ``).
    pub(crate) owner: String,
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
        let (kind, path) = match what {
            [kind, path] => (kind.to_string(), path.to_string()),
            _ => ("body property".to_string(), String::new()),
        };
        let nested = Nesting {
            kind,
            path,
            ident_tail: format!("of_{tool}"),
            owner: format!("`{tool}`"),
        };
        Subject {
            words,
            ident: key::ident(&parts),
            nested,
        }
    }
}

/// The checks of the user type `ty` against `schema` (through its arrays).
fn against(ty: &syn::Type, schema: &Schema, subject: &Subject, way: Way) -> Option<TokenStream> {
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
        (Type::Object { fields, .. }, way) if !fields.is_empty() => {
            Some(crate::nested_types::object(ty, &name, subject, fields, way))
        }
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

/// The values the string enum schema `spec::<ident>` allows: one local trait implemented for
/// every variant type under each allowed key, and `AllowsVariant<KEY, E, V>` for the schema
/// wherever `V` has it. A variant (`V`, the type `#[derive(StringEnum)]` writes for it) of an
/// enum `E` whose value the schema lacks then fails at the local trait, whose message names the
/// parameter or property in `words` and lists the values it allows.
pub(crate) fn allowed_values(ident: &Ident, words: &str, values: &[String]) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let tr = key::ident(&[&ident.to_string(), "allows"]);
    // The variant's type is `Self`, not the enum: the enum's own bound is checked at the tool's
    // field by an outer one, and rustc reports that without this message.
    let message = format!("`{{E}}::{{Self}}` is not a value {words} allows");
    let label = "`{Self}` is not an allowed value here";
    let note = format!(
        "it allows {}: remove `{{Self}}` from `{{E}}` (or mark it `#[serde(skip)]`), or fix its \
         `#[serde(rename)]`",
        value_names(values)
    );
    let impls = values.iter().map(|v| {
        let k = key::literal(v);
        quote! {
            #[automatically_derived]
            impl<E: ?::core::marker::Sized, V: ?::core::marker::Sized> #tr<#k, E> for V {}
        }
    });
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #tr<const KEY: u64, E: ?::core::marker::Sized> {}
        #(#impls)*
        #[automatically_derived]
        impl<
            E: ?::core::marker::Sized,
            V: ?::core::marker::Sized + #tr<KEY, E>,
            const KEY: u64,
        > #markers::AllowsVariant<KEY, E, V> for spec::#ident {}
    }
}

/// `` `a`, `b` and `c` `` (the first few, then how many more).
fn value_names(values: &[String]) -> String {
    const LISTED: usize = 8;
    let names: Vec<String> = values
        .iter()
        .take(LISTED)
        .map(|v| format!("`{v}`"))
        .collect();
    let rest = values.len().saturating_sub(LISTED);
    match (names.as_slice(), rest) {
        ([], _) => "no value".to_string(),
        ([one], 0) => one.clone(),
        ([init @ .., last], 0) => format!("{} and {last}", init.join(", ")),
        (all, rest) => format!("{} and {rest} more", all.join(", ")),
    }
}

/// One trait per value of a string enum, implemented by every enum with a variant for it, each
/// with the message naming the value, the enum (`name`; `{Self}` for a nested one, which
/// `#[tool]` does not see) and the object in `words`, and the variant to add. Nested enums'
/// traits start with `prefix` (their node's name), so that two enums under one field differ.
pub(crate) fn variant_traits(
    prefix: Option<&str>,
    name: &str,
    words: &str,
    values: &[String],
) -> (Vec<Ident>, TokenStream) {
    let markers = quote!(::catalog::__private_v1::markers);
    let traits = unique(values.iter().map(|v| match prefix {
        Some(prefix) => key::ident(&[prefix, "has_variant_for", v]),
        None => key::ident(&["has_variant_for", v]),
    }));
    let each = values.iter().zip(&traits).map(|(v, tr)| {
        let k = key::literal(v);
        let message = format!("`{name}` has no variant for `{v}`, a value {words} allows");
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
    let each = quote!(#(#each)*);
    (traits, each)
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
