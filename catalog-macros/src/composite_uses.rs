//! One entry of `#[composite(uses(...))]`: a binding, and the fields of it the composite does
//! not fill from its own arguments, `B(omitted("f", reason = "..."), fixed("f", value = v,
//! reason = "..."))`. Tokens in; the reason rule is `catalog_core::check::reasons`, the request
//! rule `catalog_core::check::composite`.

use crate::ctxt::Ctxt;
use catalog_core::check::finding::Reason;
use catalog_core::check::reasons::check_reason;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::LitStr;
use syn::parse::ParseStream;
use syn::spanned::Spanned as _;

/// A binding field the composite leaves unset (`fixed: None`) or fixes.
pub struct Unfilled {
    pub field: syn::Ident,
    pub fixed: Option<String>,
    pub reason: String,
}

/// A declared binding.
pub struct Binding {
    pub path: syn::Path,
    pub unfilled: Vec<Unfilled>,
    /// `passed("f", ...)`: fields given an optional argument of the composite's own.
    pub passed: Vec<syn::Ident>,
}

/// Parses the parenthesized declarations after a binding's path (none when there are none).
pub fn parse(cx: &Ctxt, meta: &syn::meta::ParseNestedMeta) -> syn::Result<Binding> {
    let path = meta.path.clone();
    let mut unfilled: Vec<Unfilled> = Vec::new();
    let mut passed: Vec<syn::Ident> = Vec::new();
    if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|m| {
            let key = crate::attr::key_name(&m.path);
            let fixed = match key.as_str() {
                "passed" => {
                    let content;
                    syn::parenthesized!(content in m.input);
                    passed.extend(content.parse_terminated(field, syn::Token![,])?);
                    return Ok(());
                }
                "omitted" => false,
                "fixed" => true,
                _ => {
                    return Err(m.error(
                        "a binding of a composite declares `omitted(\"field\", reason = \"...\")` or `fixed(\"field\", value = v, reason = \"...\")` for each field it does not fill, and `passed(\"field\", ...)` for each it gives an optional argument of its own",
                    ));
                }
            };
            let content;
            syn::parenthesized!(content in m.input);
            let u = one(cx, &content, &path, fixed, m.path.span())?;
            if let Some(u) = u {
                if unfilled.iter().any(|d| d.field == u.field) {
                    cx.error_spanned_by(&u.field, format!("`{}` is declared twice", u.field));
                }
                unfilled.push(u);
            }
            Ok(())
        })?;
    }
    Ok(Binding {
        path,
        unfilled,
        passed,
    })
}

// A field of the binding, named by a string literal (spanned there) or an identifier.
fn field(input: ParseStream) -> syn::Result<syn::Ident> {
    if !input.peek(LitStr) {
        return input.parse();
    }
    let name: LitStr = input.parse()?;
    syn::parse_str::<syn::Ident>(&name.value())
        .map(|mut i| {
            i.set_span(name.span());
            i
        })
        .map_err(|_| syn::Error::new(name.span(), "a field of the binding, by its Rust name"))
}

fn one(
    cx: &Ctxt,
    input: ParseStream,
    binding: &syn::Path,
    fixed: bool,
    key_span: Span,
) -> syn::Result<Option<Unfilled>> {
    let field = field(input)?;
    let (mut reason, mut value) = (None, None);
    while !input.is_empty() {
        input.parse::<syn::Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let key: syn::Ident = input.parse()?;
        input.parse::<syn::Token![=]>()?;
        match key.to_string().as_str() {
            "reason" => reason = Some(input.parse::<LitStr>()?),
            "value" if fixed => value = Some(crate::attr::json_literal(input)?.0),
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    if fixed {
                        "the keys of `fixed(\"field\", ...)` are `value = v` and `reason = \"...\"`"
                    } else {
                        "the key of `omitted(\"field\", ...)` is `reason = \"...\"`"
                    },
                ));
            }
        }
    }
    let binding = quote!(#binding).to_string().replace(' ', "");
    let what = if fixed {
        format!("fixing `{field}` of `{binding}`")
    } else {
        format!("leaving `{field}` of `{binding}` unset")
    };
    let Some(reason) = reason else {
        cx.error(
            key_span,
            format!(
                "`{field}` of `{binding}` needs a reason: `reason = \"...\"`, what an agent loses through this composite, and why that is right"
            ),
        );
        return Ok(None);
    };
    if let Some(f) = check_reason(
        &Reason {
            text: reason.value(),
            site: 0,
        },
        &what,
    ) {
        cx.error(reason.span(), f.message);
    }
    if fixed && value.is_none() {
        cx.error(
            key_span,
            format!("`fixed(\"{field}\", ...)` needs `value = v`"),
        );
    }
    Ok(Some(Unfilled {
        field,
        fixed: value.map(|v| v.to_string()),
        reason: reason.value(),
    }))
}

/// The `impl UsedBy<C> for B` of one binding, with its declaration, and the compile-time check
/// that each declared field is one of the binding's (an omitted one an `Option`).
pub fn used_by(composite: &syn::Ident, name: &str, b: &Binding) -> TokenStream {
    let path = &b.path;
    let rows = b.unfilled.iter().map(|u| {
        let field = u.field.to_string();
        let reason = &u.reason;
        let fixed = match &u.fixed {
            Some(v) => quote!(::core::option::Option::Some(#v)),
            None => quote!(::core::option::Option::None),
        };
        quote! {
            ::catalog::__composite_v1::Unfilled { field: #field, fixed: #fixed, reason: #reason }
        }
    });
    let passed_names = b.passed.iter().map(|p| p.to_string());
    let passed_checks = b.passed.iter().map(|field| {
        quote_spanned! {field.span()=>
            ::catalog::__composite_v1::unsettable(&__b.#field);
        }
    });
    let checks = b.unfilled.iter().map(|u| {
        let field = &u.field;
        if u.fixed.is_some() {
            quote_spanned! {field.span()=> let _ = &__b.#field; }
        } else {
            quote_spanned! {field.span()=>
                ::catalog::__composite_v1::unsettable(&__b.#field);
            }
        }
    });
    quote_spanned! {path.span()=>
        impl ::catalog::UsedBy<#composite> for #path {
            const COMPOSITE: &'static str = #name;
            const UNFILLED: &'static [::catalog::__composite_v1::Unfilled] = &[#(#rows),*];
            const PASSED: &'static [&'static str] = &[#(#passed_names),*];
        }
        const _: fn(&#path) = |__b: &#path| { #(#checks)* #(#passed_checks)* };
    }
}

/// The rustdoc lines of the bindings' accounting.
pub fn doc_lines(bindings: &[Binding]) -> Vec<String> {
    let mut lines = Vec::new();
    for b in bindings {
        let path = &b.path;
        let path = quote!(#path).to_string().replace(' ', "");
        for u in &b.unfilled {
            lines.push(match &u.fixed {
                None => format!(" - [`{path}`]: `{}` is never sent: {}", u.field, u.reason),
                Some(v) => format!(" - [`{path}`]: `{}` is always `{v}`: {}", u.field, u.reason),
            });
        }
    }
    if !lines.is_empty() {
        lines.insert(0, String::new());
        lines.insert(1, " What it does not let the agent choose:".to_string());
        lines.insert(2, String::new());
    }
    lines
}
