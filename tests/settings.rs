//! Every `CATALOG_*` setting the server reads is parsed strictly, and a wrong one stops the
//! server at start-up with the variable named and the fix: `CATALOG_ALLOW_WRITES=2` or `=on`
//! is not read as a list of tool names, and a tool name the server does not serve is refused
//! with the nearest one.

#[path = "support/example.rs"]
mod example;

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

use catalog::executor::{Executor, ExecutorConfig, Writes};
use catalog::mcp::McpServer;
use std::process::{Command, Stdio};

fn env(pairs: &[(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> + use<> {
    let pairs = pairs.to_vec();
    move |name: &str| {
        pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.to_string())
    }
}

fn server_with(writes: &str) -> Result<McpServer, String> {
    let config = ExecutorConfig::new("http://127.0.0.1:9")
        .with_env(|n| (n == "CATALOG_ALLOW_WRITES").then(|| writes.to_string()))
        .map_err(|e| e.to_string())?;
    Ok(McpServer::new(
        tools::catalog(),
        Executor::new(config).unwrap(),
    ))
}

#[test]
fn a_writes_value_that_is_neither_a_switch_nor_tool_names_is_refused() {
    let refused = |v: &str| server_with(v).unwrap_err();
    assert_eq!(
        refused("2"),
        "CATALOG_ALLOW_WRITES=\"2\": expected 1 (all tools), 0 (none) or a comma-separated list \
         of tool names; \"2\" is neither: write 1 for every tool or 0 for none"
    );
    assert_eq!(
        refused("on"),
        "CATALOG_ALLOW_WRITES=\"on\": expected 1 (all tools), 0 (none) or a comma-separated \
         list of tool names; \"on\" is not read as a switch: write 1 to enable writes for every \
         tool"
    );
    assert_eq!(
        refused(" Off "),
        "CATALOG_ALLOW_WRITES=\" Off \": expected 1 (all tools), 0 (none) or a comma-separated \
         list of tool names; \"Off\" is not read as a switch: write 0 to refuse every write"
    );
    for number in ["-1", "10", "0.5"] {
        assert!(
            refused(number).ends_with("is neither: write 1 for every tool or 0 for none"),
            "{number}"
        );
    }
}

#[test]
fn a_writes_list_naming_a_tool_not_served_is_refused_with_the_nearest() {
    let server = server_with("create_task,add_coment,delete_tsk").unwrap();
    assert_eq!(
        server.check_settings().unwrap_err().to_string(),
        "CATALOG_ALLOW_WRITES names tools this server does not serve: `add_coment` (did you \
         mean `add_comment`?), `delete_tsk` (did you mean `delete_task`?)"
    );
    let server = server_with("create_task, add_comment").unwrap();
    assert_eq!(server.check_settings(), Ok(()));
    for switch in ["1", "0", "all", ""] {
        assert_eq!(
            server_with(switch).unwrap().check_settings(),
            Ok(()),
            "{switch:?}"
        );
    }
}

#[tokio::test]
async fn serving_refuses_to_start_with_a_tool_not_served() {
    let server = server_with("create_tasks").unwrap();
    let (read, _keep) = tokio::io::duplex(64);
    let err = server.serve(read, tokio::io::sink()).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        "MCP server: CATALOG_ALLOW_WRITES names a tool this server does not serve: \
         `create_tasks` (did you mean `create_task`?)"
    );
}

#[test]
fn the_server_counts_are_positive_whole_numbers() {
    let base = || {
        McpServer::new(
            tools::catalog(),
            Executor::new(ExecutorConfig::new("http://127.0.0.1:9")).unwrap(),
        )
    };
    let s = base()
        .with_env(env(&[
            ("CATALOG_MAX_IN_FLIGHT", "4"),
            ("CATALOG_MAX_LINE_BYTES", " 2048 "),
            ("CATALOG_MAX_PENDING", "8"),
        ]))
        .unwrap();
    assert_eq!(s.max_line_bytes_value(), 2048);
    let debug = format!("{s:?}");
    assert!(debug.contains("max_in_flight: 4"), "{debug}");
    assert!(debug.contains("max_pending: 8"), "{debug}");
    for (name, unit) in [
        ("CATALOG_MAX_IN_FLIGHT", "tool calls"),
        ("CATALOG_MAX_LINE_BYTES", "bytes"),
        ("CATALOG_MAX_PENDING", "requests"),
    ] {
        for bad in ["0", "-3", "lots", "1e3"] {
            let lookup = move |n: &str| (n == name).then(|| bad.to_string());
            assert_eq!(
                base().with_env(lookup).unwrap_err().to_string(),
                format!("{name}={bad:?}: expected a whole number of {unit}, at least 1")
            );
        }
    }
}

#[test]
fn the_executor_settings_are_read_strictly() {
    let c = ExecutorConfig::new("http://h")
        .with_env(env(&[
            ("CATALOG_ALLOW_WRITES", "create_task"),
            ("CATALOG_MAX_RESPONSE_BYTES", "1000"),
            ("CATALOG_TIMEOUT_SECS", "0.25"),
        ]))
        .unwrap();
    assert_eq!(
        c.writes_setting(),
        &Writes::Tools(vec!["create_task".into()])
    );
    let executor = Executor::new(c).unwrap();
    assert_eq!(executor.timeout(), std::time::Duration::from_millis(250));
    for (name, bad, expected) in [
        (
            "CATALOG_MAX_RESPONSE_BYTES",
            "1k",
            "expected a positive number of bytes",
        ),
        (
            "CATALOG_TIMEOUT_SECS",
            "0",
            "expected a positive number of seconds",
        ),
        (
            "CATALOG_TIMEOUT_SECS",
            "inf",
            "expected a positive number of seconds",
        ),
    ] {
        let err = ExecutorConfig::new("http://h")
            .with_env(move |n| (n == name).then(|| bad.to_string()))
            .unwrap_err();
        assert_eq!(err.to_string(), format!("{name}={bad:?}: {expected}"));
    }
}

#[test]
fn the_retry_settings_are_read_strictly() {
    let c = ExecutorConfig::new("http://h")
        .with_env(env(&[
            ("CATALOG_RETRIES", "5"),
            ("CATALOG_NO_RETRY", "search, get_task"),
        ]))
        .unwrap();
    assert_eq!(c.retry_policy().attempts, 5);
    assert_eq!(c.retry_policy().off, ["search", "get_task"]);
    let defaults = ExecutorConfig::new("http://h");
    assert_eq!(defaults.retry_policy().attempts, 3);
    assert!(defaults.retry_policy().off.is_empty());
    for (name, bad, expected) in [
        (
            "CATALOG_RETRIES",
            "abc",
            "expected a whole number of attempts from 0 to 10 (0 or 1 turns retries off; the \
             default is 3)",
        ),
        (
            "CATALOG_RETRIES",
            "-1",
            "expected a whole number of attempts from 0 to 10 (0 or 1 turns retries off; the \
             default is 3)",
        ),
        (
            "CATALOG_NO_RETRY",
            "get task",
            "expected a comma-separated list of tool names; \"get task\" is not a tool name",
        ),
    ] {
        let err = ExecutorConfig::new("http://h")
            .with_env(move |n| (n == name).then(|| bad.to_string()))
            .unwrap_err();
        assert_eq!(err.to_string(), format!("{name}={bad:?}: {expected}"));
    }
}

/// The example stops at start-up, before reading any input, with the setting named.
#[test]
fn the_example_stops_at_start_up_on_a_wrong_setting() {
    for (name, value, message) in [
        (
            "CATALOG_ALLOW_WRITES",
            "on",
            "CATALOG_ALLOW_WRITES=\"on\": expected 1 (all tools), 0 (none) or a comma-separated \
             list of tool names; \"on\" is not read as a switch: write 1 to enable writes for \
             every tool",
        ),
        (
            "CATALOG_ALLOW_WRITES",
            "creat_task",
            "CATALOG_ALLOW_WRITES names a tool this server does not serve: `creat_task` (did \
             you mean `create_task`?)",
        ),
        (
            "CATALOG_MAX_IN_FLIGHT",
            "0",
            "CATALOG_MAX_IN_FLIGHT=\"0\": expected a whole number of tool calls, at least 1",
        ),
        (
            "CATALOG_RETRIES",
            "abc",
            "CATALOG_RETRIES=\"abc\": expected a whole number of attempts from 0 to 10 (0 or 1 \
             turns retries off; the default is 3)",
        ),
        (
            "CATALOG_NO_RETRY",
            "list_task",
            "CATALOG_NO_RETRY names a tool this server does not serve: `list_task` (did you mean \
             `list_tasks`?)",
        ),
        (
            "CATALOG_SHUTDOWN_GRACE",
            "soon",
            "CATALOG_SHUTDOWN_GRACE=\"soon\": expected a number of seconds from 0 to 3600 (the \
             default is 25; keep it under the orchestrator's own grace period, 30 s in \
             Kubernetes)",
        ),
        (
            "CATALOG_TOKEN_EXCHANGE_URL",
            "https://login.example/token",
            "token exchange is half configured: CATALOG_TOKEN_EXCHANGE_URL set, \
             CATALOG_TOKEN_EXCHANGE_CLIENT_ID, CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET missing; set \
             CATALOG_TOKEN_EXCHANGE_URL, CATALOG_TOKEN_EXCHANGE_CLIENT_ID, \
             CATALOG_TOKEN_EXCHANGE_CLIENT_SECRET together (or unset every \
             CATALOG_TOKEN_EXCHANGE_* variable to serve without it)",
        ),
    ] {
        let out = Command::new(example::taskboard())
            .arg("serve")
            .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
            .env(name, value)
            .stdin(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}={value}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("taskboard: {message}\n")
        );
    }
}

