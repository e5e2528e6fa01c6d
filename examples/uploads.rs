//! File-upload tools over `openapi/uploads.yaml`, served to an agent over MCP (stdio):
//! `upload_file` sends a `multipart/form-data` body (a file part, a text part, an array of file
//! parts), `put_blob` a whole `application/octet-stream` body.
//!
//! `cargo run --example uploads` serves them, configured by the environment:
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `UPLOADS_BASE_URL` | the API's base URL | `http://127.0.0.1:4010` |
//! | `CATALOG_ALLOW_WRITES` | `1` (or the tool names) lets the tools send | `0` |
//! | `CATALOG_FILES_DIR` | the one directory `{"path": ...}` files are read under | none: paths refused |
//! | `CATALOG_MAX_UPLOAD_BYTES` | the largest multipart or binary body | 16777216 |

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{File, tool};
use std::process::ExitCode;

/// Upload a file to a channel, with more files and a note.
#[tool(spec = "uploads", operation = "UploadFile")]
pub struct UploadFile {
    /// The file to upload (PNG, JPEG or plain text).
    pub file: File,
    pub channel_id: String,
    pub attachments: Option<Vec<File>>,
    pub note: Option<String>,
}

/// Store a blob under a name.
#[tool(spec = "uploads", operation = "PutBlob")]
pub struct PutBlob {
    pub name: String,
    /// The blob's bytes.
    #[arg(param = "body", rename = "content")]
    pub content: File,
}

fn serve() -> Result<(), String> {
    let base_url =
        std::env::var("UPLOADS_BASE_URL").unwrap_or_else(|_| "http://127.0.0.1:4010".into());
    let config = ExecutorConfig::new(base_url)
        .with_catalog_env()
        .map_err(|e| e.to_string())?;
    let executor = Executor::new(config).map_err(|e| e.to_string())?;
    let catalog = catalog::Catalog::new()
        .tool::<UploadFile>()
        .tool::<PutBlob>();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        McpServer::new(catalog, executor)
            .serve_stdio()
            .await
            .map_err(|e| e.to_string())
    })
}

fn main() -> ExitCode {
    match serve() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uploads: {e}");
            ExitCode::FAILURE
        }
    }
}
