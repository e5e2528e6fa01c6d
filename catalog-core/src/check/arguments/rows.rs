//! The arguments as the checker counts them: which argument a row takes, and which rows a
//! call's keys matched.

use crate::model::{Disposition, Location, Operation};

/// The argument name an accounting row takes from the agent, if any.
pub fn argument_of(d: &Disposition) -> Option<&str> {
    match d {
        Disposition::Set { argument, .. } => Some(argument),
        Disposition::Undocumented {
            argument: Some(a), ..
        } => Some(a),
        _ => None,
    }
}

/// How a call sends a property of the body object, by the disposition of its row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BodyProperty<'o> {
    /// When the agent gives this argument (row, argument name).
    Argument(usize, &'o str),
    /// Always: the tool sends a value itself (Fixed, or Undocumented with a value).
    Always,
    /// Never: the tool omits it, or the body has no such property to send.
    Never,
}

/// How a call sends the body property `name`.
pub(crate) fn body_property<'o>(op: &'o Operation, name: &str) -> BodyProperty<'o> {
    let Some((i, row)) = op
        .accounting
        .iter()
        .enumerate()
        .find(|(_, r)| r.param.location == Location::Body && r.param.name == name)
    else {
        return BodyProperty::Never;
    };
    match &row.disposition {
        Disposition::Fixed { .. }
        | Disposition::Undocumented {
            argument: None,
            value: Some(_),
            ..
        } => BodyProperty::Always,
        d => argument_of(d).map_or(BodyProperty::Never, |a| BodyProperty::Argument(i, a)),
    }
}

/// Which rows (or fields) were matched by a key, so that required ones are confirmed present
/// without a hash lookup each. Indices past 63 are not recorded; callers look those up.
#[derive(Clone, Copy, Default)]
pub(super) struct Seen(pub(super) u64);

impl Seen {
    pub(super) fn mark(&mut self, i: usize) {
        if i < 64 {
            self.0 |= 1 << i;
        }
    }

    pub(super) fn has(self, i: usize) -> bool {
        i < 64 && self.0 & (1 << i) != 0
    }
}
