//! The value validator on its own: formats, patterns and integer format ranges, each with the
//! message an agent reads.

use super::*;
use crate::model::Type;
use serde_json::json;

fn string(format: Option<&str>, pattern: Option<&str>) -> Schema {
    Schema::new(Type::String {
        format: format.map(str::to_string),
        enumeration: None,
        pattern: pattern.map(str::to_string),
        min_length: None,
        max_length: None,
    })
}

fn integer(format: &str) -> Schema {
    Schema::new(Type::Integer {
        format: Some(format.into()),
        minimum: None,
        maximum: None,
        enumeration: None,
    })
}

/// The problems of `value` against `schema`, each as `path: message`.
fn problems(schema: &Schema, value: Value) -> Vec<String> {
    match check_value(schema, &value) {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(ToString::to_string).collect(),
    }
}

/// Asserts every `good` value passes and every `bad` one fails as a format problem.
fn format_cases(format: &str, good: &[&str], bad: &[&str]) {
    let schema = string(Some(format), None);
    for g in good {
        assert_eq!(
            problems(&schema, json!(g)),
            Vec::<String>::new(),
            "{format} {g:?}"
        );
    }
    for b in bad {
        let e = check_value(&schema, &json!(b)).expect_err(b);
        assert_eq!(e.problems().len(), 1, "{format} {b:?}");
        assert_eq!(
            e.problems()[0].kind(),
            ProblemKind::Format,
            "{format} {b:?}"
        );
    }
}

#[test]
fn date_time_is_rfc_3339() {
    format_cases(
        "date-time",
        &[
            "2024-05-01T13:45:00Z",
            "2024-05-01t13:45:00z",
            "2024-05-01T13:45:00.123456+02:00",
            "2024-02-29T00:00:00-08:00",
            "2016-12-31T23:59:60Z",
            "2017-01-01T00:59:60+01:00",
        ],
        &[
            "yesterday",
            "2024-05-01",
            "2024-05-01T13:45:00",
            "2024-05-01 13:45:00Z",
            "2024-05-01T24:00:00Z",
            "2024-05-01T13:60:00Z",
            "2023-02-29T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-05-01T13:45:00.Z",
            "2024-05-01T13:45:00+0200",
            "2024-05-01T12:00:60Z",
            "2024-05-01T13:45:00Z ",
            "２０２４-05-01T13:45:00Z",
        ],
    );
    assert_eq!(
        problems(&string(Some("date-time"), None), json!("yesterday")),
        [
            "$: expected an RFC 3339 date-time such as \"2024-05-01T13:45:00Z\" or \"2024-05-01T13:45:00.5+02:00\", got string \"yesterday\""
        ]
    );
}

#[test]
fn date_checks_the_day_of_the_month() {
    format_cases(
        "date",
        &["2024-05-01", "2000-02-29", "1999-12-31"],
        &[
            "not-a-date",
            "1900-02-29",
            "2024-04-31",
            "2024-00-10",
            "2024-5-1",
            "2024-05-01T00:00:00Z",
            "",
        ],
    );
}

#[test]
fn time_is_an_rfc_3339_full_time() {
    format_cases(
        "time",
        &["13:45:00Z", "13:45:00.25+02:00", "00:00:00-23:59"],
        &[
            "13:45",
            "13:45:00",
            "25:00:00Z",
            "13:45:00+24:00",
            "1:45:00Z",
        ],
    );
}

