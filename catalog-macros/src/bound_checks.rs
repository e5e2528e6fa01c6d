//! The pieces of the trait-bound checks `#[tool]` writes for user types, shared by the checks
//! of a tool's fields ([`crate::user_types`]) and of the objects nested in them
//! ([`crate::nested_types`]): what a check is about ([`Subject`], [`Nesting`]), the local
//! traits that carry each message ([`variant_traits`], [`allowed_values`]) and the function
//! that asks for them ([`run`], [`check_fn`]).

use crate::ctxt::Range;
use crate::key;
use heck::ToUpperCamelCase;
use proc_macro2::{Ident, TokenStream};
use quote::{quote, quote_spanned};

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
    pub(crate) fn new(what: &[&str], tool: &syn::Ident) -> Subject {
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
