//! Confirmation of destructive calls by MCP elicitation, over stdio and Streamable HTTP: accepted,
//! declined, cancelled, and a client without the capability (refused or sent, as the operator
//! chose), each with what reached the API (a loopback server).

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::confirm::{Confirm, Confirmation, Fallback};
use catalog::mcp::http::{HttpConfig, bind};
use mcp_client::Client;
use serde_json::{Value, json};

fn server(base: &str, env: &[(&str, &str)]) -> McpServer {
    let lookup = |name: &str| {
        env.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    };
    let config = ExecutorConfig::new(base).allow_writes(true);
    McpServer::new(tools::catalog(), Executor::new(config).unwrap())
        .with_env(lookup)
        .unwrap()
}

async fn api() -> loopback::Loopback {
    loopback::start(|_| loopback::response("204 No Content", &[], b"")).await
}

fn seen(api: &loopback::Loopback) -> Vec<String> {
    api.seen().into_iter().map(|s| s.request_line).collect()
}

/// A client that declares `capabilities`.
async fn client(server: McpServer, capabilities: Value) -> Client {
    let mut c = Client::connect(server);
    let init = c
        .request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": capabilities,
                   "clientInfo": {"name": "test", "version": "1"}}),
        )
        .await;
    assert!(init.get("result").is_some(), "{init}");
    c.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        .await;
    c
}

const DELETE: &str = "delete_task";

/// Calls `delete_task`, answers the server's question with `answer`; the question and the
/// call's result.
async fn delete_answering(c: &mut Client, answer: Value) -> (Value, Value) {
    c.send(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                   "params": {"name": DELETE, "arguments": {"board_id": "ops", "task_id": 1}}}))
        .await;
    let question = c.recv().await;
    assert_eq!(question["method"], "elicitation/create", "{question}");
    c.send(&json!({"jsonrpc": "2.0", "id": question["id"], "result": answer}))
        .await;
    let reply = c.recv().await;
    assert_eq!(reply["id"], 7, "{reply}");
    (question, reply["result"].clone())
}

fn text(result: &Value) -> (bool, &str) {
    (
        result["isError"].as_bool().unwrap_or(false),
        result["content"][0]["text"].as_str().unwrap_or_default(),
    )
}