#[test]
fn uuid_email_uri_and_addresses() {
    format_cases(
        "uuid",
        &[
            "123e4567-e89b-12d3-a456-426614174000",
            "123E4567-E89B-12D3-A456-426614174000",
        ],
        &[
            "123e4567e89b12d3a456426614174000",
            "123e4567-e89b-12d3-a456-42661417400g",
            "{123e4567-e89b-12d3-a456-426614174000}",
        ],
    );
    format_cases(
        "email",
        &["name@example.com", "first.last+tag@mail.example.org"],
        &[
            "name",
            "name@localhost",
            "@example.com",
            "a..b@example.com",
            "name@-example.com",
            "na me@example.com",
        ],
    );
    format_cases(
        "uri",
        &[
            "https://example.com/a?b=c#d",
            "urn:isbn:0451450523",
            "mailto:a@example.com",
        ],
        &[
            "/relative/path",
            "example.com",
            "https://exa mple.com",
            "http://a/%zz",
        ],
    );
    format_cases(
        "ipv4",
        &["192.0.2.1", "0.0.0.0", "255.255.255.255"],
        &["256.0.0.1", "192.0.2", "01.2.3.4", "::1"],
    );
    format_cases(
        "ipv6",
        &["2001:db8::1", "::1", "::ffff:192.0.2.1"],
        &["2001:db8:::1", "192.0.2.1", "fe80::1%eth0"],
    );
}

#[test]
fn byte_is_padded_standard_base64() {
    format_cases(
        "byte",
        &["", "aGk=", "aGVsbG8h", "+/+/"],
        &["aGk", "aGk=a", "a===", "-_-_", "aG k="],
    );
}

#[test]
fn hostname_is_rfc_1123() {
    let longest_label = "a".repeat(63);
    // 4 labels of 63 and one of 1, joined: 4 * 64 + 1 = 257 > 253; three and one of 61: 253.
    let longest_name = format!("{l}.{l}.{l}.{}", "b".repeat(61), l = longest_label);
    assert_eq!(longest_name.len(), 253);
    let trailing_dot = format!("{longest_name}.");
    format_cases(
        "hostname",
        &[
            "example.com",
            "localhost",
            "api-1.eu-west.example.com",
            "EXAMPLE.COM",
            "1.2.3.4",
            "xn--bcher-kva.example",
            "example.com.",
            &longest_label,
            &longest_name,
            &trailing_dot,
        ],
        &[
            "",
            ".",
            "not of the format",
            "-example.com",
            "example-.com",
            "example..com",
            ".example.com",
            "example.com..",
            "exa_mple.com",
            "b\u{fc}cher.example",
            "http://example.com",
            "example.com:443",
            &format!("{longest_label}a.com"),
            &format!("a{longest_name}"),
        ],
    );
    assert_eq!(
        problems(&string(Some("hostname"), None), json!("zone_1.example")),
        [
            "$: expected a host name (RFC 1123: labels of letters, digits and hyphens, joined by \
             dots) such as \"api.example.com\", got string \"zone_1.example\""
        ]
    );
}

#[test]
fn unknown_formats_pass() {
    for format in ["binary", "password", "idn-hostname", "x-custom"] {
        assert_eq!(
            problems(&string(Some(format), None), json!("anything at all")),
            Vec::<String>::new(),
            "{format}"
        );
    }
}

#[test]
fn pattern_is_an_unanchored_ecma_262_search() {
    let slug = string(None, Some("^[a-z0-9-]+$"));
    assert_eq!(problems(&slug, json!("ops-1")), Vec::<String>::new());
    assert_eq!(
        problems(&slug, json!("OPS")),
        ["$: must match the pattern /^[a-z0-9-]+$/, got string \"OPS\""]
    );
    assert_eq!(
        check_value(&slug, &json!("OPS")).unwrap_err().problems()[0].kind(),
        ProblemKind::Pattern
    );
    // Without anchors a pattern may match anywhere, as JSON Schema says.
    let digit = string(None, Some("[0-9]"));
    assert_eq!(problems(&digit, json!("abc1def")), Vec::<String>::new());
    assert_eq!(problems(&digit, json!("abcdef")).len(), 1);
    // `$` ends the input (no multiline flag), so a trailing newline does not pass.
    assert_eq!(problems(&slug, json!("ops\n")).len(), 1);
}

