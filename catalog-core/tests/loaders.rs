//! The index's two loaders write the same index: a document read into a `serde_json::Value`
//! ([`load::parse`], then `normalize`) and the same bytes read into the borrowed tree
//! ([`load::parse_normalized`]) give byte-identical index files, for every spec in `openapi/`
//! and every pinned real spec (`CATALOG_SPECS_DIR`).

#[path = "support/real_specs.rs"]
mod real_specs;
use catalog_core::spec::load::{self, Format};
use catalog_core::spec::normalize::normalize;
use real_specs::{SPECS, specs_dir};
use std::path::{Path, PathBuf};

// The index files a loader wrote into `dir`, by name, sorted.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

fn assert_same_index(path: &Path) {
    let bytes = std::fs::read(path).unwrap();
    let format = Format::detect(path, &bytes);
    let stem = path.file_stem().unwrap().to_str().unwrap();
    let base = std::env::temp_dir().join(format!("catalog-loaders-{}-{stem}", std::process::id()));
    let (by_value, by_tree) = (base.join("value"), base.join("tree"));

    let doc = load::parse(&bytes, format, stem).unwrap();
    normalize(&doc.value).write(&doc.info, &by_value).unwrap();
    let (info, normalized) = load::parse_normalized(&bytes, format, stem).unwrap();
    assert_eq!(info, doc.info, "{stem}: spec identity");
    normalized.write(&info, &by_tree).unwrap();

    let (a, b) = (files(&by_value), files(&by_tree));
    assert_eq!(
        a.len(),
        4,
        "{stem}: {:?}",
        a.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for ((name_a, a), (name_b, b)) in a.iter().zip(&b) {
        assert_eq!(name_a, name_b);
        assert!(a == b, "{stem}: {name_a} differs between the two loaders");
    }
    assert_eq!(a.len(), b.len());
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn both_loaders_write_the_same_index_for_the_example_specs() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../openapi");
    let mut specs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    specs.sort();
    assert!(specs.len() >= 6, "{specs:?}");
    for spec in specs {
        assert_same_index(&spec);
    }
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn both_loaders_write_the_same_index_for_the_real_specs() {
    let dir = specs_dir();
    for name in SPECS {
        assert_same_index(&dir.join(name));
    }
}

#[test]
fn a_json_syntax_error_reads_as_serde_json_reports_it() {
    let text = b"{\n  \"openapi\": \"3.0.0\",\n  \"paths\": {,}\n}";
    let e = load::parse_normalized(text, Format::Json, "t").unwrap_err();
    assert_eq!(
        e.to_string(),
        "spec is not valid JSON at line 3, column 13: key must be a string"
    );
}

#[test]
fn a_document_nested_past_the_tree_limit_still_indexes() {
    // Deeper than the borrowed tree nests, within `serde_json`'s limit: read through a `Value`.
    let depth = catalog_core::spec::json::MAX_DEPTH + 2;
    let deep = "[".repeat(depth) + "0" + &"]".repeat(depth);
    let text = format!(
        r#"{{"openapi": "3.1.0", "info": {{"title": "T", "version": "1"}}, "x-deep": {deep}, "paths": {{"/a": {{"get": {{"operationId": "a"}}}}}}}}"#
    );
    let (info, normalized) = load::parse_normalized(text.as_bytes(), Format::Json, "t").unwrap();
    assert_eq!(info.title, "T");
    assert_eq!(normalized.operations.len(), 1);
    assert_eq!(normalized.operations[0].id.as_deref(), Some("a"));
}
