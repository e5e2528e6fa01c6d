use super::*;
use crate::model::Disposition;
use serde_json::json;

/// A tool over `POST /teams/{team_id}/posts` with one argument of each shape.
fn op() -> Operation {
    let p = |location: &str, name: &str, required: bool, schema: Value| {
        json!({"location": location, "name": name, "required": required, "schema": schema,
               "style": if location == "query" { "form" } else { "simple" }, "pointer": "#/p"})
    };
    let set = |param: Value, arg: &str| json!({"param": param, "disposition": "set", "argument": arg, "field": arg});
    let params = vec![
        p(
            "path",
            "team_id",
            true,
            json!({"type": "string", "min_length": 3, "max_length": 8}),
        ),
        p(
            "query",
            "sort",
            false,
            json!({"type": "string", "enum": ["asc", "desc"]}),
        ),
        p(
            "query",
            "per_page",
            false,
            json!({"type": "integer", "minimum": 1.0, "maximum": 200.0}),
        ),
        p(
            "query",
            "level",
            false,
            json!({"type": "integer", "enum": [1, 2, 3]}),
        ),
        p(
            "query",
            "ratio",
            false,
            json!({"type": "number", "minimum": 0.0, "exclusive_minimum": true, "maximum": 1.0}),
        ),
        p(
            "query",
            "tags",
            false,
            json!({"type": "array", "items": {"type": "string"}, "min_items": 1, "max_items": 3}),
        ),
        p("header", "X-Request-Id", false, json!({"type": "string"})),
        p("body", "message", true, json!({"type": "string"})),
        p(
            "body",
            "root_id",
            false,
            json!({"type": "string", "nullable": true}),
        ),
        p(
            "body",
            "filter",
            false,
            json!({"type": "object", "fields": [
                {"name": "name", "required": true, "schema": {"type": "string"}},
                {"name": "id", "required": true, "read_only": true, "schema": {"type": "integer"}},
                {"name": "inner", "schema": {"type": "object", "open": true, "fields": [
                    {"name": "n", "schema": {"type": "integer"}},
                    {"name": "created_at", "read_only": true, "schema": {"type": "string"}}]}}
            ]}),
        ),
        p(
            "body",
            "either",
            false,
            json!({"type": "anyOf", "arms": [
            {"type": "string", "enum": ["all"]}, {"type": "integer", "minimum": 0.0}]}),
        ),
        p("body", "extra", false, json!({"type": "any"})),
        p("body", "flag", false, json!({"type": "boolean"})),
    ];
    let mut accounting: Vec<Value> = params
        .iter()
        .map(|p| {
            let name = p["name"].as_str().unwrap_or_default().to_string();
            set(p.clone(), &name)
        })
        .collect();
    accounting.push(json!({"param": p("query", "set_online", false, json!({"type": "boolean"})),
        "disposition": "fixed", "value": false, "reason": "an agent is not a person at the keyboard"}));
    accounting.push(json!({"param": p("body", "file_ids", false, json!({"type": "array", "items": {"type": "string"}})),
        "disposition": "omitted", "reason": "uploads need the file tool first"}));
    accounting.push(
        json!({"param": p("query", "pageNum", false, json!({"type": "integer"})),
        "disposition": "omitted", "reason": "the tool returns the first page only"}),
    );
    let op = json!({"method": "POST", "path": "/teams/{team_id}/posts", "pointer": "#/op",
        "params": params, "accounting": accounting,
        "body": {"media_type": "application/json", "kind": "json", "pointer": "#/b"}});
    serde_json::from_value(op).unwrap()
}

fn errors(args: Value) -> Vec<String> {
    match check_arguments(&op(), &args) {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(ToString::to_string).collect(),
    }
}

fn ok() -> Value {
    json!({"team_id": "abc", "message": "hi"})
}

fn with(extra: Value) -> Value {
    let mut v = ok();
    if let (Some(m), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        for (k, x) in e {
            m.insert(k.clone(), x.clone());
        }
    }
    v
}

