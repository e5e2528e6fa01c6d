//! Tools over file uploads (openapi/uploads.yaml): a multipart body with file parts, text parts
//! and an `encoding` entry, and a whole `application/octet-stream` body. Agent arguments are
//! decoded, the request built, and the body read back with an independent multipart parser.

use catalog::{File, ProblemKind, RequestErrorKind, Tool, tool};
use http::header::CONTENT_TYPE;
use serde_json::{Value, json};

/// Upload a file to a channel.
#[derive(Debug)]
#[tool(spec = "uploads", operation = "UploadFile")]
pub struct UploadFile {
    pub file: File,
    pub channel_id: String,
    pub attachments: Option<Vec<File>>,
    pub note: Option<String>,
}

/// Store a blob under a name.
#[derive(Debug)]
#[tool(spec = "uploads", operation = "PutBlob")]
pub struct PutBlob {
    pub name: String,
    #[arg(param = "body", rename = "content")]
    pub content: catalog::File,
}

/// A part as `multer` reads it: name, file name, content type, bytes.
type Part = (String, Option<String>, Option<String>, Vec<u8>);

fn parse(request: &http::Request<Vec<u8>>) -> Vec<Part> {
    let content_type = request.headers()[CONTENT_TYPE].to_str().unwrap();
    let boundary = multer::parse_boundary(content_type).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut form = multer::Multipart::with_reader(request.body().as_slice(), boundary);
        let mut parts = Vec::new();
        while let Some(field) = form.next_field().await.unwrap() {
            parts.push((
                field.name().unwrap_or_default().to_string(),
                field.file_name().map(str::to_string),
                field.content_type().map(ToString::to_string),
                field.bytes().await.unwrap().to_vec(),
            ));
        }
        parts
    })
}

fn part(name: &str, filename: Option<&str>, content_type: Option<&str>, bytes: &[u8]) -> Part {
    (
        name.into(),
        filename.map(Into::into),
        content_type.map(Into::into),
        bytes.to_vec(),
    )
}

#[test]
fn an_agents_upload_is_decoded_and_sent_as_multipart_parts() {
    let tool = UploadFile::from_arguments(json!({
        "file": {"content_base64": "aGVsbG8gd29ybGQ=", "filename": "hello.txt", "media_type": "text/plain"},
        "channel_id": "town-square",
        "attachments": [{"content_base64": "AAEC/w=="}],
    }))
    .unwrap();
    assert_eq!(tool.file.bytes(), Some(&b"hello world"[..]));
    let request = tool.to_request().unwrap();
    assert_eq!(request.method(), "POST");
    assert_eq!(request.uri(), "/files");
    assert_eq!(
        parse(&request),
        [
            part(
                "file",
                Some("hello.txt"),
                Some("text/plain"),
                b"hello world"
            ),
            part("channel_id", None, None, b"town-square"),
            part(
                "attachments",
                Some("attachments"),
                Some("application/octet-stream"),
                b"\x00\x01\x02\xff"
            ),
        ]
    );
}

#[test]
fn a_tool_built_in_code_sends_the_same_parts() {
    let tool = UploadFile {
        file: File::from_bytes(b"\x89PNG".to_vec())
            .with_filename("a.png")
            .with_media_type("image/png"),
        channel_id: "c1".into(),
        attachments: None,
        note: Some("first".into()),
    };
    assert_eq!(
        parse(&tool.to_request().unwrap()),
        [
            part("file", Some("a.png"), Some("image/png"), b"\x89PNG"),
            part("channel_id", None, None, b"c1"),
            part("note", None, None, b"first"),
        ]
    );
}

#[test]
fn an_octet_stream_body_is_the_files_bytes() {
    let tool = PutBlob::from_arguments(json!({
        "name": "b1", "content": {"content_base64": "3q2+7w=="}
    }))
    .unwrap();
    let request = tool.to_request().unwrap();
    assert_eq!(
        (request.method().as_str(), request.uri().to_string()),
        ("PUT", "/blobs/b1".to_string())
    );
    assert_eq!(request.headers()[CONTENT_TYPE], "application/octet-stream");
    assert_eq!(request.body(), b"\xde\xad\xbe\xef");
}

