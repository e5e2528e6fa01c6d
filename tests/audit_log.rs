//! The audit trail: one JSON record per `tools/call`, of every outcome over stdio and over
//! Streamable HTTP (sent, refused and why, asked for a confirmation, confirmed, rate limited,
//! failed), each field checked; and no token, API credential, credential argument or (unless
//! asked for) argument value ever written to it.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig, Writes};
use catalog::mcp::McpServer;
use catalog::mcp::audit::{AuditArguments, AuditLog};
use catalog::mcp::auth::{Identity, TokenVerifier, Verdict};
use catalog::mcp::http::{HttpConfig, bind};
use catalog::tool;
use mcp_client::Client;
use serde_json::{Value, json};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Comment on a board as a web session: its argument `session` is a cookie, a credential.
#[tool(
    spec = "taskboard",
    operation = "AddComment",
    name = "comment_as_session"
)]
pub struct CommentAsSession {
    pub board_id: String,
    pub text: String,
    pub pinned: Option<bool>,
    #[arg(param = "cookie.session")]
    pub session: Option<String>,
}

/// The audit trail, kept in memory.
#[derive(Clone, Default)]
struct Trail(Arc<Mutex<Vec<u8>>>);

impl Write for Trail {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Trail {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }

    /// Each record, its `time` and `duration_ms` checked and taken out.
    fn records(&self) -> Vec<Value> {
        self.text()
            .lines()
            .map(|line| {
                let mut record: Value = serde_json::from_str(line).unwrap();
                let map = record.as_object_mut().unwrap();
                let time = map.remove("time").unwrap();
                let time = time.as_str().unwrap();
                assert_eq!(time.len(), 24, "{time}");
                assert!(time.starts_with("20") && time.ends_with('Z'), "{time}");
                assert_eq!(&time[10..11], "T", "{time}");
                let duration = map.remove("duration_ms").unwrap();
                assert!(duration.as_f64().unwrap() >= 0.0, "{line}");
                record
            })
            .collect()
    }

    /// The last record.
    fn last(&self) -> Value {
        self.records().pop().expect("a record")
    }
}

const OK: &[u8] = br#"{"id":1,"title":"t","status":"todo"}"#;

/// The API: `/boards/slow/...` answers after 2 s, task 404 is not found, a DELETE is 204,
/// anything else 200.
async fn api() -> loopback::Loopback {
    loopback::start(|seen| {
        let line = &seen.request_line;
        if line.contains("/boards/slow/") {
            let mut parts = vec![loopback::Part::Sleep(Duration::from_secs(2))];
            parts.extend(loopback::response("200 OK", &[], OK));
            parts
        } else if line.contains("/tasks/404 ") {
            loopback::response(
                "404 Not Found",
                &[("content-type", "application/json")],
                br#"{"error":"no such task"}"#,
            )
        } else if line.starts_with("DELETE ") {
            loopback::response("204 No Content", &[], b"")
        } else {
            loopback::response("200 OK", &[("content-type", "application/json")], OK)
        }
    })
    .await
}

fn server(config: ExecutorConfig, env: &[(&str, &str)], trail: &Trail) -> McpServer {
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let catalog = tools::catalog().tool::<CommentAsSession>();
    McpServer::new(catalog, Executor::new(config).unwrap())
        .with_env(|name| env.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()))
        .unwrap()
        .audit(AuditLog::writer(trail.clone()))
}

fn stdio() -> Value {
    json!({"kind": "stdio", "id": std::process::id().to_string()})
}

const GET_TASK: &str = "GET /boards/{board_id}/tasks/{task_id}";
const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";

