//! What the derives and `#[tool]` agree on without seeing each other: a wire name's key (the
//! const argument of the marker traits in `__private_v1::markers`) and readable identifiers
//! for the items they generate.

use proc_macro2::{Ident, Span};

/// The key of a wire name: 64-bit FNV-1a of its UTF-8 bytes, written into the expansion as a
/// literal (nothing is evaluated at compile time).
pub fn of(wire: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in wire.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// `of(wire)` as a `u64` literal token.
pub fn literal(wire: &str) -> proc_macro2::Literal {
    proc_macro2::Literal::u64_suffixed(of(wire))
}

/// An identifier built from parts that may hold any characters (`query`, `in-progress`): ASCII
/// alphanumerics kept, anything else `_`, parts joined by `_`.
pub fn ident(parts: &[&str]) -> Ident {
    let mut s = String::new();
    for part in parts {
        if !s.is_empty() && !s.ends_with('_') {
            s.push('_');
        }
        for c in part.chars() {
            let c = if c.is_ascii_alphanumeric() { c } else { '_' };
            if !(c == '_' && s.ends_with('_')) {
                s.push(c);
            }
        }
    }
    let s = s.trim_end_matches('_');
    Ident::new(if s.is_empty() { "_x" } else { s }, Span::call_site())
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_fnv1a_and_differ_for_different_names() {
        assert_eq!(super::of(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::of("a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(super::of("open"), super::of("opem"));
    }

    #[test]
    fn idents_are_valid_whatever_the_parts_hold() {
        assert_eq!(
            super::ident(&["query", "in-progress"]).to_string(),
            "query_in_progress"
        );
        assert_eq!(super::ident(&["Status", "a b!"]).to_string(), "Status_a_b");
    }
}
