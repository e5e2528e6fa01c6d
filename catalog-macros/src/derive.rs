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
    let rule = Serde::parse(cx, "StringEnum", &input.attrs).rename_all;
    let mut out = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, syn::Fields::Unit) {
            cx.error(
                v.fields.span(),
                "a StringEnum variant has no fields: each variant is one string value of the spec",
            );
            continue;
        }
        let serde = Serde::parse(cx, "StringEnum", &v.attrs);
        if serde.has("skip") || serde.has("skip_deserializing") {
            continue;
        }
        match wire_name(cx, serde, &rule, v.ident.to_string(), apply) {
            Some(wire) => out.push(wire),
            None => return Vec::new(),
        }
    }
    out
}

/// The name on the wire: the item's own `rename`, else the container's `rename_all` rule applied
/// (an unknown rule is reported and gives `None`), else the name as written.
fn wire_name(
    cx: &Ctxt,
    serde: Serde,
    rule: &Option<(String, proc_macro2::Span)>,
    name: String,
    apply: fn(&str, &str) -> Option<String>,
) -> Option<String> {
    if let Some((rename, _)) = serde.rename {
        return Some(rename);
    }
    let Some((rule, span)) = rule else {
        return Some(name);
    };
    let wire = apply(rule, &name);
    if wire.is_none() {
        cx.error(*span, format!("unknown serde rename_all rule `{rule}`"));
    }
    wire
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
            || matches!(
                crate::ast::shape(&f.ty),
                catalog_core::check::accounting::RustType::Option(_)
            );
        let name = ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
        match wire_name(cx, serde, &container.rename_all, name, apply_to_field) {
            Some(wire) => out.push((wire, optional)),
            None => return Vec::new(),
        }
    }
    out
}

/// The `#[serde(...)]` options of one item, parsed once: the names the derives read, and every
/// other option's key (`skip`, `default`, `flatten`, ...), with or without a value.
#[derive(Default)]
struct Serde {
    rename: Option<(String, proc_macro2::Span)>,
    rename_all: Option<(String, proc_macro2::Span)>,
    keys: Vec<String>,
}

impl Serde {
    fn parse(cx: &Ctxt, derive: &str, attrs: &[syn::Attribute]) -> Serde {
        let mut out = Serde::default();
        for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
            let _ = attr.parse_nested_meta(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                let slot = match key.as_str() {
                    "rename" => &mut out.rename,
                    "rename_all" => &mut out.rename_all,
                    _ => {
                        out.keys.push(key);
                        return skip(&meta);
                    }
                };
                if meta.input.peek(syn::Token![=]) {
                    let s: syn::LitStr = meta.value()?.parse()?;
                    *slot = Some((s.value(), s.span()));
                } else {
                    // The wire has one name per value.
                    cx.error(
                        meta.path.span(),
                        format!(
                            "{derive} reads `{key} = \"...\"`; separate serialize and deserialize names are not supported"
                        ),
                    );
                    skip(&meta)?;
                }
                Ok(())
            });
        }
        out
    }

    /// Whether the option `key` is given (`skip`, `default`, `default = "path"`, ...).
    fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|k| k == key)
    }
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
