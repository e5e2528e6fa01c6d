//! ErsatzTV's tools served over MCP: `cargo run -p catalog-real-specs --bin ersatztv-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`.
//!
//! `ERSATZTV_BASE_URL` (default `http://127.0.0.1:8409`); `ERSATZTV_API_KEY`, sent as
//! `X-Api-Key` on every request: ErsatzTV reads it once a key is set in its settings, though its
//! spec declares no security scheme, so the tool set accounts for it here (an undocumented
//! credential, never an argument). The rest as in `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(real_specs)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "ersatztv-mcp",
        catalog: catalog_real_specs::ersatztv::catalog,
        spec: catalog_real_specs::serve::SpecFile::SpecsDir(
            catalog_real_specs::ersatztv::SPEC_FILE,
        ),
        base_url_env: "ERSATZTV_BASE_URL",
        default_base_url: "http://127.0.0.1:8409",
        api_key: Some(catalog_real_specs::serve::ApiKey {
            env: "ERSATZTV_API_KEY",
            header: "X-Api-Key",
            read_at: "ErsatzTV checks it on every API request once an API key is set in its \
                      settings; its MCP server document calls it effectively required, and \
                      the spec declares no security scheme",
        }),
    }
    .main()
}

#[cfg(not(real_specs))]
fn main() -> ExitCode {
    catalog_real_specs::serve::built_without_specs("ersatztv-mcp")
}
