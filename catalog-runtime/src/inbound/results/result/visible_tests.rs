//! The text of a result is written visibly ([`crate::wire::visible_text`]); its structured
//! content and `_meta` are the API's data, exact.

use super::tests::{GetJob, answer, whole};
use super::*;
use crate::tools::catalog::tool_info::info_of;

// A name with a right-to-left override, a zero-width space, a tag and a C1 control.
const NAME: &str = "ok\u{202e}txt.exe\u{200b}\u{e0041}\u{85}";
const WRITTEN: &str = "ok\\u{202e}txt.exe\\u{200b}\\u{e0041}\\u{85}";

fn text_of(result: &CallToolResult) -> &str {
    let ContentBlock::Text(t) = &result.content[0] else {
        panic!("not text: {result:?}");
    };
    &t.text
}

#[test]
fn the_text_is_escaped_and_the_structured_content_is_exact() {
    let tool = info_of::<GetJob<false>>();
    let body = json!({"id": 7, "name": NAME}).to_string();
    let response = answer(200, "application/json", whole(&body));
    let result = tool_result(&tool, &response, Form::Both);
    assert_eq!(
        result.structured_content,
        Some(json!({"id": 7, "name": NAME}))
    );
    let text = text_of(&result);
    assert!(
        text.ends_with(&format!("\"name\":\"{WRITTEN}\"}}")),
        "{text}"
    );
    assert!(!text.chars().any(crate::wire::visible_text::is_invisible));
    assert_eq!(
        crate::wire::visible_text::unescape(text),
        response.to_text()
    );
}

#[test]
fn an_error_body_is_escaped_in_the_text_and_exact_in_meta() {
    let tool = info_of::<GetJob<false>>();
    let response = answer(404, "text/plain", whole(NAME));
    let result = tool_result(&tool, &response, Form::Structured);
    assert_eq!(
        text_of(&result),
        format!("HTTP 404 Not Found\ncontent-type: text/plain\n\n{WRITTEN}")
    );
    let meta = result.meta.unwrap();
    assert_eq!(meta.0[META_KEY]["error"]["body"], json!(NAME));
}

#[test]
fn a_composite_value_is_escaped_in_the_text_only() {
    let tool = info_of::<GetJob<false>>();
    let value = json!({"id": 7, "name": NAME});
    let result = value_result(&tool, &value, Form::Both);
    assert_eq!(result.structured_content, Some(value));
    assert_eq!(
        text_of(&result),
        format!("{{\"id\":7,\"name\":\"{WRITTEN}\"}}")
    );
}
