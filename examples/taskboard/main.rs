//! The main job: build the tool catalog for `openapi/taskboard.yaml` and show it — each tool's
//! name, operation, accounting and input schema — or serve it to an agent over MCP.
//!
//! `cargo run --example taskboard` prints the catalog; `-- budget` prints what its `tools/list`
//! costs a model's context (bytes and estimated tokens per tool).
//!
//! `cargo run --example taskboard -- serve` runs an MCP server over stdio;
//! `cargo run --example taskboard -- serve --http 127.0.0.1:8080` serves it over Streamable HTTP
//! at `http://127.0.0.1:8080/mcp` (stateless: run as many as you like behind a load balancer).
//! Both are configured by the environment:
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `TASKBOARD_BASE_URL` | the API's base URL; its path prefix is kept | `http://127.0.0.1:4010` |
//! | `TASKBOARD_API_KEY` | sent as the `X-Api-Key` header on every request | none |
//! | `CATALOG_ALLOW_WRITES` | `1` lets every tool that writes send; a list (`create_task,add_comment`) lets those; otherwise they are refused. Anything else (`2`, `on`, a tool this server does not serve) stops it at start-up | `0` |
//! | `CATALOG_MAX_IN_FLIGHT` | tool calls waiting on the API at once; more wait for a slot within their timeout | 32 |
//! | `CATALOG_MAX_RESPONSE_BYTES` | the response headers and body kept for the agent (a JSON list is cut at an item, never into invalid JSON) | 262144 |
//! | `CATALOG_TIMEOUT_SECS` | one call: the wait for a slot and the request, headers and body together | 30 |
//! | `CATALOG_MAX_LINE_BYTES` | one incoming MCP message; longer lines are drained and refused | 4194304 |
//! | `CATALOG_MAX_PENDING` | stdio: requests read whose answer is not written yet; past it reading waits | 64 |
//! | `CATALOG_HTTP_TOKEN` | HTTP: the bearer token clients must send; without it, no authorization | none |
//! | `CATALOG_HTTP_ALLOWED_HOSTS` | HTTP: `Host` names accepted besides loopback (needed on a non-loopback address) | none |
//! | `CATALOG_HTTP_ALLOWED_ORIGINS` | HTTP: browser origins allowed to call; any other `Origin` gets 403 | none |
//! | `CATALOG_HTTP_SESSIONS` | HTTP: `1` keeps sessions for older clients (pins them to one process) | `0` |
//! | `CATALOG_HTTP_METRICS` | HTTP: `0` turns off `GET /metrics` (Prometheus text; behind the token when one is set) | `1` |
//! | `CATALOG_HTTP_PUBLIC_URL` | HTTP: the URL clients use, for the OAuth resource metadata | `http://<Host>` |
//! | `CATALOG_HTTP_READY_SPEC_PATH` | HTTP: where the API serves its own spec (`/openapi.yaml`); `/readyz` is 503 when its bytes are not `openapi/taskboard.yaml`'s, the file the tools were built from (checked once a minute) | none |
//! | `CATALOG_TOOLSETS`, `CATALOG_TOOLS`, `CATALOG_EXCLUDE_TOOLS`, `CATALOG_READ_ONLY` | the tools offered: groups (`tasks`, `comments`, `search`), names or patterns, read-only mode | every tool |
//! | `CATALOG_CONFIRM`, `CATALOG_CONFIRM_FALLBACK` | which calls ask the user first (elicitation), and what a client that cannot ask gets | `destructive`, `proceed` |
//! | `TASKBOARD_SELECTION_FILE` | on SIGHUP, the selection variables are read again from this file (`NAME=value` lines) and applied; connected clients get `notifications/tools/list_changed` | none |
//! | `TASKBOARD_STATUS_PATH` | at start, GET this path (`/status`) and compare the version it reports with the spec's the tools were built from; a difference is a warning on stderr | none |
//! | `TASKBOARD_STATUS_VERSION` | where the version sits in that status document (dotted: `info.version`) | `version` |
//! | `CATALOG_RECORD` | a JSON file: every request and response is checked against the spec by a recorder, and on shutdown the calls per tool, undeclared requests, never-called operations and responses that do not match the spec are merged into it | none |

pub mod tools;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::index::Index;
use catalog::mcp::McpServer;
use catalog::mcp::http::{HttpConfig, bind};
use catalog::recorder::ENV_RECORD;
use catalog::{ToolInfo, model::Disposition};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The header `TASKBOARD_API_KEY` is sent as.
const API_KEY_HEADER: &str = "X-Api-Key";

