use super::*;
use std::sync::Arc;

fn op(id: Option<&str>, method: &str, path: &str) -> Operation {
    Operation {
        id: id.map(str::to_string),
        method: method.into(),
        path: path.into(),
        pointer: format!(
            "#/paths/{}/{}",
            crate::spec::normalize::escape(path),
            method
        ),
        summary: None,
        description: None,
        deprecated: false,
        params: vec![],
        body: None,
        responses: vec![],
        unsupported: vec![],
        degraded: vec![],
        degraded_output: vec![],
        spec: SpecInfo::default(),
        accounting: vec![],
        security: vec![],
        tags: vec![],
        failure: vec![],
    }
}

// A fresh directory per test, so tests running in parallel do not share files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("catalog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn index(stem: &str, operations: Vec<Operation>) -> Index {
    Index {
        spec: SpecInfo {
            stem: stem.into(),
            title: "Title".into(),
            version: "1.0".into(),
            openapi: "3.0.3".into(),
            hash: "0123456789abcdef".into(),
            null: None,
        },
        operations,
    }
}

fn sample() -> Index {
    index(
        "sample",
        vec![
            op(Some("ListThings"), "GET", "/things"),
            op(Some("Dup"), "GET", "/a"),
            op(None, "POST", "/things"),
            op(Some("Dup"), "DELETE", "/b"),
            op(Some("GetThing"), "GET", "/things/{id}"),
        ],
    )
}

fn found(reader: &IndexReader, name: &str) -> Operation {
    match reader.find(name).unwrap() {
        Lookup::Found(op) => *op,
        other => panic!("{name}: {other:?}"),
    }
}

