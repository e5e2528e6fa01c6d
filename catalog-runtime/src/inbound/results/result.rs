//! The MCP result of an API answer: text for every client, `structuredContent` for a tool with a
//! typed output, binary bodies as image or resource content, and the HTTP facts in `_meta`.
//!
//! | the API answered | result |
//! |---|---|
//! | the tool's output status, a JSON body its `outputSchema` accepts (after wrapping; for an output of several bodies, the schema of the body the status and media type select) | `structuredContent` = the wrapped body; text = the status, the headers but the media type, and `[the body is in structuredContent]` (the body itself in the `both` form; no `structuredContent` and the answer in the text for a client without it: [`crate::inbound::results::result_size`]) |
//! | a 2xx that is not that (a body that does not match, is not JSON or is too large; another 2xx status) | a success (`isError` false), no `structuredContent`; text = the answer and a line saying why, also in `_meta` as `unstructured` |
//! | a 1xx or 3xx status, for a tool with an `outputSchema` | `isError`, no `structuredContent`; text says the status is not the tool's output |
//! | 1xx-3xx, a tool without an `outputSchema` | text; a binary body as `image` (`image/*`) or `resource` (blob) content |
//! | 4xx, 5xx | `isError`; text; the error body as data in `_meta`, with its documented schema |
//! | a 2xx whose JSON body a failure rule of the tool matches (the spec's `ok: enum [true]`, or `#[tool(failure(...))]`) | `isError`, no `structuredContent`; text = the answer and a line `[the API refused the call: <the API's error>; <the rule>]`, also in `_meta` as `failure`; the body as data in `_meta` as for 4xx |
//!
//! Otherwise a 2xx is a success whatever its body: the API did what was asked, and an agent told
//! otherwise may repeat a write that already happened (a second charge). A body the spec or the
//! tool says is a failure is the exception: the API says itself that it did not do what was
//! asked (Slack's `{"ok": false, "error": "channel_not_found"}` with HTTP 200), and a success
//! would tell the agent a call that did nothing was done. Such an answer is never retried (the
//! executor retries 429 and 503 only). MCP clients that
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

use crate::inbound::results::paging::{fields_hint, next_page_hint, smaller_hint};
use crate::inbound::results::result_keys::IN_STRUCTURED_CONTENT;
use crate::inbound::results::result_size::{Form, fit, result_bytes};
use crate::outbound::credentials::base64;
use crate::outbound::executor::ApiResponse;
use crate::tools::catalog::ToolInfo;
use crate::tools::output_error::OutputError;
use crate::tools::output_schema::{OutputSchema, output_schema};
use crate::tools::tool::OutputArm;
use crate::wire::bounded::{BodyReader, Bounded};
use crate::wire::visible_text::escape_invisible;
use catalog_core::model::{StatusKey, failure_in, media_base};
use catalog_core::present::output::wrap_output;
use catalog_core::present::schema::output_schema_of;
use rmcp::model::{CallToolResult, ContentBlock, MetaObject, ResourceContents};
use serde_json::{Map, Value, json};

pub use crate::inbound::results::result_keys::{ATTEMPTS_KEY, META_KEY};

