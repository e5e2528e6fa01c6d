//! The one way the macro writes a long string into its output: as a raw string literal.
//!
//! The accounting table, the embedded operation and the schemas run to tens of kilobytes for an
//! operation with a hundred parameters. `Literal::string` escapes them character by character
//! in the macro (unoptimized in a dev build) and the compiler unescapes them again; a raw
//! literal (`r###"…"###`) is lexed once by the compiler and read as it is.

use proc_macro2::{Literal, TokenStream};
use quote::ToTokens;

/// `s` as a string literal: raw when it can be, escaped when it holds a carriage return (which
/// a raw string cannot), an invisible or direction-changing character (an accepted description
/// holding one is written `\u{202e}`, which rustc's `text_direction_codepoint_in_literal` does
/// not refuse and a reviewer sees) or when no compiler is there to lex it (the macro's unit
/// tests).
pub fn str_literal(s: &str) -> TokenStream {
    if let Some(raw) = raw_repr(s)
        && !catalog_core::check::lint::chars::has_invisible(s)
        && proc_macro::is_available()
        && let Ok(literal) = raw.parse::<proc_macro::Literal>()
    {
        return proc_macro::TokenStream::from(proc_macro::TokenTree::Literal(literal)).into();
    }
    Literal::string(s).into_token_stream()
}

/// The source of `s` as a raw string literal: three `#`s, or one more than the longest run
/// that follows a `"` in `s` when that is longer; `None` when `s` holds a carriage return.
fn raw_repr(s: &str) -> Option<String> {
    if s.as_bytes().contains(&b'\r') {
        return None;
    }
    // Three `#`s close no JSON or markdown this macro writes; counting is for the rare rest.
    let hashes = "#".repeat(longest_run_after_quote(s).max(2) + 1);
    Some(format!("r{hashes}\"{s}\"{hashes}"))
}

/// The longest run of `#`s that follows a `"` in `s`. The `#`s are found by `str::find` with a
/// `char`, which the standard library searches with its own optimized code: the macro runs
/// unoptimized, and these strings run to tens of kilobytes.
fn longest_run_after_quote(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut longest = 0;
    let mut from = 0;
    while let Some(at) = s.get(from..).and_then(|rest| rest.find('#')) {
        let start = from + at;
        let mut end = start + 1;
        while bytes.get(end) == Some(&b'#') {
            end += 1;
        }
        if start > 0 && bytes[start - 1] == b'"' {
            longest = longest.max(end - start);
        }
        from = end;
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raw_literal_has_three_hashes_or_one_more_than_any_run_after_a_quote() {
        assert_eq!(raw_repr("plain").as_deref(), Some("r###\"plain\"###"));
        assert_eq!(
            raw_repr(r##"{"$ref":"#/a"}"##).as_deref(),
            Some(r####"r###"{"$ref":"#/a"}"###"####)
        );
        assert_eq!(
            raw_repr(r#####"a "### b "# c"#####).as_deref(),
            Some(r#####"r####"a "### b "# c"####"#####)
        );
        assert_eq!(
            raw_repr(r######"a "##### b"######).as_deref(),
            Some(r#######"r######"a "##### b"######"#######)
        );
    }

    #[test]
    fn the_longest_run_of_hashes_after_a_quote_is_counted() {
        assert_eq!(longest_run_after_quote(""), 0);
        assert_eq!(longest_run_after_quote("# heading ## b"), 0);
        assert_eq!(longest_run_after_quote(r##""#/a""##), 1);
        assert_eq!(longest_run_after_quote(r#####"x "## y ##"#### "#"#####), 4);
        assert_eq!(longest_run_after_quote(r######"####"#####"######), 5);
        assert_eq!(longest_run_after_quote("\"é#\"##"), 2);
    }

    #[test]
    fn a_carriage_return_is_escaped() {
        assert_eq!(raw_repr("a\r\nb"), None);
        assert_eq!(str_literal("a\r\nb").to_string(), "\"a\\r\\nb\"");
    }

    #[test]
    fn the_raw_source_reads_back_as_the_same_string() {
        for s in [
            "",
            "plain",
            r##"{"op":{"pointer":"#/paths/~1a/get"}}"##,
            "line\nnext \\ \"quoted\" \u{1F600}",
            r##"a "# b"##,
            r#####"a "#### b"#####,
        ] {
            let raw = raw_repr(s).expect("no carriage return");
            let read: syn::LitStr = syn::parse_str(&raw).expect("a valid raw literal");
            assert_eq!(read.value(), s);
        }
    }
}
