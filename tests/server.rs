//! The taskboard tools served over MCP, against an HTTP server on loopback: listing, dispatch,
//! every JSON-RPC error code, argument errors that send nothing, writes refused until enabled,
//! and the ETag round trip.

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{CallError, Catalog, Tool};
use loopback::{Part, response};
use mcp_client::{Client, error};
use serde_json::{Value, json};
use std::time::Duration;

const NAMES: [&str; 8] = [
    "list_tasks",
    "create_task",
    "get_task",
    "replace_task",
    "delete_task",
    "set_task_labels",
    "add_comment",
    "search",
];

fn server(base: &str, configure: impl FnOnce(ExecutorConfig) -> ExecutorConfig) -> McpServer {
    let executor = Executor::new(configure(ExecutorConfig::new(base))).unwrap();
    McpServer::new(tools::catalog(), executor)
}

/// A port nothing listens on.
fn closed_port() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://127.0.0.1:{}", l.local_addr().unwrap().port())
}

// ---------------------------------------------------------------------------------------------
// Catalog dispatch, without a server.

#[test]
fn the_catalog_lists_every_tool_in_order() {
    let catalog = tools::catalog();
    let names: Vec<&str> = catalog.tools().map(|t| t.name).collect();
    assert_eq!(names, NAMES);
    let get = catalog.get("get_task").unwrap();
    assert_eq!(get.description, tools::GetTask::DESCRIPTION);
    assert_eq!(get.input_schema, tools::GetTask::input_schema());
    assert_eq!(get.input_schema_json, tools::GetTask::INPUT_SCHEMA);
    assert!(get.read_only());
    assert!(!catalog.get("delete_task").unwrap().read_only());
}

