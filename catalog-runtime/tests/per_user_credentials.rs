//! Per-user API credentials over Streamable HTTP: each call reaches the API with the credential
//! of its verified caller, never another's, never the inbound token.
//!
//! The tests marked `#[ignore]` run against a real authorization server: panva's `oidc-provider`
//! (npm), installed and selected by `E2E_ONLY=credentials bash .ci/e2e.sh`, which sets
//! `CATALOG_E2E_OIDC` to the folder it is installed in and runs them with `--ignored`. Each test
//! starts its own server (`tests/e2e/token_exchange_as.mjs`, which says what is the package's and
//! what the script configures), gets access tokens for its users from it, and verifies them at
//! the MCP server by introspection (RFC 7662) at the same server; the server exchanges them
//! (RFC 8693) for tokens to the API, and the API side's records are introspected there too.
//! The others use an operator's credential source and run with every `cargo test`.
#![cfg(feature = "mcp")]

#[path = "support/loopback.rs"]
mod loopback;

use catalog_core::model::Operation;
use catalog_core::spec::security::SchemeUse;
use catalog_runtime::inbound::access::auth::{
    Identity, Refused, StaticToken, TokenVerifier, Verdict,
};
use catalog_runtime::inbound::mcp::McpServer;
use catalog_runtime::inbound::transport::http::{HttpConfig, bind};
use catalog_runtime::outbound::credentials::{
    Caller, Credential, CredentialFuture, CredentialSource, PerUser, Refusal,
};
use catalog_runtime::outbound::exchange::TokenExchange;
use catalog_runtime::outbound::executor::{Executor, ExecutorConfig};
use catalog_runtime::tools::catalog::Catalog;
use catalog_runtime::tools::tool::Tool;
use catalog_runtime::wire::decode::ArgumentError;
use catalog_runtime::wire::encode::RequestError;
use serde_json::{Value, json};
use std::io::BufRead;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const MCP_RESOURCE: &str = "http://mcp.test/mcp";
const API_RESOURCE: &str = "http://api.test";

/// `/me` under the API's OAuth scheme (an authorization-code flow: a user's), `/keyed` under an
/// API key per user.
fn document() -> Value {
    let op = |id: &str, security: Value| {
        json!({"get": {"operationId": id, "security": security,
            "responses": {"200": {"description": "ok"}}}})
    };
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Per user", "version": "1"},
        "components": {"securitySchemes": {
            "sso": {"type": "oauth2", "flows": {"authorizationCode": {
                "authorizationUrl": "https://login.example/authorize",
                "tokenUrl": "https://login.example/token",
                "scopes": {"tasks.read": "", "tasks.write": ""}}}},
            "key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}
        }},
        "paths": {
            "/me": op("Me", json!([{"sso": ["tasks.read"]}])),
            "/keyed": op("Keyed", json!([{"key": []}])),
        }
    })
}

static OPS: OnceLock<Vec<Operation>> = OnceLock::new();

macro_rules! tool {
    ($ty:ident, $name:literal, $path:literal) => {
        /// Sends `GET <path>?tag=<tag>`: the tag tells the API which call a request is.
        struct $ty(String);

        // The seal `#[tool]` writes: these tests stand in for its expansion.
        impl catalog_runtime::tools::tool::__private::Accounted for $ty {}

        impl Tool for $ty {
            const NAME: &'static str = $name;
            const DESCRIPTION: &'static str = "test tool";
            const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;

            fn operation() -> &'static Operation {
                OPS.get()
                    .expect("the operations are normalized first")
                    .iter()
                    .find(|o| o.path == $path)
                    .unwrap()
            }

            fn input_schema() -> &'static Value {
                static SCHEMA: OnceLock<Value> = OnceLock::new();
                SCHEMA.get_or_init(|| json!({"type": "object"}))
            }

            fn from_arguments(args: Value) -> Result<Self, ArgumentError> {
                Ok($ty(args["tag"].as_str().unwrap_or("").to_string()))
            }

            fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
                Ok(http::Request::get(format!("{}?tag={}", $path, self.0))
                    .body(Vec::new())
                    .unwrap())
            }
        }
    };
}

tool!(Me, "whoami", "/me");
tool!(Keyed, "keyed", "/keyed");

fn catalog() -> Catalog {
    OPS.get_or_init(|| catalog_core::spec::normalize::normalize(&document()).operations);
    Catalog::new().tool::<Me>().tool::<Keyed>()
}

