//! The `format` keyword: which formats are enforced, and what each one accepts.
//!
//! A string with a format listed in [`STRING_FORMATS`] must be written that way; any other
//! format is passed (the server is the judge of it). An integer with a format listed in
//! [`INTEGER_FORMATS`] must fit that format's range, whatever Rust type the tool's field has.
//!
//! Each rule is no looser than the one Prism (ajv-formats) applies, so that a value accepted
//! here is not refused by a validating server for its format.
//!
//! `hostname` is RFC 1123's host name, as ajv-formats reads it: dot-separated labels of 1 to 63
//! ASCII letters, digits and hyphens, none starting or ending with a hyphen, at most 253
//! characters in all, with an optional trailing dot (the root).
//!
//! Passed unchecked: every other format, among them `binary`, `password`, `idn-hostname` (an
//! internationalized name's rules are IDNA's, which ajv-formats does not check either),
//! `idn-email`, `uri-reference`, `iri`, `iri-reference`, `uri-template`, `json-pointer`,
//! `relative-json-pointer`, `regex`, `duration`, vendor formats, and the number formats `float`
//! and `double` (a field's `f32`/`f64` type carries those).

use std::net::{Ipv4Addr, Ipv6Addr};

/// The string formats that are enforced, each with what it accepts as a message says it.
pub const STRING_FORMATS: [(&str, &str); 10] = [
    (
        "date-time",
        "an RFC 3339 date-time such as \"2024-05-01T13:45:00Z\" or \"2024-05-01T13:45:00.5+02:00\"",
    ),
    ("date", "an RFC 3339 full-date such as \"2024-05-01\""),
    (
        "time",
        "an RFC 3339 full-time with an offset such as \"13:45:00Z\" or \"13:45:00+02:00\"",
    ),
    (
        "uuid",
        "a UUID such as \"123e4567-e89b-12d3-a456-426614174000\"",
    ),
    ("email", "an email address such as \"name@example.com\""),
    (
        "uri",
        "an absolute URI (RFC 3986) such as \"https://example.com/a?b=c\"",
    ),
    (
        "hostname",
        "a host name (RFC 1123: labels of letters, digits and hyphens, joined by dots) such as \"api.example.com\"",
    ),
    ("ipv4", "an IPv4 address such as \"192.0.2.1\""),
    ("ipv6", "an IPv6 address such as \"2001:db8::1\""),
    (
        "byte",
        "base64 text (RFC 4648, standard alphabet, padded) such as \"aGk=\"",
    ),
];

/// The integer formats whose range is enforced, with that range.
pub const INTEGER_FORMATS: [(&str, i128, i128); 7] = [
    ("int8", i8::MIN as i128, i8::MAX as i128),
    ("int16", i16::MIN as i128, i16::MAX as i128),
    ("int32", i32::MIN as i128, i32::MAX as i128),
    ("int64", i64::MIN as i128, i64::MAX as i128),
    ("uint8", 0, u8::MAX as i128),
    ("uint16", 0, u16::MAX as i128),
    ("uint32", 0, u32::MAX as i128),
];

/// The range an integer format allows; `None` for a format without one (`uint64` and unknown
/// formats are bounded by the JSON number itself and typed decoding).
pub(crate) fn integer_range(format: &str) -> Option<(i128, i128)> {
    INTEGER_FORMATS
        .iter()
        .find(|(name, ..)| *name == format)
        .map(|&(_, lo, hi)| (lo, hi))
}

/// The range a value of an integer `format` can take once decoded: the format's own
/// ([`INTEGER_FORMATS`]), `uint64`'s, and otherwise (no format, or a format of the API's own) a
/// 64-bit signed integer's, the widest integer the strict reading of arguments lets through.
pub(crate) fn decoded_range(format: Option<&str>) -> (i128, i128) {
    match format {
        Some("uint64") => (0, u64::MAX.into()),
        Some(f) => integer_range(f).unwrap_or((i64::MIN.into(), i64::MAX.into())),
        None => (i64::MIN.into(), i64::MAX.into()),
    }
}

