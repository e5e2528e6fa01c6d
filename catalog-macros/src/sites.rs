//! The places a tool's findings are reported at: each key's range, kept as an opaque index
//! (a core [`Site`]) that core's checks carry and the macro maps back to a span.

use crate::attr::Spanned;
use crate::ctxt::Range;
use catalog_core::check::declared::{Reason, Site};
use proc_macro2::Span;

/// The places `reconcile` reports findings at, as opaque indices.
#[derive(Default)]
pub struct Sites(Vec<Range>);

impl Sites {
    pub fn site(&mut self, range: impl Into<Range>) -> Site {
        self.0.push(range.into());
        self.0.len() - 1
    }

    pub fn range(&self, site: Site) -> Range {
        self.0
            .get(site)
            .copied()
            .unwrap_or_else(|| Span::call_site().into())
    }

    pub fn reason(&mut self, s: &Spanned<String>) -> Reason {
        Reason {
            text: s.value.clone(),
            site: self.site(s.span),
        }
    }
}
