//! The hints of every method, and each override.

use super::*;

fn h(method: &str) -> (bool, bool, bool, Option<Semantics>) {
    let h = hints(method, &Effects::FROM_METHOD);
    assert!(h.open_world, "{method}");
    (h.read_only, h.destructive, h.idempotent, h.semantics)
}

#[test]
fn every_method_has_its_default() {
    use Semantics::*;
    // (read_only, destructive, idempotent, semantics)
    assert_eq!(h("GET"), (true, false, true, None));
    assert_eq!(h("HEAD"), (true, false, true, None));
    assert_eq!(h("OPTIONS"), (true, false, true, None));
    assert_eq!(h("PUT"), (false, true, true, Some(FullReplace)));
    assert_eq!(h("DELETE"), (false, true, true, None));
    assert_eq!(h("PATCH"), (false, false, false, Some(Merge)));
    assert_eq!(h("POST"), (false, false, false, None));
    // Methods arrive upper case from the index; lower case means the same.
    assert_eq!(h("put"), h("PUT"));
}

#[test]
fn declared_semantics_decide_destructive() {
    let merge = Effects {
        semantics: Some(Semantics::Merge),
        ..Effects::FROM_METHOD
    };
    let put = hints("PUT", &merge);
    assert_eq!(
        (put.destructive, put.idempotent, put.semantics),
        (false, true, Some(Semantics::Merge))
    );
    let replace = Effects {
        semantics: Some(Semantics::FullReplace),
        ..Effects::FROM_METHOD
    };
    let patch = hints("PATCH", &replace);
    assert_eq!(
        (patch.destructive, patch.idempotent, patch.semantics),
        (true, false, Some(Semantics::FullReplace))
    );
    let post = hints("POST", &replace);
    assert!(post.destructive);
    // Reading tools have no write semantics, whatever is declared.
    assert_eq!(hints("GET", &replace).semantics, None);
}

#[test]
fn each_hint_can_be_overridden() {
    let search = Effects {
        read_only: Some(true),
        reason: Some("the search endpoint is a POST only for its long query"),
        ..Effects::FROM_METHOD
    };
    let h = hints("POST", &search);
    assert_eq!(
        (h.read_only, h.destructive, h.idempotent),
        (true, false, true)
    );
    let soft_delete = Effects {
        destructive: Some(false),
        reason: Some("a deleted task goes to the bin for 30 days"),
        ..Effects::FROM_METHOD
    };
    let h = hints("DELETE", &soft_delete);
    assert_eq!(
        (h.read_only, h.destructive, h.idempotent),
        (false, false, true)
    );
    let upsert = Effects {
        idempotent: Some(true),
        open_world: Some(false),
        reason: Some("the POST is keyed by the client's id, so a retry is a no-op"),
        ..Effects::FROM_METHOD
    };
    let h = hints("POST", &upsert);
    assert_eq!((h.idempotent, h.open_world), (true, false));
    // A tool declared read-only is never destructive.
    let odd = Effects {
        read_only: Some(true),
        destructive: Some(true),
        reason: Some("contradictory on purpose"),
        ..Effects::FROM_METHOD
    };
    assert!(!hints("DELETE", &odd).destructive);
}

#[test]
fn semantics_spellings() {
    assert_eq!(
        Semantics::parse("full-replace"),
        Some(Semantics::FullReplace)
    );
    assert_eq!(Semantics::parse("merge"), Some(Semantics::Merge));
    assert_eq!(Semantics::parse("replace"), None);
    for s in [Semantics::FullReplace, Semantics::Merge] {
        assert_eq!(Semantics::parse(s.as_str()), Some(s));
    }
}
