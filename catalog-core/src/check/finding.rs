//! What every rule reports in: an opaque [`Site`] in the user's code, a [`Reason`] as the user
//! wrote it, and a [`Finding`] (one problem at one site). The caller maps sites to its own
//! places (the macro: spans).

/// An opaque place in the user's code, chosen by the caller (the macro uses span indices).
pub type Site = usize;

/// A reason as the user wrote it, with where.
#[derive(Clone, Debug)]
pub struct Reason {
    /// The text.
    pub text: String,
    /// Where it was written.
    pub site: Site,
}

/// One problem, at one site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where to report it.
    pub site: Site,
    /// The message, rustc style: lowercase, no trailing period, the fix stated.
    pub message: String,
}

impl Finding {
    /// A finding at `site`.
    pub fn at(site: Site, message: impl Into<String>) -> Finding {
        Finding {
            site,
            message: message.into(),
        }
    }
}
