// The user crate's build script (.ci/package.sh): it indexes the one spec it ships, as a crate
// that depends on catalog from a registry does.
fn main() {
    catalog::build::index("openapi/taskboard.yaml").unwrap();
}