#[test]
fn valid_arguments_pass() {
    let args = with(
        json!({"sort": "asc", "per_page": 200, "level": 2, "ratio": 1.0,
        "tags": ["a"], "X-Request-Id": "r1", "root_id": null,
        "filter": {"name": "x", "inner": {"n": 1, "other": [1]}},
        "either": "all", "extra": {"free": true}, "flag": false}),
    );
    assert_eq!(errors(args), Vec::<String>::new());
    assert_eq!(errors(with(json!({"either": 5}))), Vec::<String>::new());
}

#[test]
fn arguments_must_be_an_object() {
    let e = check_arguments(&op(), &json!([1])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $: arguments must be a JSON object, got an array of 1 item"
    );
    assert_eq!(e.problems()[0].kind(), ProblemKind::NotAnObject);
    assert_eq!(
        errors(json!(null)),
        ["$: arguments must be a JSON object, got null"]
    );
}

#[test]
fn unknown_argument_names_the_nearest() {
    assert_eq!(
        errors(with(json!({"mesage": "x"}))),
        ["$.mesage: unknown argument `mesage`; did you mean `message`?"]
    );
    assert_eq!(
        errors(with(json!({"post_root_id": "x"}))),
        ["$.post_root_id: unknown argument `post_root_id`; did you mean `root_id`?"]
    );
    assert_eq!(
        errors(with(json!({"x_request_id": "x"}))),
        ["$.x_request_id: unknown argument `x_request_id`; did you mean `X-Request-Id`?"]
    );
    assert_eq!(
        errors(with(json!({"zzzzzz": 1}))),
        [
            "$.zzzzzz: unknown argument `zzzzzz`; accepted: `team_id`, `sort`, `per_page`, `level`, `ratio`, `tags`, `X-Request-Id`, `message`, `root_id`, `filter`, `either`, `extra`, `flag`"
        ]
    );
}

#[test]
fn renamed_argument_is_named_by_its_wire_name() {
    let mut o = op();
    if let Some(row) = o.accounting.iter_mut().find(|r| r.param.name == "root_id") {
        row.disposition = Disposition::Set {
            argument: "reply_to".into(),
            field: "reply_to".into(),
        };
    }
    let e = check_arguments(&o, &with(json!({"root_id": "x"}))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.root_id: unknown argument `root_id`; this tool takes body.root_id as `reply_to`"
    );
    assert_eq!(check_arguments(&o, &with(json!({"reply_to": "x"}))), Ok(()));
}

#[test]
fn omitted_and_fixed_are_refused_with_the_tools_reason() {
    assert_eq!(
        errors(with(json!({"file_ids": []}))),
        [
            "$.file_ids: `file_ids` is not accepted: this tool omits body.file_ids: uploads need the file tool first"
        ]
    );
    assert_eq!(
        errors(with(json!({"page_num": 2}))),
        [
            "$.page_num: `page_num` is not accepted: this tool omits query.pageNum: the tool returns the first page only"
        ]
    );
    assert_eq!(
        errors(with(json!({"set_online": true}))),
        [
            "$.set_online: `set_online` is not accepted: this tool always sends query.set_online = false: an agent is not a person at the keyboard"
        ]
    );
}

#[test]
fn required_absent_and_null_are_kept_apart() {
    assert_eq!(
        errors(json!({"team_id": "abc"})),
        ["$.message: missing required argument `message` (string)"]
    );
    assert_eq!(
        errors(with(json!({"message": null}))),
        ["$.message: cannot be null; expected string"]
    );
    assert_eq!(errors(with(json!({"root_id": null}))), Vec::<String>::new());
    assert_eq!(
        errors(with(json!({"extra": null}))),
        ["$.extra: cannot be null; expected any JSON value"]
    );
}

