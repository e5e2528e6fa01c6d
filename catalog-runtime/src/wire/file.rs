//! [`File`]: the argument that carries a file part of a multipart body, or a whole binary body.
//!
//! An agent writes it as a JSON object in one of two forms:
//!
//! - `{"content_base64": "aGVsbG8=", "filename": "hello.txt", "media_type": "text/plain"}`: the
//!   bytes themselves, in standard base64 (padding optional);
//! - `{"path": "reports/q3.pdf", "filename": "q3.pdf", "media_type": "application/pdf"}`: a file
//!   under the directory the operator configures (`CATALOG_FILES_DIR`, see
//!   [`crate::wire::uploads`]), read when the request is built.
//!
//! `filename` and `media_type` are optional in both. `check_shape` is the one rule of what is
//! a valid file argument: the argument checker reports by it, and decoding a [`File`] refuses by
//! it.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, STANDARD_PAD_INDIFFERENT};
use catalog_core::check::arguments::ProblemKind;
use catalog_core::check::arguments::file_shape::{
    CONTENT_BASE64, FILENAME, MEDIA_TYPE, PATH, check_shape,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A file a tool sends: a part of a `multipart/form-data` body, or a whole binary body
/// (`application/octet-stream`, ...). A `#[tool]` field for a `format: binary` part is typed
/// `catalog::File` (or `Option<File>`, `Vec<File>`).
///
/// Its content is either bytes (an agent sends them in base64) or a path under the directory
/// the operator allows (`CATALOG_FILES_DIR`), read when the request is built: never an
/// arbitrary file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "FileRepr", into = "FileRepr")]
pub struct File {
    content: Content,
    filename: Option<String>,
    media_type: Option<String>,
}

/// Where a file's bytes are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Content {
    /// The bytes themselves.
    Bytes(Vec<u8>),
    /// A path relative to the operator's files directory.
    Path(String),
}

impl File {
    /// A file of these bytes, with no file name or media type.
    pub fn from_bytes(bytes: impl Into<Vec<u8>>) -> File {
        File {
            content: Content::Bytes(bytes.into()),
            filename: None,
            media_type: None,
        }
    }

    /// A file read, when the request is built, from `path` under the operator's files
    /// directory (`CATALOG_FILES_DIR`).
    pub fn from_path(path: impl Into<String>) -> File {
        File {
            content: Content::Path(path.into()),
            filename: None,
            media_type: None,
        }
    }

    /// The file with this file name (sent in the part's `Content-Disposition`).
    pub fn with_filename(mut self, filename: impl Into<String>) -> File {
        self.filename = Some(filename.into());
        self
    }

    /// The file with this media type (sent as its `Content-Type`).
    pub fn with_media_type(mut self, media_type: impl Into<String>) -> File {
        self.media_type = Some(media_type.into());
        self
    }

    /// The bytes, when the file carries them (not for a path).
    pub fn bytes(&self) -> Option<&[u8]> {
        match &self.content {
            Content::Bytes(b) => Some(b),
            Content::Path(_) => None,
        }
    }

    /// The path, when the file is a reference to one.
    pub fn path(&self) -> Option<&str> {
        match &self.content {
            Content::Path(p) => Some(p),
            Content::Bytes(_) => None,
        }
    }

    /// The file name, when one is given.
    pub fn filename(&self) -> Option<&str> {
        self.filename.as_deref()
    }

    /// The media type, when one is given.
    pub fn media_type(&self) -> Option<&str> {
        self.media_type.as_deref()
    }

    /// Its parts: the content, the file name and the media type.
    pub(crate) fn into_parts(self) -> (Content, Option<String>, Option<String>) {
        (self.content, self.filename, self.media_type)
    }
}

/// The JSON form of a [`File`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRepr {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    content_base64: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    filename: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    media_type: Option<String>,
}

/// Why a file's JSON form is refused: the problem the shape check found first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    key: Option<&'static str>,
    kind: ProblemKind,
    message: String,
}

