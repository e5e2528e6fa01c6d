//! A raw JSON-RPC client over an in-memory pipe to an [`McpServer`], so tests see exactly what
//! goes over the wire.
#![allow(dead_code)]

use catalog::mcp::McpServer;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{
    AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines, ReadHalf, WriteHalf,
};

pub struct Client {
    write: WriteHalf<DuplexStream>,
    lines: Lines<BufReader<ReadHalf<DuplexStream>>>,
    next_id: i64,
}

impl Client {
    /// Starts `server` on one end of a pipe, without initializing it.
    pub fn connect(server: McpServer) -> Client {
        let (ours, theirs) = tokio::io::duplex(1 << 20);
        let (read, write) = tokio::io::split(theirs);
        tokio::spawn(server.serve(read, write));
        let (read, write) = tokio::io::split(ours);
        Client {
            write,
            lines: BufReader::new(read).lines(),
            next_id: 100,
        }
    }

    /// Sends `initialize` and `notifications/initialized`.
    pub async fn initialize(&mut self) {
        self.initialize_as("2025-06-18").await;
    }

    /// Sends `initialize` asking for MCP revision `revision`, and `notifications/initialized`.
    pub async fn initialize_as(&mut self, revision: &str) {
        let init = self
            .request(
                "initialize",
                json!({
                    "protocolVersion": revision,
                    "capabilities": {},
                    "clientInfo": {"name": "test", "version": "1"}
                }),
            )
            .await;
        assert!(init.get("result").is_some(), "initialize failed: {init}");
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
    }

    /// Starts `server` on one end of a pipe and initializes it on MCP revision `revision`.
    pub async fn start_as(server: McpServer, revision: &str) -> Client {
        let mut client = Client::connect(server);
        client.initialize_as(revision).await;
        client
    }

    /// Starts `server` on one end of a pipe and initializes it.
    pub async fn start(server: McpServer) -> Client {
        let mut client = Client::connect(server);
        client.initialize().await;
        client
    }

    /// The server's next line, or `None` once it has closed its output.
    pub async fn recv_or_eof(&mut self) -> Option<Value> {
        let line = tokio::time::timeout(Duration::from_secs(30), self.lines.next_line())
            .await
            .expect("the server did not answer")
            .unwrap()?;
        Some(serde_json::from_str(&line).unwrap())
    }

    /// Closes the client's side of the input.
    pub async fn close_input(&mut self) {
        self.write.shutdown().await.unwrap();
    }

    /// Writes one line as it is (a newline is added).
    pub async fn send_raw(&mut self, line: &[u8]) {
        self.write.write_all(line).await.unwrap();
        self.write.write_all(b"\n").await.unwrap();
        self.write.flush().await.unwrap();
    }

    /// Writes one message.
    pub async fn send(&mut self, message: &Value) {
        self.send_raw(message.to_string().as_bytes()).await;
    }

    /// The next line the server writes, as JSON.
    pub async fn recv(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(30), self.lines.next_line())
            .await
            .expect("the server did not answer")
            .unwrap()
            .expect("the server closed its output");
        serde_json::from_str(&line).unwrap()
    }

    /// Sends a request and returns the server's reply to it.
    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        let reply = self.recv().await;
        assert_eq!(reply["id"], json!(id), "reply to another request: {reply}");
        reply
    }

    /// `tools/list`: the names listed, in order.
    pub async fn tool_names(&mut self) -> Vec<String> {
        let list = self.request("tools/list", json!({})).await;
        list["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{list}"))
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    }

    /// `tools/call`; the whole JSON-RPC reply.
    pub async fn call(&mut self, name: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({"name": name, "arguments": arguments}))
            .await
    }

    /// `tools/call` that must produce a result; its `isError` and its single text.
    pub async fn call_text(&mut self, name: &str, arguments: Value) -> (bool, String) {
        let reply = self.call(name, arguments).await;
        let result = &reply["result"];
        let content = result["content"].as_array().expect("a tool result");
        assert_eq!(content.len(), 1, "{reply}");
        assert_eq!(content[0]["type"], "text");
        (
            result["isError"].as_bool().unwrap_or(false),
            content[0]["text"].as_str().unwrap().to_string(),
        )
    }
}

/// `{"jsonrpc":"2.0","id":id,"error":{"code":code,"message":message}}`
pub fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}
