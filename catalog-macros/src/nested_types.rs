//! The checks of a struct sent in a request (or read from a response) against its object
//! schema, at every depth: `#[tool]` writes one type per object schema under the field
//! (`spec::body_property_alerts_of_Tool`, `spec::body_property_alerts_slack_of_Tool`, ...) and
//! per string enum in a request, marks each with the properties it declares (and, for each, the
//! type a nested struct or enum there must fit) or the values it allows, and one local trait per
//! property that must be accounted for (per value, for an enum). `#[derive(Object)]` and
//! `#[derive(StringEnum)]` meet them through `__private_v1::markers`: a struct's fields' bounds
//! name each property's schema, so a struct in a struct in an array is checked like the top one,
//! every unmet bound its own error at the tool's field.

use crate::bound_checks::{
    Nesting, Subject, allowed_values, check_fn, run, unique, variant_traits,
};
use crate::key;
use catalog_core::check::nested::{
    declared_names, element_at, or_empty_arm, primitive_fit, property_lines, sent_properties,
};
use catalog_core::model::{Below, Disposition, Field, Schema, Type};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// How deep nested schemas are followed: a recursive schema would have no end, and a struct
/// nested deeper than this is rare enough to type `serde_json::Value` there.
const MAX_DEPTH: usize = 6;

/// One object schema under the field.
struct Node<'s> {
    ident: Ident,
    words: String,
    path: String,
    fields: &'s [Field],
    depth: usize,
}

/// Which way the checked object travels.
#[derive(Clone, Copy, PartialEq)]
pub enum Way {
    /// In a request: at every depth, every declared property is accounted for, every field is
    /// declared, and string enums' variants are the spec's values.
    Sent,
    /// In a response (a tool's `output`): the top struct has every property the response
    /// requires, and at every depth every field is declared. A struct may leave out optional
    /// properties (a response may carry more than a tool reads), but it never invents one: a
    /// field the response never fills would always be empty.
    Read,
}

