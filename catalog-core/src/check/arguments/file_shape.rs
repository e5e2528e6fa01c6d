//! The shape of a file argument (`catalog_runtime::wire::file::File`): its keys, and the one rule of what
//! is a valid one. The argument checker reports by it, decoding a `File` refuses by it, and the
//! input schema names the same keys.

use super::problem::ProblemKind;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD_PAD_INDIFFERENT;
use serde_json::{Map, Value};

/// The key of a file argument's bytes, in base64.
pub const CONTENT_BASE64: &str = "content_base64";
/// The key of a file argument's path, relative to the operator's files directory.
pub const PATH: &str = "path";
/// The key of a file argument's file name, sent in the part's `Content-Disposition`.
pub const FILENAME: &str = "filename";
/// The key of a file argument's media type, sent as the part's (or body's) `Content-Type`.
pub const MEDIA_TYPE: &str = "media_type";

/// What is wrong with a file argument: the key at fault (`None` for the object as a whole), the
/// kind of problem and the message.
pub type ShapeProblem = (Option<&'static str>, ProblemKind, String);

/// Every problem of a file argument given as a JSON object; empty when it is a valid file.
pub fn check_shape(map: &Map<String, Value>) -> Vec<ShapeProblem> {
    let mut problems = Vec::new();
    for key in map.keys() {
        if ![CONTENT_BASE64, PATH, FILENAME, MEDIA_TYPE].contains(&key.as_str()) {
            problems.push((
                None,
                ProblemKind::UnknownField,
                format!(
                    "unknown field `{}` of a file; a file is {{\"{CONTENT_BASE64}\": \"<base64>\"}} \
                     or {{\"{PATH}\": \"<path under the files directory>\"}}, with optional \
                     \"{FILENAME}\" and \"{MEDIA_TYPE}\"",
                    key.escape_debug()
                ),
            ));
        }
    }
    match (map.get(CONTENT_BASE64), map.get(PATH)) {
        (Some(_), Some(_)) => problems.push((
            None,
            ProblemKind::Other,
            format!("a file gives either `{CONTENT_BASE64}` or `{PATH}`, not both"),
        )),
        (None, None) => problems.push((
            None,
            ProblemKind::Missing,
            format!(
                "a file needs `{CONTENT_BASE64}` (its bytes in base64) or `{PATH}` (a file under \
                 the files directory)"
            ),
        )),
        (Some(Value::String(b64)), None) => {
            if let Err(e) = STANDARD_PAD_INDIFFERENT.decode(b64) {
                problems.push((
                    Some(CONTENT_BASE64),
                    ProblemKind::Format,
                    format!("is not standard base64: {e}"),
                ));
            }
        }
        (None, Some(Value::String(path))) => {
            if path.is_empty() {
                problems.push((
                    Some(PATH),
                    ProblemKind::Length,
                    "cannot be empty".to_string(),
                ));
            }
        }
        (Some(_), None) => problems.push((
            Some(CONTENT_BASE64),
            ProblemKind::Type,
            "must be a string".to_string(),
        )),
        (None, Some(_)) => problems.push((
            Some(PATH),
            ProblemKind::Type,
            "must be a string".to_string(),
        )),
    }
    match map.get(FILENAME) {
        None | Some(Value::Null) => {}
        Some(Value::String(name)) => {
            if name.chars().any(char::is_control) {
                problems.push((
                    Some(FILENAME),
                    ProblemKind::Format,
                    "cannot hold a control character (CR, LF, NUL, ...)".to_string(),
                ));
            }
        }
        Some(_) => problems.push((
            Some(FILENAME),
            ProblemKind::Type,
            "must be a string".to_string(),
        )),
    }
    match map.get(MEDIA_TYPE) {
        None | Some(Value::Null) => {}
        Some(Value::String(media)) => {
            if !is_media_type(media) {
                problems.push((
                    Some(MEDIA_TYPE),
                    ProblemKind::Format,
                    format!(
                        "`{}` is not a media type (`type/subtype`, such as `image/png`)",
                        media.escape_debug()
                    ),
                ));
            }
        }
        Some(_) => problems.push((
            Some(MEDIA_TYPE),
            ProblemKind::Type,
            "must be a string".to_string(),
        )),
    }
    problems
}

/// Whether `s` is a concrete media type: `type/subtype` tokens, optional `; parameters`, no
/// control characters or wildcards.
pub fn is_media_type(s: &str) -> bool {
    let token = |t: &str| {
        !t.is_empty()
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    };
    let (essence, params) = s.split_once(';').unwrap_or((s, ""));
    let Some((ty, sub)) = essence.trim().split_once('/') else {
        return false;
    };
    token(ty) && token(sub) && !params.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn problems(v: Value) -> Vec<String> {
        check_shape(v.as_object().unwrap())
            .into_iter()
            .map(|(k, _, m)| match k {
                Some(k) => format!("{k}: {m}"),
                None => m,
            })
            .collect()
    }

    #[test]
    fn a_valid_file_has_no_problem() {
        assert!(problems(json!({"content_base64": "aGk=", "filename": "h", "media_type": "text/plain; charset=utf-8"})).is_empty());
        assert!(problems(json!({"path": "a/b.txt"})).is_empty());
    }

    #[test]
    fn each_wrong_shape_is_named() {
        assert_eq!(
            problems(json!({"content": "aGk="})),
            [
                "unknown field `content` of a file; a file is {\"content_base64\": \"<base64>\"} or {\"path\": \"<path under the files directory>\"}, with optional \"filename\" and \"media_type\"",
                "a file needs `content_base64` (its bytes in base64) or `path` (a file under the files directory)"
            ]
        );
        assert_eq!(
            problems(json!({"content_base64": "aGk=", "path": "x"})),
            ["a file gives either `content_base64` or `path`, not both"]
        );
        assert_eq!(
            problems(json!({"content_base64": "a$k="})),
            ["content_base64: is not standard base64: Invalid symbol 36, offset 1."]
        );
        assert_eq!(
            problems(json!({"path": "", "filename": "a\r\nb", "media_type": "png"})),
            [
                "path: cannot be empty",
                "filename: cannot hold a control character (CR, LF, NUL, ...)",
                "media_type: `png` is not a media type (`type/subtype`, such as `image/png`)"
            ]
        );
        assert_eq!(
            problems(json!({"content_base64": 1, "filename": 2})),
            [
                "content_base64: must be a string",
                "filename: must be a string"
            ]
        );
    }
}
