//! The store's URL and its refusals, the key scheme (the same on every replica, never the
//! token), the script's inputs and the reading of its answer, and the RESP reader.

use super::*;
use crate::inbound::access::rate_limit::replicas::caller_id;
use crate::inbound::access::rate_limit::resp::{self, Reply};
use crate::inbound::access::rate_limit::{CallerKey, RateLimits};

fn parse(value: &str) -> Result<StoreUrl, VariableError> {
    StoreUrl::parse(ENV_RATE_LIMIT_STORE, value)
}

#[test]
fn a_store_url_is_redis_with_optional_login_port_and_database() {
    for (value, host, port, db, user, password, shown) in [
        (
            "redis://127.0.0.1:6379/0",
            "127.0.0.1",
            6379,
            0,
            None,
            None,
            "redis://127.0.0.1:6379/0",
        ),
        (
            " redis://cache ",
            "cache",
            6379,
            0,
            None,
            None,
            "redis://cache:6379/0",
        ),
        (
            "redis://cache:7000/3",
            "cache",
            7000,
            3,
            None,
            None,
            "redis://cache:7000/3",
        ),
        (
            "redis://:p%40ss@cache/",
            "cache",
            6379,
            0,
            None,
            Some("p@ss"),
            "redis://***@cache:6379/0",
        ),
        (
            "redis://limits:secret@[::1]:6380/2",
            "::1",
            6380,
            2,
            Some("limits"),
            Some("secret"),
            "redis://***@[::1]:6380/2",
        ),
    ] {
        let url = parse(value).unwrap();
        assert_eq!(
            (
                url.host.as_str(),
                url.port,
                url.db,
                url.user.as_deref(),
                url.password.as_deref()
            ),
            (host, port, db, user, password),
            "{value}"
        );
        assert_eq!(url.to_string(), shown);
        assert_eq!(format!("{url:?}"), format!("StoreUrl({shown})"));
    }
}

#[test]
fn a_malformed_store_url_is_refused_naming_the_form_without_its_password() {
    let form = "expected a Redis URL, `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` \
                (`redis://127.0.0.1:6379/0`; port 6379 and database 0 by default)";
    for (bad, shown, why) in [
        ("127.0.0.1:6379", "127.0.0.1:6379", ""),
        ("", "", ""),
        ("http://cache:6379", "http://cache:6379", ""),
        ("redis://cache:port", "redis://cache:port", ""),
        (
            "redis://cache:6379/zero",
            "redis://cache:6379/zero",
            "the database is a number: ",
        ),
        (
            "redis://cache/0?timeout=1",
            "redis://cache/0?timeout=1",
            "no `?` or `#` part is read: ",
        ),
        ("redis:///0", "redis:///0", "no host: "),
        ("redis://:hunter2@/0", "redis://***@/0", ""),
        (
            "rediss://:hunter2@cache:6380",
            "rediss://***@cache:6380",
            "TLS (`rediss://`) is not supported: reach the store on a private network, or \
             through a local TLS tunnel, with `redis://`; ",
        ),
    ] {
        let e = parse(bad).unwrap_err();
        assert_eq!(e.kind(), "invalid", "{bad}");
        assert_eq!(
            e.to_string(),
            format!("CATALOG_RATE_LIMIT_STORE={shown:?}: {why}{form}"),
            "{bad}"
        );
        assert!(!e.to_string().contains("hunter2"), "{e}");
    }
}

#[test]
fn the_store_is_read_with_the_rates_and_a_wrong_url_refuses_the_settings() {
    let lookup = |value: &'static str| {
        move |name: &str| match name {
            "CATALOG_RATE_LIMIT" => Some("1/min".to_string()),
            ENV_RATE_LIMIT_STORE => Some(value.to_string()),
            _ => None,
        }
    };
    let limits = RateLimits::from_env(lookup("redis://cache:7000/1")).unwrap();
    assert_eq!(
        limits.store.as_ref().map(|s| s.url.to_string()).as_deref(),
        Some("redis://cache:7000/1")
    );
    let e = RateLimits::from_env(lookup("cache:7000")).unwrap_err();
    assert_eq!(e.kind(), "invalid");
    assert!(
        e.to_string()
            .starts_with("CATALOG_RATE_LIMIT_STORE=\"cache:7000\": expected a Redis URL"),
        "{e}"
    );
    assert!(RateLimits::from_env(|_| None).unwrap().store.is_none());
}

