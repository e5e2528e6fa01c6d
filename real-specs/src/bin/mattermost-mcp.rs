//! Mattermost's tools served over MCP: `cargo run -p catalog-real-specs --bin mattermost-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`.
//!
//! `MATTERMOST_BASE_URL` (default `http://127.0.0.1:8065`) and `CATALOG_CREDENTIAL_BEARER_AUTH`
//! (a personal access token, sent as `Authorization: Bearer`); the rest as in `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(real_specs)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "mattermost-mcp",
        catalog: catalog_real_specs::mattermost::catalog,
        spec: catalog_real_specs::serve::SpecFile::SpecsDir(
            catalog_real_specs::mattermost::SPEC_FILE,
        ),
        base_url_env: "MATTERMOST_BASE_URL",
        default_base_url: "http://127.0.0.1:8065",
        api_key: None,
    }
    .main()
}

#[cfg(not(real_specs))]
fn main() -> ExitCode {
    catalog_real_specs::serve::built_without_specs("mattermost-mcp")
}
