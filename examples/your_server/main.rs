//! Serving your own tools: the whole `main` of a server crate, stdio or Streamable HTTP.
//! `TASKS_BASE_URL` says where the API is; every `CATALOG_*` setting is read here, and a wrong
//! one stops the server at start-up with the fix.

mod tools;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::http::{HttpConfig, bind};
use std::process::ExitCode;

fn main() -> ExitCode {
    // A start-up error printed as it reads, not as Rust's `Debug` of it.
    match serve() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("your_server: {e}");
            ExitCode::FAILURE
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn serve() -> Result<(), Box<dyn std::error::Error>> {
    let base_url = std::env::var("TASKS_BASE_URL").map_err(|_| "set TASKS_BASE_URL")?;
    let config = ExecutorConfig::new(base_url)
        .with_catalog_env()? // CATALOG_ALLOW_WRITES, CATALOG_TIMEOUT_SECS, ...
        .with_credentials_env(&tools::catalog())?; // CATALOG_CREDENTIAL_<SCHEME>
    let executor = Executor::new(config)?;
    tools::catalog().check_credentials(&executor)?; // every tool can authenticate
    let server = McpServer::new(tools::catalog(), executor).with_catalog_env()?;
    server.check_settings()?; // every CATALOG_* name is a setting; tool names are tools served
    match std::env::args().nth(1).as_deref() {
        None => server.serve_stdio().await?,
        Some("--http") => {
            let http = HttpConfig::new().with_catalog_env()?; // CATALOG_HTTP_*
            let listener = bind("127.0.0.1:8080").await?;
            server.serve_http(listener, http).await?
        }
        Some(other) => return Err(format!("unknown argument {other:?}; use --http or none").into()),
    }
    Ok(())
}