#[test]
fn a_caller_has_one_name_on_every_replica_that_is_not_its_token() {
    // Two servers are two replicas: each draws its own key for the in-memory hash.
    let (one, two) = (RateLimits::default(), RateLimits::default());
    let token = one.token_key("secret");
    assert_eq!(caller_id(&token), caller_id(&two.token_key("secret")));
    // SHA-256 of "catalog rate limit\0token\0secret", its first 128 bits.
    assert_eq!(
        caller_id(&token).as_deref(),
        Some("80059b3eedef69119a7f1492362266a0")
    );
    assert_ne!(caller_id(&token), caller_id(&one.token_key("secret2")));
    assert_eq!(
        caller_id(&CallerKey::Subject("alice".into())).as_deref(),
        Some("47fd71018aae9899128e81e8b2ef2abc")
    );
    assert_eq!(
        caller_id(&CallerKey::Session("s1".into())).as_deref(),
        Some("2ba56f04376a0ceae7133c17e3b44334")
    );
    // The kind is part of the name: a subject spelled like a token is another caller.
    assert_ne!(
        caller_id(&CallerKey::Subject("secret".into())),
        caller_id(&token)
    );
    // A connection's number is the server's own: it stays in the server's buckets.
    assert_eq!(caller_id(&CallerKey::Connection(1)), None);
}

#[test]
fn a_bucket_key_names_the_server_and_scope_with_the_caller_as_hash_tag() {
    assert_eq!(
        bucket_key("ab12", "taskboard", None),
        "catalog:rate:{ab12}:taskboard:server"
    );
    assert_eq!(
        bucket_key("ab12", "task{board}", Some("create_task")),
        "catalog:rate:{ab12}:task{board}:tool:create_task"
    );
}

#[test]
fn the_script_is_given_calls_period_and_burst_of_each_bucket_in_order() {
    let tool = Wanted {
        scope: Some("create_task".into()),
        calls: 10,
        per: Duration::from_secs(60),
        burst: 2,
    };
    let server = Wanted {
        scope: None,
        calls: 5,
        per: Duration::from_secs(1),
        burst: 5,
    };
    assert_eq!(
        script_args(&[tool, server]),
        ["10", "60000000", "2", "5", "1000000", "5"]
    );
    assert!(script_args(&[]).is_empty());
}

#[test]
fn the_scripts_answer_is_taken_refused_with_a_wait_or_an_error() {
    let pair = |a, b| Reply::Array(Some(vec![Reply::Integer(a), Reply::Integer(b)]));
    assert_eq!(read_answer(pair(0, 0), 2), Ok(None));
    assert_eq!(
        read_answer(pair(2, 1_500_000), 2),
        Ok(Some((1, Duration::from_millis(1500))))
    );
    assert_eq!(
        read_answer(pair(1, 7), 1),
        Ok(Some((0, Duration::from_micros(7))))
    );
    for wrong in [pair(3, 1), pair(-1, 1), pair(1, -1)] {
        assert_eq!(
            read_answer(wrong.clone(), 2),
            Err(format!("the script answered {wrong:?}"))
        );
    }
    assert_eq!(
        read_answer(Reply::Error("BUSY script".into()), 1),
        Err("the store refused the script: BUSY script".to_string())
    );
    assert_eq!(
        read_answer(Reply::Bulk(None), 1),
        Err("the script answered Bulk(None)".to_string())
    );
}

#[test]
fn a_command_is_an_array_of_bulk_strings() {
    assert_eq!(
        resp::encode(&[b"EVALSHA", b"ab", b"1", b"k"]),
        b"*4\r\n$7\r\nEVALSHA\r\n$2\r\nab\r\n$1\r\n1\r\n$1\r\nk\r\n"
    );
}