/// The result of `tool`'s call that the API answered with `response`, for a client that reads
/// results in `form` ([`crate::inbound::results::result_size`]): a typed body is in `structuredContent`
/// ([`Form::Structured`], the text then says where it is), in the text ([`Form::Text`]), or in
/// both. The result is not held to a cap here: [`sized_result`] does that.
pub fn tool_result(tool: &ToolInfo, response: &ApiResponse, form: Form) -> CallToolResult {
    let hint = hint(tool, response);
    let mut meta = http_meta(response);
    let mut structured = None;
    let mut unstructured = None;
    let failed = failed_2xx(tool, response);
    let is_error = if response.is_error() || failed.is_some() {
        meta.insert("error".into(), error_data(tool, response));
        true
    } else if let Some(output) = tool.output.as_ref().filter(|_| form != Form::Text) {
        match typed(tool, response, output) {
            Ok(value) => {
                structured = Some(value);
                false
            }
            Err(why) => {
                let why = why.to_string();
                meta.insert("unstructured".into(), Value::String(why.clone()));
                unstructured = Some(why);
                !response.status.is_success()
            }
        }
    } else {
        false
    };
    let mut text = match (&structured, form) {
        (Some(_), Form::Structured) => {
            response.text_in_place_of_body(hint.as_deref(), Some(IN_STRUCTURED_CONTENT))
        }
        _ => response.text_with(hint.as_deref()),
    };
    if let Some(why) = unstructured {
        text.push_str(&format!("\n[no structured result: {why}]"));
    }
    if let Some(line) = failed {
        meta.insert("failure".into(), Value::String(line.clone()));
        text.push_str(&format!("\n[{line}]"));
    }
    // The text is the API's: its invisible characters are written visibly; the structured
    // content and `_meta` are data, and stay exact.
    let text = escape_invisible(&text).into_owned();
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

/// What a call answered, to be made a result: the API's answer to a tool's request, or a
/// composite tool's value (its bindings' answers put together by its `run`).
#[derive(Clone, Copy, Debug)]
pub enum Answer<'a> {
    /// The API's answer to the tool's one request.
    Api(&'a ApiResponse),
    /// A composite's value.
    Value(&'a Value),
}

/// The result of `tool`'s call for a client that reads results in `form`, held to `cap` bytes
/// of JSON: the one path every successful call's result takes, a tool's or a composite's.
///
/// An API answer is [`tool_result`]; a body whose result is over the cap (a text body grows
/// when written as a JSON string: every quote is escaped) is read again within a budget
/// smaller by what was over ([`rebound`]: a JSON array still cut at an element boundary, its
/// items left out counted). A composite's value is [`value_result`]; one over the cap in
/// `structuredContent` is put in the text instead, where the end can be cut. Whatever is still
/// over is left out by [`fit`], saying so, with how to ask for less when the tool has paging
/// arguments.
pub fn sized_result(tool: &ToolInfo, answer: Answer<'_>, form: Form, cap: usize) -> CallToolResult {
    let response = match answer {
        Answer::Api(response) => response,
        Answer::Value(value) => {
            let result = value_result(tool, value, form);
            if result_bytes(&result) <= cap || form == Form::Text {
                return fit(result, cap, None);
            }
            return fit(value_result(tool, value, Form::Text), cap, None);
        }
    };
    let mut result = tool_result(tool, response, form);
    let mut size = result_bytes(&result);
    let mut current: Option<ApiResponse> = None;
    for _ in 0..3 {
        if size <= cap {
            return result;
        }
        let now = current.as_ref().unwrap_or(response);
        let body = now.body_text().map_or(0, str::len);
        // The body's share of the result, scaled down by how far over the result is.
        let budget = (body as u128 * cap as u128 / size as u128) as usize;
        let Some(smaller) = rebound(now, budget.saturating_sub(256)) else {
            break;
        };
        result = tool_result(tool, &smaller, form);
        size = result_bytes(&result);
        current = Some(smaller);
    }
    if size <= cap {
        return result;
    }
    let hint = smaller_hint(tool.operation, &response.url);
    fit(result, cap, hint.as_deref())
}

/// The result of a composite's `value`, in `form` as a tool's body is: with a declared output
/// (`outputSchema`) and a form that has it, the value as `structuredContent` (after the
/// output's wrapping, checked against the schema) and the text saying where it is, or both
/// ([`Form::Both`]); otherwise the value's JSON in the text, and a value the schema refuses
/// says why in a line, as a tool's body does. Not held to a cap here: [`sized_result`] does
/// that.
pub fn value_result(tool: &ToolInfo, value: &Value, form: Form) -> CallToolResult {
    let mut unstructured = None;
    let structured = match tool.output_schema.filter(|_| form != Form::Text) {
        None => None,
        Some(schema) => match structured_value(tool, schema, value) {
            Ok(v) => Some(v),
            Err(why) => {
                unstructured = Some(why.to_string());
                None
            }
        },
    };
    let mut text = match (&structured, form) {
        (Some(_), Form::Structured) => IN_STRUCTURED_CONTENT.to_string(),
        _ => value.to_string(),
    };
    if let Some(why) = &unstructured {
        text.push_str(&format!("\n[no structured result: {why}]"));
    }
    let text = escape_invisible(&text).into_owned();
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = structured;
    if let Some(why) = unstructured {
        let mut m = Map::new();
        m.insert(
            crate::tools::composite::result::META_KEY.into(),
            json!({ "unstructured": why }),
        );
        result = result.with_meta(Some(MetaObject(m)));
    }
    result
}

/// `response` with its text body read again within `budget` bytes, as the executor would have
/// read it under that cap (the items a first cut left out still counted); `None` when the body
/// is not text or already fits.
pub fn rebound(response: &ApiResponse, budget: usize) -> Option<ApiResponse> {
    let (bytes, left_before, counted_before) = match &response.body {
        Bounded::Items {
            json,
            left_out,
            counted,
            ..
        } => (json.as_bytes(), *left_out, *counted),
        Bounded::Whole(bytes) if response.binary().is_none() => (bytes.as_slice(), 0, true),
        Bounded::Cut(text) => (text.as_bytes(), 0, true),
        _ => return None,
    };
    if bytes.len() <= budget {
        return None;
    }
    let mut reader = BodyReader::new(budget, bytes.len(), response.header("content-type"));
    reader.feed(bytes);
    let body = match reader.finish(true) {
        Bounded::Items {
            json,
            kept,
            left_out,
            counted,
            list,
        } => Bounded::Items {
            json,
            kept,
            left_out: left_out + left_before,
            counted: counted && counted_before,
            list,
        },
        other => other,
    };
    let mut smaller = response.clone();
    smaller.body = body;
    smaller.max_bytes = budget;
    Some(smaller)
}

// How to ask for the rest, when the body was cut or too large: the paging arguments, then the
// field-selection one.
fn hint(tool: &ToolInfo, response: &ApiResponse) -> Option<String> {
    let (op, url) = (tool.operation, response.url.as_str());
    let paging = match &response.body {
        Bounded::Items { kept, .. } => next_page_hint(op, url, *kept),
        Bounded::TooLarge { what, .. } if what.starts_with("JSON") => smaller_hint(op, url),
        _ => return None,
    };
    let hints: Vec<String> = paging.into_iter().chain(fields_hint(op, url)).collect();
    (!hints.is_empty()).then(|| hints.join("; "))
}

// The line saying the API refused the call, when a 2xx body is a failure by one of the tool's
// rules (the spec's discriminator, or the tool's `failure(...)`): the API's error text first.
fn failed_2xx(tool: &ToolInfo, response: &ApiResponse) -> Option<String> {
    if tool.operation.failure.is_empty() || !response.status.is_success() {
        return None;
    }
    let Bounded::Whole(_) = &response.body else {
        return None;
    };
    let body: Value = serde_json::from_str(response.body_text()?).ok()?;
    let failed = failure_in(&tool.operation.failure, &body)?;
    Some(format!(
        "the API refused the call: {}; {}",
        failed.error,
        failed.rule.describe()
    ))
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

// A composite's value as `structuredContent`, or why it is not.
fn structured_value(
    tool: &ToolInfo,
    schema: &OutputSchema,
    value: &Value,
) -> Result<Value, OutputError> {
    let v = (tool.output_value)(value.clone())?;
    match schema.errors(&v)? {
        None => Ok(v),
        Some(errors) => Err(OutputError::ValueDoesNotMatch { errors }),
    }
}

// The structured content of a typed tool's answer, or why there is none.
fn typed(
    tool: &ToolInfo,
    response: &ApiResponse,
    output: &crate::tools::tool::ToolOutput,
) -> Result<Value, OutputError> {
    let schema = output_arm_schema(tool, response, output)?;
    let text = match &response.body {
        Bounded::Whole(_) | Bounded::Items { .. } => response.body_text(),
        Bounded::Cut(_) | Bounded::TooLarge { .. } => return Err(OutputError::OverCap),
    };
    let Some(text) = text else {
        return Err(OutputError::NotJson { reason: None });
    };
    let body: Value = serde_json::from_str(text).map_err(|e| OutputError::NotJson {
        reason: Some(e.to_string()),
    })?;
    let value = (tool.output_value)(body)?;
    let wrapped = wrap_output(value, output.wrap);
    if let Some(schema) = schema
        && let Some(errors) = schema.errors(&wrapped)?
    {
        return Err(OutputError::BodyDoesNotMatch { errors });
    }
    Ok(wrapped)
}

// The schema the answer's body is checked against: the output's, or for an output of several
// bodies the one its status and media type select; an error when the answer is none of them.
fn output_arm_schema(
    tool: &ToolInfo,
    response: &ApiResponse,
    output: &crate::tools::tool::ToolOutput,
) -> Result<Option<&'static OutputSchema>, OutputError> {
    let status = response.status.as_u16();
    if output.arms.is_empty() {
        if !is_output_status(tool, output.status, status) {
            return Err(OutputError::NotOutputStatus {
                status,
                outputs: vec![output.status.to_string()],
                arms: false,
            });
        }
        return Ok(tool.output_schema);
    }
    let at_status: Vec<&OutputArm> = output
        .arms
        .iter()
        .filter(|a| is_output_status(tool, a.status, status))
        .collect();
    let arm = match at_status.as_slice() {
        [] => {
            let mut statuses: Vec<String> =
                output.arms.iter().map(|a| a.status.to_string()).collect();
            statuses.dedup();
            return Err(OutputError::NotOutputStatus {
                status,
                outputs: statuses,
                arms: true,
            });
        }
        [one] => *one,
        several => {
            let media = response.media_type();
            let found = several
                .iter()
                .find(|a| media.as_deref() == Some(media_base(a.media_type).as_ref()));
            match found {
                Some(arm) => *arm,
                None => {
                    return Err(OutputError::NotOutputMediaType {
                        status,
                        media_type: media,
                        documented: several.iter().map(|a| a.media_type.to_string()).collect(),
                    });
                }
            }
        }
    };
    Ok(Some(output_schema(tool.name, arm.schema)))
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

#[cfg(test)]
mod tests;
#[cfg(test)]
mod visible_tests;
