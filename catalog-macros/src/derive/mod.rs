//! The derives `#[tool]` checks user types through, reading the same `#[serde]` attributes serde
//! reads (with serde's own case rules), so that the names checked are the names on the wire:
//!
//! - `StringEnum`: a unit-only enum's wire names (`rename_all`, `rename`, `skip`), checked against
//!   a string enum's values.
//! - `Object`: a struct's wire field names and which may be absent (`Option`, `default`), checked
//!   against an object schema's properties.
//!
//! Each also marks the type for the checks `#[tool]` emits (`__private_v1::markers`): one impl
//! per wire name, one local trait per variant/field whose message names it when the parameter
//! does not allow it, and a generic inherent function whose where-clause holds every
//! variant's/field's bound, so each unmet bound is its own error at the variant or field and no blanket impl
//! stands between the bound and the message.

mod frame;
pub(crate) mod nested;
mod object;
mod serde_attr;
mod string_enum;

pub use object::object;
pub use string_enum::string_enum;