/// `None` when `s` is written in `format` or the format is not enforced; otherwise what the
/// format accepts, for the message.
pub(super) fn check_string(format: &str, s: &str) -> Option<&'static str> {
    let ok = match format {
        "date-time" => is_date_time(s),
        "date" => is_date(s),
        "time" => is_time(s),
        "uuid" => is_uuid(s),
        "email" => is_email(s),
        "uri" => fluent_uri::Uri::parse(s).is_ok(),
        "hostname" => is_hostname(s),
        "ipv4" => s.parse::<Ipv4Addr>().is_ok(),
        "ipv6" => s.parse::<Ipv6Addr>().is_ok(),
        "byte" => is_base64(s),
        _ => return None,
    };
    if ok {
        return None;
    }
    STRING_FORMATS
        .iter()
        .find(|(name, _)| *name == format)
        .map(|&(_, what)| what)
}

/// Exactly `n` ASCII digits at the start of `s`, as a number, and the rest.
fn digits(s: &str, n: usize) -> Option<(u32, &str)> {
    let head = s.get(..n)?;
    if !head.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((head.parse().ok()?, &s[n..]))
}

/// `s` starts with `c`: the rest.
fn byte(s: &str, c: u8) -> Option<&str> {
    (s.as_bytes().first() == Some(&c)).then(|| &s[1..])
}

/// RFC 3339 `full-date`, with the day checked against the month (and leap years).
fn full_date(s: &str) -> Option<&str> {
    let (year, s) = digits(s, 4)?;
    let (month, s) = digits(byte(s, b'-')?, 2)?;
    let (day, s) = digits(byte(s, b'-')?, 2)?;
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&day).then_some(s)
}

/// RFC 3339 `partial-time` (`hh:mm:ss[.frac]`): the hour, minute, second and the rest.
fn partial_time(s: &str) -> Option<(u32, u32, u32, &str)> {
    let (hour, s) = digits(s, 2)?;
    let (minute, s) = digits(byte(s, b':')?, 2)?;
    let (second, mut s) = digits(byte(s, b':')?, 2)?;
    if let Some(frac) = byte(s, b'.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return None;
        }
        s = &frac[n..];
    }
    (hour <= 23 && minute <= 59 && second <= 60).then_some((hour, minute, second, s))
}

/// RFC 3339 `time-offset` (`Z` or `±hh:mm`) that ends the text: the offset in minutes east.
fn time_offset(s: &str) -> Option<i32> {
    if s.eq_ignore_ascii_case("z") {
        return Some(0);
    }
    let sign = match s.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (hour, rest) = digits(&s[1..], 2)?;
    let (minute, rest) = digits(byte(rest, b':')?, 2)?;
    (rest.is_empty() && hour <= 23 && minute <= 59).then(|| sign * (hour * 60 + minute) as i32)
}

/// RFC 3339 `full-time`. A leap second (`:60`) is accepted only at 23:59 UTC, the one minute
/// it can end.
fn is_full_time(s: &str) -> bool {
    let Some((hour, minute, second, rest)) = partial_time(s) else {
        return false;
    };
    let Some(offset) = time_offset(rest) else {
        return false;
    };
    if second == 60 {
        let utc = (hour as i32 * 60 + minute as i32 - offset).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

fn is_date(s: &str) -> bool {
    full_date(s).is_some_and(str::is_empty)
}

fn is_time(s: &str) -> bool {
    is_full_time(s)
}

fn is_date_time(s: &str) -> bool {
    match full_date(s) {
        Some(rest) => match rest.as_bytes().first() {
            Some(b'T' | b't') => is_full_time(&rest[1..]),
            _ => false,
        },
        None => false,
    }
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// A dot-atom local part and a domain of at least two DNS labels: the form ajv-formats (and
/// most servers) accept, without quoted local parts or address literals.
fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    let atom = |a: &str| {
        !a.is_empty()
            && a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~-".contains(&b))
    };
    let label = |l: &str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    local.split('.').all(atom) && domain.split('.').count() >= 2 && domain.split('.').all(label)
}

/// An RFC 1123 host name: labels of 1 to 63 ASCII letters, digits and hyphens, none starting
/// or ending with a hyphen, joined by dots, at most 253 characters without the optional
/// trailing dot.
fn is_hostname(s: &str) -> bool {
    let name = s.strip_suffix('.').unwrap_or(s);
    let label = |l: &str| {
        (1..=63).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    (1..=253).contains(&name.len()) && name.split('.').all(label)
}

/// Standard-alphabet base64 with padding (RFC 4648 §4), as OpenAPI's `byte` says.
fn is_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let pad = b.iter().rev().take_while(|&&c| c == b'=').count();
    pad <= 2
        && b[..b.len() - pad]
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
}