#[test]
fn types_enums_and_bounds() {
    assert_eq!(
        errors(with(json!({"per_page": "2"}))),
        ["$.per_page: expected integer, got string \"2\""]
    );
    assert_eq!(
        errors(with(json!({"per_page": 1.5}))),
        ["$.per_page: expected integer, got number 1.5"]
    );
    assert_eq!(
        errors(with(json!({"per_page": 1.0}))),
        ["$.per_page: expected integer, got number 1.0"]
    );
    assert_eq!(
        errors(with(json!({"per_page": 0}))),
        ["$.per_page: must be at least 1, got 0"]
    );
    assert_eq!(
        errors(with(json!({"per_page": 201}))),
        ["$.per_page: must be at most 200, got 201"]
    );
    assert_eq!(
        errors(with(json!({"level": 4}))),
        ["$.level: expected one of 1, 2, 3, got 4"]
    );
    assert_eq!(
        errors(with(json!({"ratio": 0}))),
        ["$.ratio: must be greater than 0, got 0"]
    );
    assert_eq!(
        errors(with(json!({"ratio": 1.5}))),
        ["$.ratio: must be at most 1, got 1.5"]
    );
    assert_eq!(
        errors(with(json!({"ratio": "1"}))),
        ["$.ratio: expected number, got string \"1\""]
    );
    assert_eq!(
        errors(with(json!({"sort": "up"}))),
        ["$.sort: expected one of \"asc\", \"desc\", got string \"up\""]
    );
    assert_eq!(
        errors(with(json!({"sort": 1}))),
        ["$.sort: expected string enum [asc, desc], got number 1"]
    );
    assert_eq!(
        errors(with(json!({"flag": "true"}))),
        ["$.flag: expected boolean, got string \"true\""]
    );
    assert_eq!(
        errors(json!({"team_id": "ab", "message": "x"})),
        ["$.team_id: must be at least 3 characters long, got 2"]
    );
    assert_eq!(
        errors(json!({"team_id": "ééééééééé", "message": "x"})),
        ["$.team_id: must be at most 8 characters long, got 9"]
    );
    // Lengths count characters, not bytes.
    assert_eq!(
        errors(json!({"team_id": "ééé", "message": "x"})),
        Vec::<String>::new()
    );
}

#[test]
fn arrays_are_checked_element_wise() {
    assert_eq!(
        errors(with(json!({"tags": ["a", 2, "c"]}))),
        ["$.tags[1]: expected string, got number 2"]
    );
    assert_eq!(
        errors(with(json!({"tags": []}))),
        ["$.tags: must have at least 1 item, got 0"]
    );
    assert_eq!(
        errors(with(json!({"tags": ["a", "b", "c", "d"]}))),
        ["$.tags: must have at most 3 items, got 4"]
    );
    assert_eq!(
        errors(with(json!({"tags": "a"}))),
        ["$.tags: expected array of string, got string \"a\""]
    );
}

#[test]
fn objects_are_checked_recursively() {
    assert_eq!(
        errors(with(json!({"filter": {"name": 1}}))),
        ["$.filter.name: expected string, got number 1"]
    );
    assert_eq!(
        errors(with(json!({"filter": {}}))),
        ["$.filter.name: missing required field `name` (string)"]
    );
    assert_eq!(
        errors(with(json!({"filter": {"name": "a", "nmae": "b"}}))),
        ["$.filter.nmae: unknown field `nmae`; did you mean `name`?"]
    );
    assert_eq!(
        errors(with(json!({"filter": {"name": "a", "inner": {"n": "x"}}}))),
        ["$.filter.inner.n: expected integer, got string \"x\""]
    );
    assert_eq!(
        errors(with(json!({"filter": {"name": "a", "a b": 1}}))),
        ["$.filter['a b']: unknown field `a b`; accepted: `name`, `inner`"]
    );
}

