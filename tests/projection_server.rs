//! Capability projection over MCP, on the line transport (stdio) and on Streamable HTTP:
//! `tools/list` advertises each tool's input schema as the rule projects it, and an argument the
//! projection hid is still decoded and sent when an agent passes it.

#[path = "support/projection_tools.rs"]
mod media;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::http::{HttpConfig, bind};
use catalog::projection::{Rules, project};
use catalog::{Catalog, Tool};
use loopback::{Loopback, response};
use mcp_client::Client;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn rules() -> Rules {
    Rules::new("x-applies-when")
        .list("delivery_types", "media_buy.supported_delivery_types")
        .list("pricing_models", "media_buy.supported_pricing_models")
}

/// A seller with non-guaranteed CPM delivery, no webhooks, no dry runs, signals without
/// audiences.
fn capabilities() -> Value {
    json!({
        "media_buy": {
            "supported_delivery_types": ["non_guaranteed"],
            "supported_pricing_models": ["cpm"]
        },
        "signals": {}
    })
}

fn server(api: &str) -> McpServer {
    serve(
        media::catalog().with_projection(capabilities(), rules()),
        api,
    )
}

fn serve(catalog: Catalog, api: &str) -> McpServer {
    let executor = Executor::new(ExecutorConfig::new(api).allow_writes(true)).unwrap();
    McpServer::new(catalog, executor)
}

async fn api() -> Loopback {
    loopback::start(|_| {
        response(
            "201 Created",
            &[("content-type", "application/json")],
            b"{}",
        )
    })
    .await
}

/// The rule applied to a tool's own input schema. Its top level is closed only because decoding
/// is strict, so it is projected open and closed again (nested objects keep their own guard).
fn rule_on(own: &Value) -> Value {
    let mut open = own.clone();
    let closed = open
        .as_object_mut()
        .and_then(|o| o.remove("additionalProperties"));
    let mut projected = project(&open, &capabilities(), &rules()).into_owned();
    if let Some(closed) = closed {
        projected["additionalProperties"] = closed;
    }
    projected
}

/// Asserts a `tools/list` result: every tool's `inputSchema` is the rule applied to the tool's
/// own schema, and the arguments this seller cannot use are the ones hidden.
fn assert_listed_as_projected(result: &Value) {
    let tools = result["tools"].as_array().unwrap();
    let catalog = media::catalog();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["create_media_buy", "update_media_buy"]);
    for tool in tools {
        let name = tool["name"].as_str().unwrap();
        let own = catalog.get(name).unwrap().input_schema;
        assert_eq!(tool["inputSchema"], rule_on(own), "{name}");
    }
    let arguments = |i: usize| -> Vec<&str> {
        let properties = tools[i]["inputSchema"]["properties"].as_object().unwrap();
        properties.keys().map(String::as_str).collect()
    };
    // Hidden: dry_run (its parameter's schema), guarantee (beside its $ref), bid_price and
    // reporting_webhook. Kept: pacing and floor_price, annotated only on their $ref targets.
    assert_eq!(
        arguments(0),
        [
            "name",
            "budget",
            "pacing",
            "floor_price",
            "targeting",
            "notes"
        ]
    );
    assert_eq!(arguments(1), ["media_buy_id", "budget"]);
}

/// Arguments an agent passes although `tools/list` hid them: a query parameter, a body object
/// and a body number.
fn hidden_arguments() -> Value {
    json!({
        "name": "Spring",
        "budget": 1000.5,
        "dry_run": true,
        "guarantee": {"impressions": 5000},
        "bid_price": 2.5
    })
}

/// Asserts the API received the hidden arguments, decoded and written like any other.
fn assert_sent(api: &Loopback) {
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0].request_line,
        "POST /media_buys?dry_run=true HTTP/1.1"
    );
    let body: Value = serde_json::from_slice(&seen[0].body).unwrap();
    assert_eq!(
        body,
        json!({
            "name": "Spring",
            "budget": 1000.5,
            "guarantee": {"impressions": 5000},
            "bid_price": 2.5
        })
    );
}

