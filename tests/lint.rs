//! The description lint at the tool (docs/deploying.md, "Description lint"): a flagged spec text
//! accepted with `accept_description` reaches the model as the spec wrote it, an invisible
//! character included; a doc comment replaces a flagged description, which then needs no
//! acceptance. The refusals are the ui cases in tests/ui/lint/.

use catalog::{Tool, tool};

#[tool(
    spec = "poisoned",
    operation = "GetAccepted",
    accept_description(
        "/paths/~1accepted/get/description",
        reason = "the comment is a build note of the vendor's generator and asks the model nothing"
    )
)]
pub struct GetAccepted {}

#[tool(
    spec = "poisoned",
    operation = "GetInvisible",
    accept_description(
        "/paths/~1invisible/get/summary",
        reason = "kept to show that an accepted override reaches the model exactly as the spec wrote it"
    )
)]
pub struct GetInvisible {}

/// Gets the status of the service.
#[tool(spec = "poisoned", operation = "GetInstruction")]
pub struct GetInstruction {}

#[test]
fn an_accepted_text_reaches_the_description_as_written() {
    assert!(
        GetAccepted::DESCRIPTION.starts_with("Gets the page. <!-- generated from pages.md -->"),
        "{}",
        GetAccepted::DESCRIPTION
    );
}

#[test]
fn an_accepted_direction_override_is_kept_and_only_the_literal_is_escaped() {
    assert!(
        GetInvisible::DESCRIPTION.starts_with("Get the report\u{202E}txt.exe"),
        "{}",
        GetInvisible::DESCRIPTION
    );
}

#[test]
fn a_doc_comment_replaces_a_flagged_description() {
    assert!(
        GetInstruction::DESCRIPTION.starts_with("Gets the status of the service."),
        "{}",
        GetInstruction::DESCRIPTION
    );
    assert!(!GetInstruction::DESCRIPTION.contains("Ignore all previous instructions"));
}
