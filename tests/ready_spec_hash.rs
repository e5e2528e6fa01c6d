//! Readiness compares the spec the API serves with the file the tools were built from, by the
//! hash of its bytes, where the operator said where the API serves it
//! (`CATALOG_HTTP_READY_SPEC_PATH`): a changed spec takes the server out of readiness even when
//! its `info.version` does not move.

#[path = "support/example.rs"]
mod example;

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/readyz.rs"]
mod readyz;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::http::{ENV_READY_SPEC_PATH, HttpConfig, PROBE_TTL, bind};

/// The file the taskboard tools were built from (the root `build.rs` indexes it).
const SPEC: &[u8] = include_bytes!("../openapi/taskboard.yaml");

/// The spec with one byte changed: its version, and everything else but that byte, the same.
fn changed() -> Vec<u8> {
    let mut bytes = SPEC.to_vec();
    let at = bytes.len() - 1;
    bytes[at] = if bytes[at] == b'\n' { b' ' } else { b'\n' };
    bytes
}

/// A loopback API serving the spec as it was built at `/v1/openapi.yaml` and changed by one byte
/// at `/v1/changed.yaml` (every other path 404).
async fn api() -> loopback::Loopback {
    let changed = changed();
    loopback::start(move |seen| {
        let body: &[u8] = if seen.request_line.starts_with("GET /v1/openapi.yaml ") {
            SPEC
        } else if seen.request_line.starts_with("GET /v1/changed.yaml ") {
            &changed
        } else {
            return loopback::response("404 Not Found", &[], b"");
        };
        loopback::response("200 OK", &[("content-type", "application/yaml")], body)
    })
    .await
}

/// A server of the taskboard tools for `api`, reading its spec at `spec_path`; its address.
async fn serve(api: &loopback::Loopback, spec_path: &str, tiny_cap: bool) -> String {
    let mut config = ExecutorConfig::new(format!("{}/v1", api.url));
    if tiny_cap {
        // The tools' response cap does not apply to the spec.
        config = config.max_response_bytes(64);
    }
    let server = McpServer::new(tools::catalog(), Executor::new(config).unwrap());
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let path = spec_path.to_string();
    let config = HttpConfig::new()
        .with_env(move |name| (name == ENV_READY_SPEC_PATH).then(|| path.clone()))
        .unwrap();
    tokio::spawn(server.serve_http_until(listener, config, std::future::pending()));
    addr
}

#[test]
fn the_tools_carry_the_hash_of_the_file_they_were_built_from() {
    let catalog = tools::catalog();
    assert_eq!(catalog.check_spec_hash(SPEC), []);
    let mismatches = catalog.check_spec_hash(&changed());
    assert_eq!(mismatches.len(), 1, "{mismatches:?}");
    let built = format!("{:016x}", catalog_core::spec::load::content_hash(SPEC));
    let served = format!(
        "{:016x}",
        catalog_core::spec::load::content_hash(&changed())
    );
    assert_eq!(mismatches[0].built, built);
    assert_eq!(mismatches[0].served, served);
    let message = mismatches[0].to_string();
    assert!(
        message.contains(&built) && message.contains(&served) && message.contains("rebuild"),
        "{message}"
    );
}

#[tokio::test]
async fn the_spec_the_tools_were_built_from_is_ready_and_read_once_a_minute() {
    let api = api().await;
    let addr = serve(&api, "/openapi.yaml", true).await;
    assert_eq!(readyz::get(&addr).await, (200, "ready".to_string()));
    // Probed again, the spec not read again: its outcome is kept for `SPEC_TTL`.
    tokio::time::sleep(PROBE_TTL + std::time::Duration::from_millis(100)).await;
    assert_eq!(readyz::get(&addr).await, (200, "ready".to_string()));
    let spec_reads = api
        .seen()
        .iter()
        .filter(|s| s.request_line.starts_with("GET /v1/openapi.yaml "))
        .count();
    assert_eq!(spec_reads, 1);
}

#[tokio::test]
async fn a_spec_changed_by_one_byte_is_not_ready_naming_both_hashes() {
    let api = api().await;
    let addr = serve(&api, "/changed.yaml", false).await;
    let (status, body) = readyz::get(&addr).await;
    assert_eq!(status, 503, "{body}");
    let built = format!("{:016x}", catalog_core::spec::load::content_hash(SPEC));
    let served = format!(
        "{:016x}",
        catalog_core::spec::load::content_hash(&changed())
    );
    assert_eq!(
        body,
        format!(
            "not ready: tools were built from Taskboard API 1.4.0 (spec hash {built}), but the \
             API serves a spec whose hash is {served}: the spec changed (its version need not \
             have); rebuild the tools from the document the API serves, downloaded from that \
             path as is (its bytes, not a converted copy)"
        )
    );
}

#[tokio::test]
async fn a_spec_that_cannot_be_read_is_not_ready_saying_so() {
    let api = api().await;
    let addr = serve(&api, "/openapi/v1.json", false).await;
    assert_eq!(
        readyz::get(&addr).await,
        (
            503,
            "not ready: the API's spec could not be read: it answered 404 Not Found".to_string()
        )
    );
}

#[test]
fn a_spec_path_without_a_leading_slash_is_refused_saying_the_fix() {
    use catalog::mcp::VariableError;
    for path in ["openapi/v1.json", "//api.example/openapi.json"] {
        let e = HttpConfig::new()
            .with_env(|name| (name == "CATALOG_HTTP_READY_SPEC_PATH").then(|| path.to_string()))
            .unwrap_err();
        assert!(
            matches!(&e, VariableError::Invalid { variable, .. } if variable == "CATALOG_HTTP_READY_SPEC_PATH"),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            format!(
                "CATALOG_HTTP_READY_SPEC_PATH={path:?}: expected the path under the base URL \
                 where the API serves its spec, starting with / (/openapi/v1.json)"
            )
        );
    }
    assert!(
        HttpConfig::new()
            .ready_spec_hash("/openapi/v1.json")
            .is_ok()
    );
}

#[test]
fn the_server_stops_at_start_up_on_a_spec_path_without_a_leading_slash() {
    let out = std::process::Command::new(example::taskboard())
        .args(["serve", "--http", "127.0.0.1:0"])
        .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
        .env("CATALOG_HTTP_READY_SPEC_PATH", "openapi.yaml")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "taskboard: CATALOG_HTTP_READY_SPEC_PATH=\"openapi.yaml\": expected the path under the \
         base URL where the API serves its spec, starting with / (/openapi/v1.json)\n"
    );
}
