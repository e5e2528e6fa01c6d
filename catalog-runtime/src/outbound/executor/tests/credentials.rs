//! Credentials sent where each security scheme says, and tokens fetched for client credentials.

use super::loopback::response;
use super::*;

fn scheme(
    name: &str,
    kind: SchemeKind,
    scopes: &[&str],
) -> catalog_core::spec::security::SchemeUse {
    catalog_core::spec::security::SchemeUse {
        scheme: name.into(),
        kind,
        scopes: scopes.iter().map(|s| s.to_string()).collect(),
    }
}

fn api_key(location: &str, name: &str) -> SchemeKind {
    SchemeKind::ApiKey {
        location: location.into(),
        name: name.into(),
    }
}

#[tokio::test]
async fn each_credential_goes_where_its_scheme_says() {
    let server = loopback::start(|_| response("200 OK", &[], b"")).await;
    let config = ExecutorConfig::new(&server.url)
        .credential("q", Credential::Secret("a b&c=d/é".into()))
        .credential("c", Credential::Secret("crumb".into()))
        .credential("h", Credential::Secret("h-1".into()))
        .credential("jwt", Credential::Secret("t-1".into()));
    let ex = Executor::new(config).unwrap();
    let together = vec![
        scheme("q", api_key("query", "api key"), &[]),
        scheme("c", api_key("cookie", "sid"), &[]),
        scheme("h", api_key("header", "X-Key"), &[]),
        scheme("jwt", SchemeKind::Bearer, &[]),
    ];
    let mut request = get("/search?q=ab");
    request
        .headers_mut()
        .insert("cookie", HeaderValue::from_static("theme=dark"));
    let answer = ex
        .send_checked("search", &[together], request)
        .await
        .unwrap();
    // The answer's URL is the tool's request: the credential is not shown to the agent.
    assert_eq!(answer.url, format!("{}/search?q=ab", server.url));
    let seen = server.seen();
    assert_eq!(
        seen[0].request_line,
        "GET /search?q=ab&api+key=a+b%26c%3Dd%2F%C3%A9 HTTP/1.1"
    );
    assert_eq!(seen[0].header("cookie"), Some("theme=dark; sid=crumb"));
    assert_eq!(seen[0].header("x-key"), Some("h-1"));
    assert_eq!(seen[0].header("authorization"), Some("Bearer t-1"));

    // A query credential on a request without a query starts one.
    let only = vec![vec![scheme("q", api_key("query", "k"), &[])]];
    ex.send_checked("search", &only, get("/search"))
        .await
        .unwrap();
    assert_eq!(
        server.seen()[1].request_line,
        "GET /search?k=a+b%26c%3Dd%2F%C3%A9 HTTP/1.1"
    );
}

#[tokio::test]
async fn basic_credentials_are_encoded_and_a_missing_one_is_refused_by_name() {
    let server = loopback::start(|_| response("200 OK", &[], b"")).await;
    let config = ExecutorConfig::new(&server.url).credential(
        "pw",
        Credential::Basic {
            user: "ana".into(),
            password: "open sesame".into(),
        },
    );
    let ex = Executor::new(config).unwrap();
    let basic = vec![vec![scheme("pw", SchemeKind::Basic, &[])]];
    ex.send_checked("get", &basic, get("/x")).await.unwrap();
    assert_eq!(
        server.seen()[0].header("authorization"),
        Some("Basic YW5hOm9wZW4gc2VzYW1l")
    );
    let bearer = vec![vec![scheme("jwt", SchemeKind::Bearer, &[])]];
    let err = ex
        .send_checked("get", &bearer, get("/x"))
        .await
        .unwrap_err();
    let ExecuteError::Credentials(message) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(
        message,
        "the operation needs credentials for one of `jwt` (a bearer token: set \
         CATALOG_CREDENTIAL_JWT)"
    );
    assert_eq!(server.seen().len(), 1, "nothing was sent without it");
}

