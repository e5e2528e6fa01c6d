//! NetBox's tools served over MCP: `cargo run -p catalog-real-specs --bin netbox-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`.
//!
//! `NETBOX_BASE_URL` (default `http://127.0.0.1:8000`) and `CATALOG_CREDENTIAL_TOKEN_AUTH`
//! (`Token <key>`, sent as `Authorization`); the rest as in `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(real_specs)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "netbox-mcp",
        catalog: catalog_real_specs::netbox::catalog,
        spec: catalog_real_specs::serve::SpecFile::SpecsDir(catalog_real_specs::netbox::SPEC_FILE),
        base_url_env: "NETBOX_BASE_URL",
        default_base_url: "http://127.0.0.1:8000",
        api_key: None,
    }
    .main()
}

#[cfg(not(real_specs))]
fn main() -> ExitCode {
    catalog_real_specs::serve::built_without_specs("netbox-mcp")
}
