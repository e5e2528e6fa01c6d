//! Upstream credentials by `securitySchemes`: each form (API key in a header, the query or a
//! cookie; HTTP bearer and basic; OAuth2 client credentials with a token endpoint) reaches a
//! local API as the scheme says, the client-credentials token is cached and fetched again before
//! it expires, and a catalog whose credentials cannot satisfy a tool fails at start-up naming
//! the tool and the schemes.
#![cfg(feature = "runtime")]

#[path = "support/loopback.rs"]
mod loopback;

use catalog_core::model::Operation;
use catalog_runtime::outbound::credentials::Credential;
use catalog_runtime::outbound::executor::{ExecuteError, Executor, ExecutorConfig};
use catalog_runtime::tools::catalog::CallError;
use catalog_runtime::tools::catalog::Catalog;
use catalog_runtime::tools::tool::Tool;
use catalog_runtime::wire::decode::ArgumentError;
use catalog_runtime::wire::encode::RequestError;
use loopback::{Seen, response};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

/// A document with one operation per scheme; `token_url` is the OAuth2 token endpoint.
fn document(token_url: &str) -> Value {
    let op = |id: &str, security: Value| {
        let mut o = json!({"operationId": id, "responses": {"200": {"description": "ok"}}});
        if !security.is_null() {
            o["security"] = security;
        }
        json!({"get": o})
    };
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Secured", "version": "1"},
        "security": [{"header_key": []}],
        "components": {"securitySchemes": {
            "header_key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
            "query_key": {"type": "apiKey", "in": "query", "name": "api_key"},
            "cookie_key": {"type": "apiKey", "in": "cookie", "name": "sid"},
            "jwt": {"type": "http", "scheme": "bearer"},
            "password": {"type": "http", "scheme": "basic"},
            "machine": {"type": "oauth2", "flows": {"clientCredentials": {
                "tokenUrl": token_url, "scopes": {"tasks.read": "", "tasks.write": ""}}}},
            "browser": {"type": "oauth2", "flows": {"authorizationCode": {
                "authorizationUrl": "https://x/a", "tokenUrl": "https://x/t", "scopes": {}}}},
            "tls": {"type": "mutualTLS"}
        }},
        "paths": {
            "/global": op("Global", Value::Null),
            "/global-too": op("GlobalToo", Value::Null),
            "/query": op("Query", json!([{"query_key": []}])),
            "/cookie": op("Cookie", json!([{"cookie_key": []}])),
            "/bearer": op("Bearer", json!([{"jwt": []}])),
            "/basic": op("Basic", json!([{"password": []}])),
            "/oauth": op("OAuth", json!([{"machine": ["tasks.read", "tasks.write"]}])),
            "/either": op("Either", json!([{"tls": []}, {"jwt": []}])),
            "/delegated": op("Delegated", json!([{"browser": []}])),
            "/open": op("Open", json!([])),
        }
    })
}

static RUNTIME_OPS: OnceLock<Vec<Operation>> = OnceLock::new();
static STARTUP_OPS: OnceLock<Vec<Operation>> = OnceLock::new();

macro_rules! tool {
    ($ty:ident, $ops:ident, $name:literal, $path:literal) => {
        struct $ty;

        // The seal `#[tool]` writes: these tests stand in for its expansion.
        impl catalog_runtime::tools::tool::__private::Accounted for $ty {}

        impl Tool for $ty {
            const NAME: &'static str = $name;
            const DESCRIPTION: &'static str = "test tool";
            const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;

            fn operation() -> &'static Operation {
                $ops.get()
                    .expect("the operations are normalized first")
                    .iter()
                    .find(|o| o.path == $path)
                    .unwrap()
            }

            fn input_schema() -> &'static Value {
                static SCHEMA: OnceLock<Value> = OnceLock::new();
                SCHEMA.get_or_init(|| json!({"type": "object"}))
            }

            fn from_arguments(_: Value) -> Result<Self, ArgumentError> {
                Ok($ty)
            }

            fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
                Ok(http::Request::get(concat!($path, "?x=1"))
                    .body(Vec::new())
                    .unwrap())
            }
        }
    };
}

