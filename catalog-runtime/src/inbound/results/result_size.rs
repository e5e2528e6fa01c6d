//! Results sized for a model's context window: which form a result takes for the client that
//! asked (the body once, in `structuredContent` or in the text), and the cap in tokens that the
//! whole result is held to.
//!
//! **The form.** MCP has `structuredContent` from revision 2025-06-18 on; a client that negotiated
//! that revision or a later one reads it, so the body is sent there once and the text content is
//! a short pointer (the status line, the selected headers less the media type (the body is
//! JSON), `[the body is in structuredContent]`, and the lines saying what was cut). A client on an earlier revision gets the body in
//! the text and no `structuredContent`. The specification says a tool returning structured
//! content SHOULD also return it serialized in a text block "for backwards compatibility"; the
//! clients that need it are the ones that negotiated an earlier revision, and they get the text
//! form, so the body is never sent twice by default. [`ENV_RESULT_FORM`] overrides the choice for
//! every client (`both` restores the body in both places).
//!
//! **The cap.** A result is at most [`DEFAULT_MAX_RESULT_TOKENS`] tokens, counted as
//! [`BYTES_PER_TOKEN`] bytes each, below Claude Code's default limit of 25,000 tokens for one
//! tool result; [`ENV_MAX_RESULT_TOKENS`] changes it for every tool or for one tool
//! (`20000,list_devices=8000`). Everything in the result counts: the text, `structuredContent`,
//! `_meta` and every message, as the JSON the client receives. The API's body is read within
//! what the cap leaves for it (a JSON array cut at an element boundary with the items left out
//! counted and the paging arguments to ask for the rest); whatever still does not fit is left out
//! in a fixed order by [`fit`], each step saying what it left out.

use crate::outbound::executor::ConfigError;
use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::Value;
use std::collections::BTreeMap;

/// `CATALOG_RESULT_FORM`: `auto` (the default), `structured`, `text` or `both`.
pub const ENV_RESULT_FORM: &str = "CATALOG_RESULT_FORM";
/// `CATALOG_MAX_RESULT_TOKENS`: the cap on one result in tokens, for every tool (`20000`), for
/// some tools (`list_devices=8000`), or both, comma-separated.
pub const ENV_MAX_RESULT_TOKENS: &str = "CATALOG_MAX_RESULT_TOKENS";

/// `CATALOG_OUTPUT_SCHEMAS`: `none` (the default: `tools/list` carries no `outputSchema`) or
/// `summary` (each typed tool's, summarized past 4,096 bytes).
pub const ENV_OUTPUT_SCHEMAS: &str = "CATALOG_OUTPUT_SCHEMAS";

/// Reads [`ENV_OUTPUT_SCHEMAS`]'s value: whether `tools/list` carries output schemas.
pub fn output_schemas(value: &str) -> Result<bool, ConfigError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "none" | "" => Ok(false),
        "summary" => Ok(true),
        _ => Err(ConfigError::new(format!(
            "{ENV_OUTPUT_SCHEMAS}={value:?}: expected none (the default: tools/list carries no \
             outputSchema) or summary (each typed tool's outputSchema, summarized past 4096 bytes)"
        ))),
    }
}

/// The cap on one tool result, in tokens: under Claude Code's default limit of 25,000 tokens for
/// one tool result, with room for the client's own framing.
pub const DEFAULT_MAX_RESULT_TOKENS: usize = 20_000;
/// Bytes counted per token: the usual estimate for English and JSON with common tokenizers
/// (the same rule as [`Budget::tokens`](crate::inbound::mcp::Budget::tokens)), so the default cap
/// is 80,000 bytes of JSON.
pub const BYTES_PER_TOKEN: usize = 4;
/// The revision from which MCP has `structuredContent`.
pub const STRUCTURED_SINCE: &str = "2025-06-18";
/// The revision the specification says a client without the `MCP-Protocol-Version` header is
/// on (Streamable HTTP).
pub const ASSUMED_REVISION: &str = "2025-03-26";

/// Bytes of the cap kept for what surrounds the body: the status line and headers (in the text
/// and in `_meta`), the markers, the JSON-RPC framing of the result.
const ENVELOPE: usize = 2048;

/// Where a result carries the API's body, as the operator chose ([`ENV_RESULT_FORM`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ResultForm {
    /// By the client's negotiated revision: [`Form::Structured`] from [`STRUCTURED_SINCE`] on,
    /// else [`Form::Text`].
    #[default]
    Auto,
    /// Always [`Form::Structured`].
    Structured,
    /// Always [`Form::Text`].
    Text,
    /// Always [`Form::Both`].
    Both,
}

/// Where one result carries a typed body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// In `structuredContent`; the text says where the body is and what was cut.
    Structured,
    /// In the text; no `structuredContent`.
    Text,
    /// In both (the body counts twice against the cap).
    Both,
}

