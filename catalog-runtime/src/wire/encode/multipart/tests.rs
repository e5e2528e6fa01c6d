//! The multipart and binary encoders, read back by an independent parser (`multer`).

use super::super::args::Source;
use super::super::{ArgValue, build_request};
use super::*;
use catalog_core::model::{Accounted, Disposition, Operation};
use catalog_core::spec::normalize::normalize;
use http::header::CONTENT_TYPE;
use serde_json::json;

/// The one operation of a document with this request body content, every parameter Set by an
/// argument of its wire name (`body` for a whole body).
fn tool(content: Value) -> Operation {
    let doc = json!({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/up": {"post": {"requestBody": {"required": true, "content": content},
            "responses": {"200": {"description": "ok"}}}}}});
    let mut op = normalize(&doc).operations.remove(0);
    assert!(op.unsupported.is_empty(), "{:?}", op.unsupported);
    op.accounting = op
        .params
        .iter()
        .map(|p| {
            let argument = if p.name.is_empty() {
                "body".to_string()
            } else {
                p.name.clone()
            };
            Accounted {
                param: p.clone(),
                disposition: Disposition::Set {
                    field: argument.clone(),
                    argument,
                },
                null: None,
                overridden: None,
                absent: None,
                appends: false,
                below: Vec::new(),
            }
        })
        .collect();
    op
}

fn upload() -> Operation {
    tool(json!({"multipart/form-data": {
        "schema": {"type": "object", "required": ["file"], "properties": {
            "file": {"type": "string", "format": "binary"},
            "caption": {"type": "string"},
            "count": {"type": "integer"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "meta": {"type": "object", "properties": {"a": {"type": "integer"}}},
            "extra": {"type": "array", "items": {"type": "string", "format": "binary"}},
            "settings": {"type": "object"}}},
        "encoding": {
            "file": {"contentType": "image/png, image/jpeg"},
            "settings": {"contentType": "application/json"}}}}))
}

/// A part as multer reads it: name, file name, content type, bytes.
type Parsed = (String, Option<String>, Option<String>, Vec<u8>);

/// The parts of a multipart request, parsed by `multer` with the boundary of its content type.
fn parse(request: &http::Request<Vec<u8>>) -> Vec<Parsed> {
    let content_type = request.headers()[CONTENT_TYPE].to_str().unwrap();
    assert!(
        content_type.starts_with("multipart/form-data; boundary="),
        "{content_type}"
    );
    let boundary = multer::parse_boundary(content_type).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut form = multer::Multipart::with_reader(request.body().as_slice(), boundary);
        let mut parts = Vec::new();
        while let Some(field) = form.next_field().await.unwrap() {
            let name = field.name().unwrap_or_default().to_string();
            let filename = field.file_name().map(str::to_string);
            let content_type = field.content_type().map(ToString::to_string);
            let bytes = field.bytes().await.unwrap().to_vec();
            parts.push((name, filename, content_type, bytes));
        }
        parts
    })
}

fn part(name: &str, filename: Option<&str>, content_type: Option<&str>, bytes: &[u8]) -> Parsed {
    (
        name.to_string(),
        filename.map(str::to_string),
        content_type.map(str::to_string),
        bytes.to_vec(),
    )
}