/// The checks of `ty` (the user's struct, as written in the field, or the output type) against
/// the object schema with `fields`.
///
/// `below` are the properties the tool fixes or omits by address inside this field's value
/// (`fixed("body.data.type", ...)`): a struct has no field for them and need not account for
/// them, and a field named for one fails to compile.
pub fn object(
    ty: &syn::Type,
    name: &str,
    subject: &Subject,
    fields: &[Field],
    way: Way,
    below: &[Below],
) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let Nesting {
        kind,
        path: base,
        ident_tail: tail,
        owner,
    } = &subject.nested;
    let mut nodes = vec![Node {
        ident: subject.ident.clone(),
        words: subject.words.clone(),
        path: base.clone(),
        fields,
        depth: 0,
    }];
    let mut enums: Vec<(Ident, String, &[String])> = Vec::new();
    let mut scalars: Vec<Ident> = Vec::new();
    let mut takes = Vec::new();
    let mut declares = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        let (parent, words, path, depth, node_fields) = {
            let n = &nodes[i];
            (
                n.ident.clone(),
                n.words.clone(),
                n.path.clone(),
                n.depth,
                n.fields,
            )
        };
        let mut schemas = Vec::new();
        for p in node_fields {
            let (suffix, element) = element_at(&p.schema);
            let child_path = match path.as_str() {
                "" => format!("{}{suffix}", p.name),
                _ => format!("{path}.{}{suffix}", p.name),
            };
            let taken = |i: &Ident, nodes: &[Node], enums: &[(Ident, String, &[String])]| {
                nodes.iter().any(|x| &x.ident == i)
                    || enums.iter().any(|x| &x.0 == i)
                    || scalars.contains(i)
            };
            let words = format!("the {kind} `{child_path}` of {owner}");
            let child = match &element.ty {
                Type::Object { fields, .. } if !fields.is_empty() && depth + 1 < MAX_DEPTH => {
                    let ident = fresh(key::ident(&[kind, &child_path, tail]), |i| {
                        taken(i, &nodes, &enums)
                    });
                    takes.push(takes_scalar(&ident, &words, element));
                    nodes.push(Node {
                        ident: ident.clone(),
                        words: format!("the {kind} `{child_path}` of {owner}"),
                        path: child_path,
                        fields,
                        depth: depth + 1,
                    });
                    if or_empty_arm(&p.schema).is_some() {
                        quote!(#markers::OrEmptyOf<spec::#ident>)
                    } else {
                        quote!(spec::#ident)
                    }
                }
                Type::String {
                    enumeration: Some(values),
                    ..
                } if way == Way::Sent && depth + 1 < MAX_DEPTH => {
                    let ident = fresh(key::ident(&[kind, &child_path, tail]), |i| {
                        taken(i, &nodes, &enums)
                    });
                    takes.push(takes_scalar(&ident, &words, element));
                    enums.push((ident.clone(), words, values.as_slice()));
                    if or_empty_arm(&p.schema).is_some() {
                        quote!(#markers::OrEmptyOf<spec::#ident>)
                    } else {
                        quote!(spec::#ident)
                    }
                }
                // Any other property: a type that checks a primitive field's type against it
                // (a struct of the user's is not checked further there).
                _ if depth + 1 < MAX_DEPTH => {
                    let ident = fresh(key::ident(&[kind, &child_path, tail]), |i| {
                        taken(i, &nodes, &enums)
                    });
                    let overridden = entry_at(below, &path, &p.name)
                        .and_then(|b| b.overridden.as_ref().map(|o| (b, o)));
                    takes.push(match overridden {
                        Some((b, o)) => {
                            let by = format!("`arg(\"body.{}\")` types", b.address);
                            let aside = format!(" (the spec says {})", o.spec_type);
                            takes_scalar_by(&ident, &words, element, &by, &aside)
                        }
                        None => takes_scalar(&ident, &words, element),
                    });
                    takes.push(quote! {
                        #[automatically_derived]
                        impl<T: ?::core::marker::Sized> #markers::Carries<T> for spec::#ident {}
                    });
                    scalars.push(ident.clone());
                    quote!(spec::#ident)
                }
                _ => quote!(#markers::Unchecked),
            };
            schemas.push(child);
        }
        let note = match way {
            Way::Sent => SENT_NOTE,
            Way::Read => READ_NOTE,
        };
        let by_tool: Vec<&str> = node_fields
            .iter()
            .filter(|p| below_at(below, &path, &p.name).is_some())
            .map(|p| p.name.as_str())
            .collect();
        declares.push(declared(
            &parent,
            &words,
            note,
            node_fields,
            &schemas,
            way == Way::Sent,
            &by_tool,
        ));
        declares.push(below_fields(&parent, &path, node_fields, below, owner));
        i += 1;
    }
    let structs = nodes
        .iter()
        .map(|n| &n.ident)
        .chain(enums.iter().map(|e| &e.0))
        .chain(scalars.iter())
        .map(|ident| quote!(pub struct #ident;));
    let enums = enums.iter().map(|(ident, words, values)| {
        let (traits, defs) =
            variant_traits(Some(&ident.to_string()), "{Self}", words, values);
        let allows = allowed_values(ident, words, values);
        quote! {
            #allows
            #defs
            #[automatically_derived]
            impl<T: ?::core::marker::Sized + #markers::VariantsAllowedBy<spec::#ident> #(+ #traits)*>
                #markers::Carries<T> for spec::#ident {}
        }
    });
    let top = &nodes[0];
    let (top_traits, top_defs) = accounting_traits(top, Some(name), way, below);
    let nested = nodes[1..].iter().map(|n| {
        let ident = &n.ident;
        if way == Way::Read {
            return quote! {
                #[automatically_derived]
                impl<T: ?::core::marker::Sized + #markers::ReadAs<spec::#ident>>
                    #markers::Carries<T> for spec::#ident {}
            };
        }
        let (traits, defs) = accounting_traits(n, None, way, below);
        quote! {
            #defs
            #[automatically_derived]
            impl<T: ?::core::marker::Sized + #markers::SentAs<spec::#ident> #(+ #traits)*>
                #markers::Carries<T> for spec::#ident {}
        }
    });
    let run = run(
        ty,
        quote!(#markers::ObjectMarkers),
        "Object",
        match way {
            Way::Sent => "fields_sent_as",
            Way::Read => "fields_read_as",
        },
        &subject.ident,
    );
    let check_fn = check_fn(ty, &top_traits);
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        const _: () = {
            mod spec {
                #(#structs)*
            }
            #(#declares)*
            #(#takes)*
            #top_defs
            #(#nested)*
            #(#enums)*
            #check_fn
            #run
        };
    }
}

/// Which primitive field types the property whose schema type is `ident` takes: one local trait,
/// implemented for each primitive carrying the property by the top level's rule
/// ([`primitive_fit`]), whose message names the property and its type in the spec, and
/// `TakesScalar<K>` for `ident` wherever it holds.
fn takes_scalar(ident: &Ident, words: &str, element: &Schema) -> TokenStream {
    takes_scalar_by(ident, words, element, "the spec types", "")
}

/// [`takes_scalar`], the type said `by` the spec or the tool's override there (with an `aside`
/// after the message: what the spec said).
fn takes_scalar_by(
    ident: &Ident,
    words: &str,
    element: &Schema,
    by: &str,
    aside: &str,
) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let fit = primitive_fit(element);
    let tr = key::ident(&[&ident.to_string(), "takes"]);
    let message = format!(
        "a field typed with `{{Self}}` cannot carry {words}, which {by} {}{aside}",
        fit.described
    );
    let label = format!("{by} this property {}", fit.described);
    let note = fit.advice;
    let impls = fit.fits.iter().map(|name| {
        let ty: syn::Type = match *name {
            "String" => syn::parse_quote!(::std::string::String),
            other => syn::parse_str(other).unwrap_or_else(|_| syn::parse_quote!(())),
        };
        quote! {
            #[automatically_derived]
            impl #tr for #ty {}
        }
    });
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #tr {}
        #(#impls)*
        #[automatically_derived]
        impl<K: ?::core::marker::Sized + #tr> #markers::TakesScalar<K> for spec::#ident {}
    }
}

/// `ident`, or `ident_1`, `ident_2`, ... the first that is not `taken`.
fn fresh(ident: Ident, taken: impl Fn(&Ident) -> bool) -> Ident {
    let mut candidate = ident.clone();
    let mut n = 1;
    while taken(&candidate) {
        candidate = Ident::new(&format!("{ident}_{n}"), ident.span());
        n += 1;
    }
    candidate
}

/// What an undeclared field of a struct sent in a request means, and its fix.
pub(crate) const SENT_NOTE: &str = "a server ignores a property it does not declare: fix the \
    field's name (or its `#[serde(rename)]`), or send undeclared properties through a \
    `serde_json::Value` field";

/// What an undeclared field of a struct read from a response means, and its fix.
pub(crate) const READ_NOTE: &str = "the response never fills a field it does not declare: fix \
    the field's name (or its `#[serde(rename)]`), or remove the field";

/// The properties the object schema `node` declares, each with the schema a type nested in it
/// must fit (`schemas`, in the order of `fields`): one local trait implemented for every type
/// under each declared key, and `DeclaresProperty<KEY, T, F>` for `node` wherever `T` has it.
/// A field (`F`, the type `#[derive(Object)]` writes for it) of a struct `T` named for no
/// declared property then fails at the local trait, whose message names the object in `words`
/// and lists what it declares. With `refuse_read_only` (a request's object), a field named for a
/// read-only property fails too, at a trait of its own that no type implements: the server
/// ignores such a value, and the decoder refuses it from an agent, so the field could never
/// carry anything. The properties `by_tool` (fixed or omitted by the tool, [`below_fields`])
/// are declared there instead.
pub(crate) fn declared(
    node: &Ident,
    words: &str,
    note: &str,
    fields: &[Field],
    schemas: &[TokenStream],
    refuse_read_only: bool,
    by_tool: &[&str],
) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let tr = key::ident(&[&node.to_string(), "declares"]);
    // The field's type is `Self`, not the struct: rustc reports an unmet bound whose `Self` is
    // the struct checked at the tool's field by that outer bound, without this message.
    let message = format!("`{{T}}` has a field `{{Self}}` that {words} does not declare");
    let label = "`{Self}` is not a property of this object";
    let note = format!("it declares {}; {note}", declared_names(fields));
    let impls = fields
        .iter()
        .zip(schemas)
        .filter(|(p, _)| !by_tool.contains(&p.name.as_str()))
        .map(|(p, schema)| {
            let k = key::literal(&p.name);
            if refuse_read_only && p.read_only {
                return read_only_property(node, words, &tr, p);
            }
            quote! {
                #[automatically_derived]
                impl<T: ?::core::marker::Sized, F: ?::core::marker::Sized> #tr<#k, T> for F {
                    type Schema = #schema;
                }
            }
        });
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        // `pub`: `DeclaresProperty::Schema` (public) is its projection.
        pub trait #tr<const KEY: u64, T: ?::core::marker::Sized> {
            type Schema: ?::core::marker::Sized;
        }
        #(#impls)*
        #[automatically_derived]
        impl<
            T: ?::core::marker::Sized,
            F: ?::core::marker::Sized + #tr<KEY, T>,
            const KEY: u64,
        > #markers::DeclaresProperty<KEY, T, F> for spec::#node {
            type Schema = <F as #tr<KEY, T>>::Schema;
        }
    }
}

