//! Reading the answer within its limits: the timeout over headers and body, the byte cap and its
//! truncation marker.

use super::loopback::{Part, response};
use super::*;
use crate::wire::bounded::Bounded;

#[tokio::test]
async fn the_timeout_covers_headers() {
    let server = loopback::start(|_| vec![Part::Sleep(Duration::from_secs(3600))]).await;
    let ex = Executor::new(ExecutorConfig::new(&server.url).timeout(Duration::from_millis(200)))
        .unwrap();
    let err = ex.execute(get("/search?q=ab")).await.unwrap_err();
    assert!(matches!(err, ExecuteError::Timeout(_)), "{err:?}");
    assert_eq!(err.to_string(), "the API did not answer within 0.2 s");
}

#[tokio::test]
async fn the_timeout_covers_the_streamed_body() {
    // Headers and half the body come at once; the rest never does.
    let server = loopback::start(|_| {
        vec![
            Part::Bytes(b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nhello".to_vec()),
            Part::Sleep(Duration::from_secs(3600)),
        ]
    })
    .await;
    let ex = Executor::new(ExecutorConfig::new(&server.url).timeout(Duration::from_millis(200)))
        .unwrap();
    let err = ex.execute(get("/search?q=ab")).await.unwrap_err();
    assert!(matches!(err, ExecuteError::Timeout(_)), "{err:?}");
}

#[tokio::test]
async fn truncates_on_a_utf8_boundary_with_a_marker() {
    // "aé€😀" is 1 + 2 + 3 + 4 bytes; a body budget of 5 falls inside the euro sign.
    let body = "aé€😀 and more";
    let server = loopback::start(move |_| {
        response("200 OK", &[("content-type", "text/plain")], body.as_bytes())
    })
    .await;
    // The content-type line costs 25 bytes of the cap, leaving 5 for the body.
    let ex = Executor::new(ExecutorConfig::new(&server.url).max_response_bytes(30)).unwrap();
    let r = ex.execute(get("/search?q=ab")).await.unwrap();
    assert_eq!(r.body, Bounded::Cut("aé".into()));
    assert_eq!(
        r.to_text(),
        "HTTP 200 OK\ncontent-type: text/plain\n\naé\n[truncated: response exceeded 30 bytes]"
    );
}

#[tokio::test]
async fn header_bytes_count_against_the_cap() {
    // A 60 KB Link header with a 1,000-byte cap: left out, said so, and the body gets the rest.
    let link = format!("<{}>; rel=\"next\"", "x".repeat(61_440));
    let body = format!("[{}1]", "1,".repeat(1000));
    let server = loopback::start(move |_| {
        response(
            "200 OK",
            &[
                ("content-type", "application/json"),
                ("etag", "\"9\""),
                ("link", &link),
            ],
            body.as_bytes(),
        )
    })
    .await;
    let ex = Executor::new(ExecutorConfig::new(&server.url).max_response_bytes(1000)).unwrap();
    let r = ex.execute(get("/search?q=ab")).await.unwrap();
    assert_eq!(r.etag(), Some("\"9\""));
    assert_eq!(r.header("link"), None);
    assert_eq!(r.left_out_headers, [("link".to_string(), 61_461)]);
    let headers = "content-type: application/json\netag: \"9\"\n".len();
    let Bounded::Items {
        json,
        kept,
        left_out,
        counted,
        list: None,
    } = &r.body
    else {
        panic!("not cut: {:?}", r.body)
    };
    assert!(json.len() + headers <= 1000);
    assert_eq!((kept + left_out, *counted), (1001, true));
    let text = r.to_text();
    assert!(text.len() < 1200, "{}", text.len());
    assert!(
        text.contains("[header link left out: 61461 bytes, over the 1000-byte response cap]\n"),
        "{text}"
    );
    assert!(
        text.ends_with(&format!(
            "[truncated: the first {kept} of 1001 items; the response exceeded the 1000-byte cap]"
        )),
        "{text}"
    );
}

#[tokio::test]
async fn binary_bodies_are_kept_as_bytes() {
    let png: Vec<u8> = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00];
    let served = png.clone();
    let server =
        loopback::start(move |_| response("200 OK", &[("content-type", "image/png")], &served))
            .await;
    let ex = Executor::new(ExecutorConfig::new(&server.url)).unwrap();
    let r = ex.execute(get("/search?q=ab")).await.unwrap();
    assert_eq!(r.binary(), Some(png.as_slice()));
    assert_eq!(r.body_text(), None);
    assert_eq!(
        r.to_text(),
        "HTTP 200 OK\ncontent-type: image/png\n\n[binary body: 10 bytes of image/png, not shown as text]"
    );
}

#[tokio::test]
async fn a_body_exactly_at_the_cap_is_whole() {
    let server = loopback::start(|_| response("200 OK", &[], b"12345")).await;
    let ex = Executor::new(ExecutorConfig::new(&server.url).max_response_bytes(5)).unwrap();
    let r = ex.execute(get("/search?q=ab")).await.unwrap();
    assert_eq!(r.body, Bounded::Whole(b"12345".to_vec()));
    assert_eq!(r.to_text(), "HTTP 200 OK\n\n12345");
}

#[test]
fn utf8_prefix_never_splits_a_character() {
    let s = "aé€😀".as_bytes();
    let cuts: Vec<usize> = (0..=s.len()).map(|m| utf8_prefix(s, m).len()).collect();
    assert_eq!(cuts, [0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10]);
    for m in 0..=s.len() {
        assert!(std::str::from_utf8(utf8_prefix(s, m)).is_ok());
    }
}
