// Indexes the project's own specs for its tests, examples and benchmarks, and nothing else: the
// feature `_test-specs` is on only where those build (the dev-dependency of Cargo.toml on this
// package), so a crate that depends on `catalog` never indexes these fixtures
// (docs/layout.md, "Packaging").
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE__TEST_SPECS").is_none() {
        return;
    }
    catalog_core::spec::build::index("openapi/taskboard.yaml").unwrap();
    catalog_core::spec::build::index("openapi/edge-cases.json").unwrap();
    catalog_core::spec::build::index("openapi/chat.yaml").unwrap();
    catalog_core::spec::build::index("openapi/dense.json").unwrap();
    catalog_core::spec::build::index("openapi/bodies.yaml").unwrap();
    catalog_core::spec::build::index("openapi/uploads.yaml").unwrap();
    catalog_core::spec::build::index("openapi/uploads-3.1.yaml").unwrap();
    catalog_core::spec::build::index("openapi/outputs.yaml").unwrap();
    catalog_core::spec::build::index("openapi/secured.yaml").unwrap();
    catalog_core::spec::build::index("openapi/unions.yaml").unwrap();
    catalog_core::spec::build::index("openapi/projection.json").unwrap();
    catalog_core::spec::build::index("openapi/nested.yaml").unwrap();
    catalog_core::spec::build::index("openapi/ok-envelope.yaml").unwrap();
    catalog_core::spec::build::index("openapi/conformance.yaml").unwrap();
    catalog_core::spec::build::index("openapi/playouts.yaml").unwrap();
    catalog_core::spec::build::index("openapi/poisoned.yaml").unwrap();
    catalog_core::spec::build::Spec::new("openapi/null-forms.yaml")
        .null("null")
        .index()
        .unwrap();
}
