//! The one `main` every tool-set binary shares: `serve` (stdio), `serve --http ADDR`
//! (Streamable HTTP at `/mcp`) and `budget` (what `tools/list` costs a model's context).
//!
//! Configured by the environment, like the taskboard example:
//!
//! | variable | meaning |
//! |---|---|
//! | `<SET>_BASE_URL` | the API's base URL (`NETBOX_BASE_URL`, `MATTERMOST_BASE_URL`, `ERSATZTV_BASE_URL`, `STRIPE_BASE_URL`) |
//! | `ERSATZTV_API_KEY` | ErsatzTV: sent as `X-Api-Key` on every request (its spec declares no scheme; see [`ApiKey`]) |
//! | `CATALOG_CREDENTIAL_<SCHEME>` | the credential of each security scheme (NetBox: `CATALOG_CREDENTIAL_TOKEN_AUTH=Token <key>`; Mattermost and Stripe: `CATALOG_CREDENTIAL_BEARER_AUTH=<token>`); a tool whose requirement none satisfies stops the start |
//! | `CATALOG_ALLOW_WRITES` | `1`, or the names of the tools that may write; others are refused |
//! | `CATALOG_MAX_RESPONSE_BYTES`, `CATALOG_TIMEOUT_SECS` | the executor's bounds |
//! | `CATALOG_HTTP_*` | HTTP: token, allowed hosts and origins, sessions (see docs/deploying.md) |
//! | `CATALOG_RECORD` | a JSON file: a recorder checks every request and response against the spec, and on shutdown merges its report into that file |

use catalog::Catalog;
use catalog::executor::{Executor, ExecutorConfig};
use catalog::index::Index;
use catalog::mcp::McpServer;
use catalog::mcp::http::{HttpConfig, bind};
use catalog::recorder::{ENV_RECORD, Recorder};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// A tool set a binary serves.
pub struct ToolSet {
    /// The binary's name, for messages (`netbox-mcp`).
    pub name: &'static str,
    /// Every tool of the set.
    pub catalog: fn() -> Catalog,
    /// The spec the tools are built from (the recorder reads it).
    pub spec: SpecFile,
    /// The variable that holds the API's base URL.
    pub base_url_env: &'static str,
    /// The base URL when that variable is not set.
    pub default_base_url: &'static str,
    /// A credential the API reads though its spec declares no security scheme for it.
    pub api_key: Option<ApiKey>,
}

/// A credential the API reads that its spec does not declare (no security scheme names it):
/// the tool set accounts for it as an undocumented one, with where the API reads it, and sends
/// it as `header` on every request from the variable `env`. Never an argument: no agent sees
/// or sends it. Unset, requests carry none (a start-up line says so); set but empty, the start
/// stops.
pub struct ApiKey {
    /// The variable holding the key (`ERSATZTV_API_KEY`).
    pub env: &'static str,
    /// The header it is sent as (`X-Api-Key`).
    pub header: &'static str,
    /// Where the API reads it, for the messages and the docs.
    pub read_at: &'static str,
}

impl ApiKey {
    /// The header and value to send, from `value` (the variable's): `None` when unset, with
    /// what the operator is told on stderr; an error when set but empty.
    pub fn header(
        &self,
        set: &str,
        value: Option<&str>,
    ) -> Result<Option<(String, String)>, String> {
        match value {
            Some(v) if !v.trim().is_empty() => {
                Ok(Some((self.header.to_string(), v.trim().to_string())))
            }
            Some(_) => Err(format!(
                "{} is set but empty: set it to the API key ({}), or unset it to send none",
                self.env, self.read_at
            )),
            None => {
                eprintln!(
                    "{set}: {} is not set, so requests carry no `{}` ({}); set it where the API \
                     has a key configured",
                    self.env, self.header, self.read_at
                );
                Ok(None)
            }
        }
    }
}

