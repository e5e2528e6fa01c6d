//! Properties over generated values: typed and `Value` arguments encode alike, no value panics
//! or escapes its place (dot segments, CRLF in headers), path and query values read back.

use super::*;
use percent_encoding::percent_decode_str;
use proptest::prelude::*;

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(any::<String>(), inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn all_locations() -> Operation {
    op(
        "POST",
        "/t/{p}",
        vec![
            set("path", "p", json!({"required": true})),
            set("query", "q", json!({"explode": true})),
            set(
                "query",
                "d",
                json!({"style": "deepObject", "explode": true}),
            ),
            set("header", "X-H", json!({})),
            set("cookie", "c", json!({})),
            set("body", "b", json!({})),
        ],
        json_body(),
    )
}

/// Every location and style the typed fast path lowers to text or items.
fn styled_ops() -> Vec<Operation> {
    let mut ops = Vec::new();
    for (style, explode) in [
        ("simple", false),
        ("simple", true),
        ("label", false),
        ("label", true),
        ("matrix", false),
        ("matrix", true),
    ] {
        ops.push(path_op(style, explode));
    }
    let query =
        |style: &str, explode: bool| set("query", "q", json!({"style": style, "explode": explode}));
    ops.push(op(
        "GET",
        "/q",
        vec![
            query("form", true),
            set("query", "f", json!({"style": "form", "explode": false})),
            set(
                "query",
                "s",
                json!({"style": "spaceDelimited", "explode": false}),
            ),
            set(
                "query",
                "p",
                json!({"style": "pipeDelimited", "explode": false}),
            ),
            set("header", "X-H", json!({})),
            set("cookie", "c", json!({"explode": true})),
            set("cookie", "k", json!({"explode": false})),
        ],
        None,
    ));
    ops.push(op(
        "POST",
        "/f",
        vec![set("body", "a", json!({})), set("body", "b", json!({}))],
        Some(json!({"media_type": "application/x-www-form-urlencoded", "kind": "form", "pointer": "#/b"})),
    ));
    ops.push(op(
        "POST",
        "/t",
        vec![set("body", "", json!({"required": true}))],
        Some(
            json!({"media_type": "text/plain", "kind": "text", "required": true, "pointer": "#/b"}),
        ),
    ));
    ops.push(all_locations());
    ops.push(planned());
    ops
}

/// Every shape a tool's plan covers: a simple path, form and deepObject query values, a
/// header and the fields of a JSON object body.
fn planned() -> Operation {
    op(
        "POST",
        "/t/{p}/x",
        vec![
            set("path", "p", json!({"required": true})),
            set("query", "q", json!({"explode": true})),
            set("query", "f", json!({"explode": false})),
            set(
                "query",
                "d",
                json!({"style": "deepObject", "explode": true}),
            ),
            set("header", "X-H", json!({})),
            set("body", "b", json!({"required": true})),
            set("body", "c", json!({})),
        ],
        json_body(),
    )
}

/// Method, URI, headers and body.
type Parts = (String, String, Vec<(String, Vec<u8>)>, Vec<u8>);

/// A request's parts, comparable.
fn parts(r: Result<http::Request<Vec<u8>>, RequestError>) -> Result<Parts, RequestError> {
    r.map(|r| {
        let headers = r
            .headers()
            .iter()
            .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
            .collect();
        (
            r.method().to_string(),
            r.uri().to_string(),
            headers,
            r.body().clone(),
        )
    })
}

/// Encodes the same values both ways: as `serde_json::Value`s ([`build_request`]) and as
/// typed values handed over by reference (`build_request_ref`, what `to_request` calls).
fn both_ways<T: serde::Serialize>(o: &Operation, values: &[T]) -> Result<(), TestCaseError> {
    let names: Vec<String> = o.accounting.iter().map(|r| r.param.name.clone()).collect();
    let owned: Vec<(&str, ArgValue)> = names
        .iter()
        .zip(values)
        .map(|(n, x)| (n.as_str(), v(serde_json::to_value(x).unwrap_or_default())))
        .collect();
    let typed: Vec<(&str, ArgRef<'_>)> = names
        .iter()
        .zip(values)
        .map(|(n, x)| (n.as_str(), ArgRef::Typed(x)))
        .collect();
    let general = parts(build_request_ref(o, &typed));
    prop_assert_eq!(parts(build_request(o, &owned)), general.clone());
    // A call the tool's plan covers is the request the general encoder writes.
    let plan = Plan::new(o, names.iter().map(String::as_str));
    if let Some(r) = plan.build(o, &typed) {
        prop_assert_eq!(parts(Ok(r)), general);
    }
    Ok(())
}

proptest! {
    #[test]
    fn typed_values_encode_like_json_values(values in prop::collection::vec(arb_json(), 7)) {
        for o in styled_ops() {
            both_ways(&o, &values)?;
        }
    }

    #[test]
    fn typed_string_lists_encode_like_json_values(values in prop::collection::vec(prop::collection::vec(any::<String>(), 0..4), 7)) {
        for o in styled_ops() {
            both_ways(&o, &values)?;
        }
    }

    #[test]
    fn typed_scalars_encode_like_json_values(i in any::<i64>(), u in any::<u64>(), f in any::<f64>(), b in any::<bool>(), s in any::<String>(), c in any::<char>()) {
        for o in styled_ops() {
            both_ways(&o, &[i; 7])?;
            both_ways(&o, &[u; 7])?;
            both_ways(&o, &[f; 7])?;
            both_ways(&o, &[b; 7])?;
            both_ways(&o, &[c; 7])?;
            both_ways(&o, &[Some(s.clone()), None, Some(s.clone()), None, Some(s.clone()), None, Some(s.clone())])?;
            both_ways(&o, &[vec![i], vec![], vec![i, i], vec![i], vec![i], vec![], vec![i]])?;
        }
    }

    #[test]
    fn arbitrary_json_never_panics(p in arb_json(), q in arb_json(), d in arb_json(), h in arb_json(), c in arb_json(), b in arb_json()) {
        let o = all_locations();
        let _ = build_request(&o, &[("p", v(p)), ("q", v(q)), ("d", v(d)), ("X-H", v(h)), ("c", v(c)), ("b", v(b.clone()))]);
        let mut args = serde_json::Map::new();
        args.insert("p".into(), b);
        let _ = crate::wire::decode::check_arguments(&o, &Value::Object(args));
    }

    #[test]
    fn arbitrary_arguments_object_never_panics(args in arb_json()) {
        let _ = crate::wire::decode::check_arguments(&all_locations(), &args);
    }

    #[test]
    fn path_values_round_trip(s in any::<String>()) {
        let o = path_op("simple", false);
        match build_request(&o, &[("id", v(json!(s.clone())))]) {
            Ok(r) => {
                let path = r.uri().path().to_string();
                let seg = path.strip_prefix("/items/").and_then(|p| p.strip_suffix("/x"));
                prop_assert!(seg.is_some(), "{}", path);
                let seg = seg.unwrap_or_default();
                prop_assert!(!seg.contains('/'));
                prop_assert_eq!(percent_decode_str(seg).decode_utf8().map(|c| c.into_owned()).ok(), Some(s));
            }
            Err(e) => {
                prop_assert!(s.is_empty() || s == "." || s == "..", "{} refused: {}", s, e);
            }
        }
    }

    #[test]
    fn dot_segments_always_refused(dots in prop::sample::select(vec![".", ".."]), style in prop::sample::select(vec!["simple", "label", "matrix"]), explode in any::<bool>(), arr in any::<bool>()) {
        let x = if arr { json!(["a", dots]) } else { json!(dots) };
        let e = build_request(&path_op(style, explode), &[("id", v(x))]);
        prop_assert_eq!(e.map_err(|e| e.kind()).err(), Some(RequestErrorKind::PathValue));
    }

    #[test]
    fn header_crlf_always_refused(a in any::<String>(), b in any::<String>(), bad in prop::sample::select(vec!["\r", "\n", "\r\n", "\u{0}"])) {
        let o = op("GET", "/h", vec![set("header", "X-H", json!({}))], None);
        let e = build_request(&o, &[("X-H", v(json!(format!("{a}{bad}{b}"))))]);
        prop_assert_eq!(e.map_err(|e| e.kind()).err(), Some(RequestErrorKind::HeaderValue));
    }

    #[test]
    fn query_values_round_trip(items in prop::collection::vec(any::<String>(), 1..5), key in "[a-zA-Z_ \\[\\]&=]{1,8}") {
        let o = op("GET", "/q", vec![set("query", &key, json!({"explode": true}))], None);
        let r = build_request(&o, &[(key.as_str(), v(json!(items.clone())))]);
        prop_assert!(r.is_ok());
        let r = r.map_err(|e| TestCaseError::fail(e.to_string()))?;
        let q = r.uri().query().unwrap_or_default().to_string();
        let pairs: Vec<(String, String)> = url::form_urlencoded::parse(q.as_bytes()).into_owned().collect();
        let expected: Vec<(String, String)> = items.iter().map(|i| (key.clone(), i.clone())).collect();
        prop_assert_eq!(pairs, expected);
    }
}
