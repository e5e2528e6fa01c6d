//! What a `$ref` names, read as the standards say: a `$ref` is a URI reference (RFC 3986) whose
//! fragment is a JSON pointer (RFC 6901). A fragment is percent-encoded, so a path key written
//! `{id}` in the document is `%7Bid%7D` in a conforming reference (DigitalOcean writes 618 of
//! its refs so); the pointer's own escapes (`~1` for `/`, `~0` for `~`) are undone after the
//! percent-decoding, by the pointer lookup itself.

use std::borrow::Cow;

/// The JSON pointer a local `$ref` names: its fragment, percent-decoded. `Err` says why the
/// fragment is no pointer.
pub(super) fn fragment_pointer(fragment: &str) -> Result<Cow<'_, str>, String> {
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
                .ok_or_else(|| {
                    format!(
                        "`$ref` `#{fragment}` has a `%` not followed by two hex digits; \
                         write a literal `%` as `%25`"
                    )
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out)
        .map(Cow::Owned)
        .map_err(|_| format!("`$ref` `#{fragment}` percent-decodes to bytes that are not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::fragment_pointer;

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
        assert_eq!(
            fragment_pointer("/a%7").unwrap_err(),
            "`$ref` `#/a%7` has a `%` not followed by two hex digits; write a literal `%` as `%25`"
        );
        assert_eq!(
            fragment_pointer("/a%zz").unwrap_err(),
            "`$ref` `#/a%zz` has a `%` not followed by two hex digits; write a literal `%` as `%25`"
        );
        assert_eq!(
            fragment_pointer("/a%FF").unwrap_err(),
            "`$ref` `#/a%FF` percent-decodes to bytes that are not UTF-8"
        );
    }
}