#[tokio::test]
async fn over_stdio_each_outcome_is_one_record() {
    let api = api().await;
    let trail = Trail::default();
    let config = ExecutorConfig::new(&api.url)
        .writes(Writes::Tools(vec!["delete_task".to_string()]))
        .timeout(Duration::from_millis(500));
    let server = server(
        config,
        &[
            ("CATALOG_RATE_LIMIT_TOOLS", "list_tasks=1/h"),
            ("CATALOG_CONFIRM_FALLBACK", "refuse"),
        ],
        &trail,
    );
    let mut c = Client::start(server.clone()).await;
    let caller = stdio();

    // Sent, with the caller's trace.
    let reply = c
        .request(
            "tools/call",
            json!({"name": "get_task", "arguments": {"task_id": 1, "board_id": "ops"},
                   "_meta": {"traceparent": format!("00-{TRACE}-00f067aa0ba902b7-01")}}),
        )
        .await;
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "get_task", "operation": GET_TASK,
               "operation_id": "GetTask", "outcome": "sent", "status": 200,
               "trace_id": TRACE, "arguments": ["board_id", "task_id"]})
    );

    // Sent, and the API said no: still sent, with its status.
    c.call("get_task", json!({"board_id": "ops", "task_id": 404}))
        .await;
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "get_task", "operation": GET_TASK,
               "operation_id": "GetTask", "outcome": "sent", "status": 404,
               "arguments": ["board_id", "task_id"]})
    );

    // Refused: arguments the tool does not take.
    let (is_error, _) = c
        .call_text("get_task", json!({"board_id": "ops", "task_id": "one"}))
        .await;
    assert!(is_error);
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "get_task", "operation": GET_TASK,
               "operation_id": "GetTask", "outcome": "refused", "reason": "arguments",
               "arguments": ["board_id", "task_id"]})
    );

    // Refused: a tool no one serves.
    let reply = c.call("get_tsk", json!({"board_id": "ops"})).await;
    assert!(reply.get("error").is_some(), "{reply}");
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "get_tsk", "outcome": "refused",
               "reason": "unknown_tool", "arguments": ["board_id"]})
    );

    // Refused: writes are not enabled for this tool.
    c.call(
        "create_task",
        json!({"board_id": "ops", "title": "t", "status": "todo"}),
    )
    .await;
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "create_task",
               "operation": "POST /boards/{board_id}/tasks", "operation_id": "CreateTask",
               "outcome": "refused", "reason": "writes_disabled",
               "arguments": ["board_id", "status", "title"]})
    );

    // Refused: the call needs a confirmation this client cannot give.
    c.call("delete_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "delete_task",
               "operation": "DELETE /boards/{board_id}/tasks/{task_id}",
               "operation_id": "DeleteTask", "outcome": "refused", "reason": "not_confirmed",
               "confirmation": "unavailable", "arguments": ["board_id", "task_id"]})
    );

    // Rate limited: the second call of the hour.
    let list = json!({"board_id": "ops"});
    c.call("list_tasks", list.clone()).await;
    let (is_error, _) = c.call_text("list_tasks", list).await;
    assert!(is_error);
    let records = trail.records();
    let list_record = |outcome: &str, status: Option<u16>| {
        let mut r = json!({"caller": caller, "tool": "list_tasks",
                           "operation": "GET /boards/{board_id}/tasks",
                           "operation_id": "ListTasks", "outcome": outcome,
                           "arguments": ["board_id"]});
        if let Some(s) = status {
            r["status"] = json!(s);
        }
        r
    };
    assert_eq!(
        records[records.len() - 2..],
        [
            list_record("sent", Some(200)),
            list_record("rate_limited", None)
        ]
    );

    // Failed: the API did not answer within the timeout.
    let reply = c
        .call("get_task", json!({"board_id": "slow", "task_id": 1}))
        .await;
    assert!(reply.get("error").is_some(), "{reply}");
    assert_eq!(
        trail.last(),
        json!({"caller": caller, "tool": "get_task", "operation": GET_TASK,
               "operation_id": "GetTask", "outcome": "failed", "reason": "timeout",
               "arguments": ["board_id", "task_id"]})
    );
    assert_eq!(trail.records().len(), 9);
}

