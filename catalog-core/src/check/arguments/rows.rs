//! The arguments as the checker counts them: which argument a row takes, and which rows a
//! call's keys matched.

use crate::model::Disposition;

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