#[test]
fn a_read_only_property_is_refused_at_every_depth_and_never_required_or_suggested() {
    // Sent, it would be accepted and dropped (serde has no field for it) or ignored by the
    // server: either way the call would report success for a value never applied.
    let problems = |args: Value| -> Vec<(String, ProblemKind)> {
        match check_arguments(&op(), &args) {
            Ok(()) => Vec::new(),
            Err(e) => e
                .problems()
                .iter()
                .map(|p| (p.to_string(), p.kind()))
                .collect(),
        }
    };
    assert_eq!(
        problems(with(json!({"filter": {"name": "a", "id": 7}}))),
        [(
            "$.filter.id: `id` is read-only: the server sets it and ignores a value sent, so this \
             tool does not send it; leave it out"
                .to_string(),
            ProblemKind::ReadOnly
        )]
    );
    // In an open object too: the key is declared, and declared read-only.
    assert_eq!(
        problems(with(
            json!({"filter": {"name": "a", "inner": {"created_at": "2026-01-01"}}})
        )),
        [(
            "$.filter.inner.created_at: `created_at` is read-only: the server sets it and ignores \
             a value sent, so this tool does not send it; leave it out"
                .to_string(),
            ProblemKind::ReadOnly
        )]
    );
    // Required read-only properties are required of responses, not of requests.
    assert_eq!(problems(with(json!({"filter": {"name": "a"}}))), []);
    // Never offered as the nearest name.
    assert_eq!(
        errors(with(json!({"filter": {"name": "a", "ib": 1}}))),
        ["$.filter.ib: unknown field `ib`; accepted: `name`, `inner`"]
    );
}

#[test]
fn any_of_matches_any_arm() {
    assert_eq!(
        errors(with(json!({"either": -1}))),
        ["$.either: must be at least 0, got -1"]
    );
    assert_eq!(
        errors(with(json!({"either": true}))),
        ["$.either: expected string enum [all] or integer, got boolean true"]
    );
    assert_eq!(
        errors(with(json!({"either": "some"}))),
        ["$.either: expected one of \"all\", got string \"some\""]
    );
}

#[test]
fn every_problem_is_reported_once() {
    let e = check_arguments(&op(), &json!({"sort": 1, "level": "x"})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.sort: expected string enum [asc, desc], got number 1; $.level: expected integer, got string \"x\"; $.team_id: missing required argument `team_id` (string); $.message: missing required argument `message` (string)"
    );
}

#[test]
fn problems_are_capped() {
    let tags: Vec<Value> = (0..30).map(Value::from).collect();
    let e = check_arguments(&op(), &with(json!({"tags": tags}))).unwrap_err();
    assert_eq!(e.problems().len(), MAX_PROBLEMS);
    assert_eq!(e.more(), 11);
    assert!(e.to_string().ends_with("; and 11 more problems"));
}

#[test]
fn hostile_text_is_escaped_and_shortened_in_messages() {
    let long = "x".repeat(10_000);
    let e = errors(with(json!({"sort": long})));
    assert_eq!(
        e,
        [format!(
            "$.sort: expected one of \"asc\", \"desc\", got string \"{}\"…",
            "x".repeat(64)
        )]
    );
    assert_eq!(
        errors(with(json!({"a\nb`": 1}))),
        [
            "$['a\\u{a}b`']: unknown argument `a\\u{a}b``; accepted: `team_id`, `sort`, `per_page`, `level`, `ratio`, `tags`, `X-Request-Id`, `message`, `root_id`, `filter`, `either`, `extra`, `flag`"
        ]
    );
    assert_eq!(
        errors(with(json!({"sort": "a\u{0}"}))),
        ["$.sort: expected one of \"asc\", \"desc\", got string \"a\\u0000\""]
    );
}

#[test]
fn other_errors_carry_a_path() {
    let e = ArgumentError::other("$.x", "bad");
    assert_eq!(e.to_string(), "invalid arguments: $.x: bad");
    assert_eq!(e.problems()[0].path(), "$.x");
    assert_eq!(e.problems()[0].message(), "bad");
    assert_eq!(e.more(), 0);
}

#[test]
fn a_header_text_with_a_control_character_is_refused_in_words_and_other_patterns_as_written() {
    let p = |name: &str, pattern: &str| {
        json!({"param": {"location": "header", "name": name, "schema": {"type": "string", "pattern": pattern},
                          "style": "simple", "pointer": "#/p"},
               "disposition": "set", "argument": name, "field": name})
    };
    let op: Operation = serde_json::from_value(json!({
        "method": "GET", "path": "/", "pointer": "#/op",
        "accounting": [p("X-Tag", crate::model::HEADER_TEXT_PATTERN), p("X-Own", "^[a-z]*$")],
    }))
    .unwrap();
    let problems = |args: Value| match check_arguments(&op, &args) {
        Ok(()) => vec![],
        Err(e) => e
            .problems()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
    };
    assert_eq!(
        problems(json!({"X-Tag": "a\r\nX-Evil: 1"})),
        [
            "$['X-Tag']: a header value cannot hold a control character (found U+000D): a header \
          line cannot carry it"
        ]
    );
    assert_eq!(problems(json!({"X-Tag": "é \"1\""})), Vec::<String>::new());
    // A pattern of the spec's own is told as written, control character or not.
    assert_eq!(
        problems(json!({"X-Own": "a\rb"})),
        ["$['X-Own']: must match the pattern /^[a-z]*$/, got string \"a\\rb\""]
    );
}

