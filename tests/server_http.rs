//! The taskboard tools over Streamable HTTP, driven by raw HTTP/1.1 so the tests see exactly
//! what goes over the wire: stateless exchanges (any process answers any request), bearer-token
//! authorization with RFC 9728 metadata, Origin and body limits, and the client's token kept
//! away from the API.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::auth::{Refused, StaticToken, TokenVerifier, Verdict};
use catalog::mcp::http::{HttpConfig, bind};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A response as the tests read it.
#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {self:?}"))
    }
}

/// One request on its own connection (`Connection: close`), the answer read to the end.
async fn http(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nconnection: close\r\ncontent-length: {}\r\n",
        body.len()
    );
    if !headers.iter().any(|(n, _)| *n == "host") {
        head.push_str(&format!("host: {addr}\r\n"));
    }
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
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// A JSON-RPC POST to `/mcp`, with the headers a Streamable HTTP client sends.
async fn rpc(addr: &str, extra: &[(&str, &str)], message: Value) -> Reply {
    let mut headers = vec![
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ];
    headers.extend_from_slice(extra);
    http(addr, "POST", "/mcp", &headers, &message.to_string()).await
}

fn initialize(id: i64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "raw-http", "version": "1"}}})
}

fn call(id: i64, name: &str, arguments: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": name, "arguments": arguments}})
}

/// Starts a server on a free loopback port; its `host:port`.
async fn start(server: McpServer, config: HttpConfig) -> String {
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, config));
    addr
}

fn server(base: &str) -> McpServer {
    let config = ExecutorConfig::new(base).auth_header("X-Api-Key", "api-key-1");
    McpServer::new(tools::catalog(), Executor::new(config).unwrap())
}

fn closed_port() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://127.0.0.1:{}", l.local_addr().unwrap().port())
}

#[tokio::test]
async fn each_post_is_answered_on_its_own_by_any_replica() {
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], b"[]")
    })
    .await;
    let a = start(server(&api.url), HttpConfig::new()).await;
    let b = start(server(&api.url), HttpConfig::new()).await;
    // initialize on one, everything else on the other and back: no session is needed.
    let init = rpc(&a, &[], initialize(1)).await;
    assert_eq!(init.status, 200);
    assert_eq!(init.header("mcp-session-id"), None);
    assert_eq!(init.json()["result"]["serverInfo"]["name"], "Taskboard API");
    let notified = rpc(
        &b,
        &[],
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    )
    .await;
    assert_eq!(notified.status, 202);
    let list = rpc(
        &b,
        &[],
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    )
    .await;
    assert_eq!(list.header("content-type"), Some("application/json"));
    let list = list.json();
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        tools::catalog().tools().map(|t| t.name).collect::<Vec<_>>()
    );
    for (i, addr) in [&a, &b, &a].into_iter().enumerate() {
        let id = 3 + i as i64;
        let reply = rpc(
            addr,
            &[],
            call(id, "list_tasks", json!({"board_id": "ops"})),
        )
        .await;
        // No `MCP-Protocol-Version` header: the client is taken to be on 2025-03-26, as the
        // specification says, which has no `structuredContent`: the body is in the text.
        assert_eq!(
            reply.json(),
            json!({"jsonrpc": "2.0", "id": id, "result": {
                "content": [{"type": "text", "text": "HTTP 200 OK\ncontent-type: application/json\n\n[]"}],
                "isError": false,
                "_meta": {"catalog/response": {
                    "status": 200, "headers": {"content-type": "application/json"}},
                    "catalog/attempts": 1}}})
        );
    }
    assert_eq!(api.seen().len(), 3);
}

