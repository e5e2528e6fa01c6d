//! The id a line names at its start, read from the first bytes of a line that is over the cap,
//! so that its refusal answers that request: a client waits for the answer to its id (the
//! Python SDK's `call_tool` waits forever for one that never comes), and clients write `id`
//! before `params` (`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{...}}`).

use serde_json::Value;

/// How much of an over-long line's start is kept to find its id.
pub(super) const HEAD_BYTES: usize = 4096;

/// The top-level `id` of the JSON object `head` starts (a string or an integer, as a request's
/// id is), when `head` holds it whole and every member before it; `None` otherwise (the id
/// comes after a member longer than `head`, or is not a request's id).
pub(super) fn id_at_start(head: &[u8]) -> Option<Value> {
    let mut i = skip_ws(head, 0);
    // A byte-order mark, as a whole line's reader tolerates.
    if head[i..].starts_with("\u{feff}".as_bytes()) {
        i = skip_ws(head, i + 3);
    }
    if head.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    loop {
        i = skip_ws(head, i);
        if head.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = string_end(head, i)?;
        let key: String = serde_json::from_slice(&head[i..key_end]).ok()?;
        i = skip_ws(head, key_end);
        if head.get(i) != Some(&b':') {
            return None;
        }
        i = skip_ws(head, i + 1);
        let end = value_end(head, i)?;
        if key == "id" {
            let id: Value = serde_json::from_slice(&head[i..end]).ok()?;
            return match &id {
                Value::String(_) => Some(id),
                Value::Number(n) if n.is_i64() || n.is_u64() => Some(id),
                _ => None,
            };
        }
        i = skip_ws(head, end);
        if head.get(i) != Some(&b',') {
            return None;
        }
        i += 1;
    }
}

fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while s
        .get(i)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    {
        i += 1;
    }
    i
}

// Past the closing quote of the string starting at `s[i]` (a quote), if `s` holds it.
fn string_end(s: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    loop {
        match s.get(j)? {
            b'\\' => j += 2,
            b'"' => return Some(j + 1),
            _ => j += 1,
        }
    }
}

// Past the value starting at `s[i]`, if `s` holds it whole.
fn value_end(s: &[u8], i: usize) -> Option<usize> {
    match s.get(i)? {
        b'"' => string_end(s, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                match s.get(j)? {
                    b'"' => {
                        j = string_end(s, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => {
            // A number, `true`, `false` or `null`: up to the next delimiter, which must be
            // in `s` (else the scalar may go on past it).
            let len = s[i..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n'))?;
            Some(i + len)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_id_before_the_long_member_is_found() {
        let id = |s: &str| id_at_start(s.as_bytes());
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"a":"xxxx"#),
            Some(json!(7))
        );
        assert_eq!(
            id(
                "\u{feff} { \"jsonrpc\" : \"2.0\" , \"id\" : \"a\\\"b\", \"params\": [1, {\"id\": 2"
            ),
            Some(json!("a\"b"))
        );
        // Members before it, of every kind, are stepped over.
        assert_eq!(
            id(r#"{"meta":{"id":1,"x":[{"}":"]"}]},"ok":true,"n":-1.5e3,"id":9,"params":"#),
            Some(json!(9))
        );
    }

    #[test]
    fn no_id_is_guessed() {
        let id = |s: &str| id_at_start(s.as_bytes());
        // After the long member: not in the head.
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","params":{"id":3,"text":"xxxx"#),
            None
        );
        // Cut in the middle of the id itself.
        assert_eq!(id(r#"{"jsonrpc":"2.0","id":12"#), None);
        assert_eq!(id(r#"{"id":"abc"#), None);
        // Not a request's id, or not an object.
        assert_eq!(id(r#"{"id":1.5,"method":"x""#), None);
        assert_eq!(id(r#"{"id":null,"method":"x""#), None);
        assert_eq!(id(r#"[{"id":1}"#), None);
        assert_eq!(id("xxxxxxxx"), None);
        assert_eq!(id(""), None);
    }
}
