//! The MCP conformance suite's fixture server: catalog tools over `openapi/conformance.yaml`,
//! named as the suite's scenarios call them (`test_simple_text`, `test_image_content`, ...),
//! and the small API they wrap, started in-process on a loopback port. What a tool answers is
//! what that API answers, made a result by catalog's own conversion: text as text, an image,
//! a sound or a downloaded file as image, audio or embedded-resource content, a 500 as a tool
//! error. `test_tool_with_progress` is an ordinary tool too: a call carrying a progress token
//! is told each step of its exchange by `notifications/progress`, as any catalog tool's is.
//!
//! `cargo run --example conformance -- serve --http 127.0.0.1:0` serves them over Streamable
//! HTTP at `http://ADDR/mcp`; the first line on stderr says where. `.ci/conformance.sh` runs the
//! suite against it. `CATALOG_HTTP_SESSIONS=1` keeps sessions for 2025-11-25 clients, so the
//! confirmation question (`elicitation/create`) can reach them.
//!
//! Three tools ask the user before their call is sent (`tools::CONFIRMED`): a 2026-07-28 client
//! that declared elicitation is answered `input_required` with the question under
//! `inputRequests["catalog/confirm"]`; an earlier client with a session is asked by
//! `elicitation/create`; any other client's call proceeds. `test_trigger_tool_change` calls an
//! API operation that offers or withdraws `test_toggled_tool` on this server, so clients
//! listening for tool-list changes are told.

mod api;
mod tools;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::mcp::confirm::{Confirm, Confirmation, Fallback};
use catalog::mcp::http::{HttpConfig, bind};
use std::process::ExitCode;

async fn serve(addr: &str) -> Result<(), String> {
    let api_listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| format!("the fixture API cannot listen: {e}"))?;
    let api_addr = api_listener.local_addr().map_err(|e| e.to_string())?;
    // The fixture API's one write (POST /tool-change) is the point of its tool.
    let executor =
        Executor::new(ExecutorConfig::new(format!("http://{api_addr}")).allow_writes(true))
            .map_err(|e| e.to_string())?;
    let confirmation = Confirmation {
        tools: Confirm::Tools(tools::CONFIRMED.iter().map(|t| t.to_string()).collect()),
        fallback: Fallback::Proceed,
    };
    confirmation
        .check(&tools::catalog())
        .map_err(|e| e.to_string())?;
    let server = McpServer::new(tools::catalog(), executor).confirmation(confirmation);
    server.check_settings().map_err(|e| e.to_string())?;
    tokio::spawn(api::Api::new(server.clone()).serve(api_listener));
    let config = HttpConfig::new()
        .with_catalog_env()
        .map_err(|e| e.to_string())?;
    let listener = bind(addr).await.map_err(|e| e.to_string())?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    // The first line on stderr says where, for scripts that start it on port 0.
    eprintln!("conformance: serving MCP at http://{local}/mcp (fixture API at http://{api_addr})");
    server
        .serve_http(listener, config)
        .await
        .map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr = match args.as_slice() {
        [serve, flag, addr] if serve == "serve" && flag == "--http" => addr.clone(),
        _ => {
            eprintln!("conformance: usage: conformance serve --http 127.0.0.1:PORT");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a Tokio runtime starts");
    match runtime.block_on(serve(&addr)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("conformance: {e}");
            ExitCode::FAILURE
        }
    }
}
