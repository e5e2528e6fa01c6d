//! The error collector every phase pushes into (serde_derive's `Ctxt`): all findings of one
//! expansion are reported together, each at its own place. It must be consumed with
//! [`Ctxt::check`]; dropping it unchecked is a bug in the macro and panics, so no error can be
//! lost on some path.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use std::cell::RefCell;
use std::fmt::Display;

/// A stretch of the user's code, first token to last: an error here underlines all of it
/// (`Vec<String>` whole, not `Vec`), the way `syn::Error::new_spanned` does on stable.
#[derive(Clone, Copy)]
pub struct Range {
    pub start: Span,
    pub end: Span,
}

impl Range {
    /// From the first to the last token of `tokens`.
    pub fn of(tokens: &dyn ToTokens) -> Range {
        let mut iter = tokens.to_token_stream().into_iter();
        let start = iter.next().map_or_else(Span::call_site, |t| t.span());
        let end = iter.last().map_or(start, |t| t.span());
        Range { start, end }
    }

    /// From the start of `self` to the end of `other`.
    pub fn to(self, other: Range) -> Range {
        Range {
            start: self.start,
            end: other.end,
        }
    }

    pub fn error(self, msg: impl Display) -> syn::Error {
        syn::Error::new_spanned(self, msg)
    }
}

impl From<Span> for Range {
    fn from(span: Span) -> Range {
        Range {
            start: span,
            end: span,
        }
    }
}

impl ToTokens for Range {
    // Two placeholder tokens carrying the two spans: what `new_spanned` reads.
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend([
            proc_macro2::TokenTree::Ident(proc_macro2::Ident::new("start", self.start)),
            proc_macro2::TokenTree::Ident(proc_macro2::Ident::new("end", self.end)),
        ]);
    }
}

pub struct Ctxt {
    // `None` once checked.
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Ctxt {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// An error over `range` (a span, or a range of tokens).
    pub fn error(&self, range: impl Into<Range>, msg: impl Display) {
        self.syn_error(range.into().error(msg));
    }

    /// An error over every token of `tokens`.
    pub fn error_spanned_by(&self, tokens: &dyn ToTokens, msg: impl Display) {
        self.error(Range::of(tokens), msg);
    }

    pub fn syn_error(&self, e: syn::Error) {
        self.errors
            .borrow_mut()
            .as_mut()
            .expect("Ctxt used after check")
            .push(e);
    }

    pub fn has_errors(&self) -> bool {
        self.errors.borrow().as_ref().is_some_and(|e| !e.is_empty())
    }

    /// Consumes the collector: `Err` with every error combined, in the order found.
    pub fn check(self) -> syn::Result<()> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut errors = errors.into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for e in errors {
            combined.combine(e);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.errors.borrow().is_some() {
            panic!("catalog-macros bug: Ctxt dropped without check()");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_returns_every_error_in_order() {
        let cx = Ctxt::new();
        cx.error(Span::call_site(), "first");
        cx.error(Span::call_site(), "second");
        let errors = cx
            .check()
            .map_err(|e| e.into_iter().map(|e| e.to_string()).collect::<Vec<_>>());
        assert_eq!(errors, Err(vec!["first".to_string(), "second".to_string()]));
        assert!(Ctxt::new().check().is_ok());
    }

    #[test]
    #[should_panic(expected = "Ctxt dropped without check()")]
    fn an_unchecked_ctxt_panics_on_drop() {
        let cx = Ctxt::new();
        cx.error(Span::call_site(), "lost");
    }
}
