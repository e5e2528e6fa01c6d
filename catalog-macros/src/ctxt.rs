//! The error collector every phase pushes into (serde_derive's `Ctxt`): all findings of one
//! `#[tool]` are reported together, each at its own span.

use proc_macro2::Span;
use std::cell::RefCell;
use std::fmt::Display;

#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
    // Spans behind the opaque sites `catalog_core::check::accounting` reports findings at.
    sites: RefCell<Vec<Span>>,
}

impl Ctxt {
    pub fn error(&self, span: Span, msg: impl Display) {
        self.errors.borrow_mut().push(syn::Error::new(span, msg));
    }

    pub fn syn_error(&self, e: syn::Error) {
        self.errors.borrow_mut().push(e);
    }

    pub fn site(&self, span: Span) -> usize {
        let mut sites = self.sites.borrow_mut();
        sites.push(span);
        sites.len() - 1
    }

    pub fn span_of(&self, site: usize) -> Span {
        self.sites
            .borrow()
            .get(site)
            .copied()
            .unwrap_or_else(Span::call_site)
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.borrow().is_empty()
    }

    /// All errors as one `compile_error!` stream, or `None` when there are none.
    pub fn finish(self) -> Option<proc_macro2::TokenStream> {
        let mut errors = self.errors.into_inner().into_iter();
        let mut combined = errors.next()?;
        for e in errors {
            combined.combine(e);
        }
        Some(combined.to_compile_error())
    }
}
