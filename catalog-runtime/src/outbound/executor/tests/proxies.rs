//! Reaching the API through HTTP proxies, CONNECT tunnels and `NO_PROXY`.

use super::loopback::response;
use super::*;
use crate::wire::bounded::Bounded;
use http::StatusCode;

/// An executor for `base` whose proxies are `proxies` (instead of the environment's).
fn through(base: &str, proxies: hyper_util::client::proxy::matcher::Matcher) -> Executor {
    let mut ex = Executor::new(ExecutorConfig::new(base)).unwrap();
    ex.client = client::Client::new(proxies).unwrap();
    ex
}

#[tokio::test]
async fn an_http_api_is_reached_through_the_http_proxy_in_absolute_form() {
    let proxy = loopback::start(|_| response("200 OK", &[], b"[]")).await;
    let port = proxy.url.rsplit(':').next().unwrap();
    let proxies = hyper_util::client::proxy::matcher::Matcher::builder()
        .http(format!("http://ana:pw@127.0.0.1:{port}"))
        .build();
    // The API's name never resolves: only the proxy is reached.
    let ex = through("http://api.invalid:8080/v1", proxies);
    let answer = ex.execute(get("/tasks?page=2")).await.unwrap();
    assert_eq!(answer.body, Bounded::Whole(b"[]".to_vec()));
    assert_eq!(answer.url, "http://api.invalid:8080/v1/tasks?page=2");
    let seen = proxy.seen();
    assert_eq!(
        seen[0].request_line,
        "GET http://api.invalid:8080/v1/tasks?page=2 HTTP/1.1"
    );
    assert_eq!(seen[0].header("host"), Some("api.invalid:8080"));
    assert_eq!(
        seen[0].header("proxy-authorization"),
        Some("Basic YW5hOnB3")
    );
}

#[tokio::test]
async fn an_https_api_is_reached_through_a_connect_tunnel() {
    // The proxy refuses the tunnel: what it was asked is what this test reads.
    let proxy = loopback::start(|_| response("403 Forbidden", &[], b"")).await;
    let port = proxy.url.rsplit(':').next().unwrap();
    let proxies = hyper_util::client::proxy::matcher::Matcher::builder()
        .https(format!("http://ana:pw@127.0.0.1:{port}"))
        .build();
    let ex = through("https://api.invalid", proxies);
    let err = ex.execute(get("/tasks")).await.unwrap_err();
    let ExecuteError::Transport(message) = &err else {
        panic!("{err:?}")
    };
    assert!(
        message.starts_with(
            "error sending request for url (https://api.invalid/tasks): client error (Connect)"
        ),
        "{message}"
    );
    let seen = proxy.seen();
    assert_eq!(seen[0].request_line, "CONNECT api.invalid:443 HTTP/1.1");
    assert_eq!(
        seen[0].header("proxy-authorization"),
        Some("Basic YW5hOnB3")
    );
}

#[tokio::test]
async fn no_proxy_hosts_are_reached_directly() {
    let api = loopback::start(|_| response("200 OK", &[], b"")).await;
    let proxy = loopback::start(|_| response("502 Bad Gateway", &[], b"")).await;
    let port = proxy.url.rsplit(':').next().unwrap();
    let proxies = hyper_util::client::proxy::matcher::Matcher::builder()
        .all(format!("http://127.0.0.1:{port}"))
        .no("127.0.0.1")
        .build();
    let ex = through(&api.url, proxies);
    let answer = ex.execute(get("/x")).await.unwrap();
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(api.seen()[0].request_line, "GET /x HTTP/1.1");
    assert!(proxy.seen().is_empty());
}
