//! `#[derive(StringEnum)]`: a unit-only enum's wire names, computed the way serde computes them
//! (`rename_all` on the enum, `rename` and `skip` on variants), so that `#[tool]` can check them
//! against the spec's values at compile time.

use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

pub fn derive(input: syn::DeriveInput) -> TokenStream {
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

#[cfg(test)]
mod tests {
    use super::apply;

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
