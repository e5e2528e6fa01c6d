//! Every real document in `CATALOG_SPECS_DIR`: every operation is indexed or carries an
//! unsupported reason with a pointer, and its parameter and body-field counts equal a count this
//! test makes on its own from the raw JSON.

use catalog_core::index::Index;
use catalog_core::model::Location;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

#[path = "support/real_specs.rs"]
mod real_specs;
use real_specs::{SPECS, specs_dir};

fn resolve<'a>(root: &'a Value, mut v: &'a Value) -> &'a Value {
    while let Some(r) = v.get("$ref").and_then(Value::as_str) {
        match r.strip_prefix('#').and_then(|p| root.pointer(p)) {
            Some(t) => v = t,
            None => return v,
        }
    }
    v
}

// Top-level property names of a body schema: `properties`, plus those of `allOf` arms, plus
// each name `required` lists that no property declares (a validator requires it of any value).
fn body_fields(root: &Value, schema: &Value, names: &mut Vec<String>, depth: usize) {
    let (mut declared, mut required) = (Vec::new(), Vec::new());
    walk_fields(root, schema, names, &mut declared, &mut required, depth);
    for r in required {
        if !declared.contains(&r) && !names.contains(&r) {
            names.push(r);
        }
    }
}

fn walk_fields(
    root: &Value,
    schema: &Value,
    names: &mut Vec<String>,
    declared: &mut Vec<String>,
    required: &mut Vec<String>,
    depth: usize,
) {
    let s = resolve(root, schema);
    if depth > 16 {
        return;
    }
    if let Some(props) = s.get("properties").and_then(Value::as_object) {
        for (k, v) in props {
            declared.push(k.clone());
            let read_only = resolve(root, v).get("readOnly") == Some(&Value::Bool(true))
                || v.get("readOnly") == Some(&Value::Bool(true));
            if !read_only && !names.contains(k) {
                names.push(k.clone());
            }
        }
    }
    if let Some(list) = s.get("required").and_then(Value::as_array) {
        required.extend(list.iter().filter_map(Value::as_str).map(String::from));
    }
    if let Some(arms) = s.get("allOf").and_then(Value::as_array) {
        for a in arms {
            walk_fields(root, a, names, declared, required, depth + 1);
        }
    }
}

fn json_media(content: &Map<String, Value>) -> Option<&Value> {
    let base = |k: &str| {
        k.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    };
    content
        .iter()
        .find(|(k, _)| base(k) == "application/json")
        .or_else(|| {
            content
                .iter()
                .find(|(k, _)| base(k).ends_with("+json") || base(k).ends_with("/json"))
        })
        .or_else(|| {
            content
                .iter()
                .find(|(k, _)| base(k) == "application/x-www-form-urlencoded")
        })
        .or_else(|| {
            content
                .iter()
                .find(|(k, _)| base(k) == "multipart/form-data")
        })
        .or_else(|| content.iter().find(|(k, _)| base(k).starts_with("text/")))
        .or_else(|| content.iter().next())
        .map(|(_, v)| v)
}

