//! The rate grammar, its refusals, and the buckets: a caller over its rate refused with when to
//! retry, another unaffected.

use super::*;

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    move |name| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
}

#[test]
fn a_rate_is_calls_per_unit_with_an_optional_burst() {
    let minute = Duration::from_secs(60);
    for (value, calls, per, burst) in [
        ("60/min", 60, minute, 60),
        (" 60 / minute , burst = 10 ", 60, minute, 10),
        ("5/s,burst=10", 5, Duration::from_secs(1), 10),
        ("1/sec", 1, Duration::from_secs(1), 1),
        ("1000/h", 1000, Duration::from_secs(3600), 1000),
        ("2/hour,burst=1", 2, Duration::from_secs(3600), 1),
    ] {
        assert_eq!(
            Rate::parse(ENV_RATE_LIMIT, value),
            Ok(Rate { calls, per, burst }),
            "{value}"
        );
    }
}

#[test]
fn a_malformed_rate_is_refused_naming_the_grammar() {
    for bad in [
        "",
        "60",
        "60/",
        "/min",
        "0/min",
        "-1/min",
        "1.5/min",
        "60/day",
        "60/min,",
        "60/min,10",
        "60/min,burst=0",
        "60/min,bust=10",
        "sixty/min",
    ] {
        let e = RateLimits::from_env(env(&[(ENV_RATE_LIMIT, bad)])).unwrap_err();
        assert_eq!(e.kind(), "invalid");
        assert_eq!(
            e.to_string(),
            format!(
                "CATALOG_RATE_LIMIT={bad:?}: expected calls per unit of time, with an optional \
                 burst: `60/min`, `5/s,burst=10` (units: s, min, h; whole numbers, at least 1)"
            ),
            "{bad}"
        );
    }
}

#[test]
fn per_tool_rates_are_entries_separated_by_semicolons() {
    let limits = RateLimits::from_env(env(&[(
        ENV_RATE_LIMIT_TOOLS,
        "create_task=10/min; list_tasks=5/s,burst=10;",
    )]))
    .unwrap();
    assert!(limits.is_on());
    assert_eq!(
        limits.tool_names().collect::<Vec<_>>(),
        ["create_task", "list_tasks"]
    );
    let e = RateLimits::from_env(env(&[(ENV_RATE_LIMIT_TOOLS, "create_task=10/min;10/s")]))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "CATALOG_RATE_LIMIT_TOOLS=\"create_task=10/min;10/s\": expected `tool=RATE` entries \
         separated by `;` (`create_task=10/min;search=5/s,burst=10`); `10/s` names no tool"
    );
    let e =
        RateLimits::from_env(env(&[(ENV_RATE_LIMIT_TOOLS, "create_task=10/week")])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "CATALOG_RATE_LIMIT_TOOLS=\"create_task=10/week\": `create_task=10/week`: expected \
         calls per unit of time, with an optional burst: `60/min`, `5/s,burst=10` (units: s, \
         min, h; whole numbers, at least 1)"
    );
    assert!(!RateLimits::from_env(env(&[])).unwrap().is_on());
}

#[test]
fn a_caller_over_its_rate_waits_and_another_is_unaffected() {
    let limits = RateLimits::new(
        Rate::parse(ENV_RATE_LIMIT, "60/min,burst=2").ok(),
        BTreeMap::new(),
    );
    let (alice, bob) = (
        CallerKey::Subject("alice".into()),
        CallerKey::Subject("bob".into()),
    );
    let t0 = Instant::now();
    assert_eq!(limits.take(&alice, Some("get_task"), t0), Ok(()));
    assert_eq!(limits.take(&alice, None, t0), Ok(()));
    let refused = limits.take(&alice, Some("get_task"), t0).unwrap_err();
    assert_eq!(refused.retry_after, Duration::from_secs(1));
    assert_eq!(
        refused.to_string(),
        "rate limited: this caller may call this server's tools 60 calls per minute (burst 2) \
         (CATALOG_RATE_LIMIT); nothing was sent; retry in 1 s"
    );
    assert_eq!(limits.take(&bob, Some("get_task"), t0), Ok(()));
    // A second later one call has come back, and only one.
    let t1 = t0 + Duration::from_secs(1);
    assert_eq!(limits.take(&alice, None, t1), Ok(()));
    let again = limits.take(&alice, None, t1).unwrap_err();
    assert_eq!(again.retry_after_secs(), 1);
}

#[test]
fn a_tools_rate_is_taken_with_the_servers() {
    let limits = RateLimits::new(
        Rate::parse(ENV_RATE_LIMIT, "3/min").ok(),
        BTreeMap::from([(
            "create_task".to_string(),
            Rate::parse(ENV_RATE_LIMIT_TOOLS, "1/h").unwrap(),
        )]),
    );
    let me = limits.token_key("secret");
    assert_eq!(me, limits.token_key("secret"));
    assert_ne!(me, limits.token_key("other"));
    let t0 = Instant::now();
    assert_eq!(limits.take(&me, Some("create_task"), t0), Ok(()));
    let refused = limits.take(&me, Some("create_task"), t0).unwrap_err();
    assert_eq!(refused.tool.as_deref(), Some("create_task"));
    assert_eq!(refused.retry_after_secs(), 3600);
    assert_eq!(
        refused.to_string(),
        "rate limited: this caller may call `create_task` 1 call per hour (burst 1) \
         (CATALOG_RATE_LIMIT_TOOLS); nothing was sent; retry in 3600 s"
    );
    // The refused call took nothing from the server's bucket: two calls are left there.
    assert_eq!(limits.take(&me, Some("list_tasks"), t0), Ok(()));
    assert_eq!(limits.take(&me, None, t0), Ok(()));
    let server = limits.take(&me, None, t0).unwrap_err();
    assert_eq!(server.tool, None);
    assert_eq!(server.retry_after_secs(), 20);
}

#[test]
fn buckets_full_again_are_dropped_past_the_most_kept() {
    let limits = RateLimits::new(Rate::parse(ENV_RATE_LIMIT, "1/s").ok(), BTreeMap::new());
    let t0 = Instant::now();
    for n in 0..MAX_BUCKETS as u64 {
        assert_eq!(limits.take(&CallerKey::Connection(n), None, t0), Ok(()));
    }
    let later = t0 + Duration::from_secs(2);
    assert_eq!(
        limits.take(&CallerKey::Connection(u64::MAX), None, later),
        Ok(())
    );
    assert_eq!(limits.buckets.lock().unwrap().len(), 1);
}