#[test]
fn pattern_reads_as_ecma_262_not_as_a_rust_dialect() {
    // `\d` is ASCII in ECMA-262: an Arabic-Indic digit is not a digit.
    let digits = string(None, Some("^\\d+$"));
    assert_eq!(problems(&digits, json!("123")), Vec::<String>::new());
    assert_eq!(problems(&digits, json!("١٢٣")).len(), 1);
    // Code points, not UTF-16 units or bytes: one emoji is one `.`.
    let one = string(None, Some("^.$"));
    assert_eq!(problems(&one, json!("😀")), Vec::<String>::new());
    assert_eq!(problems(&one, json!("é")), Vec::<String>::new());
    // Unicode property escapes and lookahead.
    let letters = string(None, Some("^\\p{L}+$"));
    assert_eq!(problems(&letters, json!("Zürich")), Vec::<String>::new());
    assert_eq!(problems(&letters, json!("Zürich1")).len(), 1);
    let no_admin = string(None, Some("^(?!admin$).+"));
    assert_eq!(problems(&no_admin, json!("alice")), Vec::<String>::new());
    assert_eq!(problems(&no_admin, json!("admin")).len(), 1);
    // An identity escape that only non-unicode mode allows, as real specs write.
    let sloppy = string(None, Some("^[a-z\\_]+$"));
    assert_eq!(problems(&sloppy, json!("a_b")), Vec::<String>::new());
    assert_eq!(problems(&sloppy, json!("a-b")).len(), 1);
}

#[test]
fn an_invalid_pattern_is_not_enforced_and_does_not_panic() {
    for bad in ["(", "[a-", "a{2,1}", "\\"] {
        assert_eq!(
            problems(&string(None, Some(bad)), json!("x")),
            Vec::<String>::new(),
            "{bad}"
        );
    }
}

#[test]
fn format_and_pattern_apply_inside_arrays_and_objects_with_their_path() {
    let schema: Schema = serde_json::from_value(json!({"type": "object", "fields": [
        {"name": "due", "schema": {"type": "string", "format": "date"}},
        {"name": "ids", "schema": {"type": "array", "items": {"type": "string", "format": "uuid"}}}
    ]}))
    .unwrap();
    assert_eq!(
        problems(&schema, json!({"due": "not-a-date", "ids": ["x"]})),
        [
            "$.due: expected an RFC 3339 full-date such as \"2024-05-01\", got string \"not-a-date\"",
            "$.ids[0]: expected a UUID such as \"123e4567-e89b-12d3-a456-426614174000\", got string \"x\""
        ]
    );
}

#[test]
fn int32_is_bounded_by_its_format_whatever_the_field() {
    let int32 = integer("int32");
    assert_eq!(problems(&int32, json!(2147483647)), Vec::<String>::new());
    assert_eq!(problems(&int32, json!(-2147483648)), Vec::<String>::new());
    assert_eq!(
        problems(&int32, json!(2147483648u64)),
        ["$: must be at most 2147483647 (int32), got 2147483648"]
    );
    assert_eq!(
        problems(&int32, json!(-2147483649i64)),
        ["$: must be at least -2147483648 (int32), got -2147483649"]
    );
    let int64 = integer("int64");
    assert_eq!(problems(&int64, json!(i64::MAX)), Vec::<String>::new());
    // 2^63 is past int64 though it rounds to i64::MAX as a float.
    assert_eq!(
        problems(&int64, json!(9223372036854775808u64)),
        ["$: must be at most 9223372036854775807 (int64), got 9223372036854775808"]
    );
    // Spec bounds inside the format still apply.
    let bounded: Schema =
        serde_json::from_value(json!({"type": "integer", "format": "int32", "minimum": 1.0}))
            .unwrap();
    assert_eq!(
        problems(&bounded, json!(0)),
        ["$: must be at least 1, got 0"]
    );
    // Past the format, the format's range is the one problem: the spec bound is not said again.
    assert_eq!(
        problems(&bounded, json!(-2147483649i64)),
        ["$: must be at least -2147483648 (int32), got -2147483649"]
    );
}

