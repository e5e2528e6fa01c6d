//! The derives `#[tool]` checks user types through, reading the same `#[serde]` attributes serde
//! reads (with serde's own case rules), so that the names checked are the names on the wire:
//!
//! - `StringEnum`: a unit-only enum's wire names (`rename_all`, `rename`, `skip`), checked against a
//!   string enum's values.
//! - `Object`: a struct's wire field names and which may be absent (`Option`, `default`), checked
//!   against an object schema's properties.

use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

pub fn string_enum(input: syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let values = values(&cx, &input);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let expanded = quote! {
        #[automatically_derived]
        impl #impl_generics ::catalog::StringEnum for #ident #ty_generics #where_clause {
            const VALUES: &'static [&'static str] = &[#(#values),*];
        }
    };
    // On a mistake only the errors: a partial list would add "no variant" errors downstream.
    cx.finish().unwrap_or(expanded)
}

fn values(cx: &Ctxt, input: &syn::DeriveInput) -> Vec<String> {
    let syn::Data::Enum(data) = &input.data else {
        cx.error(
            input.ident.span(),
            "StringEnum is derived for an enum of unit variants, one per value of the spec's string enum",
        );
        return Vec::new();
    };
    let rule = serde_value(cx, &input.attrs, "rename_all");
    let mut out = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, syn::Fields::Unit) {
            cx.error(
                v.fields.span(),
                "a StringEnum variant has no fields: each variant is one string value of the spec",
            );
            continue;
        }
        if serde_flag(&v.attrs, "skip") || serde_flag(&v.attrs, "skip_deserializing") {
            continue;
        }
        let name = v.ident.to_string();
        let wire = match serde_value(cx, &v.attrs, "rename") {
            Some((rename, _)) => rename,
            None => match &rule {
                Some((rule, span)) => match apply(rule, &name) {
                    Some(w) => w,
                    None => {
                        cx.error(*span, format!("unknown serde rename_all rule `{rule}`"));
                        return Vec::new();
                    }
                },
                None => name,
            },
        };
        out.push(wire);
    }
    out
}

pub fn object(input: syn::DeriveInput) -> TokenStream {
    let cx = Ctxt::default();
    let fields = object_fields(&cx, &input);
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let entries = fields
        .iter()
        .map(|(name, optional)| quote!((#name, #optional)));
    let expanded = quote! {
        #[automatically_derived]
        impl #impl_generics ::catalog::Object for #ident #ty_generics #where_clause {
            const FIELDS: &'static [(&'static str, bool)] = &[#(#entries),*];
        }
    };
    cx.finish().unwrap_or(expanded)
}

/// Each field's wire name and whether it may be absent when decoding.
fn object_fields(cx: &Ctxt, input: &syn::DeriveInput) -> Vec<(String, bool)> {
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
    let rule = serde_value(cx, &input.attrs, "rename_all");
    let all_default = serde_flag(&input.attrs, "default");
    let mut out = Vec::new();
    for f in fields {
        let Some(ident) = &f.ident else { continue };
        if serde_flag(&f.attrs, "flatten") {
            cx.error(
                ident.span(),
                "Object cannot check a `#[serde(flatten)]` field: name the properties, or type the \
                 whole object as `serde_json::Value`",
            );
            continue;
        }
        if serde_flag(&f.attrs, "skip") || serde_flag(&f.attrs, "skip_deserializing") {
            continue;
        }
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
        let wire = match serde_value(cx, &f.attrs, "rename") {
            Some((rename, _)) => rename,
            None => match &rule {
                Some((rule, span)) => match apply_to_field(rule, &name) {
                    Some(w) => w,
                    None => {
                        cx.error(*span, format!("unknown serde rename_all rule `{rule}`"));
                        return Vec::new();
                    }
                },
                None => name,
            },
        };
        let optional = all_default
            || serde_flag(&f.attrs, "default")
            || matches!(
                crate::ast::shape(&f.ty),
                catalog_core::accounting::RustType::Option(_)
            );
        out.push((wire, optional));
    }
    out
}

/// `#[serde(key = "value")]` among `attrs`. `key(serialize = .., deserialize = ..)` is refused:
/// the wire has one name per value.
fn serde_value(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    key: &str,
) -> Option<(String, proc_macro2::Span)> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(key) {
                if meta.input.peek(syn::Token![=]) {
                    let s: syn::LitStr = meta.value()?.parse()?;
                    found = Some((s.value(), s.span()));
                } else {
                    cx.error(
                        meta.path.span(),
                        format!(
                            "StringEnum reads `{key} = \"...\"`; separate serialize and deserialize names are not supported"
                        ),
                    );
                    skip(&meta)?;
                }
            } else {
                skip(&meta)?;
            }
            Ok(())
        });
    }
    found
}