#[test]
fn a_malformed_file_argument_is_refused_with_its_path() {
    let e = UploadFile::from_arguments(json!({
        "file": {"content_base64": "not base64!", "filename": "x"},
        "channel_id": "c",
        "attachments": ["aGk="],
    }))
    .unwrap_err();
    let problems: Vec<(&str, ProblemKind)> =
        e.problems().iter().map(|p| (p.path(), p.kind())).collect();
    assert_eq!(
        problems,
        [
            ("$.file.content_base64", ProblemKind::Format),
            ("$.attachments[0]", ProblemKind::Type)
        ]
    );
    assert_eq!(
        e.problems()[1].message(),
        "expected file (binary), got string \"aGk=\""
    );
}

#[test]
fn a_file_path_without_a_files_directory_is_refused_when_the_request_is_built() {
    // The test process sets no CATALOG_FILES_DIR.
    assert!(std::env::var_os("CATALOG_FILES_DIR").is_none());
    let tool = PutBlob::from_arguments(json!({"name": "b", "content": {"path": "x.bin"}})).unwrap();
    let e = tool.to_request().unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::File);
    assert_eq!(
        e.to_string(),
        "cannot build the request: body: file paths are not allowed here: the operator has set no files directory (CATALOG_FILES_DIR); send the file's bytes as `content_base64` instead"
    );
}

#[test]
fn the_input_schema_tells_the_agent_the_file_shape() {
    let schema: Value = serde_json::from_str(PutBlob::INPUT_SCHEMA).unwrap();
    let file = &schema["properties"]["content"];
    let arms = file["oneOf"].as_array().unwrap();
    assert_eq!(arms.len(), 2);
    assert_eq!(arms[0]["required"], json!(["content_base64"]));
    assert_eq!(arms[1]["required"], json!(["path"]));
    for arm in arms {
        assert_eq!(arm["additionalProperties"], json!(false));
        let keys: Vec<&String> = arm["properties"].as_object().unwrap().keys().collect();
        assert!(keys.ends_with(&[&"filename".to_string(), &"media_type".to_string()]));
    }
    let upload: Value = serde_json::from_str(UploadFile::INPUT_SCHEMA).unwrap();
    assert_eq!(upload["properties"]["attachments"]["type"], "array");
    assert_eq!(
        upload["properties"]["attachments"]["items"]["oneOf"],
        file["oneOf"]
    );
    // Valid file arguments pass the schema, malformed ones do not.
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&json!({"name": "b", "content": {"content_base64": "aGk="}})));
    assert!(validator.is_valid(
        &json!({"name": "b", "content": {"path": "a/b.bin", "media_type": "image/png"}})
    ));
    assert!(
        !validator
            .is_valid(&json!({"name": "b", "content": {"content_base64": "aGk=", "path": "x"}}))
    );
    assert!(!validator.is_valid(&json!({"name": "b", "content": "aGk="})));
}

/// Upload an avatar, from a spec written the OpenAPI 3.1 way.
#[derive(Debug)]
#[tool(spec = "uploads-3.1", operation = "UploadAvatar")]
pub struct UploadAvatar {
    pub image: File,
    pub thumb: Option<String>,
}

/// Store raw bytes, from a 3.1 `contentMediaType` binary body.
#[derive(Debug)]
#[tool(spec = "uploads-3.1", operation = "PutRaw")]
pub struct PutRaw {
    pub body: File,
}

#[test]
fn openapi_3_1_content_media_type_is_a_file_and_base64_content_is_text() {
    let tool = UploadAvatar::from_arguments(json!({
        "image": {"content_base64": "iVBORw==", "filename": "me.png"},
        "thumb": "aGk=",
    }))
    .unwrap();
    // The image part's type is the property's `contentMediaType`; the base64 thumbnail is
    // sent as the text the agent wrote.
    assert_eq!(
        parse(&tool.to_request().unwrap()),
        [
            part("image", Some("me.png"), Some("image/png"), b"\x89PNG"),
            part("thumb", None, None, b"aGk="),
        ]
    );
    let e = UploadAvatar::from_arguments(json!({
        "image": {"content_base64": "iVBORw=="}, "thumb": "not base64!",
    }))
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.thumb: expected base64 text (RFC 4648, standard alphabet, padded) \
         such as \"aGk=\", got string \"not base64!\""
    );
    let raw = PutRaw::from_arguments(json!({"body": {"content_base64": "AAE="}})).unwrap();
    let request = raw.to_request().unwrap();
    assert_eq!(request.headers()[CONTENT_TYPE], "application/octet-stream");
    assert_eq!(request.body(), b"\x00\x01");
}