tool!(Global, RUNTIME_OPS, "global", "/global");
tool!(Query, RUNTIME_OPS, "query", "/query");
tool!(Cookie, RUNTIME_OPS, "cookie", "/cookie");
tool!(BearerTool, RUNTIME_OPS, "bearer", "/bearer");
tool!(BasicTool, RUNTIME_OPS, "basic", "/basic");
tool!(OAuth, RUNTIME_OPS, "oauth", "/oauth");
tool!(Either, RUNTIME_OPS, "either", "/either");
tool!(Open, RUNTIME_OPS, "open", "/open");
tool!(Delegated, RUNTIME_OPS, "delegated", "/delegated");

tool!(SGlobal, STARTUP_OPS, "global", "/global");
tool!(SGlobalToo, STARTUP_OPS, "global_too", "/global-too");
tool!(SOAuth, STARTUP_OPS, "oauth", "/oauth");
tool!(SEither, STARTUP_OPS, "either", "/either");
tool!(SOpen, STARTUP_OPS, "open", "/open");
tool!(SDelegated, STARTUP_OPS, "delegated", "/delegated");

fn runtime_catalog() -> Catalog {
    Catalog::new()
        .tool::<Global>()
        .tool::<Query>()
        .tool::<Cookie>()
        .tool::<BearerTool>()
        .tool::<BasicTool>()
        .tool::<OAuth>()
        .tool::<Either>()
        .tool::<Open>()
        .tool::<Delegated>()
}

/// The API, and the token endpoint at `/token` answering tokens `tok-1`, `tok-2`, ... valid for
/// `expires_in` seconds.
async fn api(expires_in: u64) -> (loopback::Loopback, Arc<AtomicU32>) {
    let issued = Arc::new(AtomicU32::new(0));
    let counter = issued.clone();
    let server = loopback::start(move |seen: &Seen| {
        if seen.request_line.starts_with("POST /token ") {
            let n = counter.fetch_add(1, Ordering::SeqCst) + 1;
            let body = format!(
                r#"{{"access_token":"tok-{n}","token_type":"Bearer","expires_in":{expires_in}}}"#
            );
            response(
                "200 OK",
                &[("content-type", "application/json")],
                body.as_bytes(),
            )
        } else {
            response("200 OK", &[], b"ok")
        }
    })
    .await;
    (server, issued)
}

fn header<'a>(seen: &'a Seen, name: &str) -> Option<&'a str> {
    seen.header(name)
}

