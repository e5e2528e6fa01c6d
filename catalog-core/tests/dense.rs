//! Documents whose schemas reference each other densely or in cycles: normalization and the
//! index grow linearly with the document, and expanding one operation stays within the budget
//! and records where it stopped. Everything is counted, nothing timed.

use catalog_core::index::inline::BUDGET;
use catalog_core::index::{Index, IndexReader, Lookup};
use catalog_core::model::{Degradation, DegradeReason, Operation, Schema, Type};
use catalog_core::spec::load::{Format, parse};
use catalog_core::spec::normalize::{Normalized, normalize};
use serde_json::{Map, Value, json};
use std::path::PathBuf;

/// A one-operation document whose request body is `body`, with these component schemas.
fn document(body: Value, schemas: Map<String, Value>) -> Vec<u8> {
    serde_json::to_vec(&json!({
        "openapi": "3.0.3",
        "info": {"title": "Dense", "version": "1"},
        "paths": {"/x": {"post": {"operationId": "Post", "requestBody": {
            "required": true,
            "content": {"application/json": {"schema": body}}
        }}}},
        "components": {"schemas": schemas},
    }))
    .unwrap()
}

fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

/// `S0 .. S{n-1}`, each an object whose `a` and `b` are both the next one: `2^n` leaves if
/// written out as a tree.
fn chain(n: usize) -> Vec<u8> {
    let mut schemas = Map::new();
    for i in 0..n {
        let next = reference(&format!("S{}", i + 1));
        schemas.insert(
            format!("S{i}"),
            json!({"type": "object", "properties": {"a": next, "b": next}}),
        );
    }
    schemas.insert(format!("S{n}"), json!({"type": "string"}));
    document(
        json!({"type": "object", "properties": {"root": reference("S0")}}),
        schemas,
    )
}

/// `Base` and `n` kinds that extend it, the body one of them.
fn shared_base(n: usize) -> Vec<u8> {
    let mut schemas = Map::new();
    schemas.insert(
        "Base".into(),
        json!({"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string"}, "kind": {"type": "string"}
        }}),
    );
    let mut arms = Vec::new();
    for i in 0..n {
        schemas.insert(
            format!("K{i}"),
            json!({"allOf": [reference("Base"), {"type": "object", "properties": {
                format!("p{i}"): {"type": "integer"}
            }}]}),
        );
        arms.push(reference(&format!("K{i}")));
    }
    document(
        json!({"type": "object", "properties": {"thing": {"oneOf": arms}}}),
        schemas,
    )
}

fn normalized(bytes: &[u8]) -> (Normalized, catalog_core::model::SpecInfo) {
    let doc = parse(bytes, Format::Json, "dense").unwrap();
    (normalize(&doc.value), doc.info)
}

fn expanded(bytes: &[u8]) -> Operation {
    let doc = parse(bytes, Format::Json, "dense").unwrap();
    let mut ops = Index::from_document(&doc).operations;
    assert_eq!(ops.len(), 1);
    ops.remove(0)
}

/// Schema nodes in a tree, the stored form's references counting one each.
fn nodes(s: &Schema) -> usize {
    1 + match &s.ty {
        Type::Array { items, .. } => nodes(items),
        Type::Object { fields, .. } => fields.iter().map(|f| nodes(&f.schema)).sum(),
        Type::AnyOf { arms } => arms.iter().map(nodes).sum(),
        _ => 0,
    }
}