#[tokio::test]
async fn a_confirmation_asked_accepted_and_declined_is_one_record_per_call() {
    let api = api().await;
    let trail = Trail::default();
    let config = ExecutorConfig::new(&api.url).allow_writes(true);
    let server = server(config, &[], &trail);
    // A client on revision 2026-07-28 is asked by `input_required`, then calls again with the
    // user's answer.
    let mut c = Client::connect(server);
    let call = |responses: Option<Value>| {
        let mut params = json!({
            "name": "delete_task",
            "arguments": {"board_id": "ops", "task_id": 1},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            },
        });
        if let Some(r) = responses {
            params["inputResponses"] = r;
        }
        params
    };
    let first = c.request("tools/call", call(None)).await;
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let accepted = json!({"catalog/confirm": {"action": "accept", "content": {}}});
    let second = c.request("tools/call", call(Some(accepted))).await;
    assert_eq!(second["result"]["isError"], false, "{second}");
    let declined = json!({"catalog/confirm": {"action": "decline"}});
    c.request("tools/call", call(Some(declined))).await;
    let record = |outcome: &str, confirmation: &str| {
        let mut r = json!({"caller": stdio(), "tool": "delete_task",
                           "operation": "DELETE /boards/{board_id}/tasks/{task_id}",
                           "operation_id": "DeleteTask", "outcome": outcome});
        if outcome == "refused" {
            r["reason"] = json!("not_confirmed");
        }
        r["confirmation"] = json!(confirmation);
        if outcome == "confirmed" {
            r["status"] = json!(204);
        }
        r["arguments"] = json!(["board_id", "task_id"]);
        r
    };
    assert_eq!(
        trail.records(),
        [
            record("confirmation_required", "asked"),
            record("confirmed", "accepted"),
            record("refused", "declined"),
        ]
    );
}

#[tokio::test]
async fn a_call_its_client_cancelled_is_recorded_as_cancelled() {
    let api = api().await;
    let trail = Trail::default();
    let server = server(ExecutorConfig::new(&api.url), &[], &trail);
    let mut c = Client::start(server).await;
    c.send(&json!({"jsonrpc": "2.0", "id": 50, "method": "tools/call",
                   "params": {"name": "get_task",
                              "arguments": {"board_id": "slow", "task_id": 1}}}))
        .await;
    // Cancelled once the request has reached the API.
    for _ in 0..200 {
        if !api.seen().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(api.seen().len(), 1);
    c.send(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                   "params": {"requestId": 50}}),
    )
    .await;
    for _ in 0..200 {
        if !trail.text().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        trail.records(),
        [
            json!({"caller": stdio(), "tool": "get_task", "operation": GET_TASK,
                "operation_id": "GetTask", "outcome": "failed", "reason": "cancelled",
                "arguments": ["board_id", "task_id"]})
        ]
    );
}

/// A verifier that takes `user:NAME` tokens (naming `NAME`) and `opaque-*` ones (naming no
/// one).
struct Users;

impl TokenVerifier for Users {
    fn verify<'a>(&'a self, token: &'a str) -> Verdict<'a> {
        let good = token.starts_with("user:") || token.starts_with("opaque-");
        Box::pin(async move {
            good.then_some(())
                .ok_or_else(|| catalog::mcp::auth::Refused("unknown token".into()))
        })
    }

    fn identify<'a>(&'a self, token: &'a str) -> Identity<'a> {
        let subject = token.strip_prefix("user:").map(String::from);
        Box::pin(async move { Ok(subject) })
    }
}

/// One POST to `/mcp` on its own connection with a bearer `token`: the status and the body.
async fn post(addr: &str, token: &str, accept: &str, body: &Value) -> (u16, String) {
    let authorization = format!("Bearer {token}");
    post_with(addr, &[("authorization", &authorization)], accept, body).await
}

/// One POST to `/mcp` on its own connection with `headers`: the status and the body.
async fn post_with(
    addr: &str,
    headers: &[(&str, &str)],
    accept: &str,
    body: &Value,
) -> (u16, String) {
    let (status, _, body) = post_raw(addr, headers, accept, body).await;
    (status, body)
}

/// One POST to `/mcp` on its own connection with `headers`: the status, the head and the body.
async fn post_raw(
    addr: &str,
    headers: &[(&str, &str)],
    accept: &str,
    body: &Value,
) -> (u16, String, String) {
    let body = body.to_string();
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n\
         content-type: application/json\r\naccept: {accept}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    (
        head.split(' ').nth(1).unwrap().parse().unwrap(),
        head.to_string(),
        body.to_string(),
    )
}

