//! `#[composite]` on the `impl` that holds a composite's `run`: the arguments `run` reads.
//!
//! Tokens in, `impl catalog::__composite_v1::Reads` out: every `self.field` of `run`'s body
//! (inside closures and macro calls too; `self.method(...)` is not a read), which the struct's
//! own `#[composite]` checks its fields against at compile time: an argument `run` never reads
//! would drop the agent's value. Only `self.field` counts: an argument read another way (`self`
//! handed whole to a helper) is not seen, so `run` reads each argument itself.

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;
use syn::spanned::Spanned as _;

/// The expansion of `#[composite]` on `item`, an `impl` block.
pub fn expand(args: TokenStream, item: syn::ItemImpl) -> TokenStream {
    if !args.is_empty() {
        let e = syn::Error::new(
            args.span(),
            "`#[composite]` on the `impl` takes no keys: they go on the struct",
        )
        .to_compile_error();
        return quote! { #item #e };
    }
    let run = item.items.iter().find_map(|i| match i {
        syn::ImplItem::Fn(f) if f.sig.ident == "run" => Some(f),
        _ => None,
    });
    let Some(run) = run else {
        let e = syn::Error::new(
            item.self_ty.span(),
            "`#[composite]` on an `impl` checks its `async fn run(self, api: catalog::Api<'_, Self>)`, which this `impl` does not have",
        )
        .to_compile_error();
        return quote! { #item #e };
    };
    let mut read: Vec<String> = Vec::new();
    let body: TokenStream = run
        .block
        .stmts
        .iter()
        .map(quote::ToTokens::to_token_stream)
        .collect();
    fields_read(body, &mut read);
    let ty = &item.self_ty;
    quote! {
        #item

        impl ::catalog::__composite_v1::Reads for #ty {
            const READ: &'static [&'static str] = &[#(#read),*];
        }
    }
}

// Every `self . ident` not followed by `(` or `::` (a method call), at any depth.
fn fields_read(tokens: TokenStream, out: &mut Vec<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, t) in tokens.iter().enumerate() {
        match t {
            TokenTree::Group(g) => fields_read(g.stream(), out),
            TokenTree::Ident(id) if id == "self" => {
                let dot =
                    matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
                let (Some(TokenTree::Ident(field)), true) = (tokens.get(i + 2), dot) else {
                    continue;
                };
                let call = match tokens.get(i + 3) {
                    Some(TokenTree::Group(g)) => {
                        g.delimiter() == proc_macro2::Delimiter::Parenthesis
                    }
                    Some(TokenTree::Punct(p)) => p.as_char() == ':',
                    _ => false,
                };
                let name = field.to_string();
                let name = name.strip_prefix("r#").unwrap_or(&name).to_string();
                if !call && !out.contains(&name) {
                    out.push(name);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_self_fields_at_any_depth_and_not_method_calls() {
        let mut out = Vec::new();
        fields_read(
            quote! {
                let a = self.a.clone();
                f(self.b, format!("{}", self.c), self.d());
                let e = self.e.len();
                other.f;
            },
            &mut out,
        );
        assert_eq!(out, ["a", "b", "c", "e"]);
    }
}
