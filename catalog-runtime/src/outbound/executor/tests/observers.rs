//! A request observer sees requests and responses and may refuse one.

use super::loopback::response;
use super::*;
use crate::wire::observe::Undeclared;

/// An observer of one's own, standing where the recorder does: what it saw, and a path it
/// refuses.
#[derive(Debug, Default)]
struct Watch {
    seen: std::sync::Mutex<Vec<String>>,
}

impl RequestObserver for Watch {
    fn observe_request(
        &self,
        tool: &str,
        request: &http::Request<Vec<u8>>,
    ) -> Result<(), Undeclared> {
        let line = format!("{tool} {} {}", request.method(), request.uri());
        self.seen.lock().unwrap().push(line.clone());
        if request.uri().path() == "/secret" {
            return Err(Undeclared {
                tool: tool.to_string(),
                request: format!("{} {}", request.method(), request.uri()),
                matched: crate::wire::observe::RouteMatch::NoRoute,
                declared: "GET /boards".to_string(),
            });
        }
        Ok(())
    }

    fn observe_response(&self, tool: &str, status: u16, content_type: Option<&str>, body: &[u8]) {
        self.seen.lock().unwrap().push(format!(
            "{tool} {status} {content_type:?} {}",
            String::from_utf8_lossy(body)
        ));
    }
}

#[tokio::test]
async fn any_request_observer_sees_requests_and_responses_and_may_refuse() {
    let server =
        loopback::start(|_| response("200 OK", &[("content-type", "application/json")], b"[1]"))
            .await;
    let watch = Arc::new(Watch::default());
    let ex = Executor::new(ExecutorConfig::new(&server.url))
        .unwrap()
        .with_recorder(watch.clone());
    assert!(ex.recorder().is_some());
    ex.execute_tool("list_boards", get("/boards?page=2"))
        .await
        .unwrap();
    let err = ex
        .execute_tool("list_boards", get("/secret"))
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the request was not sent: tool `list_boards` sent `GET /secret`, which reaches no \
         operation of the spec; the tool declares `GET /boards`"
    );
    assert_eq!(
        *watch.seen.lock().unwrap(),
        [
            "list_boards GET /boards?page=2",
            "list_boards 200 Some(\"application/json\") [1]",
            "list_boards GET /secret",
        ]
    );
    // The refused request never reached the server.
    let lines: Vec<String> = server.seen().into_iter().map(|s| s.request_line).collect();
    assert_eq!(lines, ["GET /boards?page=2 HTTP/1.1"]);
}
