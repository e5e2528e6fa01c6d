//! How a scaffold writes names and text: type names and field identifiers for any wire name,
//! Rust string literals, and one-line descriptions for comments. Shared by the tool's struct
//! ([`super`]) and its nested types ([`super::nested`]).

use crate::check::names::field_name_for;
use crate::model::{Param, Schema};
use heck::{ToSnakeCase, ToUpperCamelCase};
use std::fmt::Write as _;

/// A type name for any text: the UpperCamelCase of its ASCII words, `Op` before one that would
/// not be an identifier (`2fa.enable` -> `Op2faEnable`).
pub(super) fn type_name(source: &str) -> String {
    // Only ASCII word characters survive, so the name is an identifier whatever the spec holds.
    let words: String = source
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let name = words.to_upper_camel_case();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || name == "Self" {
        format!("Op{name}")
    } else {
        name
    }
}

/// A valid Rust field identifier for a wire name, from [`field_name_for`]: raw where a keyword
/// allows it, otherwise changed; `None` for a name with no ASCII word character.
pub(super) fn identifier(wire: &str) -> Option<String> {
    // `field_name_for` calls a name with no word characters `body`; here that would mislead.
    if wire.to_snake_case().is_empty() {
        return None;
    }
    let name = field_name_for(wire);
    let (raw, name) = match name.strip_prefix("r#") {
        Some(rest) => (true, rest.to_string()),
        None => (false, name),
    };
    // Only ASCII word characters: an identifier on every toolchain, whatever the spec holds.
    let mut clean = String::with_capacity(name.len());
    for c in name.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if !(c == '_' && clean.ends_with('_')) {
            clean.push(c);
        }
    }
    let clean = clean.trim_matches('_').to_string();
    if clean.is_empty() {
        return None;
    }
    if clean.starts_with(|c: char| c.is_ascii_digit()) {
        return Some(format!("_{clean}"));
    }
    // `self`, `super`, `crate` and `Self` cannot be raw identifiers.
    if matches!(clean.as_str(), "self" | "super" | "crate" | "Self") {
        return Some(format!("{clean}_"));
    }
    Some(if raw && clean == name {
        format!("r#{clean}")
    } else if raw {
        // Cleaning changed a keyword into a plain name, or into another keyword.
        format!("{clean}_")
    } else {
        clean
    })
}

/// A description as plain text: HTML tags dropped (`<p>` and `<br>` end a line), the common
/// entities decoded, whitespace runs kept to one line each.
pub(super) fn plain_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s.trim();
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let tag = rest[open + 1..open + close]
            .trim_start_matches('/')
            .to_ascii_lowercase();
        let name = tag
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        if matches!(name, "p" | "br" | "li" | "ul" | "ol" | "div") {
            out.push('\n');
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    let decoded = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let mut lines: Vec<&str> = decoded.lines().map(str::trim).collect();
    lines.dedup_by(|a, b| a.is_empty() && b.is_empty());
    lines.join("\n").trim().to_string()
}

/// A Rust string literal for any text.
pub(super) fn lit(s: &str) -> String {
    // `str`'s Debug output is a valid Rust string literal: quotes, backslashes and control
    // characters are escaped.
    format!("{s:?}")
}

/// Text for a comment: one line, without the bidirectional-override characters rustc rejects in
/// comments (`text_direction_codepoint_in_comment`).
pub(super) fn one_line(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

/// `body.channel_id: string, required — "The channel ID to post in"`: what is at `address`, of
/// `schema`, the parameter's own description and deprecation first when it is one.
pub(super) fn describe_at(
    address: &str,
    schema: &Schema,
    required: bool,
    param: Option<&Param>,
) -> String {
    let mut s = format!("{address}: {}", schema.ty.describe());
    if schema.nullable {
        s.push_str(", nullable");
    }
    s.push_str(if required { ", required" } else { ", optional" });
    if param.is_some_and(|p| p.deprecated) {
        s.push_str(", deprecated");
    }
    let description = param
        .and_then(|p| p.description.as_deref())
        .or(schema.description.as_deref())
        .map(plain_text);
    let description = description
        .as_deref()
        .and_then(|d| d.lines().map(str::trim).find(|l| !l.is_empty()));
    if let Some(d) = description {
        let short: String = d.chars().take(100).collect();
        let ellipsis = if d.chars().count() > 100 { "..." } else { "" };
        let _ = write!(s, " — \"{}{ellipsis}\"", one_line(&short));
    }
    one_line(&s)
}

/// The name of one element of what `plural` names: its last UpperCamelCase word made singular
/// (`FirewallsCreateInboundRules` -> `FirewallsCreateInboundRule`, `...Policies` ->
/// `...Policy`, `...Addresses` -> `...Address`), or `Item` added where that word is not an
/// English plural (`ListData` -> `ListDataItem`). The first word is kept whole: it is the tool's.
pub(super) fn singular_name(plural: &str) -> String {
    // The last word starts at the last uppercase letter.
    let start = plural.rfind(|c: char| c.is_ascii_uppercase()).unwrap_or(0);
    let (head, word) = plural.split_at(start);
    match singular_word(&word.to_ascii_lowercase()) {
        Some(one) if !head.is_empty() && !one.is_empty() => {
            let mut chars = one.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            format!(
                "{head}{}{}",
                first.into_iter().collect::<String>(),
                chars.as_str()
            )
        }
        _ => format!("{plural}Item"),
    }
}

/// Plurals that the rules below would get wrong.
const IRREGULAR: [(&str, &str); 12] = [
    ("children", "child"),
    ("people", "person"),
    ("indices", "index"),
    ("vertices", "vertex"),
    ("matrices", "matrix"),
    ("criteria", "criterion"),
    ("aliases", "alias"),
    ("biases", "bias"),
    ("caches", "cache"),
    ("movies", "movie"),
    ("cookies", "cookie"),
    ("species", "species"),
];

/// The singular of a lowercase English plural, by its ending; `None` when `word` reads as no
/// plural (`data`, `status`, `access`, `analysis`).
fn singular_word(word: &str) -> Option<String> {
    if let Some((_, one)) = IRREGULAR.iter().find(|(many, _)| *many == word) {
        return Some((*one).to_string());
    }
    let cut = |n: usize| Some(word[..word.len() - n].to_string());
    let consonant_before = |suffix: &str| {
        word.len() > suffix.len()
            && word[..word.len() - suffix.len()]
                .chars()
                .last()
                .is_some_and(|c| !"aeiou".contains(c))
    };
    if word.ends_with("series") {
        None
    } else if word.len() > 4 && word.ends_with("ies") {
        Some(format!("{}y", &word[..word.len() - 3]))
    } else if word.ends_with("sses")
        || word.ends_with("shes")
        || word.ends_with("ches")
        || word.ends_with("xes")
        || word.ends_with("zzes")
        || (word.ends_with("uses") && consonant_before("uses"))
    {
        // addresses, hashes, branches, boxes, buzzes, statuses.
        cut(2)
    } else if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") {
        None
    } else if word.len() > 2 && word.ends_with('s') {
        cut(1)
    } else {
        None
    }
}