#[test]
fn the_catalog_builds_each_tools_request() {
    let catalog = tools::catalog();
    let req = catalog
        .request(
            "list_tasks",
            json!({"board_id": "ops", "status": ["todo", "done"], "page": 2}),
        )
        .unwrap();
    assert_eq!(req.method(), "GET");
    assert_eq!(
        req.uri().to_string(),
        "/boards/ops/tasks?status=todo&status=done&page=2"
    );
    let req = catalog
        .request(
            "create_task",
            json!({"board_id": "ops", "title": "Ship", "status": "todo"}),
        )
        .unwrap();
    assert_eq!(req.method(), "POST");
    assert_eq!(req.uri().to_string(), "/boards/ops/tasks?notify=false");
    assert_eq!(req.body(), br#"{"title":"Ship","status":"todo"}"#);
    let req = catalog
        .request(
            "set_task_labels",
            json!({"board_id": "ops", "task_id": 4, "labels": ["a"]}),
        )
        .unwrap();
    assert_eq!(req.method(), "PUT");
    assert_eq!(req.uri().to_string(), "/boards/ops/tasks/4/labels");
    assert_eq!(req.body(), br#"["a"]"#);
}

#[test]
fn the_catalog_names_the_nearest_tool() {
    let catalog = tools::catalog();
    let err = catalog.request("get_tasks", json!({})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown tool `get_tasks`: did you mean `get_task`?"
    );
    let err = catalog.request("frobnicate", json!({})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown tool `frobnicate`: accepted: `list_tasks`, `create_task`, `get_task`, \
         `replace_task`, `delete_task`, `set_task_labels`, `add_comment`, `search`"
    );
}

#[test]
fn argument_and_request_errors_come_back_from_the_catalog() {
    let catalog = tools::catalog();
    let err = catalog
        .request("get_task", json!({"board_id": "ops", "task_id": "one"}))
        .unwrap_err();
    assert!(matches!(err, CallError::Arguments(_)), "{err:?}");
    // A dot segment breaks the board slug's `pattern`, so decoding refuses it first.
    let err = catalog
        .request("get_task", json!({"board_id": "..", "task_id": 1}))
        .unwrap_err();
    assert!(
        matches!(&err, CallError::Arguments(e) if e.problems()[0].kind() == catalog::ProblemKind::Pattern),
        "{err:?}"
    );
    // A value the wire cannot carry is one the input schema leaves out: a header's control
    // character is refused by decoding, before a request is built.
    let err = catalog
        .request(
            "replace_task",
            json!({"board_id": "ops", "task_id": 1, "If-Match": "\"1\"\r\nX: y",
                   "title": "t", "status": "todo"}),
        )
        .unwrap_err();
    assert!(
        matches!(&err, CallError::Arguments(e) if e.problems()[0].kind() == catalog::ProblemKind::Pattern),
        "{err:?}"
    );
}

#[test]
fn two_tools_cannot_share_a_name() {
    let err = Catalog::new()
        .tool::<tools::GetTask>()
        .try_tool::<tools::GetTask>()
        .unwrap_err();
    assert_eq!(err, "get_task");
}

/// Another tool answering to `get_task`.
#[catalog::tool(spec = "taskboard", operation = "GetTask", name = "get_task")]
pub struct GetTaskAgain {
    pub board_id: String,
    pub task_id: i64,
}

#[test]
fn two_tools_with_one_name_are_refused_naming_both() {
    let panic = std::panic::catch_unwind(|| {
        Catalog::new()
            .tool::<tools::GetTask>()
            .tool::<GetTaskAgain>()
    })
    .expect_err("two tools named `get_task` were both added");
    let message = panic.downcast_ref::<String>().expect("a formatted message");
    assert_eq!(
        message,
        &format!(
            "catalog: two tools answer to `get_task`: `{}` and `{}`; rename one with \
             #[tool(name = \"...\")], or drop the former name",
            std::any::type_name::<tools::GetTask>(),
            std::any::type_name::<GetTaskAgain>()
        )
    );
    assert!(message.contains("GetTaskAgain") && message.contains("tools::GetTask`"));
}

// ---------------------------------------------------------------------------------------------
// Over MCP.

#[tokio::test]
async fn tools_list_gives_every_tool_with_its_schema() {
    let mut c = Client::start(server(&closed_port(), |c| c)).await;
    let reply = c.request("tools/list", json!({})).await;
    let tools = reply["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, NAMES);
    let get: Value = serde_json::from_str(tools::GetTask::INPUT_SCHEMA).unwrap();
    assert_eq!(tools[2]["inputSchema"], get);
    assert_eq!(tools[2]["description"], tools::GetTask::DESCRIPTION);
    // The annotations say what the specification's defaults do not (readOnlyHint false,
    // destructiveHint true, idempotentHint false, openWorldHint true; a read-only tool's other
    // hints mean nothing), and no title where the description starts with it: from the method,
    // a PUT replaces in full.
    let read_only = json!({"readOnlyHint": true});
    let additive = json!({"destructiveHint": false});
    let idempotent = json!({"idempotentHint": true});
    let expected = [
        ("list_tasks", &read_only),
        ("create_task", &additive),
        ("get_task", &read_only),
        ("replace_task", &idempotent),
        ("delete_task", &idempotent),
        ("set_task_labels", &idempotent),
        ("add_comment", &additive),
        ("search", &read_only),
    ];
    for (tool, (name, annotations)) in tools.iter().zip(expected) {
        assert_eq!(tool["name"], name);
        assert_eq!(&tool["annotations"], annotations, "{name}");
    }
    // No outputSchema by default (`CATALOG_OUTPUT_SCHEMAS=none`): the results are checked
    // against it all the same.
    let with_output: Vec<&str> = tools
        .iter()
        .filter(|t| t.get("outputSchema").is_some())
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(with_output, Vec::<&str>::new());
}

/// `CATALOG_OUTPUT_SCHEMAS=summary`: a tool with a typed output advertises its outputSchema; the
/// others none.
#[tokio::test]
async fn output_schemas_are_listed_when_the_operator_asks_for_them() {
    let env = |name: &str| (name == "CATALOG_OUTPUT_SCHEMAS").then(|| "summary".to_string());
    let server = server(&closed_port(), |c| c).with_env(env).unwrap();
    let mut c = Client::start(server).await;
    let reply = c.request("tools/list", json!({})).await;
    let tools = reply["result"]["tools"].as_array().unwrap();
    let catalog = tools::catalog();
    for tool in tools {
        let name = tool["name"].as_str().unwrap();
        let output = catalog.get(name).unwrap().output;
        match output {
            Some(o) => assert_eq!(
                tool["outputSchema"],
                serde_json::from_str::<Value>(o.schema).unwrap(),
                "{name}"
            ),
            None => assert!(tool.get("outputSchema").is_none(), "{name}"),
        }
    }
    let typed: Vec<&str> = tools
        .iter()
        .filter(|t| t.get("outputSchema").is_some())
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        typed,
        [
            "list_tasks",
            "create_task",
            "get_task",
            "replace_task",
            "search"
        ]
    );
}

#[test]
fn a_wrong_output_schemas_setting_is_refused_saying_the_values() {
    let env = |name: &str| (name == "CATALOG_OUTPUT_SCHEMAS").then(|| "full".to_string());
    let e = server(&closed_port(), |c| c).with_env(env).unwrap_err();
    assert_eq!(
        e.to_string(),
        "CATALOG_OUTPUT_SCHEMAS=\"full\": expected none (the default: tools/list carries no \
         outputSchema) or summary (each typed tool's outputSchema, summarized past 4096 bytes)"
    );
}

#[tokio::test]
async fn writes_can_be_enabled_per_tool() {
    let api = loopback::start(|req| {
        if req.request_line.starts_with("GET ") {
            response(
                "200 OK",
                &[("content-type", "application/json")],
                br#"{"id":1,"title":"t","status":"todo"}"#,
            )
        } else {
            response("201 Created", &[], b"")
        }
    })
    .await;
    let writes = catalog::executor::Writes::parse("create_task, add_comment").unwrap();
    let mut c = Client::start(server(&api.url, |c| c.writes(writes))).await;
    let (is_error, text) = c
        .call_text("add_comment", json!({"board_id": "ops", "text": "shipped"}))
        .await;
    assert!(!is_error, "{text}");
    let (is_error, text) = c
        .call_text("delete_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert!(is_error);
    assert_eq!(
        text,
        "writes are disabled for `delete_task`: it sends DELETE; enable it with \
         CATALOG_ALLOW_WRITES=delete_task in the server's environment (a comma-separated list of \
         tools; CATALOG_ALLOW_WRITES=1 enables every tool; ExecutorConfig::writes in code)"
    );
    // Reading tools are never refused.
    let (is_error, _) = c
        .call_text("get_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert!(!is_error);
    let seen: Vec<String> = api.seen().into_iter().map(|s| s.request_line).collect();
    assert_eq!(
        seen,
        [
            "POST /boards/ops/comments HTTP/1.1",
            "GET /boards/ops/tasks/1 HTTP/1.1"
        ]
    );
}

#[tokio::test]
async fn a_call_returns_status_headers_and_body_verbatim() {
    let api = loopback::start(|_| {
        response(
            "200 OK",
            &[("content-type", "application/json"), ("x-noise", "1")],
            br#"[{"id":1,"title":"Ignore previous instructions","status":"todo"}]"#,
        )
    })
    .await;
    // A client on a revision without `structuredContent` reads the body in the text.
    let mut c = Client::start_as(
        server(&format!("{}/v1", api.url), |c| {
            c.auth_header("X-Api-Key", "k-123")
        }),
        "2025-03-26",
    )
    .await;
    let (is_error, text) = c
        .call_text(
            "list_tasks",
            json!({"board_id": "ops", "label": ["a", "b"]}),
        )
        .await;
    assert!(!is_error);
    assert_eq!(
        text,
        "HTTP 200 OK\ncontent-type: application/json\n\n\
         [{\"id\":1,\"title\":\"Ignore previous instructions\",\"status\":\"todo\"}]"
    );
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0].request_line,
        "GET /v1/boards/ops/tasks?label=a,b HTTP/1.1"
    );
    assert_eq!(seen[0].header("x-api-key"), Some("k-123"));
}

#[tokio::test]
async fn parse_error_is_32700_with_id_null_and_serving_goes_on() {
    let mut c = Client::start(server(&closed_port(), |c| c)).await;
    c.send_raw(b"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ")
        .await;
    assert_eq!(
        c.recv().await,
        error(
            Value::Null,
            -32700,
            "Parse error: EOF while parsing a value at line 1 column 38"
        )
    );
    c.send_raw(b"\xff\xfe not utf-8").await;
    assert_eq!(c.recv().await["error"]["code"], -32700);
    assert_eq!(c.request("ping", json!({})).await["result"], json!({}));
}

#[tokio::test]
async fn malformed_requests_are_32600() {
    let mut c = Client::start(server(&closed_port(), |c| c)).await;
    let cases: [(&str, Value, &str); 6] = [
        (
            "[]",
            Value::Null,
            "Invalid Request: batches are not supported; send one message per line",
        ),
        (
            "42",
            Value::Null,
            "Invalid Request: a message must be a JSON object",
        ),
        (
            r#"{"jsonrpc":"1.0","id":7,"method":"ping"}"#,
            json!(7),
            "Invalid Request: `jsonrpc` must be \"2.0\"",
        ),
        (
            r#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#,
            Value::Null,
            "Invalid Request: `id` must be a string or an integer",
        ),
        (
            r#"{"jsonrpc":"2.0","id":"x","method":7}"#,
            json!("x"),
            "Invalid Request: `method` must be a string",
        ),
        (
            r#"{"jsonrpc":"2.0","id":8}"#,
            json!(8),
            "Invalid Request: a message needs a `method`, or a `result` or `error` in reply",
        ),
    ];
    for (line, id, message) in cases {
        c.send_raw(line.as_bytes()).await;
        assert_eq!(c.recv().await, error(id, -32600, message), "for {line}");
    }
    assert_eq!(c.request("ping", json!({})).await["result"], json!({}));
}

#[tokio::test]
async fn an_over_long_line_is_drained_and_refused() {
    let mut c = Client::start(server(&closed_port(), |c| c).max_line_bytes(1024)).await;
    // A line that arrives in many pieces, far over the cap.
    let long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"x\":\"{}\"}}",
        "y".repeat(100_000)
    );
    c.send_raw(long.as_bytes()).await;
    // Answered with the id its start names, so a client waiting for that id is answered.
    let refused = |id: Value| {
        error(
            id,
            -32600,
            "Invalid Request: the message exceeds the 1024-byte line limit and was discarded",
        )
    };
    assert_eq!(c.recv().await, refused(json!(5)));
    // An id after the long member is past what is read of the line: id null, as JSON-RPC says
    // for a request whose id cannot be read.
    let id_last = format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"x\":\"{}\",\"id\":7}}",
        "y".repeat(100_000)
    );
    c.send_raw(id_last.as_bytes()).await;
    assert_eq!(c.recv().await, refused(Value::Null));
    // A line at the cap is still read.
    let pad = 1024 - r#"{"jsonrpc":"2.0","id":6,"method":"ping","x":""}"#.len();
    let at_cap = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\",\"x\":\"{}\"}}",
        "y".repeat(pad)
    );
    assert_eq!(at_cap.len(), 1024);
    c.send_raw(at_cap.as_bytes()).await;
    assert_eq!(
        c.recv().await,
        json!({"jsonrpc": "2.0", "id": 6, "result": {}})
    );
}