#[tokio::test]
async fn stdio_lists_the_projected_schemas_and_still_sends_hidden_arguments() {
    let api = api().await;
    let mut c = Client::start(server(&api.url)).await;
    let listed = c.request("tools/list", json!({})).await;
    assert_listed_as_projected(&listed["result"]);
    let (is_error, text) = c.call_text("create_media_buy", hidden_arguments()).await;
    assert!(!is_error, "{text}");
    assert!(text.starts_with("HTTP 201 Created"), "{text}");
    assert_sent(&api);
}

/// One JSON-RPC POST to `/mcp` on its own connection; the JSON answer.
async fn post(addr: &str, message: Value) -> Value {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = message.to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\nconnection: close\r\n\
         content-type: application/json\r\naccept: application/json, text/event-stream\r\n\
         content-length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200 "), "{raw}");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {raw}"))
}

/// Starts `server` on Streamable HTTP; its address.
async fn start_http(server: McpServer) -> String {
    let listener = bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(server.serve_http(listener, HttpConfig::new()));
    addr
}

#[tokio::test]
async fn http_lists_the_projected_schemas_and_still_sends_hidden_arguments() {
    let api = api().await;
    let addr = start_http(server(&api.url)).await;
    let listed = post(
        &addr,
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    )
    .await;
    assert_listed_as_projected(&listed["result"]);
    let called = post(
        &addr,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
               "params": {"name": "create_media_buy", "arguments": hidden_arguments()}}),
    )
    .await;
    assert_eq!(called["result"]["isError"], false, "{called}");
    assert_sent(&api);
}

const ACCEPTED: &str = "it changes a media buy the seller has already accepted, which may hold \
                        terms the seller no longer offers";

/// The media-buy tools with `update_media_buy` exempted and `notes` annotated by its author.
fn exempt_and_annotated(capabilities: Value) -> Catalog {
    media::catalog()
        .with_projection(capabilities, rules())
        .exempt_from_projection::<media::UpdateMediaBuy>(ACCEPTED)
        .unwrap()
        .annotate::<media::CreateMediaBuy>("notes", json!({"capabilities": ["media_buy.notes"]}))
        .unwrap()
}

/// `tools/list` over the line transport and over HTTP, each asserted the same.
async fn tools_list_both_ways(catalog: impl Fn() -> Catalog) -> [Value; 2] {
    let mut c = Client::start(serve(catalog(), "http://127.0.0.1:9")).await;
    let line = c.request("tools/list", json!({})).await;
    let addr = start_http(serve(catalog(), "http://127.0.0.1:9")).await;
    let http = post(
        &addr,
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    )
    .await;
    assert_eq!(line["result"], http["result"]);
    [line, http]
}

fn input_schema<'a>(listed: &'a Value, name: &str) -> &'a Value {
    let tools = listed["result"]["tools"].as_array().unwrap();
    &tools.iter().find(|t| t["name"] == name).unwrap()["inputSchema"]
}

#[tokio::test]
async fn an_exempted_tool_is_listed_whole_and_an_authored_annotation_is_read() {
    for listed in tools_list_both_ways(|| exempt_and_annotated(capabilities())).await {
        // The exempted tool: its own schema, byte for byte, although the seller does not offer
        // guaranteed delivery or auctions.
        let own: Value = serde_json::from_str(media::UpdateMediaBuy::INPUT_SCHEMA).unwrap();
        assert_eq!(input_schema(&listed, "update_media_buy"), &own);
        // `notes`, which the spec does not annotate, is hidden by its authored annotation:
        // the seller publishes `media_buy` without `notes`.
        let create = input_schema(&listed, "create_media_buy");
        let names: Vec<&str> = create["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            names,
            ["name", "budget", "pacing", "floor_price", "targeting"]
        );
    }
    // A seller offering notes: kept, and advertised with its annotation as if the spec had it.
    let offering = || {
        let mut seller = capabilities();
        seller["media_buy"]["notes"] = json!(true);
        exempt_and_annotated(seller)
    };
    for listed in tools_list_both_ways(offering).await {
        assert_eq!(
            input_schema(&listed, "create_media_buy")["properties"]["notes"],
            json!({"type": "string", "x-applies-when": {"capabilities": ["media_buy.notes"]}})
        );
    }
    let catalog = exempt_and_annotated(capabilities());
    assert_eq!(
        catalog.projection_exemption("update_media_buy"),
        Some(ACCEPTED)
    );
    assert_eq!(catalog.projection_exemption("create_media_buy"), None);
}
