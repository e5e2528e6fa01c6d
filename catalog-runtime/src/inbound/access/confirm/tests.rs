use super::*;

#[test]
fn a_switch_the_setting_does_not_read_is_refused() {
    const EXPECTED: &str = "expected `destructive`, `writes`, 0 (no tool asks) or a \
                            comma-separated list of tool names";
    assert_eq!(Confirm::parse(" Destructive "), Ok(Confirm::Destructive));
    assert_eq!(Confirm::parse("1"), Ok(Confirm::Destructive));
    assert_eq!(Confirm::parse("WRITES"), Ok(Confirm::Writes));
    assert_eq!(Confirm::parse("no"), Ok(Confirm::Off));
    assert_eq!(
        Confirm::parse("a,b"),
        Ok(Confirm::Tools(vec!["a".into(), "b".into()]))
    );
    let refused = |text: &str| {
        let e = Confirm::parse(text).unwrap_err();
        assert_eq!(e.kind(), "invalid", "{text:?}");
        e.to_string()
    };
    assert_eq!(
        refused(""),
        format!("CATALOG_CONFIRM=\"\": {EXPECTED}; the value is empty")
    );
    assert_eq!(
        refused("a b"),
        format!("CATALOG_CONFIRM=\"a b\": {EXPECTED}; \"a b\" is not a list of tool names")
    );
    for bad in ["2", "-1", "on", "off", "all", "none"] {
        assert_eq!(
            refused(bad),
            format!("CATALOG_CONFIRM={bad:?}: {EXPECTED}; {bad:?} is none of them"),
            "{bad}"
        );
    }
}