impl ResultForm {
    /// Reads [`ENV_RESULT_FORM`]'s value.
    pub fn parse(value: &str) -> Result<ResultForm, ConfigError> {
        match value.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(ResultForm::Auto),
            "structured" => Ok(ResultForm::Structured),
            "text" => Ok(ResultForm::Text),
            "both" => Ok(ResultForm::Both),
            _ => Err(ConfigError::new(format!(
                "{ENV_RESULT_FORM}={value:?}: expected auto (structuredContent for clients on \
                 MCP {STRUCTURED_SINCE} or later, text for the others), structured, text or both"
            ))),
        }
    }

    /// The form of a result for a client that negotiated `revision` (`None`: unknown, read as
    /// [`ASSUMED_REVISION`]).
    pub fn for_revision(self, revision: Option<&str>) -> Form {
        match self {
            ResultForm::Structured => Form::Structured,
            ResultForm::Text => Form::Text,
            ResultForm::Both => Form::Both,
            ResultForm::Auto => {
                // Revisions are dates, `YYYY-MM-DD`: their text sorts as they do.
                if revision.unwrap_or(ASSUMED_REVISION) >= STRUCTURED_SINCE {
                    Form::Structured
                } else {
                    Form::Text
                }
            }
        }
    }
}

/// The cap on results in tokens: one for every tool, and some tools' own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultCaps {
    /// Tokens for a tool without its own cap.
    pub default_tokens: usize,
    /// Tools' own caps, by MCP name.
    pub tools: BTreeMap<String, usize>,
}

impl Default for ResultCaps {
    fn default() -> Self {
        ResultCaps {
            default_tokens: DEFAULT_MAX_RESULT_TOKENS,
            tools: BTreeMap::new(),
        }
    }
}

impl ResultCaps {
    /// The cap of `tool`'s results, in tokens.
    pub fn tokens(&self, tool: &str) -> usize {
        self.tools.get(tool).copied().unwrap_or(self.default_tokens)
    }

    /// The cap of `tool`'s results, in bytes of JSON.
    pub fn bytes(&self, tool: &str) -> usize {
        self.tokens(tool).saturating_mul(BYTES_PER_TOKEN)
    }

    /// Reads [`ENV_MAX_RESULT_TOKENS`]'s value into these caps: `N` sets every tool's,
    /// `tool=N` one tool's (whether each tool is served is checked at start-up).
    pub fn read(&mut self, value: &str) -> Result<(), ConfigError> {
        let bad = |why: String| {
            ConfigError::new(format!(
                "{ENV_MAX_RESULT_TOKENS}={value:?}: {why}; expected a number of tokens for every \
                 tool and/or tool=tokens, comma-separated (e.g. 20000,list_devices=8000)"
            ))
        };
        let count = |text: &str| match text.trim().parse::<usize>() {
            Ok(n) if n >= MIN_RESULT_TOKENS => Ok(n),
            _ => Err(bad(format!(
                "{:?} is not a whole number of tokens of at least {MIN_RESULT_TOKENS}",
                text.trim()
            ))),
        };
        for item in value.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            match item.split_once('=') {
                Some((tool, n)) => {
                    let tool = tool.trim();
                    if tool.is_empty() {
                        return Err(bad(format!("{item:?} names no tool")));
                    }
                    self.tools.insert(tool.to_string(), count(n)?);
                }
                None => self.default_tokens = count(item)?,
            }
        }
        Ok(())
    }

    /// The bytes of the API's body a result of `tool` in `form` can hold: the cap less the
    /// envelope, halved when the body is sent twice.
    pub fn body_bytes(&self, tool: &str, form: Form) -> usize {
        let room = self.bytes(tool).saturating_sub(ENVELOPE).max(MIN_BODY);
        match form {
            Form::Both => room / 2,
            Form::Structured | Form::Text => room,
        }
    }
}

/// The smallest cap accepted: room for the envelope and a useful body.
pub const MIN_RESULT_TOKENS: usize = 1000;
const MIN_BODY: usize = 1024;

/// The bytes of `result` as the client receives it (the JSON of the result object).
pub fn result_bytes(result: &CallToolResult) -> usize {
    serde_json::to_vec(result).map_or(0, |v| v.len())
}