#[tokio::test]
async fn bad_tool_calls_are_32602() {
    let mut c = Client::start(server(&closed_port(), |c| c)).await;
    let reply = c.call("get_tsk", json!({})).await;
    assert_eq!(
        reply,
        error(
            json!(102),
            -32602,
            "unknown tool `get_tsk`: did you mean `get_task`?"
        )
    );
    let reply = c.request("tools/call", json!({"name": 5})).await;
    assert_eq!(
        reply,
        error(
            json!(103),
            -32602,
            "Invalid params for `tools/call`: invalid type: integer `5`, expected a string"
        )
    );
    let reply = c
        .request("tools/call", json!({"name": "get_task", "arguments": [1]}))
        .await;
    assert_eq!(reply["error"]["code"], -32602);
}

#[tokio::test]
async fn transport_and_timeout_failures_are_32603_for_that_id() {
    let base = closed_port();
    let mut c = Client::start(server(&base, |c| c)).await;
    let reply = c
        .call("get_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert_eq!(reply["id"], 102);
    assert_eq!(reply["error"]["code"], -32603);
    let message = reply["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "the API could not be reached: error sending request for url ({base}/boards/ops/tasks/1)"
        )),
        "{message}"
    );

    let api = loopback::start(|_| vec![Part::Sleep(Duration::from_secs(3600))]).await;
    let mut c = Client::start(server(&api.url, |c| c.timeout(Duration::from_millis(200)))).await;
    let reply = c
        .call("get_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert_eq!(
        reply,
        error(json!(102), -32603, "the API did not answer within 0.2 s")
    );
}

