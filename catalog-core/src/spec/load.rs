//! Loading an OpenAPI document: bytes to a `serde_json::Value`, the version check, and the
//! spec's identity.
//!
//! The document is normalized straight from the parsed tree rather than through the
//! `openapiv3` typed model: that model describes OpenAPI 3.0 only, so a 3.1 document would need
//! a lowering pass over the `Value` and then a second full deserialization into the model, and
//! the typed model drops shapes real specs use (an `enum` holding `null` without `nullable`,
//! `nullable` beside `$ref`, `x-nullable`). One parse and one normalization pass that
//! understands both versions is less code and less time; `BENCHMARKS.md` has the numbers.
//!
//! Two trees: [`parse`] and [`load`] give a `serde_json::Value`; the index's path
//! ([`load_normalized`], [`parse_normalized`]) reads JSON into the borrowed
//! [`crate::spec::json::Node`] instead, which costs a fraction of a `Value` in time and memory,
//! and normalizes it before the bytes are dropped. Both normalize to the same operations.

use crate::model::SpecInfo;
use crate::spec::normalize::{Normalized, normalize};
use crate::spec::tree::Tree;
use serde_json::Value;
use std::fmt;
use std::path::{Path, PathBuf};

/// The text format of a spec file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON.
    Json,
    /// YAML.
    Yaml,
}

impl Format {
    /// The format a file name implies (`.yaml`/`.yml` are YAML), falling back to sniffing the
    /// first non-blank byte (`{` is JSON).
    pub fn detect(path: &Path, bytes: &[u8]) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some("yaml" | "yml") => Format::Yaml,
            Some("json") => Format::Json,
            _ => match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
                Some(b'{') => Format::Json,
                _ => Format::Yaml,
            },
        }
    }
}

/// A spec that cannot be used at all. Problems with single operations are not errors: they are
/// recorded on the operation as [`crate::model::Unsupported`].
#[derive(Debug)]
pub enum SpecError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the OS said.
        source: std::io::Error,
    },
    /// The bytes are not valid JSON or YAML.
    Syntax {
        /// The format that was tried.
        format: Format,
        /// 1-based line of the error, when known.
        line: usize,
        /// 1-based column of the error, when known.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A Swagger 2.0 document.
    Swagger2,
    /// An `openapi` version other than 3.0.x or 3.1.x.
    UnsupportedVersion(String),
    /// Valid JSON/YAML that is not an OpenAPI document.
    NotOpenApi(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Io { path, source } => {
                write!(f, "cannot read spec `{}`: {source}", path.display())
            }
            SpecError::Syntax {
                format,
                line,
                column,
                message,
            } => {
                let kind = match format {
                    Format::Json => "JSON",
                    Format::Yaml => "YAML",
                };
                write!(
                    f,
                    "spec is not valid {kind} at line {line}, column {column}: {message}"
                )
            }
            SpecError::Swagger2 => f.write_str(
                "this is a Swagger 2.0 document; catalog reads OpenAPI 3.0.x and 3.1.x: convert it \
                 first (for example with `npx swagger2openapi spec.json -o openapi.json`)",
            ),
            SpecError::UnsupportedVersion(v) => write!(
                f,
                "unsupported OpenAPI version `{v}`; catalog reads 3.0.x and 3.1.x: convert the \
                 document to one of them"
            ),
            SpecError::NotOpenApi(why) => write!(f, "not an OpenAPI document: {why}"),
        }
    }
}

impl std::error::Error for SpecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SpecError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A parsed and version-checked OpenAPI document.
#[derive(Debug)]
pub struct Document {
    /// The document.
    pub value: Value,
    /// Its identity (stem, title, version, hash).
    pub info: SpecInfo,
}

/// Reads and parses a spec file. The whole file is read first: `serde_json::from_reader` on an
/// unbuffered file is several times slower.
pub fn load(path: &Path) -> Result<Document, SpecError> {
    let (bytes, stem) = read(path)?;
    parse(&bytes, Format::detect(path, &bytes), &stem)
}

