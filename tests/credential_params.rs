//! `credential("query.token", scheme = "api_key")`: a parameter the spec declares beside its
//! security scheme is written by the server from the scheme's configured credential, never
//! offered to the agent, and refused when the agent sends it.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::credentials::Credential;
use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Catalog, Tool, tool};
use loopback::response;
use mcp_client::Client;
use serde_json::json;

#[tool(
    spec = "secured",
    operation = "PostLegacy",
    credential("query.token", scheme = "api_key"),
    omitted(
        "header.X-Api-Version",
        reason = "the server speaks the current version"
    ),
    omitted(
        "body.secret",
        reason = "the body's secret is the key sent in the query"
    )
)]
pub struct PostLegacy {}

async fn client(base: &str) -> Client {
    let config = ExecutorConfig::new(base)
        .allow_writes(true)
        .credential("api_key", Credential::Secret("k-123".into()));
    let server = McpServer::new(
        Catalog::new().tool::<PostLegacy>(),
        Executor::new(config).unwrap(),
    );
    Client::start(server).await
}

#[test]
fn the_agent_is_not_offered_the_credential() {
    let properties = PostLegacy::input_schema()["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect::<Vec<_>>())
        .unwrap_or_default();
    assert_eq!(properties, Vec::<String>::new());
}

#[tokio::test]
async fn the_server_writes_the_schemes_credential_into_the_parameter() {
    let api = loopback::start(|_| response("204 No Content", &[], b"")).await;
    let mut c = client(&api.url).await;
    let (is_error, _) = c.call_text("post_legacy", json!({})).await;
    assert!(!is_error);
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].request_line, "POST /legacy?token=k-123 HTTP/1.1");
    // The requirement itself is still met where the scheme says.
    assert_eq!(seen[0].header("x-api-key"), Some("k-123"));
}

#[tokio::test]
async fn a_credential_the_agent_sends_is_refused_and_nothing_is_sent() {
    let api = loopback::start(|_| response("204 No Content", &[], b"")).await;
    let mut c = client(&api.url).await;
    let (is_error, text) = c
        .call_text("post_legacy", json!({"token": "the agent's guess"}))
        .await;
    assert!(is_error);
    assert!(
        text.contains(
            "`token` is not accepted: the server sends query.token, the credential of \
             `api_key`; leave it out"
        ),
        "{text}"
    );
    assert!(api.seen().is_empty());
}

#[test]
fn start_up_refuses_a_server_without_the_credential_a_parameter_carries() {
    let catalog = Catalog::new().tool::<PostLegacy>();
    let with = |scheme: &str| {
        let config = ExecutorConfig::new("http://127.0.0.1:9")
            .credential(scheme, Credential::Secret("k-123".into()));
        catalog
            .check_credentials(&Executor::new(config).unwrap())
            .map_err(|e| e.to_string())
    };
    // A session meets the operation's requirement, but the parameter carries the API key.
    assert_eq!(
        with("session"),
        Err(
            "tool `post_legacy` (POST /legacy) needs the credential of `api_key` (an API key in \
             header `X-Api-Key`: set CATALOG_CREDENTIAL_API_KEY), which it writes into \
             `query.token`"
                .to_string()
        )
    );
    assert_eq!(with("api_key"), Ok(()));
}
