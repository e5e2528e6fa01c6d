//! ErsatzTV's tools served over MCP (stdio), for the end-to-end run against a Prism mock of
//! `$CATALOG_SPECS_DIR/ersatztv-v1.json` (`.ci/e2e.sh`).
//!
//! `CATALOG_SPECS_DIR=../shared/specs cargo run -p catalog-real-specs --example ersatztv -- serve`
//!
//! Configured by `ERSATZTV_BASE_URL` (default `http://127.0.0.1:8409`), `CATALOG_ALLOW_WRITES`,
//! `CATALOG_MAX_RESPONSE_BYTES` and `CATALOG_TIMEOUT_SECS`. ErsatzTV's API takes no credential.
//! With `CATALOG_RECORD=<file>`, every request is checked against the spec by a recorder before
//! it is sent, and on shutdown the calls per tool, the undeclared requests and the declared
//! operations never called are merged into that JSON file.

use std::process::ExitCode;

#[cfg(real_specs)]
fn serve() -> Result<(), String> {
    use catalog::Catalog;
    use catalog::executor::{Executor, ExecutorConfig};
    use catalog::index::Index;
    use catalog::mcp::McpServer;
    use catalog::recorder::ENV_RECORD;
    use catalog_real_specs::ersatztv::*;
    use std::path::{Path, PathBuf};
    use std::sync::Arc;

    let catalog = Catalog::new()
        .tool::<ListChannels>()
        .tool::<ResetChannelPlayout>()
        .tool::<GetFFmpegProfiles>()
        .tool::<CreateFFmpegProfile>()
        .tool::<UpdateFFmpegProfile>()
        .tool::<DeleteFFmpegProfile>()
        .tool::<ScanLibrary>()
        .tool::<ScanShow>()
        .tool::<GarbageCollect>()
        .tool::<EmptyTrash>()
        .tool::<GetResolutionByName>()
        .tool::<GetSessions>()
        .tool::<StopSession>()
        .tool::<GetSmartCollections>()
        .tool::<CreateSmartCollection>()
        .tool::<UpdateSmartCollection>()
        .tool::<DeleteSmartCollection>()
        .tool::<GetVersion>();
    let base =
        std::env::var("ERSATZTV_BASE_URL").unwrap_or_else(|_| "http://127.0.0.1:8409".into());
    let config = ExecutorConfig::new(base)
        .with_catalog_env()
        .map_err(|e| e.to_string())?;
    let mut executor = Executor::new(config).map_err(|e| e.to_string())?;
    // For end-to-end suites: every request is checked against the spec before it is sent. The
    // spec is the one the tools were built from (CATALOG_SPECS_DIR at build time, relative to
    // the workspace root).
    let record = std::env::var_os(ENV_RECORD).map(PathBuf::from);
    let mut recorder = None;
    if record.is_some() {
        let spec = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(env!("CATALOG_SPECS_DIR"))
            .join("ersatztv-v1.json");
        let index = Index::load(&spec).map_err(|e| e.to_string())?;
        let r = Arc::new(catalog.recorder(&index));
        executor = executor.with_recorder(r.clone());
        recorder = Some(r);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let served = runtime
        .block_on(McpServer::new(catalog, executor).serve_stdio())
        .map_err(|e| e.to_string());
    if let (Some(path), Some(recorder)) = (record, recorder) {
        recorder
            .merge_into_file(&path)
            .map_err(|e| format!("{ENV_RECORD}: {e}"))?;
    }
    served
}

#[cfg(not(real_specs))]
fn serve() -> Result<(), String> {
    Err(
        "built without CATALOG_SPECS_DIR, so without the ErsatzTV tools; \
         rebuild with CATALOG_SPECS_DIR pointing at the specs"
            .into(),
    )
}

fn main() -> ExitCode {
    match std::env::args().nth(1).as_deref() {
        Some("serve") => match serve() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("ersatztv: {e}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!("usage: ersatztv serve");
            ExitCode::from(2)
        }
    }
}
