//! Settings checked by name: at start-up every `CATALOG_*` variable set must be one the server
//! reads ([`SERVER`], or a credential variable of one of its tools' security schemes), or one
//! the project's builds and tests read ([`BUILD_AND_TEST`]); any other stops the server,
//! naming the variable and the closest name it reads. A wrong value was always refused; a wrong
//! name is now too, so `CATALOG_ALLOW_WRITE=1` (no `S`) does not leave writes off unseen, and
//! `CATALOG_CREDENTIAL_TOKEN` does not leave every call anonymous where the spec allows it.
//!
//! `CATALOG_` is the catalog's namespace: a `main`'s own variables take its own prefix
//! (`TASKBOARD_BASE_URL`, `NETBOX_BASE_URL`), and one environment serves one server (the
//! credentials of another API's schemes are refused as misspellings).
//!
//! [`ExecutorConfig::with_credentials_env`](crate::outbound::executor::ExecutorConfig::with_credentials_env)
//! checks first, before any credential is read; [`McpServer::check_settings`] checks the
//! names [`McpServer::with_catalog_env`] saw, so serving checks too.
//!
//! [`McpServer::check_settings`]: crate::inbound::mcp::McpServer::check_settings
//! [`McpServer::with_catalog_env`]: crate::inbound::mcp::McpServer::with_catalog_env

use crate::config::config_error::ConfigError;
use crate::config::variable_error::VariableError;
use crate::tools::catalog::Catalog;
use catalog_core::check::suggest::{Candidate, Suggestion, suggest};

/// The prefix of every variable the catalog reads.
pub const PREFIX: &str = "CATALOG_";

/// The prefix of the credential variables, `CATALOG_CREDENTIAL_<SCHEME>`
/// ([`crate::outbound::credentials`]).
pub const CREDENTIAL_PREFIX: &str = "CATALOG_CREDENTIAL_";

/// Every `CATALOG_*` setting a server reads by a fixed name, each a row of docs/settings.md
/// (the credential variables are named from the tools' security schemes).
pub const SERVER: &[&str] = &[
    // The executor (`ExecutorConfig::with_catalog_env`) and the request encoder.
    "CATALOG_ALLOW_WRITES",
    "CATALOG_TIMEOUT_SECS",
    "CATALOG_MAX_RESPONSE_BYTES",
    "CATALOG_FILES_DIR",
    "CATALOG_MAX_UPLOAD_BYTES",
    "CATALOG_RETRIES",
    "CATALOG_NO_RETRY",
    "CATALOG_TOKEN_EXCHANGE_URL",
    "CATALOG_TOKEN_EXCHANGE_CLIENT_ID",
    "CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET",
    "CATALOG_TOKEN_EXCHANGE_AUDIENCE",
    "CATALOG_TOKEN_EXCHANGE_RESOURCE",
    "CATALOG_TOKEN_EXCHANGE_SCOPE",
    "CATALOG_TOKEN_EXCHANGE_SKEW_SECS",
    // The MCP server (`McpServer::with_catalog_env`).
    "CATALOG_MAX_IN_FLIGHT",
    "CATALOG_MAX_LINE_BYTES",
    "CATALOG_MAX_PENDING",
    "CATALOG_SHUTDOWN_GRACE",
    "CATALOG_RESULT_FORM",
    "CATALOG_OUTPUT_SCHEMAS",
    "CATALOG_MAX_RESULT_TOKENS",
    "CATALOG_UNTRUSTED_DATA",
    "CATALOG_TOOLSETS",
    "CATALOG_TOOLS",
    "CATALOG_EXCLUDE_TOOLS",
    "CATALOG_READ_ONLY",
    "CATALOG_CONFIRM",
    "CATALOG_CONFIRM_FALLBACK",
    "CATALOG_RATE_LIMIT",
    "CATALOG_RATE_LIMIT_TOOLS",
    "CATALOG_RATE_LIMIT_STORE",
    "CATALOG_AUDIT",
    "CATALOG_AUDIT_ARGUMENTS",
    // The recorder of the tool-set binaries and the taskboard example.
    "CATALOG_RECORD",
    // Streamable HTTP (`HttpConfig::with_catalog_env`).
    "CATALOG_HTTP_ALLOWED_HOSTS",
    "CATALOG_HTTP_ALLOWED_ORIGINS",
    "CATALOG_HTTP_TOKEN",
    "CATALOG_HTTP_AUTHORIZATION_SERVERS",
    "CATALOG_HTTP_PUBLIC_URL",
    "CATALOG_HTTP_MAX_REQUESTS",
    "CATALOG_HTTP_SHUTDOWN_DELAY",
    "CATALOG_HTTP_SESSIONS",
    "CATALOG_HTTP_CLIENT_SELECTION",
    "CATALOG_HTTP_METRICS",
    "CATALOG_HTTP_READY_STATUS_PATH",
    "CATALOG_HTTP_READY_VERSION_FIELD",
    "CATALOG_HTTP_READY_SPEC_PATH",
];

