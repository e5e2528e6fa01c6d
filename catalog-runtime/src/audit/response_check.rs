//! Checks one live response against what the spec documents for it: its status, its media type,
//! and, for JSON, its body against the schema (JSON Schema 2020-12, with `jsonschema`).
//!
//! A spec that lies about its responses is what makes output validation fail for users of MCP
//! servers; the [`Recorder`](super::recorder::Recorder) runs this on every response a suite sees,
//! so the suite finds it first.

use crate::wire::decode::{Step, json_path};
use catalog_core::model::{Operation, is_json_media_type, media_base};
use catalog_core::present::schema::output_schema_of;
use jsonschema::paths::LocationSegment;
use serde_json::Value;

// Schema errors listed per response before the rest are counted.
const MAX_ERRORS: usize = 3;

/// What is wrong with a live response of `op`, or `None` when it matches the spec (or the spec
/// gives nothing to check it against: a media type without a schema, a body that is not JSON
/// under a media type that is not JSON).
pub fn response_problem(
    op: &Operation,
    status: u16,
    content_type: Option<&str>,
    body: &[u8],
) -> Option<String> {
    let Some(response) = op.response_for(status) else {
        let documented: Vec<String> = op.responses.iter().map(|r| r.status.to_string()).collect();
        return Some(format!(
            "status {status} is not documented (documented: {})",
            if documented.is_empty() {
                "none".to_string()
            } else {
                documented.join(", ")
            }
        ));
    };
    let status_key = response.status;
    if body.is_empty() {
        // No body: nothing to check against a media type. A documented body that did not come
        // is only a problem when the spec says it always does, which OpenAPI cannot say.
        return None;
    }
    let Some(content_type) = content_type else {
        return Some(format!(
            "a {}-byte body without a Content-Type, where the `{status_key}` response documents {}",
            body.len(),
            documented_media(op, status)
        ));
    };
    if response.content.is_empty() {
        return Some(format!(
            "a {}-byte `{content_type}` body, where the `{status_key}` response documents none",
            body.len()
        ));
    }
    let Some(content) = response.content_for(content_type) else {
        return Some(format!(
            "media type `{}` is not documented for `{status_key}` (documented: {})",
            media_base(content_type),
            documented_media(op, status)
        ));
    };
    if !is_json_media_type(content_type) {
        return None;
    }
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return Some(format!("the `{content_type}` body is not JSON: {e}")),
    };
    let schema = content.schema.as_ref()?;
    schema_errors(&output_schema_of(schema), &value).map(|errors| {
        format!(
            "the body does not match the `{status_key}` `{}` schema: {errors}",
            content.media_type
        )
    })
}

fn documented_media(op: &Operation, status: u16) -> String {
    let media: Vec<&str> = op
        .response_for(status)
        .map(|r| r.content.iter().map(|c| c.media_type.as_str()).collect())
        .unwrap_or_default();
    if media.is_empty() {
        "no body".to_string()
    } else {
        media.join(", ")
    }
}

// The first errors of `value` against `schema`, with where each is, or `None` when it is valid.
fn schema_errors(schema: &Value, value: &Value) -> Option<String> {
    match jsonschema::draft202012::new(schema) {
        Ok(v) => validation_errors(&v, value),
        // The schema is ours and meta-valid (tested on every real spec); a pattern the regex
        // engine refuses is the one way left, and then the body cannot be checked.
        Err(e) => Some(format!("the schema cannot be compiled ({e})")),
    }
}

/// The first errors of `value` against a compiled schema, each with its JSON path
/// (``at `$[0].id`: ...``), the rest counted; `None` when it is valid.
pub fn validation_errors(validator: &jsonschema::Validator, value: &Value) -> Option<String> {
    let mut errors: Vec<String> = Vec::new();
    let mut more = 0usize;
    for e in validator.iter_errors(value) {
        if errors.len() == MAX_ERRORS {
            more += 1;
            continue;
        }
        let segments: Vec<LocationSegment<'_>> = e.instance_path().iter().collect();
        let at = json_path(segments.iter().map(|s| match s {
            LocationSegment::Property(k) => Step::Key(k),
            LocationSegment::Index(i) => Step::Index(*i),
        }));
        // The validator's message quotes the value it refuses, which may be the whole body:
        // an excerpt keeps the message short whatever the body.
        errors.push(format!("at `{at}`: {}", excerpt(&e.to_string())));
    }
    match (errors.len(), more) {
        (0, _) => None,
        (_, 0) => Some(errors.join("; ")),
        (_, n) => Some(format!("{}; and {n} more", errors.join("; "))),
    }
}