/// The API: answers every request after a pause (so that concurrent calls overlap) with the
/// request line, and records each.
async fn api() -> loopback::Loopback {
    loopback::start(|seen| {
        let mut parts = vec![loopback::Part::Sleep(Duration::from_millis(150))];
        let body = json!({"request": seen.request_line}).to_string();
        parts.extend(loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            body.as_bytes(),
        ));
        parts
    })
    .await
}

/// The tag of a request the API saw (`GET /me?tag=alice-3 HTTP/1.1` → `alice-3`).
fn tag(seen: &loopback::Seen) -> String {
    let target = seen.request_line.split(' ').nth(1).unwrap_or("");
    target
        .split_once("tag=")
        .map(|(_, t)| t.to_string())
        .unwrap_or_default()
}

/// One HTTP/1.1 request on its own connection to `addr` (`host:port`); status and body.
async fn http(addr: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (n, v) in headers {
        head.push_str(&format!("{n}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// A `tools/call` of `tool` tagged `tag`, with `token` as the bearer; by the server's short
/// path (`short`) or rmcp's (an `Accept` with parameters). The JSON-RPC answer.
async fn call(addr: &str, token: &str, tool: &str, tag: &str, short: bool) -> (u16, Value) {
    let auth = format!("Bearer {token}");
    let accept = if short {
        "application/json, text/event-stream"
    } else {
        "application/json;q=1, text/event-stream"
    };
    let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": tool, "arguments": {"tag": tag}}});
    let (status, body) = http(
        addr,
        "/mcp",
        &[
            ("content-type", "application/json"),
            ("accept", accept),
            ("authorization", &auth),
        ],
        &message.to_string(),
    )
    .await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// The text of a tool result, and whether it is an error.
fn outcome(answer: &Value) -> (bool, String) {
    let result = &answer["result"];
    (
        result["isError"].as_bool().unwrap_or(false),
        result["content"][0]["text"]
            .as_str()
            .unwrap_or("")
            .to_string(),
    )
}

async fn serve(server: McpServer, config: HttpConfig) -> String {
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, config));
    addr
}

// ---- with the operator's credential source (every `cargo test`) ----

/// Names the caller of two fixed tokens.
struct Tokens;

impl TokenVerifier for Tokens {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        Box::pin(async move { self.identify(token).await.map(|_| ()) })
    }

    fn identify<'a>(&'a self, token: &'a str) -> Identity<'a> {
        Box::pin(async move {
            match token {
                "inbound-ana" => Ok(Some("ana".to_string())),
                "inbound-bo" => Ok(Some("bo".to_string())),
                "inbound-cy" => Ok(Some("cy".to_string())),
                _ => Err(Refused("unknown token".into())),
            }
        })
    }
}

/// Each user's API key; `cy` has none.
struct Keys;

impl CredentialSource for Keys {
    fn credential<'a>(&'a self, caller: &'a Caller, _: &'a SchemeUse) -> CredentialFuture<'a> {
        Box::pin(async move {
            match caller.subject() {
                "ana" => Ok(Credential::Secret("key-of-ana".into())),
                "bo" => Ok(Credential::Secret("key-of-bo".into())),
                who => Err(Refusal(format!("{who} has no API key on file"))),
            }
        })
    }
}

fn source_server(api: &str) -> McpServer {
    let config = ExecutorConfig::new(api).per_user(PerUser::source(Keys).schemes(["key"]));
    McpServer::new(catalog(), Executor::new(config).unwrap())
}

#[tokio::test]
async fn two_users_calling_at_once_each_reach_the_api_with_their_own_key() {
    let api = api().await;
    let addr = serve(source_server(&api.url), HttpConfig::new().verifier(Tokens)).await;
    let mut calls = Vec::new();
    for i in 0..8 {
        for (user, token) in [("ana", "inbound-ana"), ("bo", "inbound-bo")] {
            let addr = addr.clone();
            let tag = format!("{user}-{i}");
            calls.push(tokio::spawn(async move {
                let (status, answer) = call(&addr, token, "keyed", &tag, i % 2 == 0).await;
                (tag, status, answer)
            }));
        }
    }
    for c in calls {
        let (tag, status, answer) = c.await.unwrap();
        assert_eq!(status, 200, "{tag}: {answer}");
        let (is_error, text) = outcome(&answer);
        assert!(!is_error, "{tag}: {text}");
        assert!(text.contains(&format!("tag={tag} ")), "{tag}: {text}");
    }
    let seen = api.seen();
    assert_eq!(seen.len(), 16);
    for s in &seen {
        let user = tag(s).split('-').next().unwrap().to_string();
        assert_eq!(
            s.header("x-api-key"),
            Some(format!("key-of-{user}").as_str()),
            "{s:?}"
        );
        assert!(
            !s.headers.iter().any(|(_, v)| v.contains("inbound-")),
            "{s:?}"
        );
    }
}