fn show(t: &ToolInfo) {
    let op = t.operation;
    println!("{}  ->  {} {}", t.name, op.method, op.path);
    println!("  {}", t.description.lines().next().unwrap_or_default());
    for row in &op.accounting {
        let what = match &row.disposition {
            Disposition::Set { argument, .. } => format!("Set as `{argument}`"),
            Disposition::Fixed { value, reason } => format!("Fixed to {value}: {reason}"),
            Disposition::Omitted { reason, .. } => format!("Omitted: {reason}"),
            Disposition::Undocumented { read_at, .. } => {
                format!("Undocumented (read at {read_at})")
            }
            Disposition::Credential { scheme } => format!("Credential of `{scheme}`"),
        };
        println!("    {:<24} {}", row.param.address(), what);
    }
    println!("  inputSchema: {}\n", t.input_schema_json);
}

fn print_catalog() {
    let catalog = tools::catalog();
    if let Some(first) = catalog.tools().next() {
        let spec = &first.operation.spec;
        println!("{} {} (hash {})\n", spec.title, spec.version, spec.hash);
    }
    for t in catalog.tools() {
        show(&t);
    }
}

/// Reads the API's status document at `TASKBOARD_STATUS_PATH`, if set, and says on stderr how
/// the version it reports differs from the spec's the tools were built from. The server starts
/// either way: a warning, not a refusal, since the operator may be mid-upgrade.
async fn check_version(executor: &Executor) {
    let Ok(path) = std::env::var("TASKBOARD_STATUS_PATH") else {
        return;
    };
    let field = std::env::var("TASKBOARD_STATUS_VERSION").unwrap_or_else(|_| "version".into());
    let request = match http::Request::get(path.as_str()).body(Vec::new()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("taskboard: warning: TASKBOARD_STATUS_PATH={path:?} is not a path: {e}");
            return;
        }
    };
    let url = executor.url_for(&request);
    let status = match executor.execute(request).await {
        Ok(r) if !r.is_error() => match &r.body {
            catalog::executor::Bounded::Whole(bytes) => serde_json::from_slice(bytes).ok(),
            _ => None,
        },
        Ok(r) => {
            eprintln!(
                "taskboard: warning: the API's version is unknown: {url} answered {}",
                r.status
            );
            return;
        }
        Err(e) => {
            eprintln!("taskboard: warning: the API's version is unknown: {url}: {e}");
            return;
        }
    };
    let status = status.unwrap_or(serde_json::Value::Null);
    for warning in tools::catalog().check_spec_version(&status, &field) {
        eprintln!("taskboard: warning: {warning}");
    }
}

/// How to serve: stdio, or HTTP on an address.
enum Transport {
    Stdio,
    Http(String),
}

/// A positive integer from the environment variable `name`, if set.
fn env_count(name: &str) -> Result<Option<usize>, String> {
    match std::env::var(name) {
        Err(_) => Ok(None),
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(format!("{name}={v:?}: expected a positive integer")),
        },
    }
}

fn serve(transport: Transport) -> Result<(), String> {
    let base_url =
        std::env::var("TASKBOARD_BASE_URL").unwrap_or_else(|_| "http://127.0.0.1:4010".into());
    let mut config = ExecutorConfig::new(base_url)
        .with_catalog_env()
        .map_err(|e| e.to_string())?;
    if let Ok(key) = std::env::var("TASKBOARD_API_KEY") {
        config = config.auth_header(API_KEY_HEADER, key);
    }
    // Credentials for the spec's securitySchemes, from CATALOG_CREDENTIAL_<SCHEME>.
    let config = config
        .with_credentials_env(&tools::catalog())
        .map_err(|e| e.to_string())?;
    let mut executor = Executor::new(config).map_err(|e| e.to_string())?;
    // A tool whose security requirement nothing configured satisfies fails here, not with a 401
    // at its first call.
    tools::catalog()
        .check_credentials(&executor)
        .map_err(|e| e.to_string())?;
    // For end-to-end suites: every request is checked against the spec before it is sent.
    let record = std::env::var_os(ENV_RECORD).map(PathBuf::from);
    let mut recorder = None;
    if record.is_some() {
        let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/taskboard.yaml");
        let index = Index::load(&spec).map_err(|e| e.to_string())?;
        let r = Arc::new(tools::catalog().recorder(&index));
        executor = executor.with_recorder(r.clone());
        recorder = Some(r);
    }
    // CATALOG_MAX_IN_FLIGHT, CATALOG_MAX_LINE_BYTES, CATALOG_MAX_PENDING; then every tool a
    // setting names (CATALOG_ALLOW_WRITES) must be served, or start-up stops here.
    let server = McpServer::new(grouped(), executor.clone())
        .with_catalog_env()
        .map_err(|e| e.to_string())?;
    server.check_settings().map_err(|e| e.to_string())?;
    // One thread unless told otherwise: a call then never wakes another thread (about two
    // thirds of the CPU per call of a multi-thread runtime in `cargo bench --bench serving`, on
    // both transports). An HTTP server that should use several cores in one process sets
    // TASKBOARD_WORKER_THREADS; stateless replicas are the other way to scale.
    let runtime = match env_count("TASKBOARD_WORKER_THREADS")? {
        None | Some(1) => tokio::runtime::Builder::new_current_thread(),
        Some(n) => {
            let mut builder = tokio::runtime::Builder::new_multi_thread();
            builder.worker_threads(n);
            builder
        }
    }
    .enable_all()
    .build()
    .map_err(|e| e.to_string())?;
    runtime.block_on(check_version(&executor));
    let http = match &transport {
        Transport::Stdio => None,
        Transport::Http(_) => Some(
            HttpConfig::new()
                .with_catalog_env()
                .map_err(|e| e.to_string())?,
        ),
    };
    let served = runtime.block_on(async {
        reselect_on_hangup(&server);
        match (transport, http) {
            (Transport::Http(addr), Some(config)) => {
                let listener = bind(&addr).await.map_err(|e| e.to_string())?;
                let local = listener.local_addr().map_err(|e| e.to_string())?;
                // The first line on stderr says where, for scripts that start it on port 0.
                eprintln!("taskboard: serving MCP at http://{local}/mcp");
                server
                    .serve_http(listener, config)
                    .await
                    .map_err(|e| e.to_string())
            }
            _ => server.serve_stdio().await.map_err(|e| e.to_string()),
        }
    });
    if let (Some(path), Some(recorder)) = (record, recorder) {
        recorder
            .merge_into_file(&path)
            .map_err(|e| format!("{ENV_RECORD}: {e}"))?;
    }
    served
}

