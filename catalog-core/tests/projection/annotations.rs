//! `Rules::check`: the annotations it accepts and, for each it refuses, what the error names.

use super::*;
use catalog_core::present::projection::AnnotationError;

#[test]
fn check_accepts_what_the_rules_know_and_names_what_they_do_not() {
    let r = rules();
    let well_formed = json!({
        "delivery_types": ["guaranteed"],
        "capabilities": ["media_buy.reporting.webhooks", "signals"]
    });
    assert_eq!(r.check(&well_formed), Ok(()));
    // Every annotation it refuses is one the projection reads leniently: it keeps the property.
    for refused in [
        json!("x"),
        json!({}),
        json!({"capabilities": [""]}),
        json!({"k": ["v"]}),
    ] {
        assert!(r.check(&refused).is_err(), "{refused}");
        assert!(r.applies(&refused, &caps()), "{refused}");
    }
}

fn known(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

#[test]
fn check_refuses_an_annotation_that_is_no_object_listing_the_keys() {
    for annotation in [json!("guaranteed"), json!({})] {
        let e = rules().check(&annotation).unwrap_err();
        assert_eq!(
            e,
            AnnotationError::NotAnObject {
                annotation: annotation.clone(),
                known: known(&["delivery_types", "pricing_models", "capabilities"]),
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "an annotation is a non-empty object of keys (`delivery_types`, \
                 `pricing_models`, `capabilities`), not {annotation}"
            )
        );
    }
}

#[test]
fn check_refuses_a_list_key_without_values() {
    for value in [json!("guaranteed"), json!([])] {
        let e = rules()
            .check(&json!({"delivery_types": value}))
            .unwrap_err();
        assert_eq!(
            e,
            AnnotationError::NotAList {
                key: "delivery_types".into(),
                value: value.clone(),
            }
        );
        assert_eq!(
            e.to_string(),
            format!("`delivery_types` takes a non-empty array of values, not {value}")
        );
    }
}

#[test]
fn check_refuses_capabilities_that_are_not_dotted_paths() {
    for (value, written) in [
        (json!("signals"), "\"signals\""),
        (json!([".signals"]), "[\".signals\"]"),
        (json!(["a..b"]), "[\"a..b\"]"),
        (json!([1]), "[1]"),
        (json!([]), "[]"),
    ] {
        let e = rules().check(&json!({"capabilities": value})).unwrap_err();
        assert_eq!(e, AnnotationError::NotPaths(value.clone()));
        assert_eq!(
            e.to_string(),
            format!(
                "`capabilities` takes a non-empty array of dotted paths into the capabilities \
                 document, such as \"media_buy.reporting.webhooks\", not {written}"
            )
        );
    }
}

#[test]
fn check_refuses_a_key_the_rules_do_not_know() {
    let e = rules().check(&json!({"k": ["v"]})).unwrap_err();
    assert_eq!(
        e,
        AnnotationError::UnknownKey {
            key: "k".into(),
            known: known(&["delivery_types", "pricing_models", "capabilities"]),
        }
    );
    assert_eq!(
        e.to_string(),
        "`k` is not a key of these rules, which know `delivery_types`, `pricing_models`, \
         `capabilities`"
    );
    // A list rule named `capabilities` replaces the built-in key, for the check too.
    let own = Rules::new(EXT).list("capabilities", "caps.list");
    assert_eq!(own.check(&json!({"capabilities": [1, "a..b"]})), Ok(()));
    let e = own.check(&json!({"delivery_types": ["x"]})).unwrap_err();
    assert_eq!(
        e,
        AnnotationError::UnknownKey {
            key: "delivery_types".into(),
            known: known(&["capabilities"]),
        }
    );
    assert_eq!(
        e.to_string(),
        "`delivery_types` is not a key of these rules, which know `capabilities`"
    );
}
