//! `Catalog::check_spec_version`: the spec stamp every tool carries, compared with what a server
//! reports, as warning values.

use catalog_core::model::Operation;
use catalog_core::model::SpecInfo;
use catalog_runtime::audit::coverage::{VersionMismatch, VersionWarning};
use catalog_runtime::tools::catalog::Catalog;
use catalog_runtime::tools::tool::Tool;
use catalog_runtime::wire::decode::ArgumentError;
use catalog_runtime::wire::encode::RequestError;
use serde_json::{Value, json};
use std::sync::OnceLock;

fn spec(version: &str, hash: &str) -> SpecInfo {
    SpecInfo {
        stem: "netbox".into(),
        title: "NetBox REST API".into(),
        version: version.into(),
        openapi: "3.0.3".into(),
        hash: hash.into(),
        null: None,
    }
}

/// A tool whose operation carries the given stamp; only its operation matters here.
macro_rules! stamped_tool {
    ($ty:ident, $name:literal, $version:literal, $hash:literal) => {
        struct $ty;

        // The seal `#[tool]` writes: these tests stand in for its expansion.
        impl catalog_runtime::tools::tool::__private::Accounted for $ty {}

        impl Tool for $ty {
            const NAME: &'static str = $name;
            const DESCRIPTION: &'static str = "test tool";
            const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;

            fn operation() -> &'static Operation {
                static OP: OnceLock<Operation> = OnceLock::new();
                OP.get_or_init(|| Operation {
                    id: Some($name.into()),
                    method: "GET".into(),
                    path: format!("/api/{}/", $name),
                    pointer: String::new(),
                    summary: None,
                    description: None,
                    deprecated: false,
                    params: vec![],
                    body: None,
                    responses: vec![],
                    unsupported: vec![],
                    degraded: vec![],
                    degraded_output: vec![],
                    spec: spec($version, $hash),
                    accounting: vec![],
                    security: vec![],
                    tags: vec![],
                    failure: vec![],
                })
            }

            fn input_schema() -> &'static Value {
                static SCHEMA: OnceLock<Value> = OnceLock::new();
                SCHEMA.get_or_init(|| json!({"type": "object"}))
            }

            fn from_arguments(_: Value) -> Result<Self, ArgumentError> {
                Ok($ty)
            }

            fn to_request(&self) -> Result<http::Request<Vec<u8>>, RequestError> {
                unreachable!("never sent")
            }
        }
    };
}

stamped_tool!(ListDevices, "devices", "4.6.8", "00000000000000aa");
stamped_tool!(ListSites, "sites", "4.6.8", "00000000000000aa");
stamped_tool!(ListRacks, "racks", "4.7.0", "00000000000000bb");

fn catalog() -> Catalog {
    Catalog::new().tool::<ListDevices>().tool::<ListSites>()
}

#[test]
fn no_warning_when_the_server_runs_the_spec_version() {
    let status = json!({"django-version": "6.0.8", "netbox-version": "4.6.8"});
    assert_eq!(catalog().check_spec_version(&status, "netbox-version"), []);
    // A leading `v` is the same version.
    let status = json!({"netbox-version": "v4.6.8"});
    assert_eq!(catalog().check_spec_version(&status, "netbox-version"), []);
    assert_eq!(catalog().specs(), [&spec("4.6.8", "00000000000000aa")]);
}

#[test]
fn a_mismatch_is_one_clear_warning_value() {
    let status = json!({"django-version": "6.0.8", "netbox-version": "4.7.0"});
    let warnings = catalog().check_spec_version(&status, "netbox-version");
    assert_eq!(
        warnings,
        [VersionWarning::Mismatch(VersionMismatch {
            title: "NetBox REST API".into(),
            built: "4.6.8".into(),
            reported: "4.7.0".into(),
        })]
    );
    assert_eq!(
        warnings[0].to_string(),
        "tools were checked against NetBox REST API 4.6.8, but the server reports 4.7.0: \
         parameters may have been added or changed; re-index the server's spec and rebuild"
    );
}

#[test]
fn a_status_without_the_version_is_a_warning_too() {
    let status = json!({"info": {"version": "4.6.8"}});
    let warnings = catalog().check_spec_version(&status, "netbox-version");
    assert_eq!(
        warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        [
            "tools were checked against NetBox REST API 4.6.8, but the server's status has no \
          version at `netbox-version`: its version cannot be compared"
        ]
    );
    // A dotted path reads nested documents.
    assert_eq!(catalog().check_spec_version(&status, "info.version"), []);
}

#[test]
fn tools_built_against_different_copies_of_a_spec_are_flagged() {
    let mixed = catalog().tool::<ListRacks>();
    let status = json!({"netbox-version": "4.7.0"});
    let warnings = mixed.check_spec_version(&status, "netbox-version");
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(
        warnings[0].to_string(),
        "tools of spec `netbox` were checked against different copies of it: 4.6.8 \
         (00000000000000aa) for devices, sites; 4.7.0 (00000000000000bb) for racks; rebuild \
         them against one spec"
    );
    // The 4.7.0 tool matches the server; the 4.6.8 ones do not.
    assert!(
        matches!(&warnings[1], VersionWarning::Mismatch(m) if m.built == "4.6.8"),
        "{warnings:?}"
    );
}