/// The taskboard's tools in groups: its spec tags no operation, so the groups are named here.
fn grouped() -> catalog::Catalog {
    tools::catalog()
        .in_groups::<tools::ListTasks>(["tasks"])
        .in_groups::<tools::CreateTask>(["tasks"])
        .in_groups::<tools::GetTask>(["tasks"])
        .in_groups::<tools::ReplaceTask>(["tasks"])
        .in_groups::<tools::DeleteTask>(["tasks"])
        .in_groups::<tools::SetTaskLabels>(["tasks"])
        .in_groups::<tools::AddComment>(["comments"])
        .in_groups::<tools::Search>(["search"])
}

/// With `TASKBOARD_SELECTION_FILE` set, SIGHUP reads the selection variables from that file
/// (`NAME=value` lines) and applies them while serving.
fn reselect_on_hangup(server: &McpServer) {
    let Some(path) = std::env::var_os("TASKBOARD_SELECTION_FILE") else {
        return;
    };
    let server = server.clone();
    tokio::spawn(async move {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(mut hangups) = signal(SignalKind::hangup()) else {
            return;
        };
        while hangups.recv().await.is_some() {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let lookup = |name: &str| {
                text.lines().find_map(|line| {
                    let (key, value) = line.split_once('=')?;
                    (key.trim() == name).then(|| value.trim().to_string())
                })
            };
            let applied = match catalog::mcp::selection::Selection::from_env(lookup) {
                Ok(selection) => server.set_selection(selection).await,
                Err(e) => Err(e),
            };
            match applied {
                Ok(()) => eprintln!("taskboard: selection applied: {:?}", server.selection()),
                Err(e) => eprintln!("taskboard: selection refused, the old one kept: {e}"),
            }
        }
    });
}

fn main() -> ExitCode {
    match std::env::args().nth(1).as_deref() {
        None => {
            print_catalog();
            ExitCode::SUCCESS
        }
        Some("budget") => {
            // What the catalog costs a model's context, before anyone connects.
            let executor = match Executor::new(ExecutorConfig::new("http://127.0.0.1:9")) {
                Ok(e) => e,
                Err(e) => {
                    eprintln!("taskboard: {e}");
                    return ExitCode::FAILURE;
                }
            };
            println!("{}", McpServer::new(tools::catalog(), executor).budget());
            ExitCode::SUCCESS
        }
        Some("serve") => {
            let rest: Vec<String> = std::env::args().skip(2).collect();
            let transport = match rest.as_slice() {
                [] => Transport::Stdio,
                [flag, addr] if flag == "--http" => Transport::Http(addr.clone()),
                _ => {
                    eprintln!("taskboard: usage: taskboard serve [--http 127.0.0.1:PORT]");
                    return ExitCode::from(2);
                }
            };
            match serve(transport) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("taskboard: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(other) => {
            eprintln!(
                "taskboard: unknown command {other:?}; usage: taskboard [budget | serve [--http ADDR]]"
            );
            ExitCode::from(2)
        }
    }
}
