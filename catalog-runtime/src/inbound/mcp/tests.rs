//! Calls past the in-flight cap: held for a slot within the call's timeout, refused after it.

use super::*;
use crate::outbound::executor::ExecutorConfig;
use std::time::Duration;

fn server(timeout: Duration) -> McpServer {
    let config = ExecutorConfig::new("http://127.0.0.1:9").timeout(timeout);
    McpServer::new(Catalog::new(), Executor::new(config).unwrap()).max_in_flight(1)
}

#[tokio::test]
async fn a_call_with_no_slot_free_within_its_timeout_is_refused_as_busy() {
    let server = server(Duration::from_millis(200));
    let held = server.calls.clone().acquire_owned().await.unwrap();
    let started = std::time::Instant::now();
    let err = server.call("get_task", None).await.unwrap_err();
    let waited = started.elapsed();
    assert_eq!(err.code, rmcp::model::ErrorCode::INTERNAL_ERROR);
    assert_eq!(
        err.message,
        "the server is busy: 1 tool call was waiting on the API, the most it allows at once, for \
         the whole 0.2 s timeout; retry when one has finished"
    );
    assert!(
        waited >= Duration::from_millis(200) && waited < Duration::from_secs(2),
        "waited {waited:?}"
    );
    drop(held);
}

#[tokio::test]
async fn a_call_with_no_slot_free_is_audited_as_failed_busy() {
    #[derive(Clone, Default)]
    struct Trail(Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for Trail {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let trail = Trail::default();
    let server = server(Duration::from_millis(50))
        .audit(crate::observe::audit_log::AuditLog::writer(trail.clone()));
    let held = server.calls.clone().acquire_owned().await.unwrap();
    server.call("get_task", None).await.unwrap_err();
    drop(held);
    let text = String::from_utf8(trail.0.lock().unwrap().clone()).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(text.trim_end()).unwrap();
    let record = record.as_object_mut().unwrap();
    assert!(record.remove("time").is_some());
    assert!(record.remove("duration_ms").unwrap().as_f64().unwrap() >= 50.0);
    assert_eq!(
        serde_json::Value::Object(record.clone()),
        serde_json::json!({
            "caller": {"kind": "in_process", "id": std::process::id().to_string()},
            "tool": "get_task", "outcome": "failed", "reason": "busy", "arguments": []
        })
    );
}

#[tokio::test]
async fn a_call_waits_for_a_slot_and_goes_on_when_one_frees() {
    let server = server(Duration::from_secs(30));
    let held = server.calls.clone().acquire_owned().await.unwrap();
    let waiting = tokio::spawn({
        let server = server.clone();
        async move { server.call("no_such_tool", None).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!waiting.is_finished(), "the call did not wait for the slot");
    drop(held);
    // With the slot, it goes on to the catalog, which knows no such tool.
    let err = waiting.await.unwrap().unwrap_err();
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS);
    assert!(err.message.contains("no_such_tool"), "{}", err.message);
}

/// A `tools/call` future is moved by each layer that runs it (the span, `rmcp`'s task), each
/// move a copy: the call inside it is boxed, so that what moves stays small. Unboxed it was
/// 31 kB, and copying it was four fifths of a served call's instructions.
#[test]
fn a_tool_call_future_keeps_the_call_behind_a_box() {
    let server = server(Duration::from_secs(1));
    let call = server.call("get_task", None);
    let size = std::mem::size_of_val(&call);
    assert!(size <= 4096, "the tools/call future is {size} bytes");
}
