//! The `skip_serializing_if` predicates of the model's serde derives: a field at its default
//! is left out of the stored form.

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(super) fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}
