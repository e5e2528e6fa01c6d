//! Bounded valid output: examples, and properties over arbitrary JSON bodies, caps and chunkings.

use super::*;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Reads `body` in `chunk`-byte pieces as the executor does.
fn read(body: &[u8], budget: usize, media_type: Option<&str>, chunk: usize) -> Bounded {
    let mut reader = BodyReader::new(budget, budget * SCAN_FACTOR, media_type);
    let mut ended = true;
    for piece in body.chunks(chunk.max(1)) {
        if !reader.feed(piece) {
            ended = false;
            break;
        }
    }
    reader.finish(ended)
}

const JSON: Option<&str> = Some("application/json");

#[test]
fn a_body_within_the_cap_is_whole() {
    assert_eq!(
        read(b"[1,2,3]", 7, JSON, 3),
        Bounded::Whole(b"[1,2,3]".to_vec())
    );
    assert_eq!(read(b"", 0, None, 1), Bounded::Whole(Vec::new()));
}

#[test]
fn an_array_is_cut_at_an_element_boundary_with_the_rest_counted() {
    let body = br#"[{"id":1,"n":"a"}, {"id":2,"n":"b,]"}, {"id":3}, 4]"#;
    assert_eq!(
        read(body, 40, JSON, 5),
        Bounded::Items {
            json: r#"[{"id":1,"n":"a"}, {"id":2,"n":"b,]"}]"#.into(),
            kept: 2,
            left_out: 2,
            counted: true,
            list: None,
        }
    );
    // Not even one item fits: an empty array, all counted.
    assert_eq!(
        read(body, 5, JSON, 64),
        Bounded::Items {
            json: "[]".into(),
            kept: 0,
            left_out: 4,
            counted: true,
            list: None,
        }
    );
}

#[test]
fn pretty_printed_arrays_are_cut_verbatim() {
    let body = b"[\n  \"a\",\n  \"b\",\n  \"c\"\n]\n";
    let Bounded::Items { json, kept, .. } = read(body, 16, JSON, 2) else {
        panic!("not cut")
    };
    assert_eq!(json, "[\n  \"a\",\n  \"b\"]");
    assert_eq!(kept, 2);
}