#[tokio::test]
async fn an_accepted_confirmation_sends_the_call() {
    let api = api().await;
    let mut c = client(server(&api.url, &[]), json!({"elicitation": {}})).await;
    let (question, result) = delete_answering(&mut c, json!({"action": "accept"})).await;
    let mut params = question["params"].clone();
    params.as_object_mut().unwrap().remove("_meta");
    assert_eq!(
        params,
        json!({
            "mode": "form",
            "message": "Allow `delete_task` (DELETE /boards/{board_id}/tasks/{task_id}) with \
                        {\"board_id\":\"ops\",\"task_id\":1}? It may delete or overwrite data. \
                        Nothing is sent unless you accept.",
            "requestedSchema": {"type": "object", "properties": {}}
        })
    );
    assert!(!text(&result).0, "{result}");
    assert_eq!(seen(&api), ["DELETE /boards/ops/tasks/1 HTTP/1.1"]);
    // A tool that only reads asks nothing.
    let (is_error, _) = c
        .call_text("get_task", json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert!(!is_error);
    assert_eq!(seen(&api).len(), 2);
}

#[tokio::test]
async fn a_declined_or_cancelled_confirmation_sends_nothing_and_says_so() {
    let api = api().await;
    let mut c = client(server(&api.url, &[]), json!({"elicitation": {}})).await;
    let (_, result) = delete_answering(&mut c, json!({"action": "decline"})).await;
    assert_eq!(
        text(&result),
        (
            true,
            "the user declined the call of `delete_task`; nothing was sent"
        )
    );
    let (_, result) = delete_answering(&mut c, json!({"action": "cancel"})).await;
    assert_eq!(
        text(&result),
        (
            true,
            "the user cancelled the call of `delete_task`; nothing was sent"
        )
    );
    assert_eq!(seen(&api), Vec::<String>::new());
}

#[tokio::test]
async fn a_client_without_the_capability_is_refused_or_sent_as_the_operator_chose() {
    let api = api().await;
    let refuse = server(&api.url, &[("CATALOG_CONFIRM_FALLBACK", "refuse")]);
    let mut c = client(refuse, json!({})).await;
    let (is_error, message) = c
        .call_text(DELETE, json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert!(is_error);
    assert_eq!(
        message,
        "`delete_task` needs the user's confirmation, and this client cannot ask for it (it did \
         not declare the MCP `elicitation` capability, or the transport cannot carry the \
         question); nothing was sent. Use a client that supports elicitation, or ask the \
         operator to allow unconfirmed calls (CATALOG_CONFIRM_FALLBACK=proceed)"
    );
    assert_eq!(seen(&api), Vec::<String>::new());
    // The default: sent as without confirmation.
    let mut c = client(server(&api.url, &[]), json!({})).await;
    let (is_error, _) = c
        .call_text(DELETE, json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert!(!is_error);
    assert_eq!(seen(&api), ["DELETE /boards/ops/tasks/1 HTTP/1.1"]);
}

#[tokio::test]
async fn the_operator_chooses_which_tools_ask() {
    let api = api().await;
    // `add_comment` (POST) is not destructive; named, it asks.
    let mut c = client(
        server(&api.url, &[("CATALOG_CONFIRM", "add_comment")]),
        json!({"elicitation": {}}),
    )
    .await;
    let (is_error, _) = c
        .call_text(DELETE, json!({"board_id": "ops", "task_id": 1}))
        .await;
    assert!(!is_error, "delete_task asks nothing when not named");
    c.send(&json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                   "params": {"name": "add_comment", "arguments": {"board_id": "ops", "text": "x"}}}))
        .await;
    let question = c.recv().await;
    assert_eq!(question["method"], "elicitation/create", "{question}");
    // Arguments the tool refuses ask nothing: the refusal is the answer.
    let mut c = client(server(&api.url, &[]), json!({"elicitation": {}})).await;
    let (is_error, message) = c.call_text(DELETE, json!({"board_id": "ops"})).await;
    assert!(is_error);
    assert!(message.contains("task_id"), "{message}");
    assert_eq!(seen(&api), ["DELETE /boards/ops/tasks/1 HTTP/1.1"]);
}

/// Found by the MCP conformance suite's fixture server, whose confirmed tools are GETs: a tool
/// that only reads, named in `CATALOG_CONFIRM`, was said to change data.
#[tokio::test]
async fn a_named_tool_that_only_reads_is_not_said_to_change_data() {
    let api = api().await;
    let mut c = client(
        server(&api.url, &[("CATALOG_CONFIRM", "get_task")]),
        json!({"elicitation": {}}),
    )
    .await;
    c.send(&json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                   "params": {"name": "get_task", "arguments": {"board_id": "ops", "task_id": 1}}}))
        .await;
    let question = c.recv().await;
    assert_eq!(
        question["params"]["message"],
        "Allow `get_task` (GET /boards/{board_id}/tasks/{task_id}) with \
         {\"board_id\":\"ops\",\"task_id\":1}? It only reads data. Nothing is sent unless \
         you accept.",
        "{question}"
    );
    c.send(&json!({"jsonrpc": "2.0", "id": question["id"], "result": {"action": "decline"}}))
        .await;
    let reply = c.recv().await;
    assert!(text(&reply["result"]).0, "{reply}");
    assert!(seen(&api).is_empty());
}

