//! Tools against real third-party specs. They compile only when `CATALOG_SPECS_DIR` points at
//! the specs (`.ci/run` sets it), so that a missing spec is visible rather than silently skipped:
//! the tests in `tests/` fail loudly when the variable is set but the tools are absent.
#![allow(missing_docs)]

#[cfg(digitalocean)]
pub mod digitalocean;
#[cfg(real_specs)]
pub mod ersatztv;
#[cfg(mailchimp)]
pub mod mailchimp;
#[cfg(real_specs)]
pub mod mattermost;
#[cfg(real_specs)]
pub mod netbox;
pub mod serve;
#[cfg(slack)]
pub mod slack;
#[cfg(stripe)]
pub mod stripe;
#[cfg(zoom)]
pub mod zoom;
