//! What a `$ref` names, read as the standards say: a `$ref` is a URI reference (RFC 3986) whose
//! fragment is a JSON pointer (RFC 6901). A fragment is percent-encoded, so a path key written
//! `{id}` in the document is `%7Bid%7D` in a conforming reference (DigitalOcean writes 618 of
//! its refs so); the pointer's own escapes (`~1` for `/`, `~0` for `~`) are undone after the
//! percent-decoding, by the pointer lookup itself.

use std::borrow::Cow;
use std::fmt;

/// Why a `$ref` names nothing the normalizer can follow. Its message is the reason of the
/// [`Unsupported`](crate::model::Unsupported) it becomes, which
/// [`classify`](crate::spec::reason_class::classify) reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RefError {
    /// A reference into another document (holds the `$ref`).
    External(String),
    /// A local reference to where the document declares nothing (holds the `$ref`).
    Dangling(String),
    /// A fragment with a `%` not followed by two hex digits (holds the fragment, without `#`).
    BadEscape(String),
    /// A fragment whose percent-decoding is not UTF-8 (holds the fragment, without `#`).
    NotUtf8(String),
}

impl fmt::Display for RefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefError::External(r) => write!(
                f,
                "external `$ref` `{r}` is not supported; bundle the document into one file first"
            ),
            RefError::Dangling(r) => write!(f, "dangling `$ref` `{r}`: nothing is declared there"),
            RefError::BadEscape(fragment) => write!(
                f,
                "`$ref` `#{fragment}` has a `%` not followed by two hex digits; write a literal \
                 `%` as `%25`"
            ),
            RefError::NotUtf8(fragment) => write!(
                f,
                "`$ref` `#{fragment}` percent-decodes to bytes that are not UTF-8"
            ),
        }
    }
}

impl std::error::Error for RefError {}

/// The JSON pointer a local `$ref` names: its fragment, percent-decoded. `Err` says why the
/// fragment is no pointer.
pub(super) fn fragment_pointer(fragment: &str) -> Result<Cow<'_, str>, RefError> {
    if !fragment.contains('%') {
        return Ok(Cow::Borrowed(fragment));
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| RefError::BadEscape(fragment.to_string()))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out)
        .map(Cow::Owned)
        .map_err(|_| RefError::NotUtf8(fragment.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{RefError, fragment_pointer};

    #[test]
    fn a_fragment_without_percent_is_itself() {
        assert_eq!(
            fragment_pointer("/paths/~1a~1{id}/get").unwrap(),
            "/paths/~1a~1{id}/get"
        );
    }

    #[test]
    fn percent_escapes_are_decoded_in_either_case() {
        assert_eq!(
            fragment_pointer("/paths/~1v2~1vpcs~1%7Bvpc_id%7d/get").unwrap(),
            "/paths/~1v2~1vpcs~1{vpc_id}/get"
        );
        // `~1` written as `%7E1` is still the pointer escape for `/`, undone by the lookup.
        assert_eq!(fragment_pointer("/a%7E1b").unwrap(), "/a~1b");
        assert_eq!(
            fragment_pointer("/components/schemas/caf%C3%A9").unwrap(),
            "/components/schemas/café"
        );
    }

    #[test]
    fn a_malformed_escape_is_refused_with_the_fix() {
        for fragment in ["/a%7", "/a%zz", "/a%"] {
            let e = fragment_pointer(fragment).unwrap_err();
            assert_eq!(e, RefError::BadEscape(fragment.into()));
            assert_eq!(
                e.to_string(),
                format!(
                    "`$ref` `#{fragment}` has a `%` not followed by two hex digits; write a \
                     literal `%` as `%25`"
                )
            );
        }
    }

    #[test]
    fn an_escape_that_decodes_to_no_utf8_is_refused() {
        let e = fragment_pointer("/a%FF").unwrap_err();
        assert_eq!(e, RefError::NotUtf8("/a%FF".into()));
        assert_eq!(
            e.to_string(),
            "`$ref` `#/a%FF` percent-decodes to bytes that are not UTF-8"
        );
    }

    #[test]
    fn every_ref_error_is_classed_as_the_spec_s_or_out_of_scope() {
        use crate::spec::reason_class::{Blame, classify};
        for (e, name, blame) in [
            (
                RefError::External("other.json#/a".into()),
                "external-ref",
                Blame::OutOfScope,
            ),
            (
                RefError::Dangling("#/a".into()),
                "dangling-ref",
                Blame::Spec,
            ),
            (
                RefError::BadEscape("/a%7".into()),
                "malformed-ref",
                Blame::Spec,
            ),
            (
                RefError::NotUtf8("/a%FF".into()),
                "malformed-ref",
                Blame::Spec,
            ),
        ] {
            let class = classify(&e.to_string());
            assert_eq!((class.name, class.blame), (name, blame), "{e}");
        }
    }
}