fn call(id: i64, name: &str, arguments: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
           "params": {"name": name, "arguments": arguments}})
}

const PLAIN: &str = "application/json, text/event-stream";
// rmcp takes this one; the short path leaves it to rmcp.
const GENERAL: &str = "application/json;q=1, text/event-stream";

const API_SECRET: &str = "API-SECRET-9d2e51";
const OPAQUE_TOKEN: &str = "opaque-Tk-7f3a9c0b";
const ALICE_TOKEN: &str = "user:alice";
const COOKIE_SECRET: &str = "COOKIE-SECRET-41aa";
const NESTED_SECRET: &str = "NESTED-SECRET-5c0d";
const PLANTED: &str = "PLANTED-TITLE-77e1";

/// Over HTTP, calls by a named subject and by an opaque token, carrying a credential argument,
/// a secret inside a value and plain values, sent with the API's credential; one refused with
/// 429. The audit trail's text, and its records.
async fn calls_over_http(arguments: AuditArguments) -> (String, Vec<Value>) {
    let api = api().await;
    let trail = Trail::default();
    let config = ExecutorConfig::new(&api.url)
        .allow_writes(true)
        .auth_header("authorization", format!("Bearer {API_SECRET}"));
    let executor = Executor::new(config).unwrap();
    let catalog = tools::catalog().tool::<CommentAsSession>();
    let lookup = |name: &str| (name == "CATALOG_RATE_LIMIT_TOOLS").then(|| "search=1/h".into());
    let server = McpServer::new(catalog, executor)
        .with_env(lookup)
        .unwrap()
        .audit(AuditLog::writer(trail.clone()).arguments(arguments));
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, HttpConfig::new().verifier(Users)));

    let comment = json!({"board_id": "ops", "text": PLANTED, "session": COOKIE_SECRET});
    let (status, body) = post(
        &addr,
        ALICE_TOKEN,
        PLAIN,
        &call(1, "comment_as_session", comment),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let replace = json!({"board_id": "ops", "task_id": 1, "title": PLANTED, "status": "todo",
                         "metadata": {"api_token": NESTED_SECRET, "source": PLANTED}});
    let (status, body) = post(
        &addr,
        OPAQUE_TOKEN,
        GENERAL,
        &call(2, "replace_task", replace),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let search = json!({"q": PLANTED});
    for id in [3, 4] {
        post(
            &addr,
            ALICE_TOKEN,
            PLAIN,
            &call(id, "search", search.clone()),
        )
        .await;
    }
    let seen = api.seen();
    assert_eq!(
        seen.len(),
        3,
        "the comment, the replacement and one search were sent"
    );
    for request in &seen {
        assert_eq!(
            request.header("authorization"),
            Some(format!("Bearer {API_SECRET}").as_str()),
            "the API's credential was sent"
        );
    }
    assert_eq!(
        seen[0].header("cookie"),
        Some(format!("session={COOKIE_SECRET}").as_str())
    );
    (trail.text(), trail.records())
}

#[tokio::test]
async fn over_http_no_secret_and_no_value_is_recorded_by_default() {
    let (text, records) = calls_over_http(AuditArguments::Names).await;
    for secret in [
        API_SECRET,
        OPAQUE_TOKEN,
        ALICE_TOKEN,
        COOKIE_SECRET,
        NESTED_SECRET,
        PLANTED,
    ] {
        assert!(
            !text.contains(secret),
            "{secret} in the audit trail:\n{text}"
        );
    }
    let alice = json!({"kind": "subject", "id": "alice"});
    let token = records[1]["caller"].clone();
    assert_eq!(token["kind"], "token", "{token}");
    assert_eq!(token["id"].as_str().unwrap().len(), 16, "{token}");
    assert_eq!(
        records,
        [
            json!({"caller": alice, "tool": "comment_as_session",
                   "operation": "POST /boards/{board_id}/comments", "operation_id": "AddComment",
                   "outcome": "sent", "status": 200,
                   "arguments": ["board_id", "session", "text"]}),
            json!({"caller": token, "tool": "replace_task",
                   "operation": "PUT /boards/{board_id}/tasks/{task_id}",
                   "operation_id": "ReplaceTask", "outcome": "sent",
                   "confirmation": "unconfirmed", "status": 200,
                   "arguments": ["board_id", "metadata", "status", "task_id", "title"]}),
            json!({"caller": alice, "tool": "search", "operation": "GET /search",
                   "operation_id": "Search", "outcome": "sent", "status": 200,
                   "arguments": ["q"]}),
            json!({"caller": alice, "tool": "search", "operation": "GET /search",
                   "operation_id": "Search", "outcome": "rate_limited", "arguments": ["q"]}),
        ]
    );
}

#[tokio::test]
async fn over_http_values_are_recorded_when_asked_and_never_a_credential() {
    let (text, records) = calls_over_http(AuditArguments::Values).await;
    for secret in [
        API_SECRET,
        OPAQUE_TOKEN,
        ALICE_TOKEN,
        COOKIE_SECRET,
        NESTED_SECRET,
    ] {
        assert!(
            !text.contains(secret),
            "{secret} in the audit trail:\n{text}"
        );
    }
    assert!(text.contains(PLANTED), "{text}");
    let values: Vec<&Value> = records.iter().map(|r| &r["argument_values"]).collect();
    assert_eq!(
        values,
        [
            &json!({"board_id": "ops", "session": "[redacted]", "text": PLANTED}),
            &json!({"board_id": "ops",
                    "metadata": {"api_token": "[redacted]", "source": PLANTED},
                    "status": "todo", "task_id": 1, "title": PLANTED}),
            &json!({"q": PLANTED}),
            &json!({"q": PLANTED}),
        ]
    );
}

#[test]
fn a_wrong_audit_setting_stops_the_server_at_start_up() {
    let build = |value: &str| {
        let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
        McpServer::new(tools::catalog(), executor)
            .with_env(|n| (n == "CATALOG_AUDIT").then(|| value.to_string()))
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        build("syslog"),
        "CATALOG_AUDIT=\"syslog\": expected `stderr` (one JSON line per tool call on standard \
         error), `file:PATH` (appended to PATH, created if missing) or `otlp` (an OTLP log \
         record per tool call, with the `otel` feature)"
    );
    let missing = std::env::temp_dir()
        .join(format!("catalog-audit-no-dir-{}", std::process::id()))
        .join("audit.jsonl");
    let message = build(&format!("file:{}", missing.display()));
    assert!(
        message.starts_with(&format!(
            "CATALOG_AUDIT=\"file:{}\": the audit file {} cannot be opened for appending: ",
            missing.display(),
            missing.display()
        )),
        "{message}"
    );
}

/// `CATALOG_AUDIT=otlp` beside the OTEL variables `env` names, refused: its message.
fn otlp_refused(env: &[(&str, &str)]) -> String {
    let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    McpServer::new(tools::catalog(), executor)
        .with_env(|n| {
            (n == "CATALOG_AUDIT")
                .then(|| "otlp".to_string())
                .or_else(|| {
                    env.iter()
                        .find(|(name, _)| *name == n)
                        .map(|(_, v)| v.to_string())
                })
        })
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

#[cfg(not(feature = "otel"))]
#[test]
fn otlp_without_the_otel_feature_stops_the_server_naming_the_feature() {
    assert_eq!(
        otlp_refused(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")]),
        "CATALOG_AUDIT=\"otlp\": this server was built without the `otel` feature, which sends \
         the audit trail over OTLP; build it with the feature (`--features otel`), or set \
         `stderr` or `file:PATH` (a collector can read either as logs)"
    );
}

#[cfg(feature = "otel")]
#[test]
fn otlp_without_a_receiver_or_with_a_bad_one_stops_the_server() {
    assert_eq!(
        otlp_refused(&[]),
        "CATALOG_AUDIT=\"otlp\": the audit trail cannot be sent over OTLP: no OTLP receiver is \
         named; set OTEL_EXPORTER_OTLP_ENDPOINT to the receiver's base URL \
         (http://otel-collector:4318: log records go to /v1/logs under it) or \
         OTEL_EXPORTER_OTLP_LOGS_ENDPOINT to the whole logs URL"
    );
    assert_eq!(
        otlp_refused(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318")]),
        "CATALOG_AUDIT=\"otlp\": the audit trail cannot be sent over OTLP: \
         OTEL_EXPORTER_OTLP_ENDPOINT=\"collector:4318\": expected the http:// or https:// URL of \
         an OTLP/HTTP receiver, such as http://otel-collector:4318 (OTEL_EXPORTER_OTLP_ENDPOINT, \
         log records go to /v1/logs under it) or http://otel-collector:4318/v1/logs \
         (OTEL_EXPORTER_OTLP_LOGS_ENDPOINT)"
    );
    assert_eq!(
        otlp_refused(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4317"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")
        ]),
        "CATALOG_AUDIT=\"otlp\": the audit trail cannot be sent over OTLP: \
         OTEL_EXPORTER_OTLP_PROTOCOL=\"grpc\": log records are exported over OTLP/HTTP with \
         protobuf only; set it to http/protobuf or unset it (a collector's OTLP/HTTP receiver \
         listens on port 4318)"
    );
}

/// Over OTLP, the record's JSON travels as the log record's body (a protobuf string: its bytes
/// as they are), to `/v1/logs` under the base endpoint, with the headers asked for; the
/// argument values stay out. (tests/e2e/audit_otlp_client.py decodes it all with the official
/// definitions.)
#[cfg(feature = "otel")]
#[tokio::test]
async fn over_otlp_the_record_is_a_log_record_body_sent_without_values() {
    let api = api().await;
    let receiver = loopback::start(|_| loopback::response("200 OK", &[], b"")).await;
    let env = [
        ("CATALOG_AUDIT", "otlp".to_string()),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url.clone()),
        (
            "OTEL_EXPORTER_OTLP_LOGS_HEADERS",
            "x-receiver=audit".to_string(),
        ),
    ];
    let executor = Executor::new(ExecutorConfig::new(&api.url)).unwrap();
    let server = McpServer::new(tools::catalog(), executor)
        .with_env(|n| {
            env.iter()
                .find(|(name, _)| *name == n)
                .map(|(_, v)| v.clone())
        })
        .unwrap();
    let planted = "otlp-planted-board-3f1c";
    server
        .call(
            "get_task",
            json!({"board_id": planted, "task_id": 7})
                .as_object()
                .cloned(),
        )
        .await
        .unwrap();
    // Sent within a second of the call (the batch delay).
    let mut seen = Vec::new();
    for _ in 0..100 {
        seen = receiver.seen();
        if !seen.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(seen.len(), 1, "one export request");
    let request = &seen[0];
    assert!(
        request.request_line.starts_with("POST /v1/logs "),
        "{}",
        request.request_line
    );
    assert_eq!(
        request.header("content-type"),
        Some("application/x-protobuf")
    );
    assert_eq!(request.header("x-receiver"), Some("audit"));
    let body = String::from_utf8_lossy(&request.body);
    let pid = std::process::id();
    let json_start = body
        .find("{\"time\":")
        .expect("the record's JSON in the body");
    let json_end = json_start + body[json_start..].find("]}").expect("its end") + 2;
    let mut record: Value = serde_json::from_str(&body[json_start..json_end]).unwrap();
    let map = record.as_object_mut().unwrap();
    map.remove("time").unwrap();
    map.remove("duration_ms").unwrap();
    assert_eq!(
        record,
        json!({"caller": {"kind": "in_process", "id": pid.to_string()}, "tool": "get_task",
               "operation": GET_TASK, "operation_id": "GetTask", "outcome": "sent",
               "status": 200, "arguments": ["board_id", "task_id"]})
    );
    for expected in ["catalog.audit", "catalog.audit.outcome", "INFO"] {
        assert!(body.contains(expected), "{expected} in {body:?}");
    }
    assert!(!body.contains(planted), "an argument value sent: {body:?}");
}

#[tokio::test]
async fn a_file_trail_is_appended_one_line_per_call() {
    let api = api().await;
    let dir = std::env::temp_dir().join(format!("catalog-audit-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("audit.jsonl");
    std::fs::write(&path, "{\"earlier\":true}\n").unwrap();
    let value = format!("file:{}", path.display());
    let executor = Executor::new(ExecutorConfig::new(&api.url)).unwrap();
    let server = McpServer::new(tools::catalog(), executor)
        .with_env(|n| (n == "CATALOG_AUDIT").then(|| value.clone()))
        .unwrap();
    for id in [1, 2] {
        server
            .call(
                "get_task",
                json!({"board_id": "ops", "task_id": id})
                    .as_object()
                    .cloned(),
            )
            .await
            .unwrap();
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], json!({"earlier": true}));
    for line in &lines[1..] {
        assert_eq!(line["outcome"], "sent");
        assert_eq!(
            line["caller"],
            json!({"kind": "in_process", "id": std::process::id().to_string()})
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn over_http_without_a_verifier_the_caller_is_the_connection() {
    let api = api().await;
    let trail = Trail::default();
    let server = server(ExecutorConfig::new(&api.url), &[], &trail);
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, HttpConfig::new().client_selection(true)));
    let get = call(1, "get_task", json!({"board_id": "ops", "task_id": 1}));
    let (status, body) = post_with(&addr, &[], PLAIN, &get).await;
    assert_eq!(status, 200, "{body}");
    for accept in [PLAIN, GENERAL] {
        let (_, body) = post_with(&addr, &[("x-mcp-toolsets", "tasks")], accept, &get).await;
        assert!(body.contains("no group `tasks`"), "{body}");
    }
    let mut records = trail.records();
    let mut connections = Vec::new();
    for record in &mut records {
        let caller = record.as_object_mut().unwrap().remove("caller").unwrap();
        assert_eq!(caller["kind"], "connection", "{caller}");
        connections.push(caller["id"].as_str().unwrap().parse::<u64>().unwrap());
    }
    connections.dedup();
    assert_eq!(connections.len(), 3, "each POST came on its own connection");
    let refused = json!({"tool": "get_task", "operation": GET_TASK, "operation_id": "GetTask",
                         "outcome": "refused", "reason": "selection_headers",
                         "arguments": ["board_id", "task_id"]});
    assert_eq!(
        records,
        [
            json!({"tool": "get_task", "operation": GET_TASK, "operation_id": "GetTask",
                   "outcome": "sent", "status": 200, "arguments": ["board_id", "task_id"]}),
            refused.clone(),
            refused,
        ]
    );
}

#[tokio::test]
async fn over_http_sessions_the_caller_is_the_session_never_its_id() {
    let api = api().await;
    let trail = Trail::default();
    let server = server(ExecutorConfig::new(&api.url), &[], &trail);
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, HttpConfig::new().sessions(true)));
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                       "clientInfo": {"name": "test", "version": "1"}}});
    let (status, head, body) = post_raw(&addr, &[], PLAIN, &initialize).await;
    assert_eq!(status, 200, "{body}");
    let session = head
        .split("\r\n")
        .filter_map(|l| l.split_once(':'))
        .find(|(n, _)| n.eq_ignore_ascii_case("mcp-session-id"))
        .map(|(_, v)| v.trim().to_string())
        .expect("a session id");
    let headers = [
        ("mcp-session-id", session.as_str()),
        ("mcp-protocol-version", "2025-06-18"),
    ];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    post_with(&addr, &headers, PLAIN, &initialized).await;
    let get = call(2, "get_task", json!({"board_id": "ops", "task_id": 1}));
    for _ in 0..2 {
        let (status, body) = post_with(&addr, &headers, PLAIN, &get).await;
        assert_eq!(status, 200, "{body}");
    }
    let text = trail.text();
    assert!(
        !text.contains(&session),
        "the session id in the audit trail:\n{text}"
    );
    let records = trail.records();
    assert_eq!(records.len(), 2, "{text}");
    let caller = &records[0]["caller"];
    assert_eq!(caller["kind"], "session", "{caller}");
    assert_eq!(caller["id"].as_str().unwrap().len(), 16, "{caller}");
    assert_eq!(records[0], records[1], "one session, one caller");
    assert_eq!(records[0]["outcome"], "sent");
}