/// A misspelled setting stops the example at start-up, naming the setting it reads.
#[test]
fn the_example_stops_at_start_up_on_a_misspelled_setting() {
    let misspelled = [
        ("CATALOG_ALLOW_WRITE", "CATALOG_ALLOW_WRITES"),
        ("CATALOG_TIMEOUT", "CATALOG_TIMEOUT_SECS"),
        ("CATALOG_READONLY", "CATALOG_READ_ONLY"),
        ("CATALOG_HTTP_TOKENS", "CATALOG_HTTP_TOKEN"),
    ]
    .map(|(name, expected)| {
        (
            name,
            format!("{name} is not a setting this server reads; did you mean `{expected}`?"),
        )
    });
    // The taskboard's spec declares no security scheme: no credential variable is read.
    let credential = (
        "CATALOG_CREDENTIAL_API_KEY",
        "CATALOG_CREDENTIAL_API_KEY is not a setting this server reads; no tool of this server \
         sends a credential of a security scheme"
            .to_string(),
    );
    for (name, message) in misspelled.into_iter().chain([credential]) {
        let out = Command::new(example::taskboard())
            .arg("serve")
            .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
            .env(name, "1")
            .stdin(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("taskboard: {message}\n")
        );
    }
    // A build or test variable set where the server starts is not the server's to refuse.
    let out = Command::new(example::taskboard())
        .arg("serve")
        .env("TASKBOARD_BASE_URL", "http://127.0.0.1:9")
        .env("CATALOG_BENCH_SMOKE", "1")
        .env("CATALOG_SPECS_DIR", "../shared/specs")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The README's server `main` prints a start-up error as it reads: no `Debug`, no escaped
/// quotes.
#[test]
fn the_readme_server_prints_a_start_up_error_as_it_reads() {
    let bin = example::taskboard().with_file_name("your_server");
    let out = Command::new(&bin)
        .env("TASKS_BASE_URL", "http://127.0.0.1:9")
        .env("CATALOG_ALLOW_WRITES", "on")
        .stdin(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "your_server: CATALOG_ALLOW_WRITES=\"on\": expected 1 (all tools), 0 (none) or a \
         comma-separated list of tool names; \"on\" is not read as a switch: write 1 to enable \
         writes for every tool\n"
    );
}