/// The declaration of a read-only property of a request's object: it holds only where the
/// field's type implements a local trait no type implements, whose message says why the field
/// cannot be sent and what to do.
fn read_only_property(node: &Ident, words: &str, declares: &Ident, p: &Field) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let k = key::literal(&p.name);
    let tr = key::ident(&[&node.to_string(), "read_only", &p.name]);
    let prop = &p.name;
    let message =
        format!("`{{T}}` has a field `{{Self}}` for the read-only property `{prop}` of {words}");
    let label = format!("the server sets `{prop}` and ignores a value sent");
    let note = format!(
        "remove the field: an agent's `{prop}` is refused before anything is sent, so it could \
         never carry a value (a struct read from a response keeps it)"
    );
    quote! {
        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
        pub trait #tr<T: ?::core::marker::Sized> {}
        #[automatically_derived]
        impl<T: ?::core::marker::Sized, F: ?::core::marker::Sized + #tr<T>> #declares<#k, T> for F {
            type Schema = #markers::Unchecked;
        }
    }
}

/// The entry of `below` that takes the property `name` of the object at `path` from its struct
/// (fixed or omitted by the tool; an overridden one is the struct's to set), both as the
/// accounting writes them, compared without their `[]` and `{}`: a name says where it is on its
/// own.
fn below_at<'b>(below: &'b [Below], path: &str, name: &str) -> Option<&'b Below> {
    entry_at(below, path, name).filter(|b| b.taken_from_struct())
}