#[tokio::test]
async fn a_caller_without_a_credential_gets_a_tool_error_and_nothing_is_sent() {
    let api = api().await;
    // The source has nothing for `cy`.
    let addr = serve(source_server(&api.url), HttpConfig::new().verifier(Tokens)).await;
    let (status, answer) = call(&addr, "inbound-cy", "keyed", "cy-1", true).await;
    assert_eq!(status, 200);
    assert_eq!(
        outcome(&answer),
        (
            true,
            "the request was not sent: no credential for `cy` for scheme `key`: cy has no API \
             key on file"
                .to_string()
        )
    );
    // A verifier that names no subject (a shared secret) gives no caller.
    let shared = serve(
        source_server(&api.url),
        HttpConfig::new().verifier(StaticToken::new("shared-secret").unwrap()),
    )
    .await;
    let no_caller = "the request was not sent: scheme `key` takes the caller's own credential, \
                     and this call has no verified caller: per-user credentials are served over \
                     Streamable HTTP with a token verifier that names the token's subject \
                     (TokenVerifier::identify)";
    for short in [true, false] {
        let (_, answer) = call(&shared, "shared-secret", "keyed", "anon", short).await;
        assert_eq!(outcome(&answer), (true, no_caller.to_string()), "{short}");
    }
    // Nor has a call outside HTTP (stdio).
    let direct = source_server(&api.url)
        .call(
            "keyed",
            Some(json!({"tag": "stdio"}).as_object().unwrap().clone()),
        )
        .await
        .unwrap();
    assert_eq!(direct.is_error, Some(true));
    assert_eq!(
        serde_json::to_value(&direct.content).unwrap()[0]["text"],
        no_caller
    );
    assert_eq!(api.seen(), vec![]);
}

#[tokio::test]
async fn per_user_schemes_count_as_configured_at_start_up_and_settings_do_not_clash() {
    let catalog = catalog();
    let bare = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    let err = catalog.check_credentials(&bare).unwrap_err().to_string();
    assert!(
        err.contains("tool `whoami` (GET /me) needs credentials"),
        "{err}"
    );
    let exchange = TokenExchange::new("https://login.example/token", "mcp", "s").unwrap();
    let config = ExecutorConfig::new("http://127.0.0.1:9")
        .per_user(PerUser::exchange(exchange))
        .credential("key", Credential::Secret("k".into()));
    catalog
        .check_credentials(&Executor::new(config).unwrap())
        .unwrap();
    // The environment's token exchange and a setting in code are not both taken.
    let err = ExecutorConfig::new("http://127.0.0.1:9")
        .per_user(PerUser::source(Keys))
        .with_env(|name| match name {
            "CATALOG_TOKEN_EXCHANGE_URL" => Some("https://login.example/token".into()),
            "CATALOG_TOKEN_EXCHANGE_CLIENT_ID" => Some("mcp".into()),
            "CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET" => Some("s".into()),
            _ => None,
        })
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "CATALOG_TOKEN_EXCHANGE_* is set, and per-user credentials are already configured in \
         code (ExecutorConfig::per_user): unset the variables, or drop the setting in code"
    );
    let err = ExecutorConfig::new("http://127.0.0.1:9")
        .with_env(|name| (name == "CATALOG_TOKEN_EXCHANGE_CLIENT_ID").then(|| "mcp".to_string()))
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("token exchange is half configured: CATALOG_TOKEN_EXCHANGE_CLIENT_ID set"),
        "{err}"
    );
}

// ---- against the real authorization server (E2E_ONLY=credentials bash .ci/e2e.sh) ----

/// The authorization server, stopped when dropped.
struct AuthServer {
    child: std::process::Child,
    addr: String,
    tokens: Value,
}

