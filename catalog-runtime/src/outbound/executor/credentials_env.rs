//! An executor's credentials read for the schemes a catalog's tools can use, from the
//! `CATALOG_CREDENTIAL_<SCHEME>` variables ([`ExecutorConfig::with_credentials_env`]).

use super::config::{ConfigError, ExecutorConfig};
use crate::tools::catalog::Catalog;

impl ExecutorConfig {
    /// Reads the credential of every scheme `catalog`'s tools can use from the
    /// `CATALOG_CREDENTIAL_<SCHEME>` variables that are set (see
    /// [`crate::outbound::credentials`]).
    ///
    /// First every `CATALOG_*` variable set is checked by name
    /// ([`crate::config::setting_names`]): one the server does not read stops it here, naming
    /// the closest it reads, before a misspelled credential can leave a tool anonymous.
    pub fn with_credentials_env(self, catalog: &Catalog) -> Result<Self, ConfigError> {
        crate::config::setting_names::check(
            catalog,
            crate::wire::environment::names(crate::config::setting_names::PREFIX),
        )?;
        self.with_credentials_from(catalog, crate::wire::environment::var)
    }

    /// [`with_credentials_env`](Self::with_credentials_env) reading from `lookup`.
    pub fn with_credentials_from(
        mut self,
        catalog: &Catalog,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, ConfigError> {
        for t in catalog.tools() {
            for scheme in t.operation.security.iter().flatten() {
                if self.credentials.get(&scheme.scheme).is_some() {
                    continue;
                }
                if let Some(c) = crate::outbound::credentials::from_env(scheme, &lookup)? {
                    self.credentials.insert(scheme.scheme.clone(), c);
                }
            }
        }
        Ok(self)
    }
}