/// Each problem of a finished [`Decoder`], as `path: message`.
fn decoder_errors(d: Decoder<'_>) -> Vec<String> {
    match d.finish() {
        Ok(()) => vec![],
        Err(e) => e.problems().iter().map(ToString::to_string).collect(),
    }
}

/// Decodes `args` over [`op`] as the `#[tool]` expansion does, the string arguments `team_id`
/// (row 0) and `message` (row 7) into `String`s: their values, then every problem.
fn decode(args: Value) -> (Vec<(String, String)>, Vec<String>) {
    let op = op();
    // One more turn than there are keys: a decoder that never runs dry is caught, not waited on.
    let turns = args.as_object().map_or(0, Map::len) + 1;
    let mut d = Decoder::new(&op, args);
    let mut decoded = Vec::new();
    for _ in 0..turns {
        let Some((key, value)) = d.next() else { break };
        let row = match key.as_str() {
            "team_id" => 0,
            "message" => 7,
            _ => {
                d.unknown(&key);
                continue;
            }
        };
        if let Some(s) = d.value::<String>(row, &key, value) {
            decoded.push((key, s));
        }
    }
    (decoded, decoder_errors(d))
}

#[test]
fn the_decoder_hands_over_each_argument_once_in_order_then_none() {
    let op = op();
    let mut d = Decoder::new(&op, json!({"team_id": "abc", "message": "hi"}));
    assert_eq!(d.next(), Some(("team_id".to_string(), json!("abc"))));
    assert_eq!(d.next(), Some(("message".to_string(), json!("hi"))));
    assert_eq!(d.next(), None);
}

#[test]
fn the_decoder_accepts_the_required_arguments_it_decoded_and_reports_the_others_missing() {
    let (decoded, problems) = decode(ok());
    assert_eq!(
        decoded,
        [
            ("team_id".to_string(), "abc".to_string()),
            ("message".to_string(), "hi".to_string())
        ]
    );
    assert_eq!(problems, Vec::<String>::new());
    let (decoded, problems) = decode(json!({"message": "hi"}));
    assert_eq!(decoded, [("message".to_string(), "hi".to_string())]);
    assert_eq!(
        problems,
        ["$.team_id: missing required argument `team_id` (string)"]
    );
}

#[test]
fn the_decoder_refuses_an_undeclared_argument_naming_the_nearest() {
    let (_, problems) = decode(with(json!({"mesage": "x"})));
    assert_eq!(
        problems,
        ["$.mesage: unknown argument `mesage`; did you mean `message`?"]
    );
}

#[test]
fn the_decoder_refuses_an_arguments_former_name_naming_the_current_one() {
    let op = op();
    let mut d = Decoder::new(&op, json!({}));
    d.renamed("reply_to", "root_id");
    let e = d.finish().unwrap_err();
    assert_eq!(e.problems()[0].kind(), ProblemKind::UnknownArgument);
    assert_eq!(
        e.problems()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "$.reply_to: unknown argument `reply_to`; did you mean `root_id`? (`reply_to` is its \
             former name)",
            "$.team_id: missing required argument `team_id` (string)",
            "$.message: missing required argument `message` (string)"
        ]
    );
}

