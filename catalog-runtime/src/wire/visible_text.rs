//! Text a model reads, with the characters it would read but a person would not see written
//! visibly: a tool result's text content is built from what a third party's API answered, and an
//! answer can carry instructions in Unicode tag characters, zero-width characters or
//! bidirectional overrides that no one reviewing the conversation sees.
//!
//! Each such character is written as the text `\u{HEX}` (lowercase hexadecimal, no leading
//! zeros: U+202E is `\u{202e}`), as Rust writes it. The escaping is reversible ([`unescape`]): a
//! backslash in the data that is followed by `u{` (the one sequence that would read as an
//! escape) is itself written `\u{5c}`; every other backslash is left as it is, so a JSON body's
//! own escapes (`\"`, `\\`, `\u00e9`) read as they did. In the escaped text every `\u{` begins
//! an escape.
//!
//! Escaped: the C0 controls but line feed, tab and carriage return (U+0000-U+001F), DEL and the
//! C1 controls (U+007F-U+009F), the Arabic letter mark (U+061C), the zero-width and direction
//! marks (U+200B-U+200F), the bidirectional embeddings and overrides (U+202A-U+202E), the
//! invisible operators and word joiner (U+2060-U+2064), the bidirectional isolates
//! (U+2066-U+2069), the deprecated format characters (U+206A-U+206F), the byte-order mark
//! (U+FEFF) and the Unicode tag characters (U+E0000-U+E007F). Structured content and `_meta`
//! are data and are not escaped.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` is written as an escape in the text a model reads.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}'
        | '\u{b}'..='\u{c}'
        | '\u{e}'..='\u{1f}'
        | '\u{7f}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200b}'..='\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{206f}'
        | '\u{feff}'
        | '\u{e0000}'..='\u{e007f}')
}

/// `text` with each invisible character ([`is_invisible`]) and each backslash that begins `\u{`
/// written as `\u{HEX}`; borrowed when there is none.
pub fn escape_invisible(text: &str) -> Cow<'_, str> {
    let needs = |(i, c): (usize, char)| is_invisible(c) || starts_escape(text, i, c);
    let Some(first) = text.char_indices().position(needs) else {
        return Cow::Borrowed(text);
    };
    let start = text
        .char_indices()
        .nth(first)
        .map_or(text.len(), |(i, _)| i);
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..start]);
    for (i, c) in text[start..].char_indices() {
        if is_invisible(c) || starts_escape(text, start + i, c) {
            // Writing to a `String` cannot fail.
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The text [`escape_invisible`] was given, from what it wrote: each `\u{HEX}` read as its
/// character; anything else (a `\u{` that is not a whole escape of a character) as it is.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\\u{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let decoded = after.find('}').and_then(|end| {
            let hex = &after[..end];
            let valid = !hex.is_empty() && hex.len() <= 6;
            let c = u32::from_str_radix(hex, 16)
                .ok()
                .filter(|_| valid)
                .and_then(char::from_u32)?;
            Some((c, end + 1))
        });
        match decoded {
            Some((c, used)) => {
                out.push(c);
                rest = &after[used..];
            }
            None => {
                out.push_str("\\u{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

// Whether the character `c` at byte `i` of `text` is a backslash that begins `\u{`.
fn starts_escape(text: &str, i: usize, c: char) -> bool {
    c == '\\' && text[i + 1..].starts_with("u{")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each class, the first and last of its range: escaped as `\u{HEX}`, and read back.
    #[test]
    fn each_class_is_escaped_visibly_and_reversibly() {
        let cases: &[(&str, char, &str)] = &[
            ("C0 control", '\u{0}', "\\u{0}"),
            ("C0 control", '\u{1b}', "\\u{1b}"),
            ("DEL", '\u{7f}', "\\u{7f}"),
            ("C1 control", '\u{85}', "\\u{85}"),
            ("C1 control", '\u{9f}', "\\u{9f}"),
            ("Arabic letter mark", '\u{61c}', "\\u{61c}"),
            ("zero width space", '\u{200b}', "\\u{200b}"),
            ("right-to-left mark", '\u{200f}', "\\u{200f}"),
            ("bidi embedding", '\u{202a}', "\\u{202a}"),
            ("bidi override", '\u{202e}', "\\u{202e}"),
            ("word joiner", '\u{2060}', "\\u{2060}"),
            ("invisible plus", '\u{2064}', "\\u{2064}"),
            ("bidi isolate", '\u{2066}', "\\u{2066}"),
            ("pop directional isolate", '\u{2069}', "\\u{2069}"),
            ("byte-order mark", '\u{feff}', "\\u{feff}"),
            ("tag", '\u{e0000}', "\\u{e0000}"),
            ("tag latin small letter i", '\u{e0069}', "\\u{e0069}"),
            ("cancel tag", '\u{e007f}', "\\u{e007f}"),
        ];
        for (class, c, written) in cases {
            let text = format!("a{c}b");
            let escaped = escape_invisible(&text);
            assert_eq!(escaped, format!("a{written}b"), "{class}");
            assert!(!escaped.chars().any(is_invisible), "{class}");
            assert_eq!(unescape(&escaped), text, "{class}");
        }
    }

    #[test]
    fn line_breaks_tabs_and_visible_text_are_left_as_they_are() {
        let text = "line\none\ttab\r\ncaf\u{e9} \u{1f600} \u{200a}hair space \\n \"q\" \\u00e9";
        assert!(matches!(escape_invisible(text), Cow::Borrowed(_)));
    }

    /// A hidden instruction spelled in tag characters reads as escapes, not as nothing.
    #[test]
    fn a_tag_spelled_instruction_is_visible() {
        let hidden: String = "ignore"
            .chars()
            .map(|c| char::from_u32(0xe0000 + c as u32).unwrap())
            .collect();
        let text = format!("{{\"name\":\"ok{hidden}\"}}");
        assert_eq!(
            escape_invisible(&text),
            "{\"name\":\"ok\\u{e0069}\\u{e0067}\\u{e006e}\\u{e006f}\\u{e0072}\\u{e0065}\"}"
        );
    }

    /// A literal `\u{` in the data has its backslash escaped, so that it does not read back as
    /// the character it names.
    #[test]
    fn a_literal_escape_in_the_data_reads_back_as_itself() {
        for text in [
            "\\u{202e}",
            "\\u{5c}",
            "\\\\u{41}",
            "x\\u{zz}",
            "\\",
            "\\u{",
            "\\\u{202e}",
            "\u{202e}\\u{202e}",
        ] {
            let escaped = escape_invisible(text);
            assert_eq!(unescape(&escaped), text, "{text:?} as {escaped:?}");
        }
        assert_eq!(escape_invisible("\\u{202e}"), "\\u{5c}u{202e}");
        // A backslash not followed by `u{` is itself.
        assert_eq!(escape_invisible("\\\u{202e}"), "\\\\u{202e}");
    }
}
