//! A value as the location writers take it: a typed argument already lowered to its text (or
//! the texts of its items), or a `Value`.

use serde_json::Value;

/// A value as the location encoders take it: typed values are lowered to scalar text, or to a
/// `Value` for arrays and objects.
#[derive(Clone, Copy)]
pub(super) enum Resolved<'a> {
    Absent,
    Null,
    Value(&'a Value),
    Text(&'a str),
    /// An array of scalars: their texts one after another in `text`, each ending at `ends[i]`.
    Items(Items<'a>),
}

/// An array of scalars lowered to text, read element by element.
#[derive(Clone, Copy)]
pub(super) struct Items<'a> {
    pub(super) text: &'a str,
    pub(super) ends: &'a [usize],
}

impl<'a> Items<'a> {
    pub(super) fn is_empty(self) -> bool {
        self.ends.is_empty()
    }

    pub(super) fn iter(self) -> impl Iterator<Item = &'a str> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let item = self.text.get(start..end).unwrap_or_default();
            start = end;
            item
        })
    }
}