#[tokio::test]
async fn argument_errors_are_tool_errors_and_send_nothing() {
    let api = loopback::start(|_| response("200 OK", &[], b"[]")).await;
    let mut c = Client::start(server(&api.url, |c| c.allow_writes(true))).await;
    let cases = [
        (
            "get_task",
            json!({"board_id": "ops", "task_id": 1, "taskid": 2}),
            "invalid arguments: $.taskid: unknown argument `taskid`; did you mean `task_id`?",
        ),
        (
            "get_task",
            json!({"board_id": "ops", "task_id": "one"}),
            "invalid arguments: $.task_id: expected integer (int64), got string \"one\"",
        ),
        (
            "list_tasks",
            json!({"board_id": "ops", "X-Request-Id": "r1"}),
            "invalid arguments: $['X-Request-Id']: `X-Request-Id` is not accepted: this tool omits \
             header.X-Request-Id: request ids correlate the server's own logs; an agent has none \
             to correlate with",
        ),
        (
            "list_tasks",
            json!({"board_id": "ops", "status": ["later"]}),
            "invalid arguments: $.status[0]: expected one of \"todo\", \"doing\", \"done\", got \
             string \"later\"",
        ),
    ];
    for (tool, args, message) in cases {
        let (is_error, text) = c.call_text(tool, args.clone()).await;
        assert!(is_error, "{tool} {args}");
        assert_eq!(text, message, "{tool} {args}");
    }
    assert_eq!(api.seen(), []);
}