fn b64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[test]
fn every_part_reads_back_with_its_name_filename_type_and_bytes() {
    let op = upload();
    let png = b"\x89PNG\r\n\x1a\n\x00\x00--not a boundary\r\n";
    let request = build_request(
        &op,
        &[
            (
                "file",
                ArgValue::from(json!({"content_base64": b64(png), "filename": "cat \"1\".png",
                    "media_type": "image/png"})),
            ),
            ("caption", ArgValue::from(json!("héllo\r\nworld"))),
            ("count", ArgValue::from(json!(3))),
            ("tags", ArgValue::from(json!(["a", "b c"]))),
            ("meta", ArgValue::from(json!({"a": 1}))),
            (
                "extra",
                ArgValue::from(json!([{"content_base64": b64(b"one")},
                    {"content_base64": b64(b"two"), "filename": "2.txt", "media_type": "text/plain"}])),
            ),
            ("settings", ArgValue::from(json!(["x", {"y": true}]))),
        ],
    )
    .unwrap();
    assert_eq!(
        parse(&request),
        [
            part("file", Some("cat %221%22.png"), Some("image/png"), png),
            part("caption", None, None, "héllo\r\nworld".as_bytes()),
            part("count", None, None, b"3"),
            part("tags", None, None, b"a"),
            part("tags", None, None, b"b c"),
            part("meta", None, Some("application/json"), br#"{"a":1}"#),
            part(
                "extra",
                Some("extra"),
                Some("application/octet-stream"),
                b"one"
            ),
            part("extra", Some("2.txt"), Some("text/plain"), b"two"),
            // A JSON `contentType` sends the whole array as one JSON part.
            part(
                "settings",
                None,
                Some("application/json"),
                br#"["x",{"y":true}]"#
            ),
        ]
    );
}

#[test]
fn absent_parts_are_not_sent_and_a_file_takes_the_one_type_its_encoding_names() {
    let op = tool(json!({"multipart/form-data": {
        "schema": {"type": "object", "properties": {
            "icon": {"type": "string", "format": "binary"},
            "note": {"type": "string", "nullable": true}}},
        "encoding": {"icon": {"contentType": "image/svg+xml"}}}}));
    let request = build_request(
        &op,
        &[
            (
                "icon",
                ArgValue::from(json!({"content_base64": b64(b"<svg/>")})),
            ),
            ("note", ArgValue::Null),
        ],
    )
    .unwrap();
    assert_eq!(
        parse(&request),
        [
            part("icon", Some("icon"), Some("image/svg+xml"), b"<svg/>"),
            // Null is the parameter's null form: empty by default.
            part("note", None, None, b""),
        ]
    );
    let request = build_request(&op, &[]).unwrap();
    assert_eq!(parse(&request), []);
}

#[test]
fn a_file_the_encoding_does_not_allow_is_refused_naming_the_allowed_types() {
    let op = upload();
    let e = build_request(
        &op,
        &[(
            "file",
            ArgValue::from(json!({"content_base64": "aGk=", "media_type": "image/gif"})),
        )],
    )
    .unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::Shape);
    assert_eq!(
        e.to_string(),
        "cannot build the request: body.file: the file's media type `image/gif` is not one the spec allows here (image/png, image/jpeg)"
    );
    let e = build_request(
        &op,
        &[("file", ArgValue::from(json!({"content_base64": "aGk="})))],
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot build the request: body.file: the spec allows `image/png, image/jpeg` for this part; give the file's `media_type`"
    );
    let e = build_request(&op, &[("file", ArgValue::from(json!("aGk=")))]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot build the request: body.file: expected a file: {\"content_base64\": \"<base64>\"} or {\"path\": \"<path>\"}, with optional \"filename\" and \"media_type\""
    );
    let e = build_request(&op, &[("file", ArgValue::Null)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot build the request: body.file: a file cannot be null"
    );
}

#[test]
fn a_binary_body_is_the_files_bytes_with_its_media_type() {
    let op = tool(
        json!({"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}),
    );
    let bytes = b"\x00\x01\x02\xff";
    let request = build_request(
        &op,
        &[(
            "body",
            ArgValue::from(json!({"content_base64": b64(bytes)})),
        )],
    )
    .unwrap();
    assert_eq!(request.body(), bytes);
    assert_eq!(request.headers()[CONTENT_TYPE], "application/octet-stream");
    // A `*/*` body takes the file's own type; without one, octet-stream.
    let any = tool(json!({"*/*": {}}));
    let request = build_request(
        &any,
        &[(
            "body",
            ArgValue::from(json!({"content_base64": b64(bytes), "media_type": "image/png"})),
        )],
    )
    .unwrap();
    assert_eq!(
        (request.body().as_slice(), &request.headers()[CONTENT_TYPE]),
        (&bytes[..], &HeaderValue::from_static("image/png"))
    );
    let request = build_request(
        &any,
        &[("body", ArgValue::from(json!({"content_base64": ""})))],
    )
    .unwrap();
    assert_eq!(request.headers()[CONTENT_TYPE], "application/octet-stream");
    let e = build_request(
        &op,
        &[(
            "body",
            ArgValue::from(json!({"content_base64": "", "media_type": "image/png"})),
        )],
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot build the request: body: the file's media type `image/png` is not one the spec allows here (application/octet-stream)"
    );
}

/// `op`'s multipart or binary body (and its content type) from `args`, under explicit upload
/// settings.
fn encode(
    op: &Operation,
    uploads: &Uploads,
    args: &[(&str, Value)],
) -> Result<http::Request<Vec<u8>>, RequestError> {
    let fields: Vec<BodyField<'_>> = op
        .accounting
        .iter()
        .filter_map(|row| {
            let (_, v) = args
                .iter()
                .find(|(a, _)| *a == crate::wire::decode::argument_of(&row.disposition).unwrap())?;
            Some((&row.param, Source::Value(v), None))
        })
        .collect();
    let body = op.body.as_ref().unwrap();
    let mut headers = http::HeaderMap::new();
    let bytes = match body.kind {
        catalog_core::model::BodyKind::Binary => {
            binary_with(uploads, body, fields.first(), &mut headers)
        }
        _ => multipart_with(
            uploads,
            body,
            &fields,
            &mut Scratch::default(),
            &mut headers,
        ),
    }?;
    let mut request = http::Request::new(bytes);
    *request.headers_mut() = headers;
    Ok(request)
}

#[test]
fn a_body_over_the_upload_limit_is_refused_before_it_is_sent() {
    let uploads = Uploads {
        files_dir: None,
        max_bytes: 1000,
    };
    let op = upload();
    let big = json!({"content_base64": b64(&[7; 1001]), "media_type": "image/png"});
    let e = encode(&op, &uploads, &[("file", big)]).unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::TooLarge);
    assert_eq!(
        e.to_string(),
        "cannot build the request: body.file: the request body would be larger than the upload limit of 1000 bytes (CATALOG_MAX_UPLOAD_BYTES); send a smaller file"
    );
    // Parts add up: two files that fit alone do not fit together.
    let half = json!({"content_base64": b64(&[7; 600])});
    let e = encode(
        &op,
        &uploads,
        &[("extra", json!([half.clone(), half.clone()]))],
    )
    .unwrap_err();
    assert_eq!(
        (e.kind(), e.address()),
        (RequestErrorKind::TooLarge, Some("body.extra"))
    );
    assert!(encode(&op, &uploads, &[("extra", json!([half]))]).is_ok());
    let binary = tool(json!({"application/octet-stream": {}}));
    let e = encode(
        &binary,
        &uploads,
        &[("body", json!({"content_base64": b64(&[0; 1001])}))],
    )
    .unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::TooLarge);
    assert_eq!(
        encode(
            &binary,
            &uploads,
            &[("body", json!({"content_base64": b64(&[0; 1000])}))]
        )
        .unwrap()
        .body()
        .len(),
        1000
    );
}

#[test]
fn a_file_path_is_read_under_the_files_directory() {
    let dir = crate::wire::uploads::tests::scratch_dir("multipart-path");
    std::fs::create_dir_all(dir.join("in")).unwrap();
    std::fs::write(dir.join("in/report.csv"), b"a,b\n1,2\n").unwrap();
    let uploads = Uploads {
        files_dir: Some(dir.clone()),
        max_bytes: 1 << 20,
    };
    let op = upload();
    let request = encode(
        &op,
        &uploads,
        &[(
            "extra",
            json!([{"path": "in/report.csv", "media_type": "text/csv"}]),
        )],
    )
    .unwrap();
    assert_eq!(
        parse(&request),
        [part(
            "extra",
            Some("report.csv"),
            Some("text/csv"),
            b"a,b\n1,2\n"
        )]
    );
    let small = Uploads {
        files_dir: Some(dir.clone()),
        max_bytes: 4,
    };
    let e = encode(
        &op,
        &small,
        &[("extra", json!([{"path": "in/report.csv"}]))],
    )
    .unwrap_err();
    assert_eq!(e.kind(), RequestErrorKind::TooLarge);
    std::fs::remove_dir_all(&dir).unwrap();
}