#[test]
fn int32_argument_refuses_2_pow_31_through_the_decoder_into_u32_and_i64() {
    let op: Operation = serde_json::from_value(json!({
        "method": "GET", "path": "/x", "pointer": "#/op",
        "accounting": [{"param": {"location": "query", "name": "n", "schema": {"type": "integer", "format": "int32"}, "pointer": "#/p"},
                        "disposition": "set", "argument": "n", "field": "n"}]
    }))
    .unwrap();
    let mut d = Decoder::new(&op, json!({}));
    assert_eq!(
        d.value::<u32>(0, "n", json!(2147483647u32)),
        Some(2147483647)
    );
    assert_eq!(d.value::<u32>(0, "n", json!(2147483648u32)), None);
    assert_eq!(
        d.value::<i64>(0, "n", json!(-2147483648i64)),
        Some(-2147483648)
    );
    assert_eq!(d.value::<i64>(0, "n", json!(-2147483649i64)), None);
    let e = d.finish().unwrap_err();
    let shown: Vec<String> = e.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "$.n: must be at most 2147483647 (int32), got 2147483648",
            "$.n: must be at least -2147483648 (int32), got -2147483649"
        ]
    );
}

#[test]
fn a_boolean_enum_refuses_the_other_value_naming_the_allowed_one() {
    let only_true = Schema::new(Type::Boolean {
        enumeration: Some(vec![true]),
    });
    assert_eq!(problems(&only_true, json!(true)), Vec::<String>::new());
    let e = check_value(&only_true, &json!(false)).expect_err("false");
    assert_eq!(e.problems()[0].kind(), ProblemKind::Enum);
    assert_eq!(
        problems(&only_true, json!(false)),
        ["$: expected true (the only value allowed), got false"]
    );
    let both = Schema::new(Type::Boolean {
        enumeration: Some(vec![false, true]),
    });
    assert_eq!(problems(&both, json!(false)), Vec::<String>::new());
    assert_eq!(
        problems(&Schema::new(Type::boolean()), json!(false)),
        Vec::<String>::new()
    );
}

/// A segment condition as Mailchimp writes them: a union of object arms, each named by the one
/// value of its `condition_type` and `field`, with an `op` enum of its own.
fn conditions() -> Schema {
    let arm = |kind: &str, field: &str, ops: &[&str]| {
        json!({"type": "object", "fields": [
            {"name": "condition_type", "schema": {"type": "string", "enum": [kind]}},
            {"name": "field", "required": true, "schema": {"type": "string", "enum": [field]}},
            {"name": "op", "required": true, "schema": {"type": "string", "enum": ops}},
            {"name": "value", "required": true, "schema": {"type": "string"}}]})
    };
    serde_json::from_value(json!({"type": "anyOf", "arms": [
        arm("Aim", "aim", &["open", "click"]),
        arm("Language", "language", &["is", "not"]),
        arm("EmailAddress", "merge0", &["is", "not", "contains"]),
        {"type": "string"}
    ]}))
    .unwrap()
}

#[test]
fn a_union_names_the_arm_whose_constant_the_value_matches() {
    let value = json!({"condition_type": "Language", "field": "language", "op": "open",
        "value": "en"});
    assert_eq!(
        problems(&conditions(), value),
        [
            "$: matches no arm; nearest is arm 1 of 4 (condition_type \"Language\"): $.op: \
             expected one of \"is\", \"not\", got string \"open\""
        ]
    );
    // Without `condition_type`, `field` names the arm.
    let value = json!({"field": "merge0", "op": "like", "value": "a@example.com"});
    assert_eq!(
        problems(&conditions(), value),
        [
            "$: matches no arm; nearest is arm 2 of 4 (field \"merge0\"): $.op: expected one \
             of \"is\", \"not\", \"contains\", got string \"like\""
        ]
    );
    let refused = check_value(&conditions(), &json!({"field": "aim"})).unwrap_err();
    assert_eq!(refused.problems()[0].kind(), ProblemKind::NoArm);
}