/// The `CATALOG_*` variables the project's builds, tests, benches and CI read, and why: no
/// server reads them, but they are set where servers start (a CI job exports
/// `CATALOG_BENCH_SMOKE`, the live NetBox test sources `CATALOG_LIVE_NETBOX`), so they are not
/// refused. Each is a row of docs/settings.md.
pub const BUILD_AND_TEST: &[(&str, &str)] = &[
    (
        "CATALOG_SPECS_DIR",
        "the folder of the real third-party specs, read when `real-specs/` and the tests build",
    ),
    (
        "CATALOG_PINS",
        "`#[tool]`'s glob pins at compile time: record, `accept` or `check`",
    ),
    (
        "CATALOG_INDEX_DIR",
        "where the index is, set by a build script for `#[tool]`",
    ),
    (
        "CATALOG_REPIN",
        "tests: `1` rewrites the pinned public surface and expansions",
    ),
    (
        "CATALOG_BENCH_SMOKE",
        "benches: run once at a tiny size (CI exports it while the serving bench starts servers)",
    ),
    ("CATALOG_BENCH_RUNS", "the compile bench: timed runs"),
    (
        "CATALOG_BENCH_CALLS",
        "the serving bench: calls per transport",
    ),
    (
        "CATALOG_BENCH_TRANSPORT",
        "the serving bench: one transport",
    ),
    (
        "CATALOG_BENCH_SERVER",
        "the serving bench: another server binary",
    ),
    (
        "CATALOG_LIVE_NETBOX",
        "the live NetBox test: the instance's URL (sourced into the shell that runs it)",
    ),
    (
        "CATALOG_LIVE_NETBOX_TOKEN",
        "the live NetBox test: the instance's `Authorization` header",
    ),
    (
        "CATALOG_LIVE_BUDGET",
        "`.ci/run`: the seconds the live NetBox start-up may take",
    ),
    (
        "CATALOG_E2E_OIDC",
        "the per-user credential tests: where the identity provider is installed",
    ),
    (
        "CATALOG_PROPERTY_EXAMPLES",
        "the end-to-end property run: examples per tool",
    ),
    (
        "CATALOG_PROPERTY_DEBUG",
        "the end-to-end property run: print each example",
    ),
];

/// Whether `name` is a setting no server reads but the project's builds and tests do.
pub fn is_build_or_test(name: &str) -> bool {
    BUILD_AND_TEST.iter().any(|(n, _)| *n == name)
}

/// The credential variables `catalog`'s tools read, in every form accepted, one scheme after
/// another (the canonical form of each first).
pub fn credential_variables(catalog: &Catalog) -> Vec<String> {
    let mut seen: Vec<&str> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (_, op) in catalog.operations() {
        for scheme in op.security.iter().flatten() {
            if seen.contains(&scheme.scheme.as_str()) {
                continue;
            }
            seen.push(&scheme.scheme);
            for name in crate::outbound::credentials::variables(scheme) {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// Checks the names of the variables set (`names`, any variable; those without the
/// [`PREFIX`] are not the catalog's and pass): each `CATALOG_*` one must be a setting the
/// server reads, a credential variable of `catalog`'s schemes, or a build or test one. Refused
/// otherwise, each unknown name on a line of its own with the closest name the server reads.
pub fn check<I>(catalog: &Catalog, names: I) -> Result<(), ConfigError>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let credentials = credential_variables(catalog);
    let mut unknown: Vec<VariableError> = Vec::new();
    for name in names {
        let name = name.as_ref();
        let known = !name.starts_with(PREFIX)
            || SERVER.contains(&name)
            || is_build_or_test(name)
            || credentials.iter().any(|c| c == name);
        if !known {
            unknown.push(VariableError::Unknown {
                variable: name.to_string(),
                hint: hint(name, &credentials),
            });
        }
    }
    unknown.sort_by_key(VariableError::to_string);
    match unknown.len() {
        0 => Ok(()),
        1 => Err(ConfigError::from(unknown.remove(0))),
        _ => Err(ConfigError::new(
            unknown
                .iter()
                .map(VariableError::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        )),
    }
}

/// What to say after an unknown `name`: the closest name the server reads, else what it reads
/// of that kind.
fn hint(name: &str, credentials: &[String]) -> String {
    let candidates: Vec<Candidate<'_>> = SERVER
        .iter()
        .copied()
        .chain(credentials.iter().map(String::as_str))
        .map(Candidate::new)
        .collect();
    let suggestion = suggest(name, None, &candidates);
    if let Suggestion::Name { .. } = suggestion {
        return suggestion.to_string();
    }
    if let Some(closest) = longest_shared_start(name, &candidates) {
        return format!("did you mean `{closest}`?");
    }
    if name.starts_with(CREDENTIAL_PREFIX) {
        return if credentials.is_empty() {
            "no tool of this server sends a credential of a security scheme".to_string()
        } else {
            format!(
                "the credential variables it reads are {}",
                credentials.join(", ")
            )
        };
    }
    "none of its settings is close (docs/settings.md lists them)".to_string()
}

/// The one candidate that starts the same as `name` for longest, when that start goes a word
/// past the family (`CATALOG_CREDENTIAL_` for a credential, else `CATALOG_`): a name cut short
/// (`CATALOG_TIMEOUT`) or run on (`..._BASIC_AUTH_USERNAME`), which edit distance misses.
fn longest_shared_start<'a>(name: &str, candidates: &[Candidate<'a>]) -> Option<&'a str> {
    let family = if name.starts_with(CREDENTIAL_PREFIX) {
        CREDENTIAL_PREFIX
    } else {
        PREFIX
    };
    let shared = |c: &str| {
        name.bytes()
            .zip(c.bytes())
            .take_while(|(a, b)| a == b)
            .count()
    };
    let longest = candidates.iter().map(|c| shared(c.name)).max()?;
    let mut best = candidates.iter().filter(|c| shared(c.name) == longest);
    match (best.next(), best.next()) {
        (Some(c), None) if longest >= family.len() + 4 => Some(c.name),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
