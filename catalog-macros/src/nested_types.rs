//! The checks of a struct sent in a request against its object schema, at every depth: `#[tool]`
//! writes one type per object schema under the field (`spec::body_property_alerts_of_Tool`,
//! `spec::body_property_alerts_slack_of_Tool`, ...), marks each with the properties it declares
//! (and, for each, the type a nested struct there must fit), and one local trait per property
//! that must be accounted for. `#[derive(Object)]` meets them through
//! `__private_v1::markers`: its fields' bounds name each property's schema, so a struct in a
//! struct in an array is checked like the top one, every unmet bound its own error at the
//! tool's field.

use crate::key;
use crate::user_types::{Subject, check_fn, run, unique};
use catalog_core::check::nested::{or_empty_arm, property_lines, sent_properties};
use catalog_core::model::{Field, Schema, Type};
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

/// The checks of `ty` (the user's struct, as written in the field) against the object schema
/// with `fields`.
pub fn sent_object(ty: &syn::Type, name: &str, subject: &Subject, fields: &[Field]) -> TokenStream {
    let markers = quote!(::catalog::__private_v1::markers);
    let (kind, base, tool) = &subject.nested;
    let mut nodes = vec![Node {
        ident: subject.ident.clone(),
        words: subject.words.clone(),
        path: base.clone(),
        fields,
        depth: 0,
    }];
    let mut declares = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        let (parent, path, depth, node_fields) = {
            let n = &nodes[i];
            (n.ident.clone(), n.path.clone(), n.depth, n.fields)
        };
        for p in node_fields {
            let k = key::literal(&p.name);
            let (suffix, element) = element_of(&p.schema);
            let child = match &element.ty {
                Type::Object { fields, .. } if !fields.is_empty() && depth + 1 < MAX_DEPTH => {
                    let child_path = match path.as_str() {
                        "" => format!("{}{suffix}", p.name),
                        _ => format!("{path}.{}{suffix}", p.name),
                    };
                    let mut ident = key::ident(&[kind, &child_path, "of", tool]);
                    let mut n = 1;
                    while nodes.iter().any(|x| x.ident == ident) {
                        ident = key::ident(&[kind, &child_path, "of", tool, &n.to_string()]);
                        n += 1;
                    }
                    nodes.push(Node {
                        ident: ident.clone(),
                        words: format!("the {kind} `{child_path}` of `{tool}`"),
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
                _ => quote!(#markers::Unchecked),
            };
            declares.push(quote! {
                #[automatically_derived]
                impl #markers::DeclaresProperty<#k> for spec::#parent {
                    type Schema = #child;
                }
            });
        }
        i += 1;
    }
    let structs = nodes.iter().map(|n| {
        let ident = &n.ident;
        quote!(pub struct #ident;)
    });
    let top = &nodes[0];
    let (top_traits, top_defs) = accounting_traits(top, Some(name));
    let nested = nodes[1..].iter().map(|n| {
        let (traits, defs) = accounting_traits(n, None);
        let ident = &n.ident;
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
        "fields_sent_as",
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
            #top_defs
            #(#nested)*
            #check_fn
            #run
        };
    }
}

/// `[]` for each array level down to the schema a struct stands for, and that schema.
fn element_of(schema: &Schema) -> (String, &Schema) {
    let mut suffix = String::new();
    let mut s = schema;
    loop {
        s = match &s.ty {
            Type::Array { items, .. } => {
                suffix.push_str("[]");
                items
            }
            _ => match or_empty_arm(s) {
                Some(arm) => arm,
                None => return (suffix, s),
            },
        };
    }
}

/// One trait per property the node's struct must account for (a required one: a field always
/// present; an optional one: a field, or omitted on the struct), implemented for every type
/// that does, each with the message naming the property and the lines that fix it. `name` is
/// the struct as written in the tool's field, for the top node; nested ones name it `{Self}`.
fn accounting_traits(node: &Node, name: Option<&str>) -> (Vec<Ident>, TokenStream) {
    let markers = quote!(::catalog::__private_v1::markers);
    let props: Vec<&Field> = sent_properties(node.fields).collect();
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