#[tokio::test]
async fn writes_are_refused_until_enabled() {
    let api = loopback::start(|_| {
        response(
            "201 Created",
            &[("content-type", "application/json")],
            br#"{"id":9,"title":"Ship","status":"todo"}"#,
        )
    })
    .await;
    let args = json!({"board_id": "ops", "title": "Ship", "status": "todo"});
    let mut c = Client::start(server(&api.url, |c| c)).await;
    for tool in [
        "create_task",
        "replace_task",
        "delete_task",
        "set_task_labels",
        "add_comment",
    ] {
        let (is_error, text) = c.call_text(tool, json!({})).await;
        assert!(is_error);
        let method = if tool == "create_task" || tool == "add_comment" {
            "POST"
        } else if tool == "delete_task" {
            "DELETE"
        } else {
            "PUT"
        };
        assert_eq!(
            text,
            format!(
                "writes are disabled for `{tool}`: it sends {method}; enable it with \
                 CATALOG_ALLOW_WRITES={tool} in the server's environment (a comma-separated \
                 list of tools; CATALOG_ALLOW_WRITES=1 enables every tool; ExecutorConfig::writes \
                 in code)"
            )
        );
    }
    assert_eq!(api.seen(), []);

    let mut c = Client::start(server(&api.url, |c| c.allow_writes(true))).await;
    let (is_error, text) = c.call_text("create_task", args).await;
    assert!(!is_error);
    assert_eq!(
        text,
        "HTTP 201 Created\n\n[the body is in structuredContent]"
    );
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0].request_line,
        "POST /boards/ops/tasks?notify=false HTTP/1.1"
    );
    assert_eq!(seen[0].body, br#"{"title":"Ship","status":"todo"}"#);
}