/// Steps over a serde option this derive does not read (`key = value` or `key(...)`).
fn skip(meta: &syn::meta::ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|m| skip(&m))?;
    }
    Ok(())
}

/// Whether `#[serde(flag)]` is among `attrs`.
fn serde_flag(attrs: &[syn::Attribute], flag: &str) -> bool {
    let mut found = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(flag) {
                found = true;
            } else {
                skip(&meta)?;
            }
            Ok(())
        });
    }
    found
}

/// A variant's name under one of serde's `rename_all` rules, exactly as serde renames
/// variants (which differs from `heck` on acronyms: serde makes `HTTPCode` `h_t_t_p_code`).
fn apply(rule: &str, variant: &str) -> Option<String> {
    let snake = || {
        let mut s = String::new();
        for (i, ch) in variant.char_indices() {
            if i > 0 && ch.is_uppercase() {
                s.push('_');
            }
            s.push(ch.to_ascii_lowercase());
        }
        s
    };
    Some(match rule {
        "lowercase" => variant.to_ascii_lowercase(),
        "UPPERCASE" => variant.to_ascii_uppercase(),
        "PascalCase" => variant.to_string(),
        "camelCase" => {
            let mut chars = variant.chars();
            match chars.next() {
                Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        }
        "snake_case" => snake(),
        "SCREAMING_SNAKE_CASE" => snake().to_ascii_uppercase(),
        "kebab-case" => snake().replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => snake().to_ascii_uppercase().replace('_', "-"),
        _ => return None,
    })
}

/// A field's name under one of serde's `rename_all` rules, as serde renames fields (they are
/// snake_case to begin with).
fn apply_to_field(rule: &str, field: &str) -> Option<String> {
    let pascal = || {
        let mut s = String::new();
        let mut capitalize = true;
        for ch in field.chars() {
            if ch == '_' {
                capitalize = true;
            } else if capitalize {
                s.push(ch.to_ascii_uppercase());
                capitalize = false;
            } else {
                s.push(ch);
            }
        }
        s
    };
    Some(match rule {
        "lowercase" | "snake_case" => field.to_string(),
        "UPPERCASE" | "SCREAMING_SNAKE_CASE" => field.to_ascii_uppercase(),
        "PascalCase" => pascal(),
        "camelCase" => {
            let p = pascal();
            let mut chars = p.chars();
            match chars.next() {
                Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        }
        "kebab-case" => field.replace('_', "-"),
        "SCREAMING-KEBAB-CASE" => field.to_ascii_uppercase().replace('_', "-"),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{apply, apply_to_field};

    #[test]
    fn field_rename_all_rules_match_serde() {
        let cases = [
            ("lowercase", "due_date", "due_date"),
            ("snake_case", "due_date", "due_date"),
            ("UPPERCASE", "due_date", "DUE_DATE"),
            ("SCREAMING_SNAKE_CASE", "due_date", "DUE_DATE"),
            ("PascalCase", "due_date", "DueDate"),
            ("camelCase", "due_date", "dueDate"),
            ("kebab-case", "due_date", "due-date"),
            ("SCREAMING-KEBAB-CASE", "due_date", "DUE-DATE"),
        ];
        for (rule, field, wire) in cases {
            assert_eq!(
                apply_to_field(rule, field).as_deref(),
                Some(wire),
                "{rule} {field}"
            );
        }
        assert_eq!(apply_to_field("Title Case", "a"), None);
    }

    #[test]
    fn rename_all_rules_match_serde() {
        let cases = [
            ("lowercase", "InProgress", "inprogress"),
            ("UPPERCASE", "InProgress", "INPROGRESS"),
            ("PascalCase", "InProgress", "InProgress"),
            ("camelCase", "InProgress", "inProgress"),
            ("snake_case", "InProgress", "in_progress"),
            ("snake_case", "HTTPCode", "h_t_t_p_code"),
            ("SCREAMING_SNAKE_CASE", "InProgress", "IN_PROGRESS"),
            ("kebab-case", "InProgress", "in-progress"),
            ("SCREAMING-KEBAB-CASE", "InProgress", "IN-PROGRESS"),
        ];
        for (rule, variant, wire) in cases {
            assert_eq!(
                apply(rule, variant).as_deref(),
                Some(wire),
                "{rule} {variant}"
            );
        }
        assert_eq!(apply("Title Case", "A"), None);
    }
}