#[tokio::test]
async fn without_the_token_the_answer_is_401_pointing_at_the_metadata() {
    let addr = start(
        server(&closed_port()),
        HttpConfig::new()
            .verifier(StaticToken::new("t0ken-t0ken").unwrap())
            .authorization_server("https://login.example"),
    )
    .await;
    let none = rpc(&addr, &[], initialize(1)).await;
    assert_eq!(none.status, 401);
    let metadata_url = format!("http://{addr}/.well-known/oauth-protected-resource/mcp");
    assert_eq!(
        none.header("www-authenticate"),
        Some(format!("Bearer resource_metadata=\"{metadata_url}\"").as_str())
    );
    assert_eq!(
        none.body,
        "Unauthorized: send `Authorization: Bearer <token>`"
    );
    let wrong = rpc(
        &addr,
        &[("authorization", "Bearer t0ken-t0keN")],
        initialize(1),
    )
    .await;
    assert_eq!(wrong.status, 401);
    assert_eq!(
        wrong.header("www-authenticate"),
        Some(
            format!(
                "Bearer resource_metadata=\"{metadata_url}\", error=\"invalid_token\", \
                 error_description=\"the token is not valid for this server\""
            )
            .as_str()
        )
    );
    let basic = rpc(&addr, &[("authorization", "Basic dDBrZW4=")], initialize(1)).await;
    assert_eq!(basic.status, 401);
    let good = rpc(
        &addr,
        &[("authorization", "Bearer t0ken-t0ken")],
        initialize(1),
    )
    .await;
    assert_eq!(good.status, 200);
    // The metadata is public: a client reads it before it has a token.
    for path in [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
    ] {
        let doc = http(&addr, "GET", path, &[], "").await;
        assert_eq!(doc.status, 200, "{path}");
        assert_eq!(
            doc.json(),
            json!({"resource": format!("http://{addr}/mcp"),
                   "bearer_methods_supported": ["header"],
                   "resource_name": "Taskboard API",
                   "authorization_servers": ["https://login.example"]})
        );
    }
}

/// An operator's verifier: here, tokens that name a scope.
struct ScopeVerifier;

impl TokenVerifier for ScopeVerifier {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        Box::pin(async move {
            if token.starts_with("scope:tools.") {
                Ok(())
            } else {
                Err(Refused("the token lacks the \"tools\" scope".into()))
            }
        })
    }
}

#[tokio::test]
async fn an_operators_verifier_decides_and_its_reason_is_the_error_description() {
    let addr = start(
        server(&closed_port()),
        HttpConfig::new().verifier(ScopeVerifier),
    )
    .await;
    let ok = rpc(
        &addr,
        &[("authorization", "Bearer scope:tools.call")],
        initialize(1),
    )
    .await;
    assert_eq!(ok.status, 200);
    let refused = rpc(
        &addr,
        &[("authorization", "Bearer scope:admin")],
        initialize(1),
    )
    .await;
    assert_eq!(refused.status, 401);
    let challenge = refused.header("www-authenticate").unwrap();
    assert!(
        challenge.ends_with(
            ", error=\"invalid_token\", error_description=\"the token lacks the 'tools' scope\""
        ),
        "{challenge}"
    );
}

#[tokio::test]
async fn the_clients_token_never_reaches_the_api() {
    let api = loopback::start(|_| {
        loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"{"id":1,"title":"t","status":"todo"}"#,
        )
    })
    .await;
    let addr = start(
        server(&api.url),
        HttpConfig::new().verifier(StaticToken::new("client-secret-1").unwrap()),
    )
    .await;
    let auth = [("authorization", "Bearer client-secret-1")];
    let reply = rpc(
        &addr,
        &auth,
        call(1, "get_task", json!({"board_id": "ops", "task_id": 1})),
    )
    .await;
    assert_eq!(reply.json()["result"]["isError"], false, "{reply:?}");
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].header("authorization"), None);
    assert_eq!(seen[0].header("x-api-key"), Some("api-key-1"));
    assert!(
        !seen[0]
            .headers
            .iter()
            .any(|(_, v)| v.contains("client-secret-1")),
        "{:?}",
        seen[0].headers
    );
}

/// A page on the server's own loopback origin (`Host: 127.0.0.1:PORT`,
/// `Origin: http://127.0.0.1:PORT`) is same-origin, not a rebinding: served with no origin
/// configured, as the MCP conformance suite's `dns-rebinding-protection` requires. Another
/// loopback port is another program, and stays refused.
#[tokio::test]
async fn the_servers_own_loopback_origin_is_served_and_another_port_is_not() {
    let addr = start(server(&closed_port()), HttpConfig::new()).await;
    let port = addr.rsplit_once(':').unwrap().1;
    for own in [format!("http://{addr}"), format!("http://localhost:{port}")] {
        let reply = rpc(&addr, &[("origin", own.as_str())], initialize(1)).await;
        assert_eq!(reply.status, 200, "{own}: {reply:?}");
    }
    let other_port = if port == "1" { "2" } else { "1" };
    let other = format!("http://127.0.0.1:{other_port}");
    let reply = rpc(&addr, &[("origin", other.as_str())], initialize(1)).await;
    assert_eq!(reply.status, 403, "{reply:?}");
    let foreign = rpc(&addr, &[("origin", "http://evil.example")], initialize(1)).await;
    assert_eq!(foreign.status, 403);
}