#[test]
fn finds_by_operation_id_and_by_method_and_path() {
    let dir = scratch("find");
    let file = sample().write(&dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    assert_eq!(reader.len(), 5);
    assert_eq!(reader.spec().title, "Title");
    assert_eq!(reader.spec().hash, "0123456789abcdef");
    let list = found(&reader, "ListThings");
    assert_eq!(list.key(), "GET /things");
    // The spec identity is filled in for the tool.
    assert_eq!(list.spec.stem, "sample");
    assert_eq!(found(&reader, "post /things").id, None);
    assert_eq!(
        found(&reader, "GET /things/{id}").id.as_deref(),
        Some("GetThing")
    );
    assert_eq!(reader.find("GET /nothing").unwrap(), Lookup::NotFound);
    assert_eq!(reader.find("listthings").unwrap(), Lookup::NotFound);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn duplicate_ids_are_ambiguous_and_reachable_by_method_and_path() {
    let dir = scratch("dup");
    let file = sample().write(&dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    // The candidates in spec order.
    assert_eq!(
        reader.find("Dup").unwrap(),
        Lookup::Ambiguous(vec!["GET /a".into(), "DELETE /b".into()])
    );
    assert_eq!(found(&reader, "delete /b").key(), "DELETE /b");
    assert_eq!(found(&reader, "GET /a").key(), "GET /a");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_for_suggestions_are_in_spec_order() {
    let dir = scratch("names");
    let index = sample();
    let file = index.write(&dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    let expected: Vec<String> = index.names().collect();
    assert_eq!(reader.names().unwrap(), expected);
    let _ = std::fs::remove_dir_all(&dir);
}

// Many names, so the binary search takes several steps and meets both ends.
#[test]
fn every_name_of_a_large_index_is_found() {
    let dir = scratch("large");
    let ops: Vec<Operation> = (0..300)
        .map(|i| {
            let id = format!("op{:03}", (i * 7919) % 300);
            let method = ["GET", "POST", "DELETE"][i % 3];
            op(
                Some(id.as_str()).filter(|_| i % 5 != 0),
                method,
                &format!("/r{}", i / 3),
            )
        })
        .collect();
    let index = index("large", ops);
    let file = index.write(&dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    for op in &index.operations {
        assert_eq!(found(&reader, &op.key()).pointer, op.pointer);
        if let Some(id) = &op.id {
            assert_eq!(found(&reader, id).pointer, op.pointer);
        }
    }
    for missing in ["", "a", "op", "op0000", "zzz", "GET /r", "GET /r999"] {
        assert_eq!(reader.find(missing).unwrap(), Lookup::NotFound, "{missing}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_operation_whose_id_is_its_own_key_is_one_operation() {
    let dir = scratch("self");
    let file = index("self", vec![op(Some("GET /x"), "GET", "/x")])
        .write(&dir)
        .unwrap();
    let reader = IndexReader::open(&file).unwrap();
    assert_eq!(found(&reader, "GET /x").key(), "GET /x");
    assert_eq!(reader.names().unwrap(), ["GET /x"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_index_without_operations_finds_nothing() {
    let dir = scratch("empty");
    let file = index("empty", vec![]).write(&dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    assert!(reader.is_empty());
    assert_eq!(reader.find("Anything").unwrap(), Lookup::NotFound);
    assert_eq!(reader.names().unwrap(), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

fn unreadable(r: Result<Lookup, IndexError>) -> String {
    match r {
        Err(IndexError::Unreadable(why)) => why,
        other => panic!("expected an unreadable index, got {other:?}"),
    }
}

#[test]
fn damaged_files_are_reported_not_panicked_on() {
    let dir = scratch("damaged");
    let file = sample().write(&dir).unwrap();
    let names = file.with_extension("catalog-names");
    let ops = file.with_extension("catalog-ops");
    let pristine = (std::fs::read(&names).unwrap(), std::fs::read(&ops).unwrap());
    let restore = || {
        std::fs::write(&names, &pristine.0).unwrap();
        std::fs::write(&ops, &pristine.1).unwrap();
    };
    let reader = IndexReader::open(&file).unwrap();

    // Truncated data files.
    std::fs::write(&names, &pristine.0[..pristine.0.len() / 2]).unwrap();
    let why = unreadable(reader.find("ListThings"));
    assert!(
        why.contains("catalog-names") && why.contains("rebuild the crate"),
        "{why}"
    );
    assert!(reader.names().is_err());
    restore();
    std::fs::write(&ops, &pristine.1[..10]).unwrap();
    let why = unreadable(reader.find("ListThings"));
    assert!(
        why.contains("catalog-ops") && why.contains("rebuild the crate"),
        "{why}"
    );
    restore();

    // Garbage of the right size, byte by byte at every position of the names file: an error
    // or a lookup, never a panic.
    for i in 0..pristine.0.len() {
        for garbage in [b'\n', b'\t', b'z', 0xff] {
            let mut bytes = pristine.0.clone();
            bytes[i] = garbage;
            std::fs::write(&names, &bytes).unwrap();
            let _ = reader.find("ListThings");
            let _ = reader.find("Dup");
            let _ = reader.names();
        }
    }
    restore();
    // An operation that is not JSON.
    std::fs::write(&ops, vec![b'x'; pristine.1.len()]).unwrap();
    let why = unreadable(reader.find("ListThings"));
    assert!(why.contains("not a catalog index"), "{why}");
    restore();
    // Missing data files.
    std::fs::remove_file(&ops).unwrap();
    assert!(reader.find("ListThings").is_err());
    restore();
    assert!(matches!(reader.find("ListThings"), Ok(Lookup::Found(_))));

    // Damaged directory files: truncated, an older format, counts that do not parse.
    let text = std::fs::read_to_string(&file).unwrap();
    for damaged in [
        text[..text.len() / 2].to_string(),
        String::new(),
        text.replacen("catalog-index 3", "catalog-index 2", 1),
        text.replacen(" ", " x", 1),
    ] {
        std::fs::write(&file, &damaged).unwrap();
        match IndexReader::open(&file) {
            Err(IndexError::Unreadable(why)) => assert!(why.contains("rebuild"), "{why}"),
            other => panic!("{damaged:?}: {other:?}"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// The shared schemas read for one operation serve the next, and a record whose bytes
// changed under the same directory file is read again.
#[test]
fn shared_schemas_are_read_once_and_again_when_their_record_changes() {
    let dir = scratch("shared");
    let item = serde_json::json!({"description": "one", "type": "object",
        "properties": {"name": {"type": "string"}}});
    let list = |id: &str| {
        serde_json::json!({"get": {"operationId": id, "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": {
            "type": "array", "items": {"$ref": "#/components/schemas/Item"}}}}}}}})
    };
    let doc = serde_json::json!({"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
        "paths": {"/a": list("ListA"), "/b": list("ListB")},
        "components": {"schemas": {"Item": item}}});
    let normalized = crate::spec::normalize::normalize(&doc);
    assert_eq!(normalized.shared.len(), 1);
    let file = normalized.write(&sample().spec, &dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    let description = |op: &Operation| {
        let schema = op.responses[0].content[0].schema.as_ref().unwrap();
        let crate::model::Type::Array { items, .. } = &schema.ty else {
            panic!("{schema:?}")
        };
        items.description.clone()
    };
    assert_eq!(
        description(&found(&reader, "ListA")).as_deref(),
        Some("one")
    );
    assert_eq!(reader.shared_read.lock().unwrap().len(), 1);
    assert_eq!(
        description(&found(&reader, "ListB")).as_deref(),
        Some("one")
    );

    let schemas = file.with_extension("catalog-schemas");
    let bytes = std::fs::read(&schemas).unwrap();
    let text = String::from_utf8(bytes)
        .unwrap()
        .replacen("\"one\"", "\"two\"", 1);
    std::fs::write(&schemas, text).unwrap();
    assert_eq!(
        description(&found(&reader, "ListB")).as_deref(),
        Some("two")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// The macro expands every tool of a crate in one rustc process: all but the first expansion
// must reuse the parsed directory, and a rebuilt index must not be served stale.
#[test]
fn open_reuses_the_parsed_directory_until_its_content_changes() {
    let dir = scratch("cache");
    let mut index = sample();
    let file = index.write(&dir).unwrap();
    let first = IndexReader::open(&file).unwrap();
    let again = IndexReader::open(&file).unwrap();
    assert!(Arc::ptr_eq(&first, &again));

    // A change of the same size, within the file clock's granularity.
    index.spec.title = "Eltit".into();
    index.write(&dir).unwrap();
    let rebuilt = IndexReader::open(&file).unwrap();
    assert!(!Arc::ptr_eq(&first, &rebuilt));
    assert_eq!(rebuilt.spec().title, "Eltit");

    // Operations are read afresh on every lookup, so a rebuild that leaves the directory file
    // as it was still shows.
    index.operations[0].summary = Some("one".into());
    index.write(&dir).unwrap();
    let before = IndexReader::open(&file).unwrap();
    assert_eq!(found(&before, "ListThings").summary.as_deref(), Some("one"));
    index.operations[0].summary = Some("two".into());
    index.write(&dir).unwrap();
    let after = IndexReader::open(&file).unwrap();
    assert!(Arc::ptr_eq(&before, &after));
    assert_eq!(found(&after, "ListThings").summary.as_deref(), Some("two"));

    // A rebuild with more operations.
    index.operations.push(op(Some("New"), "PUT", "/new"));
    index.write(&dir).unwrap();
    let grown = IndexReader::open(&file).unwrap();
    assert_eq!(grown.len(), 6);
    assert_eq!(found(&grown, "New").key(), "PUT /new");
    let _ = std::fs::remove_dir_all(&dir);
}