#[test]
fn the_confirmation_settings_are_read_or_refused() {
    let from = |pairs: &[(&str, &str)]| {
        Confirmation::from_env(|n| {
            pairs
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| v.to_string())
        })
        .map_err(|e| e.to_string())
    };
    assert_eq!(
        from(&[]),
        Ok(Confirmation {
            tools: Confirm::Destructive,
            fallback: Fallback::Proceed
        })
    );
    assert_eq!(
        from(&[
            ("CATALOG_CONFIRM", "writes"),
            ("CATALOG_CONFIRM_FALLBACK", "Refuse")
        ]),
        Ok(Confirmation {
            tools: Confirm::Writes,
            fallback: Fallback::Refuse
        })
    );
    assert_eq!(
        from(&[("CATALOG_CONFIRM", "0")]).map(|c| c.tools),
        Ok(Confirm::Off)
    );
    assert_eq!(
        from(&[("CATALOG_CONFIRM", "delete_task, replace_task")]).map(|c| c.tools),
        Ok(Confirm::Tools(vec![
            "delete_task".into(),
            "replace_task".into()
        ]))
    );
    for bad in ["2", "on", "none"] {
        assert_eq!(
            from(&[("CATALOG_CONFIRM", bad)]),
            Err(format!(
                "CATALOG_CONFIRM={bad:?}: expected `destructive`, `writes`, 0 (no tool asks) or \
                 a comma-separated list of tool names; {bad:?} is none of them"
            ))
        );
    }
    assert_eq!(
        from(&[("CATALOG_CONFIRM_FALLBACK", "ask")]),
        Err(
            "CATALOG_CONFIRM_FALLBACK=\"ask\": expected `proceed` (send the call unconfirmed) or \
             `refuse` (send nothing) for a client that cannot ask the user"
                .to_string()
        )
    );
    let executor = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    let err = McpServer::new(tools::catalog(), executor)
        .with_env(|n| (n == "CATALOG_CONFIRM").then(|| "delete_tsk".to_string()))
        .unwrap()
        .check_settings()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "CATALOG_CONFIRM names a tool this server does not serve: `delete_tsk` (did you mean \
         `delete_task`?)"
    );
}

// ---------------------------------------------------------------------------------------------
// Streamable HTTP.

/// One POST to `/mcp` on its own connection; the status, the headers and the body.
async fn post(addr: &str, headers: &[(&str, &str)], body: &Value) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = body.to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\ncontent-length: {}\r\n\
         content-type: application/json\r\naccept: application/json, text/event-stream\r\n",
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
    (status, head.to_ascii_lowercase(), body.to_string())
}

async fn start_http(server: McpServer, config: HttpConfig) -> String {
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, config));
    addr
}

#[tokio::test]
async fn over_stateless_http_the_client_cannot_ask_and_the_operator_decides() {
    let api = api().await;
    let refuse = server(&api.url, &[("CATALOG_CONFIRM_FALLBACK", "refuse")]);
    let addr = start_http(refuse, HttpConfig::new()).await;
    let call = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                      "params": {"name": DELETE, "arguments": {"board_id": "ops", "task_id": 1}}});
    let (status, _, body) = post(&addr, &[], &call).await;
    assert_eq!(status, 200);
    let reply: Value = serde_json::from_str(&body).unwrap();
    let (is_error, message) = text(&reply["result"]);
    assert!(is_error);
    assert!(
        message
            .starts_with("`delete_task` needs the user's confirmation, and this client cannot ask"),
        "{message}"
    );
    assert_eq!(seen(&api), Vec::<String>::new());
}

