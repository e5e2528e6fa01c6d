//! The text of values: RFC 3986 percent-encoding, a scalar's text, and the wire form of null.

use super::error::{RequestError, RequestErrorKind, path_null};
use super::resolved::Resolved;
use catalog_core::model::{Accounted, Location, Operation, Param};
use serde_json::Value;
use std::fmt::Write as _;

/// A null value as the text its location sends: the row's wire form of null (see the module
/// docs), else empty, except where an empty text names nothing, which is refused: a path
/// segment, and a whole text body.
pub(super) fn null_as_text<'v>(
    value: Resolved<'v>,
    null: Option<&'v str>,
    param: &Param,
) -> Result<Resolved<'v>, RequestError> {
    if !matches!(value, Resolved::Null) {
        return Ok(value);
    }
    match (null, param.location) {
        (Some(text), _) => Ok(Resolved::Text(text)),
        (None, Location::Path) => Err(path_null(param)),
        (None, Location::Body) if param.name.is_empty() => Err(RequestError::new(
            RequestErrorKind::Shape,
            Some(param),
            "a text body cannot be null (no null form is declared for it)",
        )),
        (None, _) => Ok(Resolved::Text("")),
    }
}

/// Whether each byte is an RFC 3986 unreserved character (`A-Z a-z 0-9 - . _ ~`).
pub(super) const UNRESERVED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~');
        b += 1;
    }
    table
};

/// Whether `s` is all RFC 3986 unreserved characters, so that [`push_enc`] would copy it as it is.
pub(super) fn is_unreserved(s: &str) -> bool {
    s.bytes().all(|b| UNRESERVED[usize::from(b)])
}

/// Percent-encodes what was appended to `out` from `start` on, as [`push_enc`] writes it. Most
/// texts need no escape, so they stay in place; only one with a byte to escape is copied out
/// through `scratch` (overwritten) and written back encoded.
pub(super) fn enc_in_place(out: &mut String, start: usize, scratch: &mut String) {
    let Some(text) = out.get(start..) else {
        return;
    };
    if is_unreserved(text) {
        return;
    }
    scratch.clear();
    scratch.push_str(text);
    out.truncate(start);
    push_enc(out, scratch);
}

/// Appends `s` percent-encoded: every byte but unreserved characters escaped as `%XX` (upper
/// case hex), runs of unreserved characters copied whole.
pub(super) fn push_enc(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(s.len());
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if UNRESERVED[usize::from(b)] {
            continue;
        }
        // `start..i` is a run of ASCII, so both ends are character boundaries.
        if start < i {
            out.push_str(&s[start..i]);
        }
        out.push('%');
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 0xf)]));
        start = i + 1;
    }
    if start < bytes.len() {
        out.push_str(&s[start..]);
    }
}

/// What the text encoders share while one parameter is written: room for number text, and the
/// parameter's wire form of null.
#[derive(Default)]
pub(super) struct Scratch<'n> {
    number: String,
    /// The text sent for null (see the `encode` module docs); `None` for the default.
    pub(super) null: Option<&'n str>,
}

impl Scratch<'_> {
    /// The text of a null value or element: the declared form, or empty.
    pub(super) fn null_text(&self) -> &str {
        self.null.unwrap_or("")
    }
}

/// The wire form of null for one row: the row's own (`#[arg(null = "...")]`), else the spec's
/// (declared when it was indexed), else `None`, the default.
pub(super) fn null_form<'o>(op: &'o Operation, row: &'o Accounted) -> Option<&'o str> {
    row.null.as_deref().or(op.spec.null.as_deref())
}

/// A scalar's text (`true`, `1.5`, the string itself); `None` for arrays and objects. Null
/// elements inside arrays and objects are the parameter's null text. Number text is written
/// into `scratch`, which is overwritten.
pub(super) fn scalar<'s>(v: &'s Value, scratch: &'s mut Scratch<'_>) -> Option<&'s str> {
    match v {
        Value::String(s) => Some(s),
        Value::Number(n) => {
            scratch.number.clear();
            // Writing to a `String` cannot fail.
            let _ = write!(scratch.number, "{n}");
            Some(&scratch.number)
        }
        Value::Bool(true) => Some("true"),
        Value::Bool(false) => Some("false"),
        Value::Null => Some(scratch.null_text()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// Appends a scalar's text percent-encoded; `None` for arrays and objects.
pub(super) fn push_scalar_enc(
    out: &mut String,
    scratch: &mut Scratch<'_>,
    v: &Value,
) -> Option<()> {
    push_enc(out, scalar(v, scratch)?);
    Some(())
}

#[cfg(test)]
mod encoding_tests {
    use super::{enc_in_place, push_enc};
    use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
    use proptest::prelude::*;

    /// Everything but RFC 3986 unreserved characters is escaped: the reference `push_enc` must
    /// agree with.
    const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');

    fn reference(s: &str) -> String {
        utf8_percent_encode(s, COMPONENT).to_string()
    }

    fn enc(s: &str) -> String {
        let mut out = String::from("x=");
        push_enc(&mut out, s);
        out.split_off(2)
    }

    #[test]
    fn push_enc_matches_the_reference_set() {
        for s in [
            "",
            "a",
            "A-Z_a.z~09",
            " ",
            "/?#[]@!$&'()*+,;=%",
            "é",
            "aé",
            "éa",
            "a\u{0}b",
            "日本語",
            "\u{1F600}x",
            "..",
            "\u{7f}\u{80}",
        ] {
            assert_eq!(enc(s), reference(s), "{s:?}");
        }
    }

    proptest! {
        #[test]
        fn push_enc_matches_the_reference_for_any_text(s in any::<String>()) {
            prop_assert_eq!(enc(&s), reference(&s));
        }

        #[test]
        fn text_encoded_in_place_is_push_enc_s(prefix in "[a-z/?=&]{0,12}", s in any::<String>()) {
            let mut out = prefix.clone();
            out.push_str(&s);
            let mut scratch = String::from("left over");
            enc_in_place(&mut out, prefix.len(), &mut scratch);
            let mut expected = prefix;
            push_enc(&mut expected, &s);
            prop_assert_eq!(out, expected);
        }
    }
}
