//! The MCP result of an API answer: text for every client, `structuredContent` for a tool with a
//! typed output, binary bodies as image or resource content, and the HTTP facts in `_meta`.
//!
//! | the API answered | result |
//! |---|---|
//! | the tool's output status, a JSON body its `outputSchema` accepts (after wrapping) | `structuredContent` = the wrapped body; text = the answer |
//! | a 2xx that is not that (a body that does not match, is not JSON or is too large; another 2xx status) | a success (`isError` false), no `structuredContent`; text = the answer and a line saying why, also in `_meta` as `unstructured` |
//! | a 1xx or 3xx status, for a tool with an `outputSchema` | `isError`, no `structuredContent`; text says the status is not the tool's output |
//! | 1xx-3xx, a tool without an `outputSchema` | text; a binary body as `image` (`image/*`) or `resource` (blob) content |
//! | 4xx, 5xx | `isError`; text; the error body as data in `_meta`, with its documented schema |
//!
//! A 2xx is a success whatever its body: the API did what was asked, and an agent told
//! otherwise may repeat a write that already happened (a second charge). MCP clients that
//! require `structuredContent` from every successful call of a tool with an `outputSchema`
//! (the Python SDK raises) report such a result as their own error; the recorder reports the
//! mismatch either way.
//!
//! Every result of an API answer carries `_meta["catalog/response"]`: `status`, the selected
//! `headers` that fit the cap, `etag` when the API sent one, and for an error status `error`
//! (`body`: the decoded JSON, or the text; `schema`: the spec's schema for that status and
//! media type, when it has one). These are out of the body's reach: a body that contains
//! `[etag: ...]` or `HTTP 200` changes none of them, and in the text the status line and the
//! headers come before the first byte of the body.
//!
//! Every such result also carries `_meta["catalog/attempts"]`: how many times the request was
//! sent (more than 1 when it was retried; the text then ends with a line saying so).

use crate::model::StatusKey;
use crate::present::output::wrap_output;
use crate::present::schema::output_schema_of;
use crate::serve::bounded::Bounded;
use crate::serve::catalog::ToolInfo;
use crate::serve::credentials::base64;
use crate::serve::executor::ApiResponse;
use crate::serve::paging::{next_page_hint, smaller_hint};
use rmcp::model::{CallToolResult, ContentBlock, MetaObject, ResourceContents};
use serde_json::{Map, Value, json};

/// The `_meta` key of a result that holds the HTTP facts of the API's answer.
pub const META_KEY: &str = "catalog/response";
/// The `_meta` key of a result that holds how many times the request was sent (1 unless it was
/// retried: [`crate::serve::executor::retry`]).
pub const ATTEMPTS_KEY: &str = "catalog/attempts";

/// The result of `tool`'s call that the API answered with `response`.
pub fn tool_result(tool: &ToolInfo, response: &ApiResponse) -> CallToolResult {
    let hint = hint(tool, response);
    let mut text = response.text_with(hint.as_deref());
    let mut meta = http_meta(response);
    let mut structured = None;
    let is_error = if response.is_error() {
        meta.insert("error".into(), error_data(tool, response));
        true
    } else if let Some(output) = &tool.output {
        match typed(tool, response, output) {
            Ok(value) => {
                structured = Some(value);
                false
            }
            Err(why) => {
                text.push_str(&format!("\n[no structured result: {why}]"));
                meta.insert("unstructured".into(), Value::String(why));
                !response.status.is_success()
            }
        }
    } else {
        false
    };
    let mut content = vec![ContentBlock::text(text)];
    if let (Some(bytes), false) = (response.binary(), structured.is_some()) {
        content.push(binary_content(response, bytes));
    }
    let mut result = if is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    result.structured_content = structured;
    let mut m = Map::new();
    m.insert(META_KEY.into(), Value::Object(meta));
    m.insert(ATTEMPTS_KEY.into(), json!(response.attempts));
    result.with_meta(Some(MetaObject(m)))
}

