//! The one place the run time reads the process environment.
//!
//! Every `CATALOG_*` and `OTEL_*` variable a server reads goes through [`var`] (or [`var_os`]
//! for a path; [`names`] lists the `CATALOG_*` ones set, for the check of settings by name): the readers of settings (`ExecutorConfig::with_catalog_env`,
//! `McpServer::with_catalog_env`, `HttpConfig::with_catalog_env`, the upload limits, the trace
//! exporter) take it as their `lookup`, so a test gives them a table instead. Each variable's
//! name is a constant beside the code it configures, and every one is a row of
//! `docs/settings.md`; `tests/settings_table.rs` fails when a file of the run time reads the
//! environment anywhere else, or reads a variable the table does not list.
//!
//! It lives in `wire`, the run time's lowest layer, because the upload settings are read while a
//! request is encoded.

use std::ffi::OsString;

/// The value of the variable `name`, `None` when it is unset or not Unicode.
pub fn var(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// The value of the variable `name` as the operating system holds it (a path need not be
/// Unicode), `None` when it is unset.
pub fn var_os(name: &str) -> Option<OsString> {
    std::env::var_os(name)
}

/// The names of the variables set that start with `prefix` (`CATALOG_`), for the start-up
/// check of settings by name; a name that is not Unicode is given lossily, so it is refused
/// rather than passed over.
pub fn names(prefix: &str) -> Vec<String> {
    std::env::vars_os()
        .map(|(name, _)| name.to_string_lossy().into_owned())
        .filter(|name| name.starts_with(prefix))
        .collect()
}

/// The proxies the standard variables name (`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY` and their
/// lower-case forms, read by `hyper-util`), for every HTTP client the server builds.
#[cfg(feature = "runtime")]
pub fn proxies() -> hyper_util::client::proxy::matcher::Matcher {
    hyper_util::client::proxy::matcher::Matcher::from_env()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Cargo sets `CARGO_PKG_NAME` and `CARGO_MANIFEST_DIR` in the environment of the tests it
    // runs, to the values it gives the compiler.
    #[test]
    fn a_variable_is_read_from_the_process_environment() {
        assert_eq!(
            var("CARGO_PKG_NAME").as_deref(),
            Some(env!("CARGO_PKG_NAME"))
        );
        assert_eq!(
            var_os("CARGO_MANIFEST_DIR"),
            Some(OsString::from(env!("CARGO_MANIFEST_DIR")))
        );
    }

    #[test]
    fn names_are_those_set_with_the_prefix() {
        let names = names("CARGO_PKG_");
        assert!(names.iter().any(|n| n == "CARGO_PKG_NAME"), "{names:?}");
        assert!(
            names.iter().all(|n| n.starts_with("CARGO_PKG_")),
            "{names:?}"
        );
    }

    #[test]
    fn an_unset_variable_is_none() {
        let name = "ENVIRONMENT_TEST_UNSET_VARIABLE";
        assert_eq!((var(name), var_os(name)), (None, None));
    }
}