/// The entry of `below` at the property `name` of the object at `path`, whatever it says.
fn entry_at<'b>(below: &'b [Below], path: &str, name: &str) -> Option<&'b Below> {
    // Most tools have none: no address to build.
    if below.is_empty() {
        return None;
    }
    let bare = |s: &str| s.replace("[]", "").replace("{}", "");
    let at = match path {
        "" => name.to_string(),
        _ => format!("{}.{name}", bare(path)),
    };
    below.iter().find(|b| bare(&b.address) == at)
}

/// For each property of the object at `path` that the tool fixes or omits by address, a field
/// named for it fails to compile, at a local trait no type implements whose message says the
/// tool sends it itself (or never), and what to remove: the struct would send the agent's value
/// beside the tool's, or send what the tool says it never does.
fn below_fields(
    node: &Ident,
    path: &str,
    fields: &[Field],
    below: &[Below],
    owner: &str,
) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let declares = key::ident(&[&node.to_string(), "declares"]);
    let refusals = fields.iter().filter_map(|p| {
        let b = below_at(below, path, &p.name)?;
        let prop = &p.name;
        let address = format!("body.{}", b.address);
        let (does, label, entry) = match &b.disposition {
            Disposition::Fixed { value, .. } => (
                format!("fixes to `{value}`"),
                format!("the tool sends `{prop}` itself"),
                format!("fixed(\"{address}\", ...)"),
            ),
            _ => (
                "omits".to_string(),
                format!("the tool never sends `{prop}`"),
                format!("omitted(\"{address}\", ...)"),
            ),
        };
        let message = format!("`{{T}}` has a field `{{Self}}` for `{address}`, which {owner} {does}");
        let note = format!("remove the field, or remove `{entry}` from the tool");
        let k = key::literal(prop);
        let tr = key::ident(&[&node.to_string(), "below", prop]);
        Some(quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            pub trait #tr<T: ?::core::marker::Sized> {}
            #[automatically_derived]
            impl<T: ?::core::marker::Sized, F: ?::core::marker::Sized + #tr<T>> #declares<#k, T> for F {
                type Schema = #markers::Unchecked;
            }
        })
    });
    quote!(#(#refusals)*)
}

