//! The server's settings: its own `CATALOG_*` variables ([`settings`]), every variable set
//! checked by name at start-up ([`setting_names`]), and why one is refused
//! (`variable_error`, `config_error`).

#[cfg(feature = "runtime")]
pub(crate) mod config_error;
#[cfg(feature = "runtime")]
pub mod setting_names;
#[cfg(feature = "runtime")]
pub mod settings;
#[cfg(feature = "runtime")]
pub(crate) mod variable_error;
