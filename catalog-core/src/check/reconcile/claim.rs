//! What accounts for a parameter: a [`Claim`] by one of the tool's declarations.

/// A declaration that accounts for a parameter, by its index among the tool's declarations of
/// its kind.
#[derive(Clone)]
pub(super) enum Claim {
    Field(usize),
    Fixed(usize),
    Omitted(usize),
    Glob(usize),
    Credential(usize),
}