#[tokio::test]
async fn a_foreign_origin_is_403_and_an_allowed_one_passes() {
    let addr = start(
        server(&closed_port()),
        HttpConfig::new().allowed_origins(["http://localhost:*"]),
    )
    .await;
    let foreign = rpc(&addr, &[("origin", "https://evil.example")], initialize(1)).await;
    assert_eq!(foreign.status, 403);
    let allowed = rpc(&addr, &[("origin", "http://localhost:5173")], initialize(1)).await;
    assert_eq!(allowed.status, 200);
    // No Origin header: not a browser, let through.
    assert_eq!(rpc(&addr, &[], initialize(1)).await.status, 200);
    // A Host that is not loopback (DNS rebinding) is refused too.
    let rebound = http(
        &addr,
        "POST",
        "/mcp",
        &[
            ("host", "evil.example"),
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
        ],
        &initialize(1).to_string(),
    )
    .await;
    assert_eq!(rebound.status, 403);
}

#[tokio::test]
async fn bodies_are_bounded_and_other_paths_are_404() {
    let addr = start(
        server(&closed_port()).max_line_bytes(1024),
        HttpConfig::new(),
    )
    .await;
    let big = call(1, "search", json!({"q": "x".repeat(2000)}));
    assert_eq!(rpc(&addr, &[], big).await.status, 413);
    let other = http(&addr, "POST", "/", &[], "{}").await;
    assert_eq!(other.status, 404);
    assert_eq!(other.body, "Not Found: MCP is served at /mcp");
}

/// A `get_task` call POSTed on a connection of its own and left open, once the API has its
/// request (the API of these tests never answers); the connection, to drop when done.
async fn held_call(addr: &str, api: &loopback::Loopback) -> tokio::net::TcpStream {
    let body = call(1, "get_task", json!({"board_id": "ops", "task_id": 5})).to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         accept: application/json, text/event-stream\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    for _ in 0..3000 {
        if api.seen().len() == 1 {
            return stream;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the held call did not reach the API");
}

#[tokio::test]
async fn a_dropped_http_request_aborts_its_api_request() {
    let api = loopback::start(|_| vec![loopback::Part::AwaitClose]).await;
    let addr = start(server(&api.url), HttpConfig::new()).await;
    let stream = held_call(&addr, &api).await;
    drop(stream);
    for _ in 0..3000 {
        if api.closed().len() == 1 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the API request was not dropped with the client's HTTP request");
}

#[tokio::test]
async fn past_the_request_limit_the_answer_is_503_at_once_and_the_server_recovers() {
    let api = loopback::start(|_| vec![loopback::Part::AwaitClose]).await;
    let addr = start(server(&api.url), HttpConfig::new().max_requests(1)).await;
    // One request holds the only permit: its API call never answers.
    let held = held_call(&addr, &api).await;
    let busy = rpc(&addr, &[], initialize(2)).await;
    assert_eq!(busy.status, 503);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert_eq!(
        busy.body,
        "Service Unavailable: this server handles 1 request at once and all are in progress; \
         retry shortly (the operator raises the limit with CATALOG_HTTP_MAX_REQUESTS)"
    );
    // The held request ends; the permit comes back.
    drop(held);
    for _ in 0..3000 {
        let reply = rpc(&addr, &[], initialize(3)).await;
        if reply.status == 200 {
            assert_eq!(reply.json()["id"], 3);
            return;
        }
        assert_eq!(reply.status, 503);
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the server stayed at its limit after the held request ended");
}

/// The `_meta` a client of the 2026-07-28 revision sends on every request (no `initialize`).
fn inline_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw-http", "version": "1"},
    })
}

#[tokio::test]
async fn a_current_revision_client_discovers_and_lists_without_initialize_on_any_replica() {
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], b"[]")
    })
    .await;
    let a = start(server(&api.url), HttpConfig::new()).await;
    let b = start(server(&api.url), HttpConfig::new()).await;
    // The revision's headers: the version, and the method repeated for middleboxes (SEP-2243).
    let headers = |method| {
        [
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", method),
        ]
    };
    let discover = rpc(
        &a,
        &headers("server/discover"),
        json!({"jsonrpc": "2.0", "id": 1, "method": "server/discover",
               "params": {"_meta": inline_meta()}}),
    )
    .await;
    assert_eq!(discover.status, 200, "{discover:?}");
    let result = &discover.json()["result"];
    assert!(
        result["supportedVersions"]
            .as_array()
            .unwrap()
            .contains(&json!("2026-07-28")),
        "{result}"
    );
    assert!(result["capabilities"]["tools"].is_object(), "{result}");
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "Taskboard API"
    );
    let list = rpc(
        &b,
        &headers("tools/list"),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list",
               "params": {"_meta": inline_meta()}}),
    )
    .await;
    assert_eq!(list.status, 200, "{list:?}");
    // The cache hints of the revision (SEP-2549), as the conformance suite's `caching` reads
    // them over HTTP: five minutes, private by default.
    assert_eq!(list.json()["result"]["ttlMs"], 300_000, "{list:?}");
    assert_eq!(list.json()["result"]["cacheScope"], "private", "{list:?}");
    let names: Vec<String> = list.json()["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        tools::catalog()
            .tools()
            .map(|t| t.name.to_string())
            .collect::<Vec<_>>()
    );
    // A call, self-contained like the rest, reaches the API once.
    let call = rpc(
        &b,
        &[
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/call"),
            ("mcp-name", "list_tasks"),
        ],
        json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
               "params": {"name": "list_tasks", "arguments": {"board_id": "ops"},
                          "_meta": inline_meta()}}),
    )
    .await;
    assert_eq!(call.json()["result"]["isError"], false, "{call:?}");
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].request_line, "GET /boards/ops/tasks HTTP/1.1");
    // A current-revision request without its metadata is refused, saying what is missing.
    let bare = rpc(
        &b,
        &headers("server/discover"),
        json!({"jsonrpc": "2.0", "id": 3, "method": "server/discover", "params": {}}),
    )
    .await;
    let error = &bare.json()["error"];
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("io.modelcontextprotocol/protocolVersion"),
        "{bare:?}"
    );
}