/// Reads, parses and normalizes a spec file: [`load`] then [`normalize`], by the faster path.
pub fn load_normalized(path: &Path) -> Result<(SpecInfo, Normalized), SpecError> {
    let (bytes, stem) = read(path)?;
    parse_normalized(&bytes, Format::detect(path, &bytes), &stem)
}

// The file's bytes and its stem.
fn read(path: &Path) -> Result<(Vec<u8>, String), SpecError> {
    let bytes = std::fs::read(path).map_err(|source| SpecError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("spec")
        .to_string();
    Ok((bytes, stem))
}

/// Parses spec bytes in the given format and checks the OpenAPI version.
pub fn parse(bytes: &[u8], format: Format, stem: &str) -> Result<Document, SpecError> {
    let value = parse_value(bytes, format)?;
    let info = check_version(&value, stem, content_hash(bytes))?;
    Ok(Document { value, info })
}

/// Parses, checks and normalizes spec bytes: [`parse`] then [`normalize`], with the same
/// result. A JSON document is read into a tree that borrows from `bytes`; YAML, and JSON that
/// tree does not take (a syntax error, for `serde_json`'s message), go through a `Value`.
pub fn parse_normalized(
    bytes: &[u8],
    format: Format,
    stem: &str,
) -> Result<(SpecInfo, Normalized), SpecError> {
    let arena = crate::spec::json::Arena::new();
    if format == Format::Json
        && let Some(tree) = crate::spec::json::parse(bytes, &arena)
    {
        let info = check_version(&tree, stem, content_hash(bytes))?;
        return Ok((info, normalize(&tree)));
    }
    let doc = parse(bytes, format, stem)?;
    let normalized = normalize(&doc.value);
    Ok((doc.info, normalized))
}

fn parse_value(bytes: &[u8], format: Format) -> Result<Value, SpecError> {
    match format {
        Format::Json => serde_json::from_slice(bytes).map_err(|e| SpecError::Syntax {
            format,
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        }),
        Format::Yaml => serde_norway::from_slice(bytes).map_err(|e| {
            let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            SpecError::Syntax {
                format,
                line,
                column,
                message: strip_position(&e.to_string()),
            }
        }),
    }
}

// Parser messages end with their own "at line L column C"; the error prints position once.
fn strip_position(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

fn check_version<T: Tree>(value: &T, stem: &str, hash: u64) -> Result<SpecInfo, SpecError> {
    if !value.is_object() {
        return Err(SpecError::NotOpenApi(
            "the top level is not an object".into(),
        ));
    }
    if value.get("swagger").is_some() {
        return Err(SpecError::Swagger2);
    }
    let version = match value.get("openapi").map(|v| (v, v.as_str())) {
        Some((_, Some(v))) => v.to_string(),
        Some((other, None)) => {
            return Err(SpecError::UnsupportedVersion(other.to_value().to_string()));
        }
        None => {
            return Err(SpecError::NotOpenApi(
                "it has no `openapi` version field".into(),
            ));
        }
    };
    if !(version.starts_with("3.0.") || version.starts_with("3.1.")) {
        return Err(SpecError::UnsupportedVersion(version));
    }
    if !value.get("paths").is_none_or(T::is_object) {
        return Err(SpecError::NotOpenApi("`paths` is not an object".into()));
    }
    let info = value.get("info");
    let text = |key: &str| {
        info.and_then(|i| i.get(key))
            .and_then(T::as_str)
            .unwrap_or_default()
            .to_string()
    };
    Ok(SpecInfo {
        stem: stem.to_string(),
        title: text("title"),
        version: text("version"),
        openapi: version,
        hash: format!("{hash:016x}"),
        null: None,
    })
}

/// A 64-bit hash of the spec's bytes, used to key caches and stamp tools. It detects change;
/// it is not cryptographic. It consumes 8 bytes per step so that it stays cheap in build scripts,
/// which run unoptimized.
pub fn content_hash(bytes: &[u8]) -> u64 {
    // 16 bytes a step with one 128-bit multiply: the fewest operations per byte, which is what
    // counts when this runs unoptimized.
    const K: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835;
    let mut h: u128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D ^ (bytes.len() as u128);
    let (chunks, rest) = bytes.as_chunks::<16>();
    for c in chunks {
        h = (h ^ u128::from_le_bytes(*c)).wrapping_mul(K);
        h ^= h >> 67;
    }
    let mut w = [0u8; 16];
    w[..rest.len()].copy_from_slice(rest);
    h = (h ^ u128::from_le_bytes(w)).wrapping_mul(K);
    h ^= h >> 67;
    (h as u64) ^ ((h >> 64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(bytes: &str, format: Format) -> String {
        parse(bytes.as_bytes(), format, "t")
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn malformed_json_reports_line_and_column() {
        let e = err(
            "{\n  \"openapi\": \"3.0.0\",\n  \"paths\": {,}\n}",
            Format::Json,
        );
        assert_eq!(
            e,
            "spec is not valid JSON at line 3, column 13: key must be a string"
        );
    }

    #[test]
    fn malformed_yaml_reports_line_and_column() {
        let e = err("openapi: 3.0.0\npaths:\n  /a: [\n", Format::Yaml);
        assert!(e.starts_with("spec is not valid YAML at line "), "{e}");
        assert!(!e.contains("line 0,"), "{e}");
    }

    #[test]
    fn swagger_2_is_rejected_with_the_fix() {
        let e = err(r#"{"swagger": "2.0", "paths": {}}"#, Format::Json);
        assert!(e.contains("Swagger 2.0"), "{e}");
        assert!(e.contains("convert it first"), "{e}");
    }

    #[test]
    fn unknown_versions_are_rejected() {
        assert_eq!(
            err(r#"{"openapi": "4.0.0", "paths": {}}"#, Format::Json),
            "unsupported OpenAPI version `4.0.0`; catalog reads 3.0.x and 3.1.x: convert the \
             document to one of them"
        );
        assert_eq!(
            err(r#"{"info": {}}"#, Format::Json),
            "not an OpenAPI document: it has no `openapi` version field"
        );
        assert_eq!(
            err("[1]", Format::Json),
            "not an OpenAPI document: the top level is not an object"
        );
    }

    #[test]
    fn yaml_and_json_give_the_same_document() {
        let json = r#"{"openapi": "3.1.0", "info": {"title": "T", "version": "2"}, "paths": {}}"#;
        let yaml = "openapi: 3.1.0\ninfo:\n  title: T\n  version: '2'\npaths: {}\n";
        let a = parse(json.as_bytes(), Format::Json, "t").unwrap();
        let b = parse(yaml.as_bytes(), Format::Yaml, "t").unwrap();
        assert_eq!(a.value, b.value);
        assert_eq!(a.info.title, "T");
        assert_eq!(a.info.version, "2");
        assert_eq!(a.info.openapi, "3.1.0");
    }

    #[test]
    fn format_detection() {
        assert_eq!(Format::detect(Path::new("a.yml"), b"{"), Format::Yaml);
        assert_eq!(Format::detect(Path::new("a.json"), b"x"), Format::Json);
        assert_eq!(Format::detect(Path::new("a"), b"  {"), Format::Json);
        assert_eq!(Format::detect(Path::new("a"), b"openapi:"), Format::Yaml);
    }

    #[test]
    fn hash_is_the_one_indexes_were_stamped_with() {
        // The spec's hash is in every index; these are the values since index format 3.
        assert_eq!(format!("{:016x}", content_hash(b"")), "66f5b05566adea0e");
        assert_eq!(
            format!("{:016x}", content_hash(b"0123456789abcdef-x")),
            "566d342d64a0461d"
        );
        assert_eq!(
            format!("{:016x}", content_hash(b"0123456789abcdef0123456789abcdef")),
            "20cbab3951151d6c"
        );
    }

    #[test]
    fn hash_changes_with_any_byte() {
        let a = content_hash(b"0123456789abcdef-x");
        let b = content_hash(b"0123456789abcdef-y");
        let c = content_hash(b"0123456789abcdeF-x");
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_eq!(a, content_hash(b"0123456789abcdef-x"));
    }
}
