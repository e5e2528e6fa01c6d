//! One key of an attribute, filled at most once (serde_derive's `Attr`).
//!
//! Every key at every level of `#[tool(...)]`, `#[arg(...)]`, `#[object(...)]` and
//! `#[composite(...)]` is parsed into a [`Slot`]: `operation`, `semantics`, `effects` and each
//! key inside it, `security(none, reason)`, `variant(whole, reason)`, `output` and each key
//! inside it, the keys of a `fixed`, `omitted` or `undocumented` entry, every `#[arg]` key, the
//! `reason` of an `#[object]` omission, `uses`, `name` and `output` of a composite. A key given
//! twice is then always one error, over both, whatever the key: no key opts in to the check.
//! Only the entries (`fixed`, `omitted`, `undocumented`, `aliases`, an `#[object]` omission)
//! repeat, one per thing they declare; what each declares is checked once (the accounting
//! refuses a parameter accounted twice). The keys of each place are listed in
//! [`crate::attr_keys`], whose test holds each against a ui case that gives it twice.

use crate::ctxt::{Ctxt, Range};
use proc_macro2::Span;

pub struct Slot<T> {
    key: &'static str,
    /// The span of the key that filled the slot.
    first: Option<Span>,
    value: Option<T>,
}

impl<T> Slot<T> {
    pub const fn new(key: &'static str) -> Slot<T> {
        Slot {
            key,
            first: None,
            value: None,
        }
    }

    /// Fills the slot with `value`, written from `key` to `end`. When it is filled already, the
    /// first value is kept and one error covers both, from the first key to `end`.
    pub fn set(&mut self, cx: &Ctxt, key: Span, end: Span, value: T) {
        match self.first {
            Some(first) => cx.error(
                Range::from(first).to(Range::from(end)),
                format!("`{}` is given twice; keep one", self.key),
            ),
            None => {
                self.first = Some(key);
                self.value = Some(value);
            }
        }
    }

    /// The value given, if any.
    pub fn get(self) -> Option<T> {
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::Slot;
    use crate::ctxt::Ctxt;
    use proc_macro2::Span;

    fn errors(cx: Ctxt) -> Vec<String> {
        match cx.check() {
            Ok(()) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn a_second_value_is_an_error_and_the_first_is_kept() {
        let cx = Ctxt::new();
        let mut slot = Slot::new("semantics");
        let at = Span::call_site();
        slot.set(&cx, at, at, "merge");
        slot.set(&cx, at, at, "full-replace");
        assert_eq!(slot.get(), Some("merge"));
        assert_eq!(errors(cx), ["`semantics` is given twice; keep one"]);
    }

    #[test]
    fn one_value_is_no_error() {
        let cx = Ctxt::new();
        let mut slot = Slot::new("reason");
        slot.set(&cx, Span::call_site(), Span::call_site(), 1);
        assert_eq!(slot.get(), Some(1));
        assert!(errors(cx).is_empty());
        assert_eq!(Slot::<u8>::new("reason").get(), None);
    }
}
