//! The executor's configuration: bad base URLs and headers refused, the `CATALOG_*` settings, and
//! the writes setting.

use super::*;

#[test]
fn bad_configurations_are_refused() {
    let msg = |c: ExecutorConfig| Executor::new(c).unwrap_err().to_string();
    assert_eq!(
        msg(ExecutorConfig::new("ftp://h/x")),
        "base URL \"ftp://h/x\": the scheme must be http or https"
    );
    assert_eq!(
        msg(ExecutorConfig::new("http://h/x?a=1")),
        "base URL \"http://h/x?a=1\": a query or fragment cannot be combined with a tool's path"
    );
    assert_eq!(
        msg(ExecutorConfig::new("not a url")),
        "base URL \"not a url\": relative URL without a base"
    );
    assert_eq!(
        msg(ExecutorConfig::new("http://h").auth_header("X Key", "v")),
        "auth header name \"X Key\" is invalid"
    );
    assert_eq!(
        msg(ExecutorConfig::new("http://h").auth_header("X-Key", "a\r\nb")),
        "the value of auth header x-key is not a valid header value"
    );
}

#[test]
fn catalog_env_settings() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    };
    let c = ExecutorConfig::new("http://h")
        .with_env(env(&[
            ("CATALOG_ALLOW_WRITES", "1"),
            ("CATALOG_MAX_RESPONSE_BYTES", "1000"),
            ("CATALOG_TIMEOUT_SECS", "2.5"),
        ]))
        .unwrap();
    assert_eq!(c.writes, Writes::All);
    assert_eq!(c.max_response_bytes, 1000);
    assert_eq!(c.timeout, Duration::from_millis(2500));
    let c = ExecutorConfig::new("http://h").with_env(env(&[])).unwrap();
    assert_eq!(c.writes, Writes::Refused);
    assert_eq!(c.max_response_bytes, DEFAULT_MAX_RESPONSE_BYTES);
    assert_eq!(c.timeout, DEFAULT_TIMEOUT);
    let err = |pairs| {
        ExecutorConfig::new("http://h")
            .with_env(env(pairs))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(&[("CATALOG_ALLOW_WRITES", "maybe, create task")]),
        "CATALOG_ALLOW_WRITES=\"maybe, create task\": expected 1 (all tools), 0 (none) or a \
         comma-separated list of tool names; \"create task\" is not a tool name"
    );
    assert_eq!(
        err(&[("CATALOG_MAX_RESPONSE_BYTES", "0")]),
        "CATALOG_MAX_RESPONSE_BYTES=\"0\": expected a positive number of bytes"
    );
    assert_eq!(
        err(&[("CATALOG_TIMEOUT_SECS", "-1")]),
        "CATALOG_TIMEOUT_SECS=\"-1\": expected a positive number of seconds"
    );
}

#[test]
fn the_writes_setting_reads_all_none_or_a_list() {
    for all in ["1", "true", "YES", " all "] {
        assert_eq!(Writes::parse(all), Ok(Writes::All), "{all}");
    }
    for none in ["0", "false", "no", "", "  "] {
        assert_eq!(Writes::parse(none), Ok(Writes::Refused), "{none:?}");
    }
    let list = Writes::parse("create_task, add_comment,create_task").unwrap();
    assert_eq!(
        list,
        Writes::Tools(vec!["create_task".into(), "add_comment".into()])
    );
    assert!(list.allows("add_comment"));
    assert!(!list.allows("delete_task"));
    let e = Writes::parse("create_task,,x").unwrap_err();
    assert_eq!(e.kind(), "invalid");
    assert_eq!(
        e.to_string(),
        "CATALOG_ALLOW_WRITES=\"create_task,,x\": expected 1 (all tools), 0 (none) or a \
         comma-separated list of tool names; \"\" is not a tool name"
    );
}

#[test]
fn head_and_options_are_not_writes() {
    let ex = Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap();
    for method in [Method::GET, Method::HEAD, Method::OPTIONS] {
        assert!(ex.check_allowed(&method).is_ok(), "{method}");
    }
    for method in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
        let err = ex.check_allowed(&method).unwrap_err();
        assert!(
            matches!(&err, ExecuteError::WritesDisabled { method: m, .. } if *m == method),
            "{err:?}"
        );
    }
}

#[test]
fn the_writes_setting_refuses_a_switch_it_does_not_read() {
    let expected = "expected 1 (all tools), 0 (none) or a comma-separated list of tool names";
    for (value, fix) in [
        (
            "2",
            "\"2\" is neither: write 1 for every tool or 0 for none",
        ),
        (
            "on",
            "\"on\" is not read as a switch: write 1 to enable writes for every tool",
        ),
        (
            "ENABLED",
            "\"ENABLED\" is not read as a switch: write 1 to enable writes for every tool",
        ),
        (
            "off",
            "\"off\" is not read as a switch: write 0 to refuse every write",
        ),
        (
            "none",
            "\"none\" is not read as a switch: write 0 to refuse every write",
        ),
    ] {
        let e = Writes::parse(value).unwrap_err();
        assert_eq!(e.kind(), "invalid", "{value}");
        assert_eq!(
            e.to_string(),
            format!("CATALOG_ALLOW_WRITES={value:?}: {expected}; {fix}"),
            "{value}"
        );
    }
}
