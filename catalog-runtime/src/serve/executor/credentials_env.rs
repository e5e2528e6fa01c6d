//! An executor's credentials read for the schemes a catalog's tools can use, from the
//! `CATALOG_CREDENTIAL_<SCHEME>` variables ([`ExecutorConfig::with_credentials_env`]).

use super::config::{ConfigError, ExecutorConfig};
use crate::serve::catalog::Catalog;

impl ExecutorConfig {
    /// Reads the credential of every scheme `catalog`'s tools can use from the
    /// `CATALOG_CREDENTIAL_<SCHEME>` variables that are set (see
    /// [`crate::serve::credentials`]).
    pub fn with_credentials_env(self, catalog: &Catalog) -> Result<Self, ConfigError> {
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
                if let Some(c) = crate::serve::credentials::from_env(scheme, &lookup)? {
                    self.credentials.insert(scheme.scheme.clone(), c);
                }
            }
        }
        Ok(self)
    }
}
