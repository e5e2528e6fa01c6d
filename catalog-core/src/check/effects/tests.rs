//! Each refusal of `semantics` and `effects(..)`, by its message, and what an accepted
//! declaration gives.

use super::*;
use crate::model::testing::op;

fn semantics_of(method: &str, text: &str) -> Result<Semantics, Finding> {
    semantics(&op(method, "/tasks/{id}").build(), &(text.to_string(), 7))
}

fn reason(text: &str) -> Reason {
    Reason {
        text: text.into(),
        site: 9,
    }
}

/// `effects(..)` over `METHOD /tasks/{id}` declared by `DeleteTask`: the effects, the reason
/// and the findings.
fn effects_of(
    method: &str,
    semantics: Option<&str>,
    declared: Option<DeclaredEffects>,
) -> (Effects, Option<String>, Vec<Finding>) {
    let mut findings = Vec::new();
    let semantics = semantics.map(|s| (s.to_string(), 7));
    let (effects, reason) = effects(
        &op(method, "/tasks/{id}").build(),
        semantics.as_ref(),
        declared.as_ref(),
        "DeleteTask",
        &mut findings,
    );
    (effects, reason, findings)
}

fn overrides(hints: Vec<(Hint, bool, Site)>, reason_text: Option<&str>) -> DeclaredEffects {
    DeclaredEffects {
        hints,
        reason: reason_text.map(reason),
        site: 1,
    }
}

#[test]
fn an_unknown_semantics_names_the_two_there_are() {
    assert_eq!(
        semantics_of("PUT", "replace"),
        Err(Finding::at(
            7,
            "unknown semantics `replace`; expected \"full-replace\" (every body field left out \
             is cleared) or \"merge\" (only what is sent changes)"
        ))
    );
}

#[test]
fn semantics_on_a_method_that_writes_no_body_is_refused() {
    for method in ["GET", "HEAD", "OPTIONS", "DELETE"] {
        assert_eq!(
            semantics_of(method, "merge"),
            Err(Finding::at(
                7,
                format!(
                    "`semantics` says what a write does to the fields it does not send, and \
                     {method} /tasks/{{id}} sends none; remove it"
                )
            )),
            "{method}"
        );
    }
}

#[test]
fn the_semantics_of_the_method_itself_is_refused() {
    assert_eq!(
        semantics_of("PUT", "full-replace"),
        Err(Finding::at(
            7,
            "PUT is `full-replace` already; remove `semantics = \"full-replace\"`"
        ))
    );
    assert_eq!(
        semantics_of("PATCH", "merge"),
        Err(Finding::at(
            7,
            "PATCH is `merge` already; remove `semantics = \"merge\"`"
        ))
    );
}

#[test]
fn a_semantics_the_method_does_not_imply_is_accepted() {
    assert_eq!(semantics_of("PUT", "merge"), Ok(Semantics::Merge));
    assert_eq!(
        semantics_of("POST", "full-replace"),
        Ok(Semantics::FullReplace)
    );
    assert_eq!(
        semantics_of("PATCH", "full-replace"),
        Ok(Semantics::FullReplace)
    );
}

#[test]
fn full_replace_is_a_put_or_a_declared_full_replace() {
    assert!(full_replace("PUT", None));
    assert!(!full_replace("PUT", Some("merge")));
    assert!(full_replace("POST", Some("full-replace")));
    assert!(!full_replace("POST", None));
    // An unknown semantics counts as none; its own finding says why.
    assert!(full_replace("PUT", Some("replace")));
    // A read has no write semantics, whatever it declares.
    assert!(!full_replace("GET", Some("full-replace")));
}

#[test]
fn effects_overriding_nothing_is_refused() {
    let (effects, reason, findings) = effects_of("DELETE", None, Some(overrides(vec![], None)));
    assert_eq!(
        findings,
        [Finding::at(
            1,
            "effects(...) overrides nothing; give at least one of read_only, destructive, \
             idempotent, open_world (with a reason)"
        )]
    );
    assert_eq!((effects, reason), (Effects::FROM_METHOD, None));
}

#[test]
fn an_override_equal_to_the_default_is_refused_at_its_key() {
    let declared = overrides(
        vec![(Hint::Destructive, true, 3), (Hint::Idempotent, false, 4)],
        Some("a deleted task goes to the bin for thirty days"),
    );
    let (_, _, findings) = effects_of("DELETE", None, Some(declared));
    assert_eq!(
        findings,
        [Finding::at(
            3,
            "`destructive = true` is already the default for DELETE /tasks/{id}; remove it"
        )]
    );
}

#[test]
fn the_default_an_override_is_compared_with_follows_the_declared_semantics() {
    // A PUT that merges is not destructive by default, so `destructive = false` is the default.
    let declared = overrides(
        vec![(Hint::Destructive, false, 3)],
        Some("the server keeps what a merge does not send"),
    );
    let (_, _, findings) = effects_of("PUT", Some("merge"), Some(declared));
    assert_eq!(
        findings,
        [Finding::at(
            3,
            "`destructive = false` is already the default for PUT /tasks/{id}; remove it"
        )]
    );
}

#[test]
fn an_override_needs_a_reason() {
    let (_, reason, findings) = effects_of(
        "DELETE",
        None,
        Some(overrides(vec![(Hint::Destructive, false, 3)], None)),
    );
    assert_eq!(
        findings,
        [Finding::at(
            1,
            "overriding the effects of `DeleteTask` needs `reason = \"...\"`: say why the API \
             does not do what DELETE implies"
        )]
    );
    assert_eq!(reason, None);
}

#[test]
fn a_vague_reason_is_refused_at_the_reason() {
    let (_, _, findings) = effects_of(
        "DELETE",
        None,
        Some(overrides(
            vec![(Hint::Destructive, false, 3)],
            Some("soft delete"),
        )),
    );
    assert_eq!(
        findings,
        [Finding::at(
            9,
            "the reason for overriding the effects of `DeleteTask` is too vague to review \
             (\"soft delete\"): say what a user loses, and why that is right, in at least 20 \
             characters"
        )]
    );
}

#[test]
fn every_finding_of_one_declaration_comes_at_once() {
    let (_, _, findings) = effects_of(
        "GET",
        Some("merge"),
        Some(overrides(vec![(Hint::ReadOnly, true, 3)], None)),
    );
    let sites: Vec<Site> = findings.iter().map(|f| f.site).collect();
    assert_eq!(sites, [7, 3, 1]);
}

#[test]
fn accepted_overrides_are_the_served_effects_with_their_reason() {
    let why = "a deleted task goes to the bin for thirty days";
    let (effects, reason, findings) = effects_of(
        "DELETE",
        None,
        Some(overrides(
            vec![(Hint::Destructive, false, 3), (Hint::OpenWorld, false, 4)],
            Some(why),
        )),
    );
    assert_eq!(findings, []);
    assert_eq!(
        effects,
        Effects {
            destructive: Some(false),
            open_world: Some(false),
            ..Effects::FROM_METHOD
        }
    );
    assert_eq!(reason.as_deref(), Some(why));
    let (effects, reason, findings) = effects_of("PUT", Some("merge"), None);
    assert_eq!(findings, []);
    assert_eq!((effects.semantics, reason), (Some(Semantics::Merge), None));
}

#[test]
fn each_hint_is_spelled_as_effects_reads_it() {
    let keys: Vec<&str> = Hint::ALL.iter().map(|h| h.as_str()).collect();
    assert_eq!(
        keys,
        ["read_only", "destructive", "idempotent", "open_world"]
    );
}
