//! ErsatzTV's tools served over MCP: `cargo run -p catalog-real-specs --bin ersatztv-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`.
//!
//! `ERSATZTV_BASE_URL` (default `http://127.0.0.1:8409`); ErsatzTV's API takes no credential.
//! The rest as in `catalog_real_specs::serve`.

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
    }
    .main()
}

#[cfg(not(real_specs))]
fn main() -> ExitCode {
    catalog_real_specs::serve::built_without_specs("ersatztv-mcp")
}