#[tokio::test]
async fn each_credential_form_reaches_the_api_as_its_scheme_says() {
    let (server, issued) = api(3600).await;
    RUNTIME_OPS
        .set(
            catalog_core::spec::normalize::normalize(&document(&format!("{}/token", server.url)))
                .operations,
        )
        .unwrap();
    let catalog = runtime_catalog();
    let config = ExecutorConfig::new(&server.url)
        .with_credentials_from(&catalog, |name| {
            let v = match name {
                "CATALOG_CREDENTIAL_HEADER_KEY" => "hk-1",
                "CATALOG_CREDENTIAL_QUERY_KEY" => "qk 1&2",
                "CATALOG_CREDENTIAL_COOKIE_KEY" => "ck-1",
                "CATALOG_CREDENTIAL_JWT" => "jwt-1",
                "CATALOG_CREDENTIAL_PASSWORD_USER" => "ana",
                "CATALOG_CREDENTIAL_PASSWORD_PASSWORD" => "s3cret",
                "CATALOG_CREDENTIAL_MACHINE_CLIENT_ID" => "client-1",
                "CATALOG_CREDENTIAL_MACHINE_CLIENT_SECRET" => "secret-1",
                "CATALOG_CREDENTIAL_BROWSER" => "user-token-1",
                _ => return None,
            };
            Some(v.to_string())
        })
        .unwrap();
    let executor = Executor::new(config).unwrap();
    catalog.check_credentials(&executor).unwrap();
    for name in [
        "global",
        "query",
        "cookie",
        "bearer",
        "basic",
        "oauth",
        "oauth",
        "either",
        "open",
        "delegated",
    ] {
        let r = catalog.call(&executor, name, json!({})).await.unwrap();
        assert_eq!(r.status, 200, "{name}");
    }
    let seen = server.seen();
    let api: Vec<&Seen> = seen
        .iter()
        .filter(|s| !s.request_line.starts_with("POST /token"))
        .collect();
    let lines: Vec<&str> = api.iter().map(|s| s.request_line.as_str()).collect();
    assert_eq!(
        lines,
        [
            "GET /global?x=1 HTTP/1.1",
            "GET /query?x=1&api_key=qk+1%262 HTTP/1.1",
            "GET /cookie?x=1 HTTP/1.1",
            "GET /bearer?x=1 HTTP/1.1",
            "GET /basic?x=1 HTTP/1.1",
            "GET /oauth?x=1 HTTP/1.1",
            "GET /oauth?x=1 HTTP/1.1",
            "GET /either?x=1 HTTP/1.1",
            "GET /open?x=1 HTTP/1.1",
            "GET /delegated?x=1 HTTP/1.1",
        ]
    );
    assert_eq!(header(api[0], "x-api-key"), Some("hk-1"));
    assert_eq!(header(api[0], "authorization"), None);
    assert_eq!(header(api[1], "x-api-key"), None);
    assert_eq!(header(api[2], "cookie"), Some("sid=ck-1"));
    assert_eq!(header(api[3], "authorization"), Some("Bearer jwt-1"));
    // base64("ana:s3cret")
    assert_eq!(
        header(api[4], "authorization"),
        Some("Basic YW5hOnMzY3JldA==")
    );
    // One token, fetched once and reused while it is fresh.
    assert_eq!(header(api[5], "authorization"), Some("Bearer tok-1"));
    assert_eq!(header(api[6], "authorization"), Some("Bearer tok-1"));
    assert_eq!(issued.load(Ordering::SeqCst), 1);
    let token_requests: Vec<&Seen> = seen
        .iter()
        .filter(|s| s.request_line.starts_with("POST /token"))
        .collect();
    assert_eq!(token_requests.len(), 1);
    // base64("client-1:secret-1"), client_secret_basic.
    assert_eq!(
        header(token_requests[0], "authorization"),
        Some("Basic Y2xpZW50LTE6c2VjcmV0LTE=")
    );
    assert_eq!(
        String::from_utf8_lossy(&token_requests[0].body),
        "grant_type=client_credentials&scope=tasks%2Eread%20tasks%2Ewrite"
    );
    // `either`: the mutual-TLS alternative cannot be sent; the bearer one is.
    assert_eq!(header(api[7], "authorization"), Some("Bearer jwt-1"));
    // `security: []` overrides the document's: nothing is sent.
    assert_eq!(header(api[8], "x-api-key"), None);
    assert_eq!(header(api[8], "authorization"), None);
    // An authorization-code scheme: the access token the operator gave, as a bearer token
    // (RFC 6750), and nothing fetched for it.
    assert_eq!(header(api[9], "authorization"), Some("Bearer user-token-1"));
    assert_eq!(header(api[9], "x-api-key"), None);
}

#[tokio::test]
async fn a_token_close_to_expiry_is_fetched_again() {
    // 30 s left is inside the refresh margin: every call fetches a new token.
    let (server, issued) = api(30).await;
    let doc = document(&format!("{}/token", server.url));
    let op = catalog_core::spec::normalize::normalize(&doc)
        .operations
        .into_iter()
        .find(|o| o.path == "/oauth")
        .unwrap();
    let executor = Executor::new(ExecutorConfig::new(&server.url).credential(
        "machine",
        Credential::Client {
            id: "c".into(),
            secret: "s".into(),
        },
    ))
    .unwrap();
    // Through the public path a tool takes: `Catalog::call` needs a tool type, so use the
    // executor directly with the operation's requirement via a one-tool catalog.
    static OP: OnceLock<Operation> = OnceLock::new();
    OP.set(op).unwrap();
    struct Refreshing;
    impl catalog_runtime::tools::tool::__private::Accounted for Refreshing {}
    impl Tool for Refreshing {
        const NAME: &'static str = "refreshing";
        const DESCRIPTION: &'static str = "test tool";
        const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;
        fn operation() -> &'static Operation {
            OP.get().unwrap()
        }
        fn input_schema() -> &'static Value {
            static SCHEMA: OnceLock<Value> = OnceLock::new();
            SCHEMA.get_or_init(|| json!({"type": "object"}))
        }
        fn from_arguments(_: Value) -> Result<Self, ArgumentError> {
            Ok(Refreshing)
        }
        fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
            Ok(http::Request::get("/oauth").body(Vec::new()).unwrap())
        }
    }
    let catalog = Catalog::new().tool::<Refreshing>();
    for _ in 0..2 {
        catalog
            .call(&executor, "refreshing", json!({}))
            .await
            .unwrap();
    }
    assert_eq!(issued.load(Ordering::SeqCst), 2);
    let auth: Vec<Option<String>> = server
        .seen()
        .iter()
        .filter(|s| s.request_line.starts_with("GET /oauth"))
        .map(|s| s.header("authorization").map(String::from))
        .collect();
    assert_eq!(
        auth,
        [Some("Bearer tok-1".into()), Some("Bearer tok-2".into())]
    );
}