#[test]
fn without_a_matching_constant_the_arm_with_fewest_problems_is_nearest() {
    // `condition_type` contradicts every arm: the one with the fewest problems is named, and
    // no constant is.
    let value = json!({"condition_type": "Nope", "field": "aim", "op": "open", "value": "1"});
    assert_eq!(
        problems(&conditions(), value),
        [
            "$: matches no arm; nearest is arm 0 of 4: $.condition_type: expected one of \
             \"Aim\", got string \"Nope\""
        ]
    );
    let closed = |names: &[&str]| {
        let fields: Vec<Value> = names
            .iter()
            .map(|n| json!({"name": n, "required": true, "schema": {"type": "integer"}}))
            .collect();
        json!({"type": "object", "fields": fields})
    };
    let union: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        closed(&["a", "b", "c"]), closed(&["a", "d"])]}))
    .unwrap();
    assert_eq!(
        problems(&union, json!({"a": 1, "d": "x"})),
        ["$: matches no arm; nearest is arm 1 of 2: $.d: expected integer, got string \"x\""]
    );
}

#[test]
fn the_nearest_arms_problems_are_bounded() {
    let many: Vec<Value> = (0..6)
        .map(|i| json!({"name": format!("p{i}"), "required": true, "schema": {"type": "string"}}))
        .collect();
    let union: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "fields": many},
        {"type": "object", "fields": [{"name": "q", "required": true,
            "schema": {"type": "string"}}, {"name": "r", "required": true,
            "schema": {"type": "string"}}, {"name": "s", "required": true,
            "schema": {"type": "string"}}, {"name": "t", "required": true,
            "schema": {"type": "string"}}, {"name": "u", "required": true,
            "schema": {"type": "string"}}, {"name": "v", "required": true,
            "schema": {"type": "string"}}, {"name": "w", "required": true,
            "schema": {"type": "string"}}]}
    ]}))
    .unwrap();
    assert_eq!(
        problems(&union, json!({})),
        [
            "$: matches no arm; nearest is arm 0 of 2: $.p0: missing required field `p0` \
             (string); $.p1: missing required field `p1` (string); $.p2: missing required \
             field `p2` (string); and 3 more problems in that arm"
        ]
    );
    // An arm whose one problem is long is cut, whatever its length.
    let values: Vec<String> = (0..300).map(|i| format!("value-{i}")).collect();
    let long: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "fields": [{"name": "k", "schema": {"type": "string", "enum": values}}]},
        {"type": "object", "fields": [{"name": "k", "schema": {"type": "integer"}},
            {"name": "m", "required": true, "schema": {"type": "integer"}}]}
    ]}))
    .unwrap();
    let [message] = problems(&long, json!({"k": "other"})).try_into().unwrap();
    assert!(
        message.starts_with(
            "$: matches no arm; nearest is arm 0 of 2: $.k: expected one of \"value-0\", "
        ),
        "{message}"
    );
    assert!(message.ends_with("..."), "{message}");
    assert!(
        message.len() <= "$: ".len() + 600 + "...".len(),
        "{}",
        message.len()
    );
}

/// Two object arms: `a` with the discriminator `n` of `first` (and a required `a`), `b` with
/// `n` of `second` (and a required `b`); a value `{n, b: 7}` has one problem in the second arm
/// (`b` is no string) and two in the first (`b` unknown, `a` missing).
fn discriminated(first: Value, second: Value) -> Schema {
    serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "fields": [
            {"name": "n", "schema": first},
            {"name": "a", "required": true, "schema": {"type": "string"}}]},
        {"type": "object", "fields": [
            {"name": "n", "schema": second},
            {"name": "b", "required": true, "schema": {"type": "string"}}]}
    ]}))
    .unwrap()
}