impl FileError {
    /// The key at fault (`path`), or `None` for the object as a whole.
    pub fn key(&self) -> Option<&'static str> {
        self.key
    }

    /// The kind of problem: an unknown key, a missing one, a wrong type or format.
    pub fn kind(&self) -> ProblemKind {
        self.kind
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.key {
            Some(k) => write!(f, "`{k}` {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FileError {}

impl TryFrom<FileRepr> for File {
    type Error = FileError;

    fn try_from(r: FileRepr) -> Result<File, FileError> {
        let mut map = Map::new();
        for (key, value) in [
            (CONTENT_BASE64, &r.content_base64),
            (PATH, &r.path),
            (FILENAME, &r.filename),
            (MEDIA_TYPE, &r.media_type),
        ] {
            if let Some(v) = value {
                map.insert(key.to_string(), Value::String(v.clone()));
            }
        }
        if let Some((key, kind, message)) = check_shape(&map).into_iter().next() {
            return Err(FileError { key, kind, message });
        }
        let content = match (r.content_base64, r.path) {
            (Some(b64), _) => Content::Bytes(STANDARD_PAD_INDIFFERENT.decode(b64).map_err(
                |e| FileError {
                    key: Some(CONTENT_BASE64),
                    kind: ProblemKind::Format,
                    message: format!("is not standard base64: {e}"),
                },
            )?),
            (None, Some(path)) => Content::Path(path),
            (None, None) => {
                return Err(FileError {
                    key: None,
                    kind: ProblemKind::Missing,
                    message: format!("a file needs `{CONTENT_BASE64}` or `{PATH}`"),
                });
            }
        };
        Ok(File {
            content,
            filename: r.filename,
            media_type: r.media_type,
        })
    }
}

impl From<File> for FileRepr {
    fn from(f: File) -> FileRepr {
        let (content_base64, path) = match f.content {
            Content::Bytes(b) => (Some(STANDARD.encode(b)), None),
            Content::Path(p) => (None, Some(p)),
        };
        FileRepr {
            content_base64,
            path,
            filename: f.filename,
            media_type: f.media_type,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_file_round_trips_through_its_json_form() {
        let f = File::from_bytes(b"\x00\xffhi".to_vec())
            .with_filename("a.bin")
            .with_media_type("application/octet-stream");
        let json = serde_json::to_value(&f).unwrap();
        assert_eq!(
            json,
            json!({"content_base64": "AP9oaQ==", "filename": "a.bin", "media_type": "application/octet-stream"})
        );
        assert_eq!(serde_json::from_value::<File>(json).unwrap(), f);
        let p = File::from_path("in/x.txt");
        assert_eq!(
            serde_json::to_value(&p).unwrap(),
            json!({"path": "in/x.txt"})
        );
        // Padding is optional on the way in.
        let unpadded: File = serde_json::from_value(json!({"content_base64": "AP9oaQ"})).unwrap();
        assert_eq!(unpadded.bytes(), Some(&b"\x00\xffhi"[..]));
    }

    #[test]
    fn decoding_refuses_what_the_shape_check_refuses() {
        let err = serde_json::from_value::<File>(json!({"path": "x", "content_base64": "aGk="}))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "a file gives either `content_base64` or `path`, not both"
        );
        let err = serde_json::from_value::<File>(json!({"path": "x", "size": 1})).unwrap_err();
        assert!(err.to_string().starts_with("unknown field `size`"), "{err}");
    }

    #[test]
    fn each_refusal_of_a_file_says_why() {
        let refused = |value: Value| {
            let repr = serde_json::from_value::<FileRepr>(value).unwrap();
            let e = File::try_from(repr).unwrap_err();
            (e.key(), e.kind(), e.to_string())
        };
        assert_eq!(
            refused(json!({"path": "x", "content_base64": "aGk="})),
            (
                None,
                ProblemKind::Other,
                "a file gives either `content_base64` or `path`, not both".to_string()
            )
        );
        assert_eq!(
            refused(json!({"content_base64": "not base64!"})),
            (
                Some(CONTENT_BASE64),
                ProblemKind::Format,
                "`content_base64` is not standard base64: Invalid symbol 32, offset 3.".to_string()
            )
        );
        assert_eq!(
            refused(json!({"path": ""})),
            (
                Some(PATH),
                ProblemKind::Length,
                "`path` cannot be empty".to_string()
            )
        );
        assert_eq!(
            refused(json!({"filename": "a.txt"})),
            (
                None,
                ProblemKind::Missing,
                "a file needs `content_base64` (its bytes in base64) or `path` (a file under the \
                 files directory)"
                    .to_string()
            )
        );
    }
}