/// (method, path) -> counts per location, computed from the raw document.
fn independent_counts(root: &Value) -> BTreeMap<(String, String), [usize; 5]> {
    let mut out = BTreeMap::new();
    let paths = root["paths"].as_object().unwrap();
    for (path, item) in paths {
        let item = resolve(root, item);
        for method in [
            "get", "put", "post", "delete", "options", "head", "patch", "trace",
        ] {
            let Some(op) = item.get(method) else { continue };
            let mut seen: Vec<(String, String)> = Vec::new();
            for list in [item.get("parameters"), op.get("parameters")]
                .into_iter()
                .flatten()
            {
                for p in list.as_array().unwrap() {
                    let p = resolve(root, p);
                    let name = p["name"].as_str().unwrap().to_string();
                    let loc = p["in"].as_str().unwrap().to_string();
                    let ignored = loc == "header"
                        && ["accept", "content-type", "authorization"]
                            .contains(&name.to_ascii_lowercase().as_str());
                    if !ignored && !seen.contains(&(loc.clone(), name.clone())) {
                        seen.push((loc, name));
                    }
                }
            }
            let mut counts = [0usize; 5];
            for (loc, _) in &seen {
                let i = Location::ALL
                    .iter()
                    .position(|l| l.as_str() == loc)
                    .unwrap();
                counts[i] += 1;
            }
            if let Some(rb) = op.get("requestBody") {
                let rb = resolve(root, rb);
                if let Some(media) = rb
                    .get("content")
                    .and_then(Value::as_object)
                    .and_then(json_media)
                {
                    let mut names = Vec::new();
                    if let Some(s) = media.get("schema") {
                        body_fields(root, s, &mut names, 0);
                    }
                    counts[4] = names.len().max(1);
                }
            }
            out.insert((method.to_ascii_uppercase(), path.clone()), counts);
        }
    }
    out
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_real_spec_is_indexed_and_counts_match() {
    let dir = specs_dir();
    println!(
        "{:36} {:>6} {:>5} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
        "spec", "ops", "unsup", "path", "query", "header", "cookie", "body", "ms"
    );
    for name in SPECS {
        let path = dir.join(name);
        assert!(
            path.exists(),
            "{} is missing from the corpus",
            path.display()
        );
        let started = std::time::Instant::now();
        let index = Index::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ms = started.elapsed().as_millis();
        let raw: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let expected = independent_counts(&raw);
        assert_eq!(
            index.operations.len(),
            expected.len(),
            "{name}: operation count"
        );
        let mut totals = [0usize; 5];
        let mut unsupported = 0;
        for op in &index.operations {
            if !op.is_supported() {
                unsupported += 1;
                for u in &op.unsupported {
                    assert!(u.pointer.starts_with("#/"), "{name} {}: {u}", op.key());
                    assert!(!u.reason.is_empty());
                }
            }
            let mut got = [0usize; 5];
            for p in &op.params {
                got[Location::ALL.iter().position(|l| *l == p.location).unwrap()] += 1;
            }
            let want = expected
                .get(&(op.method.clone(), op.path.clone()))
                .unwrap_or_else(|| panic!("{name}: {} not in the raw document", op.key()));
            assert_eq!(
                &got,
                want,
                "{name} {}: [path, query, header, cookie, body]",
                op.key()
            );
            for (t, g) in totals.iter_mut().zip(got) {
                *t += g;
            }
        }
        println!(
            "{:36} {:>6} {:>5} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
            name,
            index.operations.len(),
            unsupported,
            totals[0],
            totals[1],
            totals[2],
            totals[3],
            totals[4],
            ms
        );
    }
}

// The index writes operations and shared schemas with its own JSON writer (serde_json's
// escaping is slow unoptimized); it must write exactly what serde_json writes, and read back
// every operation expanded exactly as `Index` expands it.
#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn index_files_hold_exactly_what_serde_writes() {
    let dir = specs_dir();
    let out = std::env::temp_dir().join(format!("catalog-corpus-{}", std::process::id()));
    for name in SPECS {
        let doc = catalog_core::spec::load::load(&dir.join(name)).unwrap();
        let normalized = catalog_core::spec::normalize::normalize(&doc.value);
        let index = Index::from_document(&doc);
        let dir_file = normalized.write(&doc.info, &out).unwrap();
        let mut expected = Vec::new();
        for op in &normalized.operations {
            serde_json::to_writer(&mut expected, op).unwrap();
        }
        let written = std::fs::read(dir_file.with_extension("catalog-ops")).unwrap();
        assert!(
            written == expected,
            "{name}: the ops file differs from serde_json's"
        );
        let mut expected = Vec::new();
        for s in &normalized.shared {
            serde_json::to_writer(&mut expected, s).unwrap();
        }
        let written = std::fs::read(dir_file.with_extension("catalog-schemas")).unwrap();
        assert!(
            written.starts_with(&expected),
            "{name}: the schemas file differs from serde_json's"
        );
        let reader = catalog_core::index::IndexReader::open(&dir_file).unwrap();
        for op in &index.operations {
            let catalog_core::index::Lookup::Found(found) = reader.find(&op.key()).unwrap() else {
                panic!("{name}: {} not found", op.key());
            };
            let mut found = *found;
            found.spec = Default::default();
            assert_eq!(&found, op, "{name}");
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}
