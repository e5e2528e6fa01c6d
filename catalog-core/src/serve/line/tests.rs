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