/// The JSON-RPC messages of an SSE response read so far from `stream`, waiting up to five
/// seconds for at least `count` of them (chunk-size lines and SSE fields other than `data` are
/// skipped).
async fn sse_messages(
    stream: &mut tokio::net::TcpStream,
    seen: &mut String,
    count: usize,
) -> Vec<Value> {
    let parse = |seen: &str| -> Vec<Value> {
        seen.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str(d.trim()).ok())
            .collect()
    };
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    let mut buf = [0u8; 4096];
    while parse(seen).len() < count {
        let read = tokio::time::timeout_at(deadline, stream.read(&mut buf)).await;
        let Ok(Ok(n)) = read else {
            panic!("fewer than {count} messages within 5 s: {seen}")
        };
        assert!(n > 0, "the stream ended after: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    parse(seen)
}

/// A 2026-07-28 client's `subscriptions/listen` stream (SEP-2575) is acknowledged first, with
/// the tool list changes it asked for, and then gets `notifications/tools/list_changed`,
/// tagged with the subscription's id, when the selection changes (the server advertises
/// `tools.listChanged`). A stream that asked only for prompt changes is acknowledged with
/// nothing accepted and hears nothing of the tools.
#[tokio::test]
async fn a_listen_stream_is_acknowledged_and_told_when_the_tool_list_changes() {
    use catalog::mcp::selection::Selection;
    let server = server(&closed_port());
    let handle = server.clone();
    let addr = start(server, HttpConfig::new()).await;
    let open = |id: i64, filter: Value| {
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "subscriptions/listen",
                          "params": {"_meta": inline_meta(), "notifications": filter}})
        .to_string();
        let addr = addr.clone();
        async move {
            let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
            let head = format!(
                "POST /mcp HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
                 accept: application/json, text/event-stream\r\nmcp-protocol-version: 2026-07-28\r\n\
                 mcp-method: subscriptions/listen\r\ncontent-length: {}\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(head.as_bytes()).await.unwrap();
            stream
        }
    };
    let mut tools_stream = open(7, json!({"toolsListChanged": true})).await;
    let mut prompts_stream = open(8, json!({"promptsListChanged": true})).await;
    let (mut tools_seen, mut prompts_seen) = (String::new(), String::new());
    let ack = &sse_messages(&mut tools_stream, &mut tools_seen, 1).await[0];
    assert!(tools_seen.starts_with("HTTP/1.1 200"), "{tools_seen}");
    assert_eq!(
        ack["method"], "notifications/subscriptions/acknowledged",
        "{ack}"
    );
    assert_eq!(
        ack["params"]["notifications"],
        json!({"toolsListChanged": true})
    );
    assert_eq!(
        ack["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        7
    );
    let ack = &sse_messages(&mut prompts_stream, &mut prompts_seen, 1).await[0];
    assert_eq!(
        ack["method"], "notifications/subscriptions/acknowledged",
        "{ack}"
    );
    assert_eq!(ack["params"]["notifications"], json!({}), "{ack}");

    handle
        .set_selection(Selection::all().tools(["list_tasks"]))
        .await
        .unwrap();
    let messages = sse_messages(&mut tools_stream, &mut tools_seen, 2).await;
    assert_eq!(
        messages[1]["method"], "notifications/tools/list_changed",
        "{tools_seen}"
    );
    assert_eq!(
        messages[1]["params"]["_meta"]["io.modelcontextprotocol/subscriptionId"],
        7
    );
    // The prompts-only stream stays silent.
    let mut buf = [0u8; 1024];
    let quiet = tokio::time::timeout(
        std::time::Duration::from_millis(300),
        prompts_stream.read(&mut buf),
    )
    .await;
    assert!(
        quiet.is_err(),
        "{:?}",
        quiet.map(|r| r.map(|n| String::from_utf8_lossy(&buf[..n]).to_string()))
    );
}

/// A plain tool call is answered by the server's own hot path; the same call with an `Accept`
/// entry that carries a parameter (`;q=1`, which rmcp accepts and the hot path declines) goes
/// through rmcp's service. Every answer must be the same, message for message: successes,
/// API errors, refused arguments, an unknown tool, string ids, a busy server.
#[tokio::test]
async fn a_plain_call_gets_rmcps_answer_by_the_short_path() {
    let api = loopback::start(|seen| {
        if seen.request_line.contains("/tasks/404") {
            loopback::response(
                "404 Not Found",
                &[("content-type", "application/json")],
                br#"{"message":"no such task"}"#,
            )
        } else {
            loopback::response(
                "200 OK",
                &[("content-type", "application/json"), ("etag", "\"v1\"")],
                br#"[{"id":1,"title":"Ship","status":"todo"}]"#,
            )
        }
    })
    .await;
    let addr = start(server(&api.url), HttpConfig::new()).await;
    let plain = [
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ];
    let general = [
        ("content-type", "application/json"),
        ("accept", "application/json;q=1, text/event-stream"),
    ];
    let calls = [
        json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
               "params": {"name": "list_tasks", "arguments": {"board_id": "ops", "page": 2}}}),
        json!({"jsonrpc": "2.0", "id": "s-1", "method": "tools/call",
               "params": {"name": "get_task", "arguments": {"board_id": "ops", "task_id": 404}}}),
        json!({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
               "params": {"name": "list_tasks", "arguments": {"board_id": "ops", "page": "two"}}}),
        json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
               "params": {"name": "list_tasks", "arguments": {"board": "ops"}}}),
        json!({"jsonrpc": "2.0", "id": 10, "method": "tools/call",
               "params": {"name": "no_such_tool", "arguments": {}}}),
        json!({"jsonrpc": "2.0", "id": 11, "method": "tools/call",
               "params": {"name": "create_task", "arguments": {"board_id": "ops", "title": "x"}}}),
        json!({"jsonrpc": "2.0", "id": 12, "method": "tools/call",
               "params": {"name": "list_tasks"}}),
    ];
    for message in &calls {
        let short = http(&addr, "POST", "/mcp", &plain, &message.to_string()).await;
        let long = http(&addr, "POST", "/mcp", &general, &message.to_string()).await;
        assert_eq!(short.status, long.status, "{message}");
        assert_eq!(
            short.header("content-type"),
            long.header("content-type"),
            "{message}"
        );
        assert_eq!(
            short.header("content-type"),
            Some("application/json"),
            "{message}"
        );
        assert_eq!(short.json(), long.json(), "{message}");
        assert_eq!(short.json()["id"], message["id"], "{message}");
    }
    // What the two paths sent to the API is the same too: each call that reached it, twice.
    let lines: Vec<String> = api.seen().iter().map(|s| s.request_line.clone()).collect();
    assert_eq!(
        lines,
        [
            "GET /boards/ops/tasks?page=2 HTTP/1.1",
            "GET /boards/ops/tasks?page=2 HTTP/1.1",
            "GET /boards/ops/tasks/404 HTTP/1.1",
            "GET /boards/ops/tasks/404 HTTP/1.1",
        ]
    );
}