#[test]
fn a_value_the_schema_accepts_but_the_field_type_refuses_is_reported_in_serdes_words() {
    let op = op();
    let mut d = Decoder::new(&op, json!({}));
    assert_eq!(
        d.value::<String>(0, "team_id", json!("abc")),
        Some("abc".into())
    );
    assert_eq!(
        d.value::<String>(7, "message", json!("hi")),
        Some("hi".into())
    );
    // `per_page` is an integer of 1 to 200: 200 is past an `i8`.
    assert_eq!(d.value::<i8>(2, "per_page", json!(200)), None);
    let e = d.finish().unwrap_err();
    assert_eq!(e.problems().len(), 1);
    assert_eq!(e.problems()[0].kind(), ProblemKind::Other);
    assert_eq!(
        e.problems()[0].to_string(),
        "$.per_page: invalid value: integer `200`, expected i8"
    );
}

#[test]
fn the_decoder_reads_null_for_a_nullable_argument_as_some_none_and_refuses_it_elsewhere() {
    let op = op();
    let mut d = Decoder::new(&op, json!({}));
    // `root_id` (row 8) is nullable, `message` (row 7) is not.
    assert_eq!(
        d.nullable::<String>(8, "root_id", Value::Null),
        Some(Some(None))
    );
    assert_eq!(
        d.nullable::<String>(8, "root_id", json!("x")),
        Some(Some(Some("x".to_string())))
    );
    assert_eq!(d.nullable::<String>(8, "root_id", json!(1)), None);
    assert_eq!(d.nullable::<String>(7, "message", Value::Null), None);
    assert_eq!(
        d.value::<String>(0, "team_id", json!("abc")),
        Some("abc".into())
    );
    assert_eq!(
        decoder_errors(d),
        [
            "$.root_id: expected string or null, got number 1",
            "$.message: cannot be null; expected string"
        ]
    );
}

#[test]
fn a_fine_value_still_decodes_once_the_problems_are_past_the_cap() {
    let op = op();
    let mut d = Decoder::new(&op, json!({}));
    let tags: Vec<Value> = (0..30).map(Value::from).collect();
    assert_eq!(d.value::<Vec<String>>(5, "tags", Value::from(tags)), None);
    assert_eq!(
        d.value::<String>(0, "team_id", json!("abc")),
        Some("abc".into())
    );
    assert_eq!(
        d.value::<String>(7, "message", json!("hi")),
        Some("hi".into())
    );
    let e = d.finish().unwrap_err();
    assert_eq!(e.problems().len(), MAX_PROBLEMS);
    assert_eq!(e.more(), 11);
}

/// A `GET /x` whose 66 query parameters `p0` to `p65` are integers taken as arguments of the
/// same names, rows 0, 63, 64 and 65 required.
fn wide() -> Operation {
    let rows: Vec<Value> = (0..66)
        .map(|i| {
            let required = [0, 63, 64, 65].contains(&i);
            json!({"param": {"location": "query", "name": format!("p{i}"), "required": required,
                             "schema": {"type": "integer"}, "style": "form", "pointer": "#/p"},
                   "disposition": "set", "argument": format!("p{i}"), "field": format!("p{i}")})
        })
        .collect();
    serde_json::from_value(
        json!({"method": "GET", "path": "/x", "pointer": "#/op", "accounting": rows}),
    )
    .unwrap()
}

#[test]
fn required_arguments_past_the_64th_row_are_found_given_and_reported_missing() {
    let op = wide();
    let given = json!({"p0": 1, "p63": 1, "p64": 1, "p65": 1});
    assert_eq!(check_arguments(&op, &given), Ok(()));
    let e = check_arguments(&op, &json!({"p0": 1, "p65": 1})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.p63: missing required argument `p63` (integer); $.p64: missing \
         required argument `p64` (integer)"
    );

    let mut d = Decoder::new(&op, json!({}));
    for row in [0, 63, 64, 65] {
        assert_eq!(d.value::<i64>(row, &format!("p{row}"), json!(1)), Some(1));
    }
    assert_eq!(d.finish(), Ok(()));
    let mut d = Decoder::new(&op, json!({}));
    for row in [0, 65] {
        assert_eq!(d.value::<i64>(row, &format!("p{row}"), json!(1)), Some(1));
    }
    assert_eq!(
        decoder_errors(d),
        [
            "$.p63: missing required argument `p63` (integer)",
            "$.p64: missing required argument `p64` (integer)"
        ]
    );
}