/// One trait per property the node's struct must account for (a required one: a field always
/// present; an optional one, in a request: a field, or omitted on the struct), implemented for every type
/// that does, each with the message naming the property and the lines that fix it. `name` is
/// the struct as written in the tool's field, for the top node; nested ones name it `{Self}`.
/// A property the tool fixes or omits by address is accounted for by the tool, not the struct.
fn accounting_traits(
    node: &Node,
    name: Option<&str>,
    way: Way,
    below: &[Below],
) -> (Vec<Ident>, TokenStream) {
    let markers = quote!(::catalog::__private_v1::markers);
    let props: Vec<&Field> = match way {
        Way::Sent => sent_properties(node.fields)
            .filter(|p| below_at(below, &node.path, &p.name).is_none())
            .collect(),
        // Every property a response requires, read-only ones too: the server sends them.
        Way::Read => node.fields.iter().filter(|p| p.required).collect(),
    };
    let prefix = node.ident.to_string();
    let traits = unique(props.iter().map(|p| {
        let what = if p.required { "requires" } else { "accounts" };
        match name {
            Some(_) => key::ident(&[what, &p.name]),
            None => key::ident(&[&prefix, what, &p.name]),
        }
    }));
    let struct_name = name.unwrap_or("{Self}");
    let defs = props.iter().zip(&traits).map(|(p, tr)| {
        let prop = &p.name;
        let k = key::literal(prop);
        let (field_line, omit_line) = property_lines(p);
        let (message, label, note, bound) = if p.required {
            (
                format!(
                    "`{struct_name}` has no field for `{prop}` that is always present, and {} \
                     requires `{prop}`",
                    node.words
                ),
                format!("`{prop}` missing, or may be absent"),
                format!(
                    "add a field for `{prop}` to `{struct_name}`, not an `Option` and without \
                     `#[serde(default)]`"
                ),
                quote!(#markers::AlwaysPresent<#k>),
            )
        } else {
            (
                format!(
                    "`{struct_name}` has no field for `{prop}`, a property {} declares",
                    node.words
                ),
                format!("`{prop}` is not accounted for"),
                format!(
                    "an agent's `{prop}` would be accepted and then lost: add to \
                     `{struct_name}`: `{field_line}`, or omit it on the struct: `{omit_line}`"
                ),
                quote!(#markers::AccountsFor<#k>),
            )
        };
        quote! {
            #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
            trait #tr {}
            #[diagnostic::do_not_recommend]
            impl<T: ?::core::marker::Sized + #bound> #tr for T {}
        }
    });
    let defs = quote!(#(#defs)*);
    (traits, defs)
}