#[tokio::test]
async fn over_http_each_client_may_narrow_the_selection_when_the_operator_allows() {
    let api = api().await;
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let names = |body: &str| -> Vec<String> {
        let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
        v["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{v}"))
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let narrowing = [("x-mcp-tools", "get_*"), ("x-mcp-readonly", "true")];
    // Off (the default): the headers are ignored.
    let addr = start_http(server(&api.url, &[]), HttpConfig::new()).await;
    let (_, _, body) = post(&addr, &narrowing, &list).await;
    assert_eq!(names(&body).len(), 8);
    // On: the client sees what both selections offer.
    let server = server(&api.url, &[("CATALOG_EXCLUDE_TOOLS", "search")]);
    let addr = start_http(server, HttpConfig::new().client_selection(true)).await;
    let (_, _, body) = post(&addr, &[("x-mcp-tools", "get_*,search")], &list).await;
    assert_eq!(names(&body), ["get_task"]);
    let (_, _, body) = post(&addr, &[("x-mcp-readonly", "1")], &list).await;
    assert_eq!(names(&body), ["list_tasks", "get_task"]);
    // A call outside the client's selection is unknown to it, on the fast path too.
    let call = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
                      "params": {"name": DELETE, "arguments": {"board_id": "ops", "task_id": 1}}});
    let (_, _, body) = post(&addr, &narrowing, &call).await;
    let reply: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        reply["error"],
        json!({"code": -32602, "message": "unknown tool `delete_task`: accepted: `get_task`"})
    );
    // A name the server does not serve is refused with the nearest.
    let (_, _, body) = post(&addr, &[("x-mcp-toolsets", "tasks")], &list).await;
    let reply: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        reply["error"]["message"],
        "the tool selection names what this server does not offer: x-mcp-toolsets: no group \
         `tasks` (this server's tools are in no group: select them by name)"
    );
    assert_eq!(seen(&api), Vec::<String>::new());
}

/// A client on MCP 2026-07-28, which has no requests from the server, is asked by an
/// `input_required` answer and calls again with the user's answer in `inputResponses`: declined,
/// nothing is sent; accepted, the call is; a client that did not declare elicitation gets the
/// operator's fallback.
#[tokio::test]
async fn a_current_revision_client_is_asked_by_an_input_required_answer() {
    let api = api().await;
    let mut c = Client::connect(server(&api.url, &[("CATALOG_CONFIRM_FALLBACK", "refuse")]));
    let call = |capabilities: Value, responses: Option<Value>| {
        let mut params = json!({
            "name": DELETE,
            "arguments": {"board_id": "ops", "task_id": 1},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": capabilities,
            },
        });
        if let Some(r) = responses {
            params["inputResponses"] = r;
        }
        params
    };
    let elicits = json!({"elicitation": {"form": {}}});

    let first = c.request("tools/call", call(elicits.clone(), None)).await;
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    assert_eq!(
        result["inputRequests"],
        json!({"catalog/confirm": {
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": "Allow `delete_task` (DELETE /boards/{board_id}/tasks/{task_id}) with \
                            {\"board_id\":\"ops\",\"task_id\":1}? It may delete or overwrite \
                            data. Nothing is sent unless you accept.",
                "requestedSchema": {"type": "object", "properties": {}}
            }
        }}),
        "{first}"
    );
    assert_eq!(seen(&api), Vec::<String>::new());

    let declined = json!({"catalog/confirm": {"action": "decline"}});
    let reply = c
        .request("tools/call", call(elicits.clone(), Some(declined)))
        .await;
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(
        reply["result"]["content"][0]["text"],
        "the user declined the call of `delete_task`; nothing was sent"
    );
    assert_eq!(seen(&api), Vec::<String>::new());

    let accepted = json!({"catalog/confirm": {"action": "accept", "content": {}}});
    let reply = c
        .request("tools/call", call(elicits.clone(), Some(accepted)))
        .await;
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    assert_eq!(seen(&api), ["DELETE /boards/ops/tasks/1 HTTP/1.1"]);

    let garbled = json!({"catalog/confirm": {"yes": true}});
    let reply = c.request("tools/call", call(elicits, Some(garbled))).await;
    assert_eq!(
        reply["result"]["content"][0]["text"],
        "the answer to `catalog/confirm` for `delete_task` is not an elicitation result (an \
         `action` of accept, decline or cancel); nothing was sent"
    );

    let reply = c.request("tools/call", call(json!({}), None)).await;
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert!(
        reply["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("`delete_task` needs the user's confirmation, and this client cannot ask"),
        "{reply}"
    );
    assert_eq!(seen(&api), ["DELETE /boards/ops/tasks/1 HTTP/1.1"]);
}