#[tokio::test]
async fn replies_are_read_and_what_is_not_redis_is_refused() {
    async fn read(bytes: &[u8]) -> std::io::Result<Reply> {
        let mut reader = bytes;
        resp::read(&mut reader, 0).await
    }
    assert_eq!(read(b"+OK\r\n").await.unwrap(), Reply::Status("OK".into()));
    assert_eq!(
        read(b"-NOSCRIPT No matching script\r\n").await.unwrap(),
        Reply::Error("NOSCRIPT No matching script".into())
    );
    assert_eq!(
        read(b"*2\r\n:0\r\n:-3\r\n").await.unwrap(),
        Reply::Array(Some(vec![Reply::Integer(0), Reply::Integer(-3)]))
    );
    assert_eq!(
        read(b"$3\r\nabc\r\n").await.unwrap(),
        Reply::Bulk(Some(b"abc".to_vec()))
    );
    assert_eq!(read(b"$-1\r\n").await.unwrap(), Reply::Bulk(None));
    assert_eq!(read(b"*-1\r\n").await.unwrap(), Reply::Array(None));
    for (bad, why) in [
        (&b"HTTP/1.1 400\r\n"[..], "not a Redis reply: type byte 'H'"),
        (
            b"$3\r\nabcd\r\n",
            "not a Redis reply: a string not ended by CRLF",
        ),
        (
            b"$99999999\r\n",
            "not a Redis reply: a 99999999-byte string",
        ),
        (b"*65\r\n", "not a Redis reply: an array of 65 at depth 0"),
        (
            b"*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n",
            "not a Redis reply: an array of 1 at depth 4",
        ),
        (b":x\r\n", "not a Redis reply: \"x\" is not a number"),
        (
            b"+OK\n",
            "not a Redis reply: a line not ended by CRLF, or too long",
        ),
        (b"", "the store closed the connection"),
    ] {
        let e = read(bad).await.unwrap_err();
        assert_eq!(e.to_string(), why, "{:?}", String::from_utf8_lossy(bad));
    }
    let long = format!("+{}\r\n", "x".repeat(5000));
    assert_eq!(
        read(long.as_bytes()).await.unwrap_err().to_string(),
        "not a Redis reply: a line not ended by CRLF, or too long"
    );
}

#[tokio::test]
async fn a_store_that_stops_answering_is_counted_once_and_rested_before_it_is_tried_again() {
    // A port nothing listens on, as if the store had gone away after the start.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let store = Store::new(parse(&format!("redis://127.0.0.1:{port}")).unwrap());
    let _ = store.started.set(("0".repeat(40), "taskboard".into()));
    let bucket = Wanted {
        scope: None,
        calls: 1,
        per: Duration::from_secs(60),
        burst: 1,
    };
    let mut metrics = String::new();
    store.render(&mut metrics);
    assert!(
        metrics.contains("catalog_rate_limit_store_errors_total 0\n")
            && metrics.contains("catalog_rate_limit_store_up 1\n"),
        "{metrics}"
    );
    assert_eq!(
        store.take("ab", std::slice::from_ref(&bucket)).await,
        Err(())
    );
    // Within the rest, calls go to the server's own buckets without trying the store.
    assert_eq!(
        store.take("ab", std::slice::from_ref(&bucket)).await,
        Err(())
    );
    let mut metrics = String::new();
    store.render(&mut metrics);
    assert!(
        metrics.contains("catalog_rate_limit_store_errors_total 1\n")
            && metrics.contains("catalog_rate_limit_store_up 0\n"),
        "{metrics}"
    );
    let health = store.health.lock().unwrap();
    assert!(health.down);
    assert!(
        health
            .retry_at
            .is_some_and(|at| at > Instant::now() && at <= Instant::now() + STORE_RETRY),
        "{health:?}"
    );
}

#[tokio::test]
async fn a_store_never_started_is_not_asked() {
    let store = Store::new(parse("redis://127.0.0.1:9").unwrap());
    let bucket = Wanted {
        scope: None,
        calls: 1,
        per: Duration::from_secs(1),
        burst: 1,
    };
    assert_eq!(store.take("ab", &[bucket]).await, Err(()));
    let mut metrics = String::new();
    store.render(&mut metrics);
    assert!(
        metrics.contains("catalog_rate_limit_store_errors_total 0\n"),
        "{metrics}"
    );
}
