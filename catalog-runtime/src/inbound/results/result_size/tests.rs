use super::*;
use crate::inbound::results::result::META_KEY;
use rmcp::model::MetaObject;
use serde_json::json;

fn with_error_meta(text: &str, body: Value) -> CallToolResult {
    let mut m = serde_json::Map::new();
    m.insert(
        META_KEY.into(),
        json!({"status": 422, "error": {"body": body, "schema": {"type": "object"}}}),
    );
    CallToolResult::error(vec![ContentBlock::text(text)]).with_meta(Some(MetaObject(m)))
}

#[test]
fn the_form_follows_the_negotiated_revision() {
    assert_eq!(
        ResultForm::Auto.for_revision(Some("2025-06-18")),
        Form::Structured
    );
    assert_eq!(
        ResultForm::Auto.for_revision(Some("2026-07-28")),
        Form::Structured
    );
    assert_eq!(
        ResultForm::Auto.for_revision(Some("2025-03-26")),
        Form::Text
    );
    assert_eq!(ResultForm::Auto.for_revision(None), Form::Text);
    assert_eq!(
        ResultForm::Both.for_revision(Some("2024-11-05")),
        Form::Both
    );
    assert_eq!(
        ResultForm::parse(" Structured "),
        Ok(ResultForm::Structured)
    );
    assert_eq!(ResultForm::parse(""), Ok(ResultForm::Auto));
}

#[test]
fn caps_are_tokens_for_every_tool_and_for_some() {
    let mut caps = ResultCaps::default();
    assert_eq!(caps.bytes("any"), 80_000);
    caps.read("list=2000, 30000").unwrap();
    assert_eq!(caps.tokens("list"), 2000);
    assert_eq!(caps.tokens("other"), 30_000);
    assert_eq!(caps.body_bytes("list", Form::Structured), 8000 - 2048);
    assert_eq!(caps.body_bytes("list", Form::Both), (8000 - 2048) / 2);
    for (bad, why) in [
        (
            "999",
            "\"999\" is not a whole number of tokens of at least 1000",
        ),
        ("=5000", "\"=5000\" names no tool"),
        (
            "a=b",
            "\"b\" is not a whole number of tokens of at least 1000",
        ),
    ] {
        assert_eq!(
            ResultCaps::default().read(bad).unwrap_err().to_string(),
            format!(
                "CATALOG_MAX_RESULT_TOKENS={bad:?}: {why}; expected a number of tokens for every \
                 tool and/or tool=tokens, comma-separated (e.g. 20000,list_devices=8000)"
            )
        );
    }
}

#[test]
fn a_result_within_the_cap_is_unchanged() {
    let r = with_error_meta("HTTP 422\n\n{}", json!({}));
    assert_eq!(fit(r.clone(), 10_000, None), r);
}

#[test]
fn the_copy_of_an_error_body_in_meta_goes_first() {
    let body = json!({"detail": "y".repeat(3000)});
    let text = format!("HTTP 422 Unprocessable Entity\n\n{body}");
    let r = with_error_meta(&text, body);
    let before = result_bytes(&r);
    let fitted = fit(r, 4000, None);
    assert!(result_bytes(&fitted) <= 4000);
    let meta = serde_json::to_value(&fitted.meta).unwrap();
    assert_eq!(
        meta[META_KEY]["error"],
        json!({"body_left_out": 3013, "schema": {"type": "object"}})
    );
    let ContentBlock::Text(t) = &fitted.content[0] else {
        panic!("text")
    };
    assert_eq!(
        t.text,
        format!(
            "{text}\n[result cut to the 1000-token cap (4000 bytes; it was {before} bytes); \
             _meta error body left out (3013 bytes; the body is in this text)]"
        )
    );
}

#[test]
fn a_text_over_the_cap_is_cut_and_says_how_to_ask_for_less() {
    let text = format!("HTTP 200 OK\n\n{}", "\"é\\".repeat(5000));
    let r = CallToolResult::success(vec![ContentBlock::text(text)]);
    let before = result_bytes(&r);
    let fitted = fit(r, 4000, Some("ask for fewer items with `limit`"));
    assert!(result_bytes(&fitted) <= 4000, "{}", result_bytes(&fitted));
    let ContentBlock::Text(t) = &fitted.content[0] else {
        panic!("text")
    };
    assert!(t.text.starts_with("HTTP 200 OK\n\n\"é\\"), "{}", t.text);
    assert!(
        t.text.ends_with(&format!(
            "\n[result cut to the 1000-token cap (4000 bytes; it was {before} bytes); ask for \
             fewer items with `limit`]"
        )),
        "{}",
        t.text
    );
}

#[test]
fn structured_content_over_the_cap_leaves_the_text_pointer_then_goes() {
    let big = json!({"items": vec!["z".repeat(100); 60]});
    let mut r = CallToolResult::success(vec![ContentBlock::text(
        "HTTP 200 OK\n\n[the body is in structuredContent]",
    )]);
    r.structured_content = Some(big);
    let fitted = fit(r, 4000, None);
    assert!(result_bytes(&fitted) <= 4000);
    assert_eq!(fitted.structured_content, None);
    let ContentBlock::Text(t) = &fitted.content[0] else {
        panic!("text")
    };
    assert!(
        t.text
            .contains("; structuredContent left out: over the cap]"),
        "{}",
        t.text
    );
}