/// Many tools missing one credential: the first five named, the rest counted, the variable
/// said once.
#[test]
fn a_missing_credential_is_said_once_for_many_tools() {
    static MANY: OnceLock<Vec<Operation>> = OnceLock::new();
    MANY.get_or_init(|| {
        catalog_core::spec::normalize::normalize(&document("https://auth.example/token")).operations
    });
    tool!(M1, MANY, "m1", "/global");
    tool!(M2, MANY, "m2", "/global");
    tool!(M3, MANY, "m3", "/global");
    tool!(M4, MANY, "m4", "/global");
    tool!(M5, MANY, "m5", "/global");
    tool!(M6, MANY, "m6", "/global");
    tool!(M7, MANY, "m7", "/global");
    let catalog = Catalog::new()
        .tool::<M1>()
        .tool::<M2>()
        .tool::<M3>()
        .tool::<M4>()
        .tool::<M5>()
        .tool::<M6>()
        .tool::<M7>();
    let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    assert_eq!(
        catalog
            .check_credentials(&executor)
            .unwrap_err()
            .to_string(),
        "tools `m1` (GET /global), `m2` (GET /global), `m3` (GET /global), `m4` (GET /global), \
         `m5` (GET /global) and 2 more need credentials for one of `header_key` (an API key in \
         header `X-Api-Key`: set CATALOG_CREDENTIAL_HEADER_KEY)"
    );
}

#[tokio::test]
async fn missing_credentials_fail_at_start_up_naming_tool_and_schemes() {
    STARTUP_OPS
        .set(
            catalog_core::spec::normalize::normalize(&document("https://auth.example/token"))
                .operations,
        )
        .unwrap();
    let catalog = Catalog::new()
        .tool::<SGlobal>()
        .tool::<SGlobalToo>()
        .tool::<SOAuth>()
        .tool::<SEither>()
        .tool::<SOpen>()
        .tool::<SDelegated>();
    let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    assert_eq!(
        catalog
            .check_credentials(&executor)
            .unwrap_err()
            .to_string(),
        // The tools that accept the same schemes are named together, the variables once.
        "tools `global` (GET /global), `global_too` (GET /global-too) need credentials for one \
         of `header_key` (an API key in header `X-Api-Key`: set CATALOG_CREDENTIAL_HEADER_KEY)\n\
         tool `oauth` (GET /oauth) needs credentials for one of `machine` (OAuth2 client \
         credentials for https://auth.example/token: set CATALOG_CREDENTIAL_MACHINE_CLIENT_ID \
         and CATALOG_CREDENTIAL_MACHINE_CLIENT_SECRET)\n\
         tool `either` (GET /either) needs credentials for one of `tls` (mutualTLS, which \
         catalog cannot send), `jwt` (a bearer token: set CATALOG_CREDENTIAL_JWT)\n\
         tool `delegated` (GET /delegated) needs credentials for one of `browser` (oauth2 \
         (authorizationCode): an access token obtained outside catalog: set \
         CATALOG_CREDENTIAL_BROWSER)"
    );
    // The legacy auth header stands for an API key header of the same name.
    let executor = Executor::new(
        ExecutorConfig::new("http://127.0.0.1:9")
            .auth_header("x-api-key", "k")
            .credential("jwt", Credential::Secret("t".into()))
            .credential("browser", Credential::Secret("u".into()))
            .credential(
                "machine",
                Credential::Client {
                    id: "c".into(),
                    secret: "s".into(),
                },
            ),
    )
    .unwrap();
    catalog.check_credentials(&executor).unwrap();
    // Without the start-up check, the call is refused before anything is sent.
    let bare = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    let err = catalog.call(&bare, "either", json!({})).await.unwrap_err();
    assert!(
        matches!(&err, CallError::Execute(ExecuteError::Credentials(m))
            if m.starts_with("the operation needs credentials for one of `tls`")),
        "{err:?}"
    );
}
