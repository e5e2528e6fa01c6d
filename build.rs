// Indexes the project's own spec for its tests and examples.
fn main() {
    catalog_core::build::index("openapi/taskboard.yaml").unwrap();
    catalog_core::build::index("openapi/edge-cases.json").unwrap();
}