#[tokio::test]
async fn a_client_credentials_token_is_fetched_once_and_sent_as_bearer() {
    let token = loopback::start(|_| {
        response(
            "200 OK",
            &[("content-type", "application/json")],
            br#"{"access_token":"tok-1","token_type":"bearer","expires_in":3600}"#,
        )
    })
    .await;
    let api = loopback::start(|_| response("200 OK", &[], b"")).await;
    let config = ExecutorConfig::new(&api.url).credential(
        "oauth",
        Credential::Client {
            id: "client".into(),
            secret: "s3cret".into(),
        },
    );
    let ex = Executor::new(config).unwrap();
    let token_url = format!("{}/oauth/token", token.url);
    let needs = vec![vec![scheme(
        "oauth",
        SchemeKind::ClientCredentials {
            token_url: token_url.clone(),
        },
        &["read", "write:all"],
    )]];
    ex.send_checked("get", &needs, get("/a")).await.unwrap();
    ex.send_checked("get", &needs, get("/b")).await.unwrap();
    let fetched = token.seen();
    assert_eq!(fetched.len(), 1, "the token is cached for the second call");
    assert_eq!(fetched[0].request_line, "POST /oauth/token HTTP/1.1");
    assert_eq!(
        fetched[0].header("authorization"),
        Some("Basic Y2xpZW50OnMzY3JldA==")
    );
    assert_eq!(
        fetched[0].header("content-type"),
        Some("application/x-www-form-urlencoded")
    );
    assert_eq!(
        String::from_utf8_lossy(&fetched[0].body),
        "grant_type=client_credentials&scope=read%20write%3Aall"
    );
    let sent: Vec<_> = api
        .seen()
        .iter()
        .map(|s| {
            (
                s.request_line.clone(),
                s.header("authorization").map(String::from),
            )
        })
        .collect();
    assert_eq!(
        sent,
        [
            (
                "GET /a HTTP/1.1".to_string(),
                Some("Bearer tok-1".to_string())
            ),
            (
                "GET /b HTTP/1.1".to_string(),
                Some("Bearer tok-1".to_string())
            ),
        ]
    );
}

#[tokio::test]
async fn a_token_endpoint_that_cannot_be_reached_is_a_credentials_error_naming_it() {
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://127.0.0.1:{}/token", l.local_addr().unwrap().port())
    };
    let api = loopback::start(|_| response("200 OK", &[], b"")).await;
    let config = ExecutorConfig::new(&api.url).credential(
        "oauth",
        Credential::Client {
            id: "client".into(),
            secret: "s".into(),
        },
    );
    let ex = Executor::new(config).unwrap();
    let needs = vec![vec![scheme(
        "oauth",
        SchemeKind::ClientCredentials {
            token_url: closed.clone(),
        },
        &[],
    )]];
    let err = ex.send_checked("get", &needs, get("/a")).await.unwrap_err();
    let ExecuteError::Credentials(message) = &err else {
        panic!("{err:?}")
    };
    let expected = format!(
        "no access token for scheme `oauth` from {closed}: error sending request for url \
         ({closed}): client error (Connect): tcp connect error: Connection refused"
    );
    assert!(message.starts_with(&expected), "{message}");
    assert!(api.seen().is_empty(), "nothing reached the API");
}

#[test]
fn a_query_credential_is_form_encoded_as_the_url_standard_does() {
    for (url, name, value) in [
        ("http://h/x", "k", "v"),
        ("http://h/x?a=1", "api key", "a b&c=d/é+~*"),
        ("http://h/x?", "k", "v"),
        ("http://h/x?a", "k", ""),
    ] {
        let mut ours = url.to_string();
        append_query_pair(&mut ours, name, value);
        let mut theirs = url::Url::parse(url).unwrap();
        theirs.query_pairs_mut().append_pair(name, value);
        assert_eq!(ours, theirs.as_str(), "{url} + {name}={value}");
    }
}
