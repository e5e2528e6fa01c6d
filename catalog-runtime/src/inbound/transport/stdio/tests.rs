//! Sorting incoming lines; the wire behaviour is tested end to end in the root package.

use super::*;

fn reply(line: &str) -> Value {
    match classify(line.as_bytes()) {
        Inbound::Reply(bytes) => serde_json::from_slice(&bytes).unwrap(),
        Inbound::Message(m) => panic!("delivered: {m:?}"),
        Inbound::Skip => panic!("skipped"),
    }
}

fn delivered(line: &str) -> bool {
    matches!(classify(line.as_bytes()), Inbound::Message(_))
}

fn skipped(line: &str) -> bool {
    matches!(classify(line.as_bytes()), Inbound::Skip)
}

#[test]
fn blank_lines_are_skipped() {
    assert!(skipped("\n"));
    assert!(skipped("  \r\n"));
}

#[test]
fn crlf_and_a_bom_are_tolerated() {
    assert!(delivered(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n"
    ));
    assert!(delivered(
        "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n"
    ));
}

#[test]
fn each_error_code() {
    assert_eq!(reply("{")["error"]["code"], PARSE_ERROR);
    assert_eq!(reply("{")["id"], Value::Null);
    assert_eq!(reply("null")["error"]["code"], INVALID_REQUEST);
    let r = reply(r#"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":5}"#);
    assert_eq!(
        r,
        json!({"jsonrpc": "2.0", "id": "a", "error": {"code": INVALID_REQUEST,
            "message": "Invalid Request: `params` must be an object"}})
    );
    let r = reply(r#"{"jsonrpc":"2.0","id":3,"method":"tools/call"}"#);
    assert_eq!(
        r,
        json!({"jsonrpc": "2.0", "id": 3, "error": {"code": INVALID_PARAMS,
            "message": "Invalid params for `tools/call`: `params` with the tool's `name` is required"}})
    );
}

#[test]
fn a_float_id_is_not_echoed() {
    let r = reply(r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#);
    assert_eq!(r["id"], Value::Null);
    assert_eq!(r["error"]["code"], INVALID_REQUEST);
}

#[test]
fn unreadable_notifications_are_not_answered() {
    // Nobody waits for an answer to a notification, and answering one with id null could set
    // off an error storm with a client that echoes.
    for line in [
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":[1]}"#,
    ] {
        assert!(
            !matches!(classify(line.as_bytes()), Inbound::Reply(_)),
            "{line}"
        );
    }
}

#[test]
fn unknown_methods_go_to_rmcp() {
    // rmcp answers them with -32601.
    assert!(delivered(r#"{"jsonrpc":"2.0","id":1,"method":"no/such"}"#));
}

/// A writer that takes everything it is given and counts the calls.
#[derive(Default)]
struct Counting {
    bytes: Vec<u8>,
    writes: usize,
    flushes: usize,
}

impl AsyncWrite for Counting {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        self.writes += 1;
        self.bytes.extend_from_slice(buf);
        std::task::Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        self.flushes += 1;
        std::task::Poll::Ready(Ok(()))
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }
}

/// Writes `lines`, all queued before the writer runs, and returns what it wrote and how.
async fn written(lines: Vec<Vec<u8>>) -> (Vec<u8>, usize, usize) {
    let (tx, rx) = mpsc::channel::<Outgoing>(lines.len().max(1));
    let mut waits = Vec::new();
    for bytes in lines {
        let (done, wait) = oneshot::channel();
        tx.send(Outgoing {
            bytes,
            done: Some(done),
        })
        .await
        .unwrap();
        waits.push(wait);
    }
    drop(tx);
    let mut out = Counting::default();
    write_lines(&mut out, rx).await;
    for wait in waits {
        assert!(matches!(wait.await, Ok(Ok(()))), "a sender was not told");
    }
    (out.bytes, out.writes, out.flushes)
}

#[tokio::test]
async fn lines_queued_together_are_one_write_and_one_flush() {
    let lines: Vec<Vec<u8>> = (0..10)
        .map(|i| format!("{{\"id\":{i}}}").into_bytes())
        .collect();
    let want: Vec<u8> = lines
        .iter()
        .flat_map(|l| [&l[..], b"\n"].concat())
        .collect();
    let (bytes, writes, flushes) = written(lines).await;
    assert_eq!(bytes, want);
    assert_eq!((writes, flushes), (1, 1));
}

#[tokio::test]
async fn a_batch_stops_at_its_byte_budget_and_keeps_the_order() {
    let line = |c: u8| vec![c; BATCH_BYTES / 2];
    let lines = vec![line(b'a'), line(b'b'), line(b'c')];
    let want: Vec<u8> = lines
        .iter()
        .flat_map(|l| [&l[..], b"\n"].concat())
        .collect();
    let (bytes, writes, flushes) = written(lines).await;
    assert_eq!(bytes, want);
    // `a` and `b` pass the budget together; `c` goes in the next write.
    assert_eq!((writes, flushes), (2, 2));
}

// What rmcp's own deserializer makes of a line, as JSON.
fn read_by_rmcp(line: &str) -> Value {
    let message: RxJsonRpcMessage<RoleServer> = serde_json::from_str(line).unwrap();
    serde_json::to_value(message).unwrap()
}

#[test]
fn the_fast_path_reads_what_rmcp_reads() {
    let plain = [
        r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_tasks","arguments":{"board_id":"ops","status":["todo",null],"n":1.5,"deep":{"a":[{}]}}}}"#,
        r#"{"params":{"arguments":{},"name":"get_task"},"method":"tools/call","id":"req-1","jsonrpc":"2.0"}"#,
        r#"{"jsonrpc":"2.0","id":-3,"method":"tools/call","params":{"name":"ping"}}"#,
        r#"{"jsonrpc":"2.0","id":9223372036854775807,"method":"tools/call","params":{"name":"t","arguments":null}}"#,
        r#"{"jsonrpc":"2.0","id":"\u00e9\"x","method":"tools/call","params":{"name":"t\n","arguments":{"k\u0000":"\ud83d\ude00"}}}"#,
    ];
    for line in plain {
        let Some(fast) = tool_call::read(line.as_bytes()) else {
            panic!("not read by the fast path: {line}");
        };
        assert_eq!(
            serde_json::to_value(fast).unwrap(),
            read_by_rmcp(line),
            "{line}"
        );
        assert!(delivered(line), "{line}");
    }
}

#[test]
fn other_shapes_are_left_to_the_general_path() {
    let others = [
        // request metadata, task parameters, and members MCP may add later
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","_meta":{"progressToken":1}}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","task":{}}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"},"extra":true}"#,
        // ids the general path judges
        r#"{"jsonrpc":"2.0","id":1.0,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"t"}}"#,
        // wrong shapes and other methods
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":[]}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":3}}"#,
        r#"{"jsonrpc":"1.0","id":1,"method":"tools/call","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"name":"t"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"},"params":{"name":"u"}}"#,
    ];
    for line in others {
        assert!(tool_call::read(line.as_bytes()).is_none(), "{line}");
    }
    // The general path still answers them as before.
    assert_eq!(reply(others[8])["error"]["code"], INVALID_REQUEST);
    assert_eq!(reply(others[6])["error"]["code"], INVALID_PARAMS);
    assert!(delivered(others[0]));
}

#[test]
fn a_key_named_twice_is_refused_with_its_path_on_either_path() {
    // A plain tool call (the fast path's shape) naming an argument twice, at the top and deep.
    let top = r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"a","title":"b"}}}"#;
    let deep = r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"t","arguments":{"data":{"items":[{"id":1},{"id":2,"id":3}]}}}}"#;
    for line in [top, deep] {
        assert!(tool_call::read(line.as_bytes()).is_none(), "{line}");
    }
    assert_eq!(
        reply(top),
        json!({"jsonrpc": "2.0", "id": 4, "error": {"code": INVALID_PARAMS,
            "message": "Invalid params: `params.arguments.title` is named twice in one object; \
                        its first value would be dropped without a word: send each key once"}})
    );
    let r = reply(deep);
    assert_eq!(r["id"], "x");
    assert_eq!(r["error"]["code"], INVALID_PARAMS);
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid params: `params.arguments.data.items[1].id` is named twice"),
        "{r}"
    );
    // In the message itself: the id named twice is echoed as null.
    let r = reply(r#"{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}"#);
    assert_eq!(r["id"], Value::Null);
    assert_eq!(r["error"]["code"], INVALID_REQUEST);
    let r = reply(r#"{"jsonrpc":"2.0","method":"ping","id":5,"method":"tools/list"}"#);
    assert_eq!(r["id"], 5);
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid Request: `method` is named twice"),
        "{r}"
    );
}

#[test]
fn an_integer_past_64_bits_is_refused_as_written_on_either_path() {
    let line = r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_task","arguments":{"task_id":123456789012345678901234}}}"#;
    assert!(tool_call::read(line.as_bytes()).is_none());
    let r = reply(line);
    assert_eq!(r["id"], 6);
    assert_eq!(r["error"]["code"], INVALID_PARAMS);
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid params: `123456789012345678901234` is an integer past 64 bits"),
        "{r}"
    );
    // The widest integers that fit are read as they are.
    let fits = r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"t","arguments":{"a":18446744073709551615,"b":-9223372036854775808}}}"#;
    assert!(tool_call::read(fits.as_bytes()).is_some());
}
