//! Readiness compares the API's served spec version with the tools' where the operator said how
//! to read it (`CATALOG_HTTP_READY_STATUS_PATH`): a loopback API whose reported version changes
//! takes the server out of readiness and back.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/readyz.rs"]
mod readyz;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::http::{
    ENV_READY_STATUS_PATH, ENV_READY_VERSION_FIELD, HttpConfig, PROBE_TTL, bind,
};
use std::sync::{Arc, Mutex};

#[tokio::test]
async fn readiness_goes_unready_when_the_api_serves_another_spec_version() {
    // The status document reports what `version` holds; every other request is a 404.
    let version = Arc::new(Mutex::new(
        r#"{"service": {"version": "1.4.0"}}"#.to_string(),
    ));
    let current = version.clone();
    let api = loopback::start(move |seen| {
        if seen.request_line.starts_with("GET /v1/status ") {
            let body = current.lock().unwrap().clone();
            loopback::response(
                "200 OK",
                &[("content-type", "application/json")],
                body.as_bytes(),
            )
        } else {
            loopback::response("404 Not Found", &[], b"")
        }
    })
    .await;
    let executor = Executor::new(ExecutorConfig::new(format!("{}/v1", api.url))).unwrap();
    let server = McpServer::new(tools::catalog(), executor);
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let config = HttpConfig::new()
        .with_env(|name| match name {
            n if n == ENV_READY_STATUS_PATH => Some("/status".to_string()),
            n if n == ENV_READY_VERSION_FIELD => Some("service.version".to_string()),
            _ => None,
        })
        .unwrap();
    tokio::spawn(server.serve_http_until(listener, config, std::future::pending()));

    assert_eq!(readyz::get(&addr).await, (200, "ready".to_string()));

    // The API is upgraded: the tools were checked against another contract.
    *version.lock().unwrap() = r#"{"service": {"version": "2.0.0"}}"#.to_string();
    tokio::time::sleep(PROBE_TTL + std::time::Duration::from_millis(100)).await;
    let (status, body) = readyz::get(&addr).await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body.starts_with("not ready: ") && body.contains("2.0.0") && body.contains("1.4.0"),
        "{body}"
    );

    // The document no longer says: not ready either, saying where it looked.
    *version.lock().unwrap() = r#"{"service": {}}"#.to_string();
    tokio::time::sleep(PROBE_TTL + std::time::Duration::from_millis(100)).await;
    assert_eq!(
        readyz::get(&addr).await,
        (
            503,
            "not ready: tools were checked against Taskboard API 1.4.0, but the server's status \
             has no version at `service.version`: its version cannot be compared"
                .to_string()
        )
    );

    // Rolled back: ready again.
    *version.lock().unwrap() = r#"{"service": {"version": "v1.4.0"}}"#.to_string();
    tokio::time::sleep(PROBE_TTL + std::time::Duration::from_millis(100)).await;
    assert_eq!(readyz::get(&addr).await, (200, "ready".to_string()));
    let status_reads = api
        .seen()
        .iter()
        .filter(|s| s.request_line.starts_with("GET /v1/status "))
        .count();
    assert_eq!(status_reads, 4, "one read per probe");
}

#[test]
fn a_wrong_readiness_version_setting_is_refused_saying_the_fix() {
    use catalog::mcp::VariableError;
    let refused = |pairs: &'static [(&'static str, &'static str)]| {
        HttpConfig::new()
            .with_env(move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            })
            .unwrap_err()
    };
    let e = refused(&[("CATALOG_HTTP_READY_STATUS_PATH", "api/status")]);
    assert!(
        matches!(&e, VariableError::Invalid { variable, .. } if variable == "CATALOG_HTTP_READY_STATUS_PATH"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "CATALOG_HTTP_READY_STATUS_PATH=\"api/status\": expected the path of the API's status \
         document under the base URL, starting with / (/api/status/)"
    );
    let e = refused(&[("CATALOG_HTTP_READY_VERSION_FIELD", "version")]);
    assert!(
        matches!(&e, VariableError::Requires { requires, .. } if requires == "CATALOG_HTTP_READY_STATUS_PATH"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "CATALOG_HTTP_READY_VERSION_FIELD=\"version\" is set without \
         CATALOG_HTTP_READY_STATUS_PATH: set the path of the API's status document too \
         (/api/status/), or unset it"
    );
    let e = refused(&[
        ("CATALOG_HTTP_READY_STATUS_PATH", "/status"),
        ("CATALOG_HTTP_READY_VERSION_FIELD", " "),
    ]);
    assert!(
        matches!(&e, VariableError::Invalid { variable, .. } if variable == "CATALOG_HTTP_READY_VERSION_FIELD"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "CATALOG_HTTP_READY_VERSION_FIELD=\" \": expected the dotted field of the status \
         document holding the version (version, info.version)"
    );
}
