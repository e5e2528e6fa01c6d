//! The `#[serde]` attributes the derives read, parsed the way serde reads them, and serde's
//! `rename_all` rules, so the names checked are the names on the wire.

use crate::ctxt::Ctxt;
use syn::spanned::Spanned;

/// The name on the wire: the item's own `rename`, else the container's `rename_all` rule applied
/// (an unknown rule is reported and gives `None`), else the name as written.
pub fn wire_name(
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

/// The `#[serde(...)]` options of one item, parsed once: the names the derives read, and every
/// other option's key (`skip`, `default`, `flatten`, ...), with or without a value.
#[derive(Default)]
pub struct Serde {
    pub rename: Option<(String, proc_macro2::Span)>,
    pub rename_all: Option<(String, proc_macro2::Span)>,
    keys: Vec<String>,
}

impl Serde {
    pub fn parse(cx: &Ctxt, derive: &str, attrs: &[syn::Attribute]) -> Serde {
        let mut out = Serde::default();
        for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
            // A malformed `#[serde]` is serde's to report; this only reads the names.
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
    pub fn has(&self, key: &str) -> bool {
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
pub fn apply(rule: &str, variant: &str) -> Option<String> {
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
pub fn apply_to_field(rule: &str, field: &str) -> Option<String> {
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