// How to ask for the rest, when the body was cut or too large.
fn hint(tool: &ToolInfo, response: &ApiResponse) -> Option<String> {
    match &response.body {
        Bounded::Items { kept, .. } => next_page_hint(tool.operation, &response.url, *kept),
        Bounded::TooLarge { what, .. } if what.starts_with("JSON") => {
            smaller_hint(tool.operation, &response.url)
        }
        _ => None,
    }
}

// Status, the selected headers that fit, and the ETag.
fn http_meta(response: &ApiResponse) -> Map<String, Value> {
    let mut meta = Map::new();
    meta.insert("status".into(), json!(response.status.as_u16()));
    let headers: Map<String, Value> = response
        .headers
        .iter()
        .map(|(n, v)| (n.clone(), Value::String(v.clone())))
        .collect();
    meta.insert("headers".into(), Value::Object(headers));
    if let Some(tag) = response.etag() {
        meta.insert("etag".into(), Value::String(tag.to_string()));
    }
    meta
}

// The error body as data (JSON decoded, else the text), and the spec's schema for it.
fn error_data(tool: &ToolInfo, response: &ApiResponse) -> Value {
    let text = response.body_text();
    let body = match text.map(serde_json::from_str::<Value>) {
        Some(Ok(v)) => v,
        _ => text.map_or(Value::Null, |t| Value::String(t.to_string())),
    };
    let mut data = Map::new();
    data.insert("body".into(), body);
    let schema = tool
        .operation
        .response_for(response.status.as_u16())
        .and_then(|r| {
            let media = response.media_type();
            match media {
                Some(m) => r.content_for(&m),
                None => r.content.first(),
            }
        })
        .and_then(|c| c.schema.as_ref());
    if let Some(schema) = schema {
        data.insert("schema".into(), output_schema_of(schema));
    }
    Value::Object(data)
}

// The structured content of a typed tool's answer, or why there is none.
fn typed(
    tool: &ToolInfo,
    response: &ApiResponse,
    output: &crate::serve::tool::ToolOutput,
) -> Result<Value, String> {
    let status = response.status.as_u16();
    if !is_output_status(tool, output.status, status) {
        return Err(format!(
            "HTTP {status} is not the tool's output (the `{}` response)",
            output.status
        ));
    }
    let text = match &response.body {
        Bounded::Whole(_) | Bounded::Items { .. } => response.body_text(),
        Bounded::Cut(_) | Bounded::TooLarge { .. } => {
            return Err("the body is over the response cap and was not kept whole".into());
        }
    };
    let Some(text) = text else {
        return Err("the body is not JSON".into());
    };
    let body: Value =
        serde_json::from_str(text).map_err(|e| format!("the body is not JSON: {e}"))?;
    let value = (tool.output_value)(body)?;
    let wrapped = wrap_output(value, output.wrap);
    if let Some(schema) = tool.output_schema
        && let Some(errors) = schema.errors(&wrapped)
    {
        return Err(format!(
            "the body does not match the tool's outputSchema: {errors}"
        ));
    }
    Ok(wrapped)
}

// Whether a live status is the tool's output response: the documented response it falls under
// (code, else range, else `default`) is the output's key.
fn is_output_status(tool: &ToolInfo, key: &str, status: u16) -> bool {
    let Some(key) = StatusKey::parse(key) else {
        return false;
    };
    match tool.operation.response_for(status) {
        Some(r) => r.status == key,
        // An operation without responses (a hand-written tool): the key alone decides.
        None => key.covers(status),
    }
}

// A binary body: `image` content for images, else an embedded blob resource.
fn binary_content(response: &ApiResponse, bytes: &[u8]) -> ContentBlock {
    let media = response
        .media_type()
        .unwrap_or_else(|| "application/octet-stream".into());
    let data = base64(bytes);
    if media.starts_with("image/") {
        ContentBlock::image(data, media)
    } else if media.starts_with("audio/") {
        ContentBlock::audio(data, media)
    } else {
        let uri = response.url.split(['?', '#']).next().unwrap_or_default();
        ContentBlock::resource(ResourceContents::blob(data, uri).with_mime_type(media))
    }
}