/// `result` within `cap` bytes. What is over is left out in this order, each step only when the
/// result is still over: the error body kept in `_meta` (it is in the text already), the
/// response schema in `_meta`, the body in the text when `structuredContent` holds it, then
/// `structuredContent` (the text keeps the body), binary content, and last the end of the
/// longest text (cut on a character boundary). Each step leaves a line in the text saying what
/// was left out; `hint` (how to ask for less, such as a page size) is added to it.
pub fn fit(mut result: CallToolResult, cap: usize, hint: Option<&str>) -> CallToolResult {
    let over = |r: &CallToolResult| result_bytes(r) > cap;
    if !over(&result) {
        return result;
    }
    let total = result_bytes(&result);
    let tokens = cap / BYTES_PER_TOKEN;
    let mut notes: Vec<String> = Vec::new();
    // 1-2: the copies in `_meta` of what the text holds, and the response schema.
    for key in ["body", "schema"] {
        if !over(&result) {
            break;
        }
        if let Some(left_out) = take_error_part(&mut result, key) {
            notes.push(format!(
                "_meta error {key} left out ({left_out} bytes{})",
                if key == "body" {
                    "; the body is in this text"
                } else {
                    ""
                }
            ));
        }
    }
    // 3: the body in the text, when `structuredContent` holds it too.
    if over(&result) && result.structured_content.is_some() {
        // A tool's text has the status and headers before a blank line; a composite's is the
        // value alone (compact JSON, which has no blank line).
        if let Some(text) = first_text(&mut result) {
            // The media type goes with the body, as in the structured form's own text.
            let head = text
                .split_once("\n\n")
                .map(|(head, _)| {
                    let lines = head.lines().filter(|l| {
                        !l.get(..13)
                            .is_some_and(|k| k.eq_ignore_ascii_case("content-type:"))
                    });
                    format!("{}\n\n", lines.collect::<Vec<_>>().join("\n"))
                })
                .unwrap_or_default();
            *text = format!(
                "{head}{}",
                crate::inbound::results::result_keys::IN_STRUCTURED_CONTENT
            );
        }
    }
    // 4: `structuredContent`, the text keeping what fits of the body.
    if over(&result) && result.structured_content.is_some() {
        result.structured_content = None;
        notes.push("structuredContent left out: over the cap".into());
    }
    // 5: binary content, said in the text.
    if over(&result) {
        let before = result.content.len();
        result
            .content
            .retain(|c| matches!(c, ContentBlock::Text(_)));
        if result.content.len() < before {
            notes.push("binary content left out: over the cap".into());
        }
    }
    let mut line =
        format!("\n[result cut to the {tokens}-token cap ({cap} bytes; it was {total} bytes)");
    for n in &notes {
        line.push_str("; ");
        line.push_str(n);
    }
    if let Some(h) = hint {
        line.push_str("; ");
        line.push_str(h);
    }
    line.push(']');
    if result.content.is_empty() {
        result.content.push(ContentBlock::text(String::new()));
    }
    // 6: the end of the longest text, so that it and the line fit.
    let excess = (result_bytes(&result) + json_len(&line)).saturating_sub(cap);
    if let Some(text) = longest_text(&mut result) {
        let keep = json_len(text).saturating_sub(excess);
        let cut = prefix_within(text, keep);
        text.truncate(cut);
        text.push_str(&line);
    }
    // The line alone over the cap (a cap smaller than the envelope): the line is what is left.
    if over(&result)
        && let Some(text) = longest_text(&mut result)
    {
        *text = line;
    }
    result
}

// The longest prefix of `text`, on a character boundary, whose JSON string form (without the
// quotes) is at most `max` bytes.
fn prefix_within(text: &str, max: usize) -> usize {
    let mut used = 0;
    for (at, c) in text.char_indices() {
        let escaped = match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            c if (c as u32) < 0x20 => 6,
            c => c.len_utf8(),
        };
        if used + escaped > max {
            return at;
        }
        used += escaped;
    }
    text.len()
}

// The JSON length of `s` as a string's contents.
fn json_len(s: &str) -> usize {
    serde_json::to_string(s).map_or(s.len(), |j| j.len() - 2)
}

fn first_text(result: &mut CallToolResult) -> Option<&mut String> {
    result.content.iter_mut().find_map(|c| match c {
        ContentBlock::Text(t) => Some(&mut t.text),
        _ => None,
    })
}

fn longest_text(result: &mut CallToolResult) -> Option<&mut String> {
    result
        .content
        .iter_mut()
        .filter_map(|c| match c {
            ContentBlock::Text(t) => Some(&mut t.text),
            _ => None,
        })
        .max_by_key(|t| t.len())
}

// Takes `key` out of `_meta["catalog/response"].error` (a composite's error:
// `_meta["catalog/composite"]`), leaving its size; `None` when absent.
fn take_error_part(result: &mut CallToolResult, key: &str) -> Option<usize> {
    let meta = result.meta.as_mut()?;
    let error = match meta
        .0
        .get_mut(crate::inbound::results::result_keys::META_KEY)
    {
        Some(response) => response.get_mut("error")?.as_object_mut()?,
        None => meta
            .0
            .get_mut(crate::tools::composite::result::META_KEY)?
            .as_object_mut()?,
    };
    let value = error.remove(key)?;
    let bytes = serde_json::to_vec(&value).map_or(0, |v| v.len());
    error.insert(format!("{key}_left_out"), Value::from(bytes));
    Some(bytes)
}

#[cfg(test)]
mod tests;