#[test]
fn an_object_or_a_long_string_over_the_cap_is_too_large_with_its_size() {
    // No list to cut: the object's size is too large in a string member.
    let body = format!(r#"{{"items":[1],"note":"{}"}}"#, "x".repeat(500));
    assert_eq!(
        read(body.as_bytes(), 100, JSON, 7),
        Bounded::TooLarge {
            bytes: body.len(),
            measured: true,
            what: "JSON object".into(),
        }
    );
    let long = format!("\"{}\"", "x".repeat(300));
    assert!(matches!(
        read(long.as_bytes(), 10, JSON, 7),
        Bounded::TooLarge { what, measured: true, .. } if what == "JSON value"
    ));
}

#[test]
fn an_object_over_the_cap_is_cut_at_an_item_of_its_list_keeping_the_cursor() {
    // Slack's envelope: the cursor after the list.
    let channels: Vec<Value> = (0..40)
        .map(|i| json!({"id": format!("C{i:03}"), "name": "general"}))
        .collect();
    let value = json!({
        "ok": true,
        "channels": channels,
        "response_metadata": {"next_cursor": "dGVhbTpDMDYxRkE1UEI="},
    });
    for pretty in [false, true] {
        let body = if pretty {
            serde_json::to_string_pretty(&value).unwrap()
        } else {
            value.to_string()
        };
        for chunk in [1, 7, 4096] {
            let Bounded::Items {
                json,
                kept,
                left_out,
                counted,
                list,
            } = read(body.as_bytes(), 800, JSON, chunk)
            else {
                panic!("not cut")
            };
            assert!(json.len() <= 800, "{}", json.len());
            assert_eq!(list, Some(vec!["channels".to_string()]));
            assert!(kept > 0 && counted, "{kept} {counted}");
            assert_eq!(kept + left_out, 40);
            let mut expected = value.clone();
            expected["channels"].as_array_mut().unwrap().truncate(kept);
            assert_eq!(serde_json::from_str::<Value>(&json).unwrap(), expected);
        }
    }
    // A list two members down (`data.items`), with escaped member names.
    let nested = json!({"data": {"a\"b": 1, "items": (0..100).collect::<Vec<_>>()}, "next": "x"});
    let Bounded::Items {
        json,
        list,
        kept,
        left_out,
        ..
    } = read(nested.to_string().as_bytes(), 200, JSON, 3)
    else {
        panic!("not cut")
    };
    assert_eq!(list, Some(vec!["data".to_string(), "items".to_string()]));
    assert_eq!(kept + left_out, 100);
    let cut: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(cut["next"], "x");
    assert_eq!(cut["data"]["a\"b"], 1);
}

#[test]
fn an_object_is_too_large_when_what_is_kept_of_it_would_not_fit() {
    let big = "x".repeat(300);
    let list = (0..100).collect::<Vec<_>>();
    for body in [
        // The members after the list are over what is left.
        json!({"items": list, "z": big}).to_string(),
        // A second long list after the cut one.
        json!({"a": list, "b": list}).to_string(),
    ] {
        assert!(
            matches!(
                read(body.as_bytes(), 200, JSON, 5),
                Bounded::TooLarge { ref what, measured: true, .. } if what == "JSON object"
            ),
            "{body}"
        );
    }
    // The items of a list of lists are not cut: the outer list is, at a whole item (so is a list
    // of objects holding lists).
    let rows = json!({"rows": [[1, 2, 3], list], "next": 2}).to_string();
    let Bounded::Items { json, kept, .. } = read(rows.as_bytes(), 100, JSON, 5) else {
        panic!("not cut")
    };
    assert_eq!((json.as_str(), kept), (r#"{"rows":[[1,2,3]],"next":2}"#, 1));
    // Not read to its end within the scan: no cut object, its size at least.
    let long = json!({"items": (0..5000).collect::<Vec<_>>()}).to_string();
    let mut reader = BodyReader::new(100, 1000, JSON);
    let mut ended = true;
    for piece in long.as_bytes().chunks(64) {
        if !reader.feed(piece) {
            ended = false;
            break;
        }
    }
    assert!(matches!(
        reader.finish(ended),
        Bounded::TooLarge { measured: false, ref what, .. } if what == "JSON object"
    ));
}

#[test]
fn counting_stops_at_the_scan_limit_and_says_at_least() {
    let body = format!("[{}1]", "1,".repeat(10_000));
    let mut reader = BodyReader::new(10, 100, JSON);
    let mut ended = true;
    for piece in body.as_bytes().chunks(16) {
        if !reader.feed(piece) {
            ended = false;
            break;
        }
    }
    let Bounded::Items {
        json,
        kept,
        left_out,
        counted,
        list: None,
    } = reader.finish(ended)
    else {
        panic!("not cut")
    };
    assert_eq!(json, "[1,1,1,1]");
    assert_eq!(kept, 4);
    assert!(!counted);
    assert!((40..=60).contains(&left_out), "{left_out}");
}

#[test]
fn text_is_cut_on_a_utf8_boundary_and_binary_never_is() {
    let text = "aé€😀 and more";
    assert_eq!(
        read(text.as_bytes(), 5, Some("text/plain"), 3),
        Bounded::Cut("aé".into())
    );
    let png = [0x89, b'P', b'N', b'G', 0, 0, 0, 13, 0xff, 0xfe];
    assert_eq!(
        read(&png, 4, Some("image/png"), 3),
        Bounded::TooLarge {
            // Read in 3-byte chunks: two of them, then no more.
            bytes: 6,
            measured: false,
            what: "image/png".into(),
        }
    );
    let mut reader = BodyReader::new(4, 400, Some("application/pdf")).with_length(Some(10));
    assert!(!reader.feed(b"%PDF-1.7\n\n"));
    assert_eq!(
        reader.finish(false),
        Bounded::TooLarge {
            bytes: 10,
            measured: true,
            what: "application/pdf".into(),
        }
    );
    // Text that is not UTF-8 is not text.
    assert!(matches!(
        read(b"ab\xff\xfe\xfd\xfc", 4, Some("text/plain"), 2),
        Bounded::TooLarge { .. }
    ));
}

#[test]
fn media_types_are_text_or_binary() {
    for text in [
        "text/plain",
        "text/csv; charset=utf-8",
        "application/json",
        "application/problem+json",
        "application/xml",
        "application/atom+xml",
        "application/x-yaml",
        "application/x-www-form-urlencoded",
    ] {
        assert!(is_text_media_type(text), "{text}");
    }
    for binary in [
        "image/png",
        "application/octet-stream",
        "application/pdf",
        "application/zip",
        "audio/mpeg",
        "video/mp4",
        "nonsense",
    ] {
        assert!(!is_text_media_type(binary), "{binary}");
    }
}

#[test]
fn headers_are_kept_whole_in_order_until_the_cap() {
    let headers = vec![
        ("content-type".to_string(), "application/json".to_string()),
        ("etag".to_string(), "\"7\"".to_string()),
        ("link".to_string(), "x".repeat(61_440)),
    ];
    let KeptHeaders {
        kept,
        left_out,
        used,
    } = bound_headers(headers, 1000);
    assert_eq!(
        kept.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["content-type", "etag"]
    );
    assert_eq!(left_out, [("link".to_string(), 61_447)]);
    assert_eq!(used, header_cost("content-type", "application/json") + 10);
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,12}".prop_map(Value::String),
        // Strings that look like the structure around them.
        prop_oneof![Just("],[\"\\"), Just("{\"a\":[1,"), Just("\\\",")]
            .prop_map(|s| Value::String(s.to_string())),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(".{0,6}", inner, 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_capped_body_always_parses_as_json(
        root in json_value(),
        items in prop::collection::vec(json_value(), 0..12),
        as_array in any::<bool>(),
        pretty in any::<bool>(),
        budget in 0usize..400,
        chunk in 1usize..64,
    ) {
        let value = if as_array { Value::Array(items) } else { root };
        let body = if pretty {
            serde_json::to_string_pretty(&value).unwrap()
        } else {
            value.to_string()
        };
        match read(body.as_bytes(), budget, JSON, chunk) {
            Bounded::Whole(bytes) => {
                prop_assert!(bytes.len() <= budget);
                prop_assert_eq!(serde_json::from_slice::<Value>(&bytes).unwrap(), value);
            }
            Bounded::Items { json, kept, left_out, counted, list: Some(path) } => {
                // An object cut at an item of its list: the object as it was, with that list
                // holding its first `kept` items, all of the list's items counted.
                prop_assert!(json.len() <= budget, "{} > {}", json.len(), budget);
                prop_assert!(counted);
                let cut: Value = serde_json::from_str(&json).unwrap();
                let mut expected = value.clone();
                let list = path
                    .iter()
                    .try_fold(&mut expected, |v, key| v.get_mut(key))
                    .and_then(Value::as_array_mut);
                prop_assert!(list.is_some(), "no list at {:?} in {}", path, value);
                let list = list.unwrap();
                prop_assert_eq!(kept + left_out, list.len());
                list.truncate(kept);
                prop_assert_eq!(cut, expected);
            }
            Bounded::Items { json, kept, left_out, counted, list: None } => {
                prop_assert!(json.len() <= budget, "{} > {}", json.len(), budget);
                let cut: Value = serde_json::from_str(&json).unwrap();
                let all = value.as_array().unwrap();
                prop_assert_eq!(cut.as_array().unwrap(), &all[..kept].to_vec());
                if counted {
                    prop_assert_eq!(kept + left_out, all.len());
                } else {
                    prop_assert!(kept + left_out <= all.len());
                }
            }
            Bounded::TooLarge { bytes, measured, what } => {
                prop_assert!(!value.is_array() || budget < 2, "an array is cut, not refused");
                prop_assert!(body.len() > budget);
                if measured {
                    prop_assert_eq!(bytes, body.len());
                } else {
                    prop_assert!(bytes <= body.len());
                }
                prop_assert!(what.starts_with("JSON"));
            }
            Bounded::Cut(text) => prop_assert!(false, "JSON was cut as text: {}", text),
        }
    }
}

proptest! {
    #[test]
    fn kept_headers_are_whole_in_order_and_within_the_cap(
        values in prop::collection::vec(".{0,80}", 0..6),
        cap in 0usize..300,
    ) {
        let names = ["content-type", "etag", "last-modified", "location", "retry-after", "link"];
        let headers: Vec<(String, String)> = names
            .iter()
            .zip(&values)
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        let KeptHeaders { kept, left_out, used } = bound_headers(headers.clone(), cap);
        prop_assert!(used <= cap);
        prop_assert_eq!(used, kept.iter().map(|(n, v)| header_cost(n, v)).sum::<usize>());
        prop_assert_eq!(kept.len() + left_out.len(), headers.len());
        // Whole and in order: the kept ones are a subsequence of what came.
        let mut rest = headers.iter();
        for k in &kept {
            prop_assert!(rest.any(|h| h == k));
        }
        for (name, cost) in &left_out {
            let (_, v) = headers.iter().find(|(n, _)| n == name).unwrap();
            prop_assert_eq!(*cost, header_cost(name, v));
        }
    }
}