impl Drop for AuthServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl AuthServer {
    /// Starts `tests/e2e/token_exchange_as.mjs` with exchanged tokens living `ttl` seconds.
    fn start(ttl: u64) -> AuthServer {
        // Where `.ci/oidc.sh` installs it, unless CATALOG_E2E_OIDC names another folder.
        let dir = std::env::var("CATALOG_E2E_OIDC").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/../target/e2e/oidc").to_string()
        });
        assert!(
            std::path::Path::new(&dir)
                .join("node_modules/oidc-provider/package.json")
                .is_file(),
            "oidc-provider is not installed in {dir}: run `bash .ci/oidc.sh` first"
        );
        // Node resolves `oidc-provider` from the script's folder: the script runs from there.
        let script = std::path::Path::new(&dir).join("token_exchange_as.mjs");
        let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/e2e/token_exchange_as.mjs");
        std::fs::copy(&source, &script).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = std::process::Command::new("node")
            .arg(&script)
            .env("PORT", port.to_string())
            .env("EXCHANGED_TTL", ttl.to_string())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("node runs");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let started: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("the authorization server did not start: {e}: {line:?}"));
        AuthServer {
            child,
            addr: format!("127.0.0.1:{port}"),
            tokens: started["tokens"].clone(),
        }
    }

    fn token(&self, user: &str) -> String {
        self.tokens[user].as_str().unwrap().to_string()
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// What the server says of `token`, asked as `client` (RFC 7662).
    async fn introspect(&self, client: &str, secret: &str, token: &str) -> Value {
        introspect(&self.addr, client, secret, token).await
    }

    /// The MCP server: inbound tokens introspected here, API tokens exchanged here.
    async fn mcp_server(&self, api: &str, skew: Duration) -> String {
        let exchange = TokenExchange::new(self.url("/token"), "mcp-server", "mcp-server-secret")
            .unwrap()
            .resource(API_RESOURCE)
            .skew(skew);
        let config = ExecutorConfig::new(api).per_user(PerUser::exchange(exchange));
        let server = McpServer::new(catalog(), Executor::new(config).unwrap());
        let verifier = Introspection {
            addr: self.addr.clone(),
        };
        serve(
            server,
            HttpConfig::new()
                .verifier(verifier)
                .authorization_server(self.url("")),
        )
        .await
    }
}