/// The most characters of a value a message quotes ([`excerpt`]).
pub const MAX_QUOTE: usize = 240;

/// `text` quoted in a message: whole when it is at most [`MAX_QUOTE`] characters, else its
/// start and its end around a note of how much was left out (the end of a validator's message
/// says what is wrong: `... is not of type "object"`).
pub fn excerpt(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= MAX_QUOTE {
        return text.to_string();
    }
    let head: String = text.chars().take(MAX_QUOTE * 2 / 3).collect();
    let tail: String = text.chars().skip(chars - MAX_QUOTE / 3).collect();
    let left_out = text.len() - head.len() - tail.len();
    format!("{head} ...[{left_out} bytes left out]... {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn op() -> Operation {
        serde_json::from_value(json!({
            "method": "GET", "path": "/pets", "pointer": "#/paths/~1pets/get",
            "responses": [
                {"status": "200", "pointer": "#/r/200", "content": [
                    {"media_type": "application/json", "schema": {"type": "array", "items": {
                        "type": "object", "open": true, "fields": [
                            {"name": "id", "required": true, "read_only": true,
                             "schema": {"type": "integer"}},
                            {"name": "name", "schema": {"type": "string", "nullable": true}}
                        ]}}},
                    {"media_type": "text/csv"}
                ]},
                {"status": "204", "pointer": "#/r/204"},
                {"status": "4XX", "pointer": "#/r/4XX", "content": [
                    {"media_type": "application/problem+json", "schema": {"type": "object",
                     "open": true, "fields": [{"name": "title", "required": true,
                     "schema": {"type": "string"}}]}}
                ]}
            ]
        }))
        .unwrap()
    }

    fn problem(status: u16, content_type: Option<&str>, body: &str) -> Option<String> {
        response_problem(&op(), status, content_type, body.as_bytes())
    }

    #[test]
    fn a_body_that_matches_its_schema_is_no_problem() {
        let json = Some("application/json; charset=utf-8");
        assert_eq!(
            problem(200, json, r#"[{"id": 1, "name": null}, {"id": 2}]"#),
            None
        );
        assert_eq!(problem(200, json, "[]"), None);
        assert_eq!(problem(204, None, ""), None);
        assert_eq!(
            problem(
                404,
                Some("application/problem+json"),
                r#"{"title": "gone"}"#
            ),
            None
        );
        // A media type without a schema is not checked.
        assert_eq!(problem(200, Some("text/csv"), "id,name\n1,x"), None);
    }

    #[test]
    fn a_body_that_lies_about_its_schema_is_reported_with_where() {
        let p = problem(
            200,
            Some("application/json"),
            r#"[{"id": "one"}, {"name": "no id"}]"#,
        )
        .unwrap();
        assert!(
            p.starts_with("the body does not match the `200` `application/json` schema: "),
            "{p}"
        );
        assert!(
            p.contains("at `$[0].id`: \"one\" is not of type \"integer\""),
            "{p}"
        );
        assert!(
            p.contains("at `$[1]`: \"id\" is a required property"),
            "{p}"
        );
        let p = problem(409, Some("application/problem+json"), "{}").unwrap();
        assert!(p.contains("`4XX`"), "{p}");
    }

    #[test]
    fn many_errors_are_cut_to_the_first_three() {
        let body = r#"[{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}]"#;
        let p = problem(200, Some("application/json"), body).unwrap();
        assert!(p.ends_with("; and 2 more"), "{p}");
        assert_eq!(p.matches("at `$[").count(), 3, "{p}");
    }

    #[test]
    fn undocumented_statuses_media_types_and_bodies_are_reported() {
        assert_eq!(
            problem(500, Some("application/json"), "{}").unwrap(),
            "status 500 is not documented (documented: 200, 204, 4XX)"
        );
        assert_eq!(
            problem(200, Some("text/html"), "<p>").unwrap(),
            "media type `text/html` is not documented for `200` (documented: \
             application/json, text/csv)"
        );
        assert_eq!(
            problem(204, Some("application/json"), "{}").unwrap(),
            "a 2-byte `application/json` body, where the `204` response documents none"
        );
        assert_eq!(
            problem(200, None, "[]").unwrap(),
            "a 2-byte body without a Content-Type, where the `200` response documents \
             application/json, text/csv"
        );
        let p = problem(200, Some("application/json"), "[{\"id\": 1},").unwrap();
        assert!(
            p.starts_with("the `application/json` body is not JSON: "),
            "{p}"
        );
    }
}