/// With every call slot taken, a call on the short path is held for a slot as one on rmcp's
/// path is, and both are answered alike when the API never answers within the timeout.
#[tokio::test]
async fn a_call_held_for_a_slot_is_answered_alike_by_both_paths() {
    let api = loopback::start(|_| vec![loopback::Part::AwaitClose]).await;
    let config = ExecutorConfig::new(&api.url)
        .auth_header("X-Api-Key", "api-key-1")
        .timeout(std::time::Duration::from_millis(300));
    let server = McpServer::new(tools::catalog(), Executor::new(config).unwrap()).max_in_flight(1);
    let addr = start(server, HttpConfig::new()).await;
    // One call holds the only slot: its API request never answers.
    let held = held_call(&addr, &api).await;
    let message = call(2, "list_tasks", json!({"board_id": "ops"})).to_string();
    let short = rpc(&addr, &[], serde_json::from_str(&message).unwrap()).await;
    let long = http(
        &addr,
        "POST",
        "/mcp",
        &[
            ("content-type", "application/json"),
            ("accept", "application/json;q=1, text/event-stream"),
        ],
        &message,
    )
    .await;
    assert_eq!((short.status, long.status), (200, 200));
    assert_eq!(short.json(), long.json());
    assert_eq!(short.json()["error"]["code"], -32603);
    drop(held);
}