/// What the authorization server at `addr` says of `token`, asked as `client` (RFC 7662).
async fn introspect(addr: &str, client: &str, secret: &str, token: &str) -> Value {
    let basic = format!(
        "Basic {}",
        catalog_runtime::outbound::credentials::base64(format!("{client}:{secret}").as_bytes())
    );
    let body = form_urlencoded::Serializer::new(String::new())
        .append_pair("token", token)
        .finish();
    let (status, body) = http(
        addr,
        "/token/introspection",
        &[
            ("authorization", &basic),
            ("content-type", "application/x-www-form-urlencoded"),
        ],
        &body,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// The MCP server's inbound check: the token introspected at the authorization server, which
/// must say it is active and for this MCP server; its `sub` names the caller.
struct Introspection {
    addr: String,
}

impl TokenVerifier for Introspection {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        Box::pin(async move { self.identify(token).await.map(|_| ()) })
    }

    fn identify<'a>(&'a self, token: &'a str) -> Identity<'a> {
        Box::pin(async move {
            let doc = introspect(&self.addr, "mcp-server", "mcp-server-secret", token).await;
            if doc["active"] != true || doc["aud"] != MCP_RESOURCE {
                return Err(Refused("the token is not active for this server".into()));
            }
            Ok(doc["sub"].as_str().map(String::from))
        })
    }
}

/// The bearer token a request carried.
fn bearer(seen: &loopback::Seen) -> String {
    seen.header("authorization")
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_else(|| panic!("no bearer token: {seen:?}"))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the authorization server: bash .ci/oidc.sh"]
async fn two_users_calling_at_once_reach_the_api_each_with_their_own_exchanged_token() {
    let auth = AuthServer::start(600);
    let api = api().await;
    let addr = auth.mcp_server(&api.url, Duration::from_secs(60)).await;
    let mut calls = Vec::new();
    for i in 0..6 {
        for user in ["alice", "bob"] {
            let (addr, token, tag) = (addr.clone(), auth.token(user), format!("{user}-{i}"));
            calls.push(tokio::spawn(async move {
                let (status, answer) = call(&addr, &token, "whoami", &tag, i % 2 == 0).await;
                (tag, status, answer)
            }));
        }
    }
    for c in calls {
        let (tag, status, answer) = c.await.unwrap();
        assert_eq!(status, 200, "{tag}: {answer}");
        let (is_error, text) = outcome(&answer);
        assert!(!is_error, "{tag}: {text}");
        assert!(text.contains(&format!("tag={tag} ")), "{tag}: {text}");
    }
    let seen = api.seen();
    assert_eq!(seen.len(), 12);
    // The API side: each request's token, asked of the authorization server, is its caller's,
    // issued to the MCP server for the API.
    for s in &seen {
        let user = tag(s).split('-').next().unwrap().to_string();
        let doc = auth.introspect("api", "api-secret", &bearer(s)).await;
        assert_eq!(doc["active"], true, "{s:?}: {doc}");
        assert_eq!(doc["sub"], user.as_str(), "{s:?}: {doc}");
        assert_eq!(doc["aud"], API_RESOURCE, "{doc}");
        assert_eq!(doc["client_id"], "mcp-server", "{doc}");
        assert_eq!(doc["scope"], "tasks.read", "{doc}");
    }
    // One exchange per user, the token then reused: two tokens in all.
    let mut tokens: Vec<String> = seen.iter().map(bearer).collect();
    tokens.sort();
    tokens.dedup();
    assert_eq!(tokens.len(), 2, "{tokens:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the authorization server: bash .ci/oidc.sh"]
async fn the_inbound_token_never_reaches_the_api() {
    let auth = AuthServer::start(600);
    let api = api().await;
    let addr = auth.mcp_server(&api.url, Duration::from_secs(60)).await;
    let inbound = auth.token("alice");
    for short in [true, false] {
        let (_, answer) = call(&addr, &inbound, "whoami", "alice-1", short).await;
        assert!(!outcome(&answer).0, "{answer}");
    }
    let seen = api.seen();
    assert_eq!(seen.len(), 2);
    for s in &seen {
        assert_ne!(bearer(s), inbound);
        assert!(
            !s.request_line.contains(&inbound)
                && !s.headers.iter().any(|(_, v)| v.contains(&inbound)),
            "{s:?}"
        );
        // What the API got is a token for the API, not one for the MCP server.
        let doc = auth.introspect("api", "api-secret", &bearer(s)).await;
        assert_eq!(doc["aud"], API_RESOURCE, "{doc}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the authorization server: bash .ci/oidc.sh"]
async fn an_exchanged_token_is_reused_until_near_its_expiry_then_exchanged_again() {
    // Exchanged tokens live 3 s; the server exchanges again with less than 1 s left.
    let auth = AuthServer::start(3);
    let api = api().await;
    let addr = auth.mcp_server(&api.url, Duration::from_secs(1)).await;
    let alice = auth.token("alice");
    for tag in ["alice-1", "alice-2"] {
        let (_, answer) = call(&addr, &alice, "whoami", tag, true).await;
        assert!(!outcome(&answer).0, "{answer}");
    }
    tokio::time::sleep(Duration::from_millis(2300)).await;
    let (_, answer) = call(&addr, &alice, "whoami", "alice-3", false).await;
    assert!(!outcome(&answer).0, "{answer}");
    let tokens: Vec<String> = api.seen().iter().map(bearer).collect();
    assert_eq!(tokens.len(), 3);
    assert_eq!(tokens[0], tokens[1], "cached within its lifetime");
    assert_ne!(tokens[1], tokens[2], "exchanged again near expiry");
    let fresh = auth.introspect("api", "api-secret", &tokens[2]).await;
    assert_eq!(
        (fresh["active"].clone(), fresh["sub"].clone()),
        (json!(true), json!("alice"))
    );
    // The first one has expired at the authorization server by now, or is about to.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let old = auth.introspect("api", "api-secret", &tokens[0]).await;
    assert_eq!(old, json!({"active": false}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the authorization server: bash .ci/oidc.sh"]
async fn a_caller_the_authorization_server_refuses_gets_a_tool_error_and_nothing_is_sent() {
    let auth = AuthServer::start(600);
    let api = api().await;
    let addr = auth.mcp_server(&api.url, Duration::from_secs(60)).await;
    // carol holds a good token for the MCP server, and no access to the API.
    for short in [true, false] {
        let (status, answer) = call(&addr, &auth.token("carol"), "whoami", "carol-1", short).await;
        assert_eq!(status, 200);
        assert_eq!(
            outcome(&answer),
            (
                true,
                format!(
                    "the request was not sent: no credential for `carol` for scheme `sso`: the \
                     authorization server at {} refused the token exchange: invalid_grant \
                     (grant request is invalid)",
                    auth.url("/token")
                )
            ),
            "{short}"
        );
    }
    // A token the authorization server does not know is refused at the door.
    let (status, _) = call(&addr, "not-a-token", "whoami", "x", true).await;
    assert_eq!(status, 401);
    assert_eq!(api.seen(), vec![]);
}