fn stored_nodes(n: &Normalized) -> usize {
    let ops: usize = n
        .operations
        .iter()
        .flat_map(|op| &op.params)
        .map(|p| nodes(&p.schema))
        .sum();
    ops + n.shared.iter().map(|s| nodes(&s.schema)).sum::<usize>()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("catalog-dense-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The bytes of every index file written for a document.
fn index_bytes(bytes: &[u8], name: &str) -> u64 {
    let (n, info) = normalized(bytes);
    let dir = scratch(name);
    let dir_file = n.write(&info, &dir).unwrap();
    let total = [
        "catalog-dir",
        "catalog-names",
        "catalog-ops",
        "catalog-schemas",
    ]
    .iter()
    .map(|ext| {
        std::fs::metadata(dir_file.with_extension(ext))
            .unwrap()
            .len()
    })
    .sum();
    let _ = std::fs::remove_dir_all(&dir);
    total
}

#[test]
fn a_chain_referencing_the_next_schema_twice_is_normalized_and_stored_linearly() {
    for n in [8, 16, 32, 64, 128] {
        let doc = chain(n);
        let (norm, _) = normalized(&doc);
        // Each `S<i>` once: the object and its two properties; the body object and its field.
        assert_eq!(norm.schema_nodes, 3 * n + 1 + 2, "n = {n}");
        assert_eq!(norm.shared.len(), n + 1, "n = {n}");
        assert_eq!(stored_nodes(&norm), 3 * n + 1 + 1, "n = {n}");
        let bytes = index_bytes(&doc, &format!("chain{n}"));
        assert!(
            bytes <= 3 * doc.len() as u64 + 1024,
            "n = {n}: {bytes} index bytes for a {}-byte document",
            doc.len()
        );
    }
    // Doubling the document doubles the index, give or take the fixed parts.
    let (small, large) = (
        index_bytes(&chain(64), "c64"),
        index_bytes(&chain(128), "c128"),
    );
    assert!(large < 2 * small + 512, "{small} -> {large}");
}

#[test]
fn a_small_chain_is_written_out_in_full() {
    let op = expanded(&chain(5));
    assert!(op.degraded.is_empty(), "{:?}", op.degraded);
    // 2^5 leaves, 2^5 - 1 objects with their 2 * (2^5 - 1) property nodes... as a tree: every
    // level doubles.
    let root = &op.param("body.root").unwrap().schema;
    assert_eq!(nodes(root), (1 << 6) - 1);
}

#[test]
fn a_long_chain_is_cut_at_the_budget_and_says_where() {
    let op = expanded(&chain(40));
    let root = &op.param("body.root").unwrap().schema;
    let written = nodes(root);
    // Whole levels: the deepest that fits, and no more.
    assert!(
        (BUDGET / 2..=BUDGET).contains(&written),
        "{written} nodes written out"
    );
    assert!(!op.degraded.is_empty());
    assert!(
        op.degraded
            .iter()
            .all(|d| d.reason == DegradeReason::Budget(BUDGET)),
        "{:?}",
        op.degraded
    );
    // Every level is written out down to the same depth: one schema is cut, reported once
    // (at the first place) however many places it was cut in.
    assert_eq!(op.degraded.len(), 1, "{:?}", op.degraded);
    let cut = &op.degraded[0];
    let depth = cut.at.matches(".a").count();
    assert_eq!(cut.at, format!("body.root{}", ".a".repeat(depth)));
    assert_eq!(cut.pointer, format!("#/components/schemas/S{depth}"));
    // `2^depth - 1` objects written out and `2^depth` cut references (a reference is one node
    // with what it names): one more level would not fit.
    assert_eq!(written, (1 << (depth + 1)) - 1);
    assert!((1 << (depth + 2)) - 1 > BUDGET);
}

#[test]
fn the_reader_expands_one_operation_from_the_shared_schemas_it_reaches() {
    let doc = chain(40);
    let (norm, info) = normalized(&doc);
    let dir = scratch("reader");
    let dir_file = norm.write(&info, &dir).unwrap();
    let reader = IndexReader::open(&dir_file).unwrap();
    let Lookup::Found(found) = reader.find("Post").unwrap() else {
        panic!("Post not found")
    };
    let mut found = *found;
    found.spec = Default::default();
    assert_eq!(found, expanded(&doc));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cycle_through_three_schemas_is_written_out_once_and_recorded() {
    let mut schemas = Map::new();
    for (name, next) in [("A", "B"), ("B", "C"), ("C", "A")] {
        schemas.insert(
            name.into(),
            json!({"type": "object", "properties": {
                "name": {"type": "string"}, next.to_lowercase(): reference(next)
            }}),
        );
    }
    let doc = document(
        json!({"type": "object", "properties": {"start": reference("A")}}),
        schemas,
    );
    let (norm, _) = normalized(&doc);
    assert_eq!(norm.shared.len(), 3);
    assert_eq!(norm.schema_nodes, 3 * 3 + 2);
    let op = expanded(&doc);
    let start = &op.param("body.start").unwrap().schema;
    // A, B and C with their `name`, and A's second occurrence cut.
    assert_eq!(nodes(start), 3 * 2 + 1);
    assert_eq!(
        op.degraded,
        [Degradation {
            at: "body.start.b.c.a".into(),
            pointer: "#/components/schemas/A".into(),
            reason: DegradeReason::Recursive,
        }]
    );
}

#[test]
fn a_schema_referencing_itself_inside_all_of_terminates() {
    let mut schemas = Map::new();
    // A tree node whose children are itself through a lone `allOf` arm (the nullable-ref form).
    schemas.insert(
        "Node".into(),
        json!({"type": "object", "properties": {
            "name": {"type": "string"},
            "parent": {"nullable": true, "allOf": [reference("Node")]},
        }}),
    );
    // A schema merging itself: nothing to merge it with but a recursive reference.
    schemas.insert(
        "Selfish".into(),
        json!({"allOf": [reference("Selfish"), {"type": "object", "properties": {
            "x": {"type": "string"}
        }}]}),
    );
    let doc = document(
        json!({"type": "object", "properties": {
            "node": reference("Node"), "selfish": reference("Selfish")
        }}),
        schemas,
    );
    let (norm, _) = normalized(&doc);
    assert_eq!(norm.shared.len(), 2);
    let op = expanded(&doc);
    let node = &op.param("body.node").unwrap().schema;
    let Type::Object { fields, .. } = &node.ty else {
        panic!("{node:?}")
    };
    assert_eq!(fields[1].name, "parent");
    assert_eq!(fields[1].schema.ty, Type::Any);
    assert!(fields[1].schema.nullable);
    assert_eq!(op.param("body.selfish").unwrap().schema.ty, Type::Any);
    assert_eq!(
        op.degraded,
        [Degradation {
            at: "body.node.parent".into(),
            pointer: "#/components/schemas/Node".into(),
            reason: DegradeReason::Recursive,
        }]
    );
}

#[test]
fn one_of_arms_sharing_a_base_are_normalized_linearly_and_merged() {
    let mut work = Vec::new();
    for n in [4, 8, 16, 32] {
        let doc = shared_base(n);
        let (norm, _) = normalized(&doc);
        assert_eq!(norm.shared.len(), n + 1);
        work.push((n, norm.schema_nodes, stored_nodes(&norm)));
        let op = expanded(&doc);
        assert!(op.degraded.is_empty());
        let Type::AnyOf { arms } = &op.param("body.thing").unwrap().schema.ty else {
            panic!()
        };
        assert_eq!(arms.len(), n);
        let Type::Object { fields, .. } = &arms[n - 1].ty else {
            panic!("{:?}", arms[n - 1])
        };
        let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["id", "kind", format!("p{}", n - 1).as_str()]);
        assert!(fields[0].required);
    }
    // Normalized: Base once (3 nodes), each kind's `allOf`, its inline arm and property and
    // the reference to Base (4 nodes), the body (2 nodes and one reference per arm). Stored:
    // Base, each kind merged (an object with the base's two fields and its own), and the body
    // parameter (the union and one reference per arm).
    for (n, normalized, stored) in work {
        assert_eq!(normalized, 3 + 4 * n + 2 + n, "n = {n}");
        assert_eq!(stored, 3 + 4 * n + 1 + n, "n = {n}");
    }
}

#[test]
fn a_normalized_document_finds_and_expands_one_operation_as_the_index_does() {
    let doc = chain(40);
    let (norm, _) = normalized(&doc);
    assert_eq!(
        norm.find("post /x"),
        Lookup::Found(Box::new(expanded(&doc)))
    );
    assert_eq!(norm.find("Post"), Lookup::Found(Box::new(expanded(&doc))));
    assert_eq!(norm.find("Get"), Lookup::NotFound);
    assert_eq!(norm.names().collect::<Vec<_>>(), ["Post", "POST /x"]);
}

#[test]
fn a_damaged_schemas_file_is_reported_with_the_fix() {
    let doc = chain(8);
    let (norm, info) = normalized(&doc);
    let dir = scratch("damaged");
    let dir_file = norm.write(&info, &dir).unwrap();
    let schemas = dir_file.with_extension("catalog-schemas");
    let pristine = std::fs::read(&schemas).unwrap();
    let reader = IndexReader::open(&dir_file).unwrap();
    let unreadable = |reader: &IndexReader| match reader.find("Post") {
        Err(catalog_core::index::IndexError::Unreadable(why)) => why,
        other => panic!("expected an unreadable index, got {other:?}"),
    };
    // Truncated.
    std::fs::write(&schemas, &pristine[..pristine.len() / 2]).unwrap();
    let why = unreadable(&reader);
    assert!(
        why.contains("catalog-schemas") && why.contains("rebuild the crate"),
        "{why}"
    );
    // Garbage of the right size.
    std::fs::write(&schemas, vec![b'x'; pristine.len()]).unwrap();
    let why = unreadable(&reader);
    assert!(
        why.contains("catalog-schemas") && why.contains("not a catalog index"),
        "{why}"
    );
    std::fs::write(&schemas, &pristine).unwrap();
    assert!(matches!(reader.find("Post"), Ok(Lookup::Found(_))));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `R0 .. R{n-1}` in a ring, each an object whose `next` is the next one and `skip` the one
/// after: every schema is on a cycle, and the paths that never repeat one are Fibonacci(n).
fn ring(n: usize) -> Vec<u8> {
    let mut schemas = Map::new();
    for i in 0..n {
        schemas.insert(
            format!("R{i}"),
            json!({"type": "object", "properties": {
                "name": {"type": "string"},
                "next": reference(&format!("R{}", (i + 1) % n)),
                "skip": reference(&format!("R{}", (i + 2) % n)),
            }}),
        );
    }
    document(
        json!({"type": "object", "properties": {"start": reference("R0")}}),
        schemas,
    )
}

/// `N0 .. N{n-1}` in a ring, each an object whose `me` is itself and whose `next` is the next
/// one, both inside a lone `allOf` arm (the nullable-reference form).
fn self_referencing(n: usize) -> Vec<u8> {
    let mut schemas = Map::new();
    for i in 0..n {
        let me = format!("N{i}");
        let next = format!("N{}", (i + 1) % n);
        schemas.insert(
            me.clone(),
            json!({"type": "object", "properties": {
                "x": {"type": "string"},
                "me": {"nullable": true, "allOf": [reference(&me)]},
                "next": {"allOf": [reference(&next)]},
            }}),
        );
    }
    document(
        json!({"type": "object", "properties": {"start": reference("N0")}}),
        schemas,
    )
}

#[test]
fn a_ring_of_n_schemas_is_normalized_stored_and_expanded_within_bounds() {
    let mut sizes = Vec::new();
    for n in [8, 16, 32, 64] {
        let doc = ring(n);
        let (norm, _) = normalized(&doc);
        // Each `R<i>` once: the object, its string and its two references; the body object and
        // its field.
        assert_eq!(norm.schema_nodes, 4 * n + 2, "n = {n}");
        assert_eq!(norm.shared.len(), n, "n = {n}");
        assert_eq!(stored_nodes(&norm), 4 * n + 1, "n = {n}");
        let bytes = index_bytes(&doc, &format!("ring{n}"));
        assert!(
            bytes <= 3 * doc.len() as u64 + 1024,
            "n = {n}: {bytes} bytes"
        );
        sizes.push(bytes);
        let op = expanded(&doc);
        let written = nodes(&op.param("body.start").unwrap().schema);
        assert!(written <= BUDGET, "n = {n}: {written} nodes written out");
        // Once its paths (Fibonacci(n) of them, each step an object with three properties)
        // pass the budget, the budget cuts it: not at 8, from 16 on...
        let cut = op
            .degraded
            .iter()
            .any(|d| d.reason == DegradeReason::Budget(BUDGET));
        assert_eq!(cut, n >= 16, "n = {n}: {:?}", op.degraded);
        // ...and where the written-out paths reach around the ring (up to 16), it closes on R0.
        let closed = op.degraded.iter().any(|d| {
            d.reason == DegradeReason::Recursive && d.pointer == "#/components/schemas/R0"
        });
        assert_eq!(closed, n <= 16, "n = {n}: {:?}", op.degraded);
    }
    // Doubling the ring doubles the index, give or take the fixed parts.
    assert!(sizes[3] < 2 * sizes[2] + 512, "{sizes:?}");
}

#[test]
fn schemas_referencing_themselves_inside_all_of_are_normalized_linearly() {
    let mut work = Vec::new();
    // Up to 16: past 32 nested `allOf` arms, normalization stops following the chain.
    for n in [2, 4, 8, 16] {
        let doc = self_referencing(n);
        let (norm, _) = normalized(&doc);
        assert_eq!(norm.shared.len(), n, "n = {n}");
        work.push((n, norm.schema_nodes, stored_nodes(&norm)));
        let op = expanded(&doc);
        // Each written out once, down the ring: its `me` is where it meets itself, and the
        // ring closing on `N0` is the same cut again, recorded once.
        let expected: Vec<Degradation> = (0..n)
            .map(|i| Degradation {
                at: format!("body.start{}.me", ".next".repeat(i)),
                pointer: format!("#/components/schemas/N{i}"),
                reason: DegradeReason::Recursive,
            })
            .collect();
        assert_eq!(op.degraded, expected, "n = {n}");
    }
    // Linear in n: with n doubling each time, each step adds twice what the step before added.
    for w in work.windows(3) {
        let [(_, a0, b0), (_, a1, b1), (_, a2, b2)] = [w[0], w[1], w[2]];
        assert_eq!(a2 - a1, 2 * (a1 - a0), "normalized: {work:?}");
        assert_eq!(b2 - b1, 2 * (b1 - b0), "stored: {work:?}");
    }
}