/// A message naming a key twice is refused with the key's path on either path (the short one,
/// rmcp's, and with sessions), and so is an integer past 64 bits; nothing reaches the API:
/// serde_json would have kept the last value and dropped the first without a word, and read the
/// integer as a float.
#[tokio::test]
async fn a_key_named_twice_or_a_wide_integer_is_refused_and_nothing_is_sent() {
    let api = loopback::start(|_| {
        loopback::response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"{"id":1,"title":"b","status":"todo"}"#,
        )
    })
    .await;
    let plain = [
        ("content-type", "application/json"),
        ("accept", "application/json, text/event-stream"),
    ];
    let general = [
        ("content-type", "application/json"),
        ("accept", "application/json;q=1, text/event-stream"),
    ];
    let twice = r#"{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"create_task","arguments":{"board_id":"ops","title":"a","title":"b"}}}"#;
    let stateless = start(server(&api.url), HttpConfig::new()).await;
    let sessions = start(server(&api.url), HttpConfig::new().sessions(true)).await;
    for (addr, headers) in [
        (&stateless, &plain),
        (&stateless, &general),
        (&sessions, &plain),
    ] {
        let reply = http(addr, "POST", "/mcp", headers, twice).await;
        assert_eq!(reply.status, 200, "{reply:?}");
        assert_eq!(
            reply.json(),
            json!({"jsonrpc": "2.0", "id": 21, "error": {"code": -32602,
                "message": "Invalid params: `params.arguments.title` is named twice in one \
                            object; its first value would be dropped without a word: send each \
                            key once"}})
        );
    }
    // An integer past 64 bits, which serde_json would read as a float: refused as written.
    let wide = r#"{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"get_task","arguments":{"board_id":"ops","task_id":123456789012345678901234}}}"#;
    for headers in [&plain, &general] {
        let reply = http(&stateless, "POST", "/mcp", headers, wide).await;
        assert_eq!(reply.status, 200, "{reply:?}");
        assert_eq!(reply.json()["id"], 22);
        assert_eq!(reply.json()["error"]["code"], -32602);
        assert!(
            reply.json()["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with(
                    "Invalid params: `123456789012345678901234` is an integer past 64 bits"
                ),
            "{reply:?}"
        );
    }
    // A notification naming a key twice has no id to answer: 400, as for any message not
    // accepted.
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized","method":"x"}"#;
    let reply = http(&stateless, "POST", "/mcp", &plain, note).await;
    assert_eq!(reply.status, 400, "{reply:?}");
    assert_eq!(reply.json()["error"]["code"], -32600);
    assert_eq!(reply.json()["id"], Value::Null);
    assert!(api.seen().is_empty());
}