/// Where a tool set's spec is.
pub enum SpecFile {
    /// A file under `CATALOG_SPECS_DIR` (NetBox, Mattermost, ErsatzTV).
    SpecsDir(&'static str),
    /// A path relative to the workspace root (Stripe's, unpacked by `.ci/corpus.sh` under
    /// `target/corpus/`).
    Workspace(&'static str),
}

enum Transport {
    Stdio,
    Http(String),
}

impl ToolSet {
    /// Runs the command line: `serve [--http ADDR]` or `budget`.
    pub fn main(&self) -> ExitCode {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let result = match args.as_slice() {
            ["budget"] => self.budget(),
            ["serve"] => self.serve(Transport::Stdio),
            ["serve", "--http", addr] => self.serve(Transport::Http((*addr).to_string())),
            _ => {
                eprintln!(
                    "usage: {} budget | serve [--http 127.0.0.1:PORT]",
                    self.name
                );
                return ExitCode::from(2);
            }
        };
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{}: {e}", self.name);
                ExitCode::FAILURE
            }
        }
    }

    fn budget(&self) -> Result<(), String> {
        let executor =
            Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).map_err(|e| e.to_string())?;
        println!("{}", McpServer::new((self.catalog)(), executor).budget());
        Ok(())
    }

    fn executor(&self) -> Result<Executor, String> {
        let base =
            std::env::var(self.base_url_env).unwrap_or_else(|_| self.default_base_url.to_string());
        let mut config = ExecutorConfig::new(base)
            .with_catalog_env()
            .and_then(|c| c.with_credentials_env(&(self.catalog)()))
            .map_err(|e| e.to_string())?;
        if let Some(key) = &self.api_key {
            let value = std::env::var(key.env).ok();
            if let Some((header, value)) = key.header(self.name, value.as_deref())? {
                config = config.auth_header(header, value);
            }
        }
        let executor = Executor::new(config).map_err(|e| e.to_string())?;
        (self.catalog)()
            .check_credentials(&executor)
            .map_err(|e| e.to_string())?;
        Ok(executor)
    }

    /// The recorder `CATALOG_RECORD` asks for, over the spec the tools were built from.
    fn recorder(&self) -> Result<Option<(PathBuf, Arc<Recorder>)>, String> {
        let Some(path) = std::env::var_os(ENV_RECORD).map(PathBuf::from) else {
            return Ok(None);
        };
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let spec = match self.spec {
            SpecFile::SpecsDir(file) => root
                .join(option_env!("CATALOG_SPECS_DIR").ok_or(
                    "CATALOG_RECORD needs the specs: rebuild with CATALOG_SPECS_DIR pointing at them",
                )?)
                .join(file),
            SpecFile::Workspace(path) => root.join(path),
        };
        let index = Index::load(&spec).map_err(|e| format!("{}: {e}", spec.display()))?;
        Ok(Some((path, Arc::new((self.catalog)().recorder(&index)))))
    }

    fn serve(&self, transport: Transport) -> Result<(), String> {
        let mut executor = self.executor()?;
        let recorder = self.recorder()?;
        if let Some((_, r)) = &recorder {
            executor = executor.with_recorder(r.clone());
        }
        let http = match &transport {
            Transport::Stdio => None,
            Transport::Http(_) => Some(
                HttpConfig::new()
                    .with_catalog_env()
                    .map_err(|e| e.to_string())?,
            ),
        };
        // The server's own settings (selection, confirmation, results, retries, ...), refused
        // at start-up when wrong, as a `main` of one's own reads them.
        let server = McpServer::new((self.catalog)(), executor)
            .with_catalog_env()
            .map_err(|e| e.to_string())?;
        server.check_settings().map_err(|e| e.to_string())?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let served = runtime.block_on(async {
            match (transport, http) {
                (Transport::Http(addr), Some(config)) => {
                    let listener = bind(&addr).await.map_err(|e| e.to_string())?;
                    let local = listener.local_addr().map_err(|e| e.to_string())?;
                    eprintln!("{}: serving MCP at http://{local}/mcp", self.name);
                    server
                        .serve_http(listener, config)
                        .await
                        .map_err(|e| e.to_string())
                }
                _ => server.serve_stdio().await.map_err(|e| e.to_string()),
            }
        });
        if let Some((path, recorder)) = recorder {
            recorder
                .merge_into_file(&path)
                .map_err(|e| format!("{ENV_RECORD}: {e}"))?;
        }
        served
    }
}

/// What a binary built without `CATALOG_SPECS_DIR` (so without its tools) says.
pub fn built_without_specs(name: &str) -> ExitCode {
    eprintln!(
        "{name}: built without CATALOG_SPECS_DIR, so without its tools; rebuild with \
         CATALOG_SPECS_DIR pointing at the specs (CATALOG_SPECS_DIR=../shared/specs)"
    );
    ExitCode::FAILURE
}