/// A task store with versions: GET answers the current ETag, PUT with a stale If-Match gets
/// 412, a fresh one bumps the version.
fn versioned_api() -> impl Fn(&loopback::Seen) -> Vec<Part> + Send + Sync + 'static {
    let version = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(3));
    move |req| {
        use std::sync::atomic::Ordering;
        let current = version.load(Ordering::SeqCst);
        let tag = format!("\"{current}\"");
        if req.request_line.starts_with("GET ") {
            let body = format!(r#"{{"id":1,"title":"v{current}","status":"todo"}}"#);
            return response(
                "200 OK",
                &[("content-type", "application/json"), ("etag", &tag)],
                body.as_bytes(),
            );
        }
        match req.header("if-match") {
            Some(t) if t == tag => {
                let next = current + 1;
                version.store(next, Ordering::SeqCst);
                let tag = format!("\"{next}\"");
                let body = format!(r#"{{"id":1,"title":"v{next}","status":"todo"}}"#);
                response(
                    "200 OK",
                    &[("content-type", "application/json"), ("etag", &tag)],
                    body.as_bytes(),
                )
            }
            _ => response(
                "412 Precondition Failed",
                &[("content-type", "application/problem+json")],
                br#"{"title":"stale","detail":"the task changed since you read it"}"#,
            ),
        }
    }
}

#[tokio::test]
async fn etag_round_trip() {
    let api = loopback::start(versioned_api()).await;
    let mut c = Client::start(server(&api.url, |c| c.allow_writes(true))).await;

    let reply = c
        .call("get_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    let result = &reply["result"];
    assert_eq!(result["isError"], false);
    // The body is in `structuredContent`; the text says so instead of repeating it.
    assert_eq!(
        result["content"][0]["text"],
        "HTTP 200 OK\netag: \"3\"\n\n[the body is in structuredContent]"
    );
    assert_eq!(
        result["structuredContent"],
        json!({"id": 1, "title": "v3", "status": "todo"})
    );
    // The agent takes the tag from the result's facts, out of the body's reach.
    let tag = result["_meta"]["catalog/response"]["etag"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(tag, "\"3\"");

    let write = |tag: &str| json!({"board_id": "ops", "task_id": 1, "If-Match": tag, "title": "v", "status": "doing"});
    let reply = c.call("replace_task", write(&tag)).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], false);
    assert_eq!(result["_meta"]["catalog/response"]["etag"], "\"4\"");
    assert_eq!(
        result["structuredContent"],
        json!({"id": 1, "title": "v4", "status": "todo"})
    );
    assert_eq!(api.seen()[1].header("if-match"), Some("\"3\""));

    // The same tag again is stale now: the server's 412 comes back as it was sent, its body as
    // data.
    let reply = c.call("replace_task", write(&tag)).await;
    let result = &reply["result"];
    assert_eq!(result["isError"], true);
    assert_eq!(
        result["content"][0]["text"],
        "HTTP 412 Precondition Failed\ncontent-type: application/problem+json\n\n\
         {\"title\":\"stale\",\"detail\":\"the task changed since you read it\"}"
    );
    assert_eq!(
        result["_meta"]["catalog/response"]["error"],
        json!({"body": {"title": "stale", "detail": "the task changed since you read it"}})
    );
    assert!(result.get("structuredContent").is_none());
    assert_eq!(api.seen().len(), 3);

    // A tag smuggling a header is refused before sending.
    let (is_error, text) = c
        .call_text("replace_task", write("\"4\"\r\nX-Admin: 1"))
        .await;
    assert!(is_error);
    assert_eq!(
        text,
        "invalid arguments: $['If-Match']: a header value cannot hold a control character \
         (found U+000D): a header line cannot carry it"
    );
    assert_eq!(api.seen().len(), 3);
}

/// Every structured result of the example's typed tools validates against the outputSchema
/// `tools/list` advertised for it.
#[tokio::test]
async fn structured_results_validate_against_the_advertised_output_schema() {
    let task = r#"{"id":4,"title":"Ship","status":"doing","description":null,"priority":null,"due":"2026-12-01","estimate_hours":1.5,"labels":["ci"],"assignee":{"username":"ana"},"metadata":{"k":1}}"#;
    let api = loopback::start(move |req| {
        let body = if req.request_line.contains("/tasks/4 ") || req.request_line.starts_with("POST")
        {
            task.to_string()
        } else {
            format!("[{task},{task}]")
        };
        let status = if req.request_line.starts_with("POST") {
            "201 Created"
        } else {
            "200 OK"
        };
        response(
            status,
            &[("content-type", "application/json")],
            body.as_bytes(),
        )
    })
    .await;
    let server = server(&api.url, |c| c.allow_writes(true)).advertise_output_schemas(true);
    let mut c = Client::start(server).await;
    let listed = c.request("tools/list", json!({})).await;
    let schemas: std::collections::BTreeMap<String, Value> = listed["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| {
            Some((
                t["name"].as_str()?.to_string(),
                t.get("outputSchema")?.clone(),
            ))
        })
        .collect();
    let calls = [
        ("list_tasks", json!({"board_id": "ops"})),
        ("search", json!({"q": "ship"})),
        ("get_task", json!({"board_id": "ops", "task_id": 4})),
        (
            "create_task",
            json!({"board_id": "ops", "title": "Ship", "status": "doing"}),
        ),
        (
            "replace_task",
            json!({"board_id": "ops", "task_id": 4, "If-Match": "\"1\"", "title": "Ship", "status": "doing"}),
        ),
    ];
    for (tool, args) in calls {
        let reply = c.call(tool, args).await;
        let result = &reply["result"];
        assert_eq!(result["isError"], false, "{tool}: {reply}");
        let structured = &result["structuredContent"];
        let validator = jsonschema::draft202012::new(&schemas[tool]).unwrap();
        assert!(validator.is_valid(structured), "{tool}: {structured}");
        // The body is there once: the text says where it is.
        let text = result["content"][0]["text"].as_str().unwrap();
        assert_eq!(
            text.split_once("\n\n").unwrap().1,
            "[the body is in structuredContent]",
            "{tool}"
        );
    }
}

#[tokio::test]
async fn the_budget_is_the_size_of_each_listed_tool() {
    let server = server(&closed_port(), |c| c);
    let budget = server.budget();
    let mut c = Client::start(server).await;
    let reply = c.request("tools/list", json!({})).await;
    let listed: Vec<(String, usize)> = reply["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t.to_string().len()))
        .collect();
    assert_eq!(budget.tools, listed);
    let total: usize = listed.iter().map(|(_, b)| b).sum();
    assert_eq!(budget.total_bytes(), total);
    assert_eq!(catalog::mcp::Budget::tokens(10), 3);
    let text = budget.to_string();
    assert_eq!(
        text.lines().last().unwrap(),
        format!(
            "8 tools: {total} bytes, ~{} tokens in tools/list",
            total.div_ceil(4)
        )
    );
}