#[test]
fn an_integer_a_boolean_or_a_const_of_one_value_discriminates_an_arm() {
    // The constant wins over the fewest problems: the first arm is named though it has more.
    for (first, second, n, shown) in [
        (
            json!({"type": "integer", "enum": [1]}),
            json!({"type": "integer", "enum": [2]}),
            json!(1),
            "1",
        ),
        (
            json!({"type": "boolean", "enum": [true]}),
            json!({"type": "boolean", "enum": [false]}),
            json!(true),
            "true",
        ),
        (
            json!({"type": "any", "allowed": ["x"]}),
            json!({"type": "any", "allowed": ["y"]}),
            json!("x"),
            "\"x\"",
        ),
    ] {
        let got = problems(&discriminated(first, second), json!({"n": n, "b": 7}));
        assert_eq!(
            got[0].split(": $").next(),
            Some(format!("$: matches no arm; nearest is arm 0 of 2 (n {shown})").as_str()),
            "{got:?}"
        );
    }
}

#[test]
fn an_enum_of_several_values_is_no_discriminator() {
    // `n: 1` is one of the first arm's values, not its constant: the arm with the fewest
    // problems is named, and no constant.
    for (first, n) in [
        (json!({"type": "integer", "enum": [1, 2]}), json!(1)),
        (
            json!({"type": "boolean", "enum": [true, false]}),
            json!(true),
        ),
        (json!({"type": "any", "allowed": ["x", "z"]}), json!("x")),
    ] {
        let got = problems(
            &discriminated(first, json!({"type": "any"})),
            json!({"n": n, "b": 7}),
        );
        assert_eq!(
            got,
            ["$: matches no arm; nearest is arm 1 of 2: $.b: expected string, got number 7"]
        );
    }
}

#[test]
fn an_arm_without_constants_is_not_preferred_over_fewer_problems() {
    // The value contradicts the first arm's constant (one problem); the second has no
    // constant and three problems: the first is nearer, and no constant is named.
    let union: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "fields": [
            {"name": "kind", "schema": {"type": "string", "enum": ["a"]}},
            {"name": "x", "schema": {"type": "integer"}}]},
        {"type": "object", "fields": [
            {"name": "y", "required": true, "schema": {"type": "integer"}},
            {"name": "z", "required": true, "schema": {"type": "integer"}}]}
    ]}))
    .unwrap();
    let got = problems(&union, json!({"kind": "b", "x": 1}));
    assert_eq!(
        got[0].split(": $").next(),
        Some("$: matches no arm; nearest is arm 0 of 2"),
        "{got:?}"
    );
}

#[test]
fn arms_with_as_many_problems_go_to_the_first() {
    let union: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "fields": [{"name": "p", "required": true, "schema": {"type": "integer"}}]},
        {"type": "object", "fields": [{"name": "q", "required": true, "schema": {"type": "integer"}}]}
    ]}))
    .unwrap();
    let got = problems(&union, json!({}));
    assert_eq!(
        got,
        ["$: matches no arm; nearest is arm 0 of 2: $.p: missing required field `p` (integer)"]
    );
}

#[test]
fn problems_past_the_listed_ones_count_toward_the_nearest_arm() {
    // The first arm has 30 problems, 20 listed and 10 counted; the second has 15: the second
    // is nearer (the counted ones weigh as much as the listed ones).
    let required = |prefix: &str, n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| json!({"name": format!("{prefix}{i}"), "required": true, "schema": {"type": "integer"}}))
            .collect()
    };
    let union: Schema = serde_json::from_value(json!({"type": "anyOf", "arms": [
        {"type": "object", "fields": required("p", 30)},
        {"type": "object", "fields": required("q", 15)}
    ]}))
    .unwrap();
    let got = problems(&union, json!({}));
    assert!(
        got[0].starts_with("$: matches no arm; nearest is arm 1 of 2: $.q0: missing"),
        "{got:?}"
    );
}
