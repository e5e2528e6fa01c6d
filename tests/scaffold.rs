//! Scaffolds compile as printed: every supported operation of the small real specs (and a
//! deterministic sample of the large ones) is scaffolded as `catalog scaffold` prints it (nested
//! types named for their component schemas) into one temporary crate per spec, one module per
//! scaffold (see `support`), which must `cargo check` clean exactly as printed (an operation
//! with several success bodies returns each: no output choice is printed; every nested object
//! and string enum a type the build checks); and uncommenting an `omitted(...)` alternative
//! without writing its reason must not.

mod support;

use catalog::index::{Index, Lookup};
use catalog_core::check::output::output;
use catalog_core::present::scaffold::{Options, Origin, scaffold_from, scaffold_with};
use catalog_core::spec::load::load_normalized;
use std::collections::HashSet;
use std::path::Path;
use support::{TempCrate, real_spec, specs_dir};

/// One crate holding a scaffold for every `step`-th supported operation of `spec`; returns the
/// number of tools it holds. Then checks that the placeholder reason is rejected.
fn scaffold_crate(spec: &Path, step: usize) -> usize {
    let (info, normalized) = load_normalized(spec).expect("the spec loads");
    let stem = info.stem.clone();
    let crate_name = format!("scaffold-{}", stem.replace('.', "-"));
    let mut used: HashSet<String> = HashSet::new();
    let mut tools = Vec::new();
    for stored in normalized
        .operations
        .iter()
        .filter(|op| op.is_supported())
        .step_by(step)
    {
        let op = normalized.inlined(stored);
        let mut options = Options::new(&op, &stem);
        // A shared operationId cannot name the operation; `catalog scaffold` does the same.
        if matches!(normalized.find(&options.operation), Lookup::Ambiguous(_)) {
            options.operation = op.key();
        }
        let base = options.struct_name.clone();
        let mut n = 1;
        while !used.insert(options.struct_name.clone()) {
            n += 1;
            options.struct_name = format!("{base}{n}");
        }
        let origin = Origin {
            stored,
            shared: &normalized.shared,
        };
        let text = scaffold_from(&op, &options, Some(origin));
        tools.push((op, text));
    }
    assert!(!tools.is_empty(), "{stem} has supported operations");
    let c = TempCrate::new(&crate_name);
    c.build_rs(&spec.display().to_string());
    // Nothing to choose: no scaffold prints an `output(...)` line, commented or not.
    for (op, text) in &tools {
        assert!(!text.contains("output("), "{}:\n{text}", op.key());
    }
    let all: Vec<&str> = tools.iter().map(|(_, t)| t.as_str()).collect();
    c.write("src/lib.rs", &modules(&all));
    c.check()
        .assert_ok(&format!("{} scaffolds of {stem}", tools.len()));
    eprintln!("{stem}: {} scaffolded tools compile", tools.len());

    // The first tool with an optional parameter: leave it out by uncommenting its line and
    // deleting its field, without writing the reason.
    let (op, text) = tools
        .iter()
        .find(|(op, _)| op.params.iter().any(|p| !p.required))
        .expect("some operation has an optional parameter");
    let param = op.params.iter().find(|p| !p.required).map(|p| p.address());
    let param = param.unwrap_or_default();
    c.write("src/lib.rs", &modules(&[&omit(text, &param)]));
    let out = c.check();
    assert!(
        !out.success,
        "the placeholder reason compiled:\n{}",
        out.stderr
    );
    assert_eq!(
        out.error_lines(),
        [format!(
            "error: write the reason for omitting `{param}`: say what a user loses, and why that \
             is right"
        )],
        "{}",
        out.stderr
    );
    tools.len()
}

/// One module per scaffold, as a user keeps them apart (two scaffolds may each declare the same
/// component schema's type).
fn modules(scaffolds: &[&str]) -> String {
    scaffolds
        .iter()
        .enumerate()
        .map(|(n, text)| format!("mod t{n} {{\nuse catalog::tool;\n\n{text}}}\n"))
        .collect()
}

/// The scaffold with `address` omitted: its `// omitted(...)` line uncommented (placeholder
/// reason kept) and its field (comment, `#[arg]` and `pub` line) deleted.
fn omit(scaffold: &str, address: &str) -> String {
    let omitted = format!("    // omitted({address:?}, ");
    let field_comment = format!("    // {address}: ");
    let mut out = String::new();
    let mut in_field = false;
    let (mut uncommented, mut removed) = (false, false);
    for line in scaffold.lines() {
        if line.starts_with(&omitted) {
            out.push_str(&line.replacen("// ", "", 1));
            out.push('\n');
            uncommented = true;
        } else if line.starts_with(&field_comment) {
            in_field = true;
        } else if in_field {
            if line.starts_with("    pub ") {
                in_field = false;
                removed = true;
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(uncommented && removed, "no `{address}` in\n{scaffold}");
    out
}

fn real(file: &str, step: usize) {
    scaffold_crate(&real_spec(&specs_dir(), file), step);
}

// ErsatzTV documents every body as `application/json` and `text/json` with one schema: one
// output, so no scaffold has anything to choose and the crate compiled is every scaffold exactly
// as printed.
#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_ersatztv_operation_scaffolds_to_a_tool_that_compiles_as_printed() {
    let dir = specs_dir();
    let spec = real_spec(&dir, "ersatztv-v1.json");
    let index = Index::load(&spec).expect("the spec loads");
    let mut typed = 0;
    for op in index.operations.iter().filter(|op| op.is_supported()) {
        let printed = scaffold_with(op, &Options::new(op, &index.spec.stem));
        assert!(!printed.contains("output("), "{}", op.key());
        typed += usize::from(!output(op).into_typed().is_empty());
    }
    assert_eq!(typed, 6, "the six JSON outputs are typed");
    scaffold_crate(&spec, 1);
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_mattermost_operation_scaffolds_to_a_compiling_tool() {
    real("mattermost-v4.json", 1);
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_25th_netbox_operation_scaffolds_to_a_compiling_tool() {
    real("netbox-4.6.8.json", 25);
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn every_25th_oxide_nexus_operation_scaffolds_to_a_compiling_tool() {
    real("oxide-nexus.json", 25);
}

#[test]
fn project_specs_scaffold_to_compiling_tools() {
    let root = support::workspace_root();
    assert_eq!(scaffold_crate(&root.join("openapi/taskboard.yaml"), 1), 8);
    assert_eq!(scaffold_crate(&root.join("openapi/outputs.yaml"), 1), 9);
    assert_eq!(scaffold_crate(&root.join("openapi/nested.yaml"), 1), 11);
}

/// Wire names that are not Rust identifiers, or that collide, still give a compiling tool.
#[test]
fn awkward_wire_names_scaffold_to_a_compiling_tool() {
    let dir = support::workspace_root().join("target/catalog-tmp");
    std::fs::create_dir_all(&dir).expect("create target/catalog-tmp");
    let spec = dir.join("awkward-names.json");
    let q = |name: &str, ty: &str| {
        format!(r#"{{"name": {name:?}, "in": "query", "schema": {{"type": {ty:?}}}}}"#)
    };
    let params = [
        q("type", "string"),
        q("self", "string"),
        q("2fa", "boolean"),
        q("pageNum", "integer"),
        q("page_num", "integer"),
        q("filter[name]", "string"),
        q("name__n", "string"),
        q("$top", "integer"),
        q("a\"b", "string"),
        q("größe", "number"),
        q("-", "string"),
        r#"{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}"#.into(),
        r#"{"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}}"#.into(),
    ];
    let text = format!(
        r#"{{"openapi": "3.0.3", "info": {{"title": "Awkward", "version": "1"}}, "paths": {{
  "/things/{{id}}": {{
    "post": {{"operationId": "awkward.update-thing", "summary": "Update a thing",
      "parameters": [{params}],
      "requestBody": {{"required": true, "content": {{"application/json": {{"schema": {{
        "type": "object", "required": ["id"],
        "properties": {{"id": {{"type": "integer"}}, "type": {{"type": "string"}}}}}}}}}}}},
      "responses": {{"200": {{"description": "ok"}}}}}},
    "put": {{"summary": "Set the tags",
      "parameters": [{{"name": "id", "in": "path", "required": true, "schema": {{"type": "string"}}}}],
      "requestBody": {{"content": {{"application/json": {{"schema": {{
        "type": "array", "items": {{"type": "string"}}}}}}}}}},
      "responses": {{"200": {{"description": "ok"}}}}}}
  }}}}}}"#,
        params = params.join(", ")
    );
    std::fs::write(&spec, text).expect("write the spec");
    assert_eq!(scaffold_crate(&spec, 1), 2);
}

/// The scaffold `catalog scaffold openapi/nested.yaml <operation>` prints.
fn nested_scaffold(operation: &str) -> String {
    let spec = support::workspace_root().join("openapi/nested.yaml");
    let (info, normalized) = load_normalized(&spec).expect("the spec loads");
    let Lookup::Found(op) = normalized.find(operation) else {
        panic!("no {operation}");
    };
    let stored = normalized
        .operations
        .iter()
        .find(|s| s.key() == op.key())
        .expect("the stored operation");
    let origin = Origin {
        stored,
        shared: &normalized.shared,
    };
    scaffold_from(&op, &Options::new(&op, &info.stem), Some(origin))
}

/// Nested objects and enums are types of the scaffold's, named for their `$ref` (`Policy`,
/// `Target`) or for the tool and property (`CreateRouteLevel`); a map of objects is a
/// `BTreeMap`; a nullable optional property of a nested struct is a `catalog::Nullable`; a PATCH
/// offers `semantics = "full-replace"`. `project_specs_scaffold_to_compiling_tools` compiles them.
#[test]
fn nested_objects_maps_enums_and_nullable_properties_are_scaffolded_as_types() {
    assert_eq!(
        nested_scaffold("CreateRoute"),
        r#"/// POST /routes
#[tool(
    spec = "nested",
    operation = "CreateRoute",
    // output: 201 application/json
    // Every parameter is a field. To leave an optional one out, delete its field,
    // uncomment its line here and replace the placeholder with the reason.
    // omitted("body.policy", reason = "<what a user loses, and why that is right>"),
    // omitted("body.targets", reason = "<what a user loses, and why that is right>"),
)]
pub struct CreateRoute {
    // body.name: string, required
    pub name: String,
    // body.policy: object (2 fields), optional
    pub policy: Option<Policy>,
    // body.targets: object, optional — "The route's targets, by name"
    pub targets: Option<std::collections::BTreeMap<String, Target>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Policy {
    // level: string enum [low, high], optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<CreateRouteLevel>,
    // retries: integer, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retries: Option<i64>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum CreateRouteLevel {
    Low,
    High,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Target {
    // url: string, required
    pub url: String,
    // weight: integer, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<i64>,
    // health: object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<CreateRouteHealth>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateRouteHealth {
    // path: string, required
    pub path: String,
    // interval_seconds: integer, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_seconds: Option<i64>,
}
"#
    );
    assert_eq!(
        nested_scaffold("UpdatePlace"),
        r#"/// PATCH /places/{place_id}
#[tool(
    spec = "nested",
    operation = "UpdatePlace",
    // output: 200, no content
    // A PATCH merges: what a call does not send keeps its value on the server.
    // If the server clears what a call does not send, uncomment this line.
    // semantics = "full-replace",
    // Every parameter is a field. To leave an optional one out, delete its field,
    // uncomment its line here and replace the placeholder with the reason.
    // omitted("body.place", reason = "<what a user loses, and why that is right>"),
)]
pub struct UpdatePlace {
    // path.place_id: string, required
    pub place_id: String,
    // body.place: object (3 fields), optional — "A place; `state` and `note` are nullable (null clears them)"
    pub place: Option<Place>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Place {
    // name: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    // state: string, nullable, optional
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub state: catalog::Nullable<String>,
    // note: string, nullable, optional
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub note: catalog::Nullable<String>,
}
"#
    );
}

/// Issue #43, as DigitalOcean's `apps_create` and `firewalls_create` showed it: an inline array
/// item is named for one element of its place (`inbound_rules[]` -> `CreateFirewallInboundRule`),
/// as is a `$ref` into another operation's schema (`#/paths/.../envs/items`, as APIs-guru's
/// conversion writes them: it was `Items`, `Items2`, ...); a map of primitives is a `BTreeMap` of
/// the primitive's type, a free-form object a `BTreeMap` of `serde_json::Value`, at the top
/// level and in a struct. Pinned whole, and compiled.
#[test]
fn depth_names_items_for_their_place_and_types_maps_of_primitives() {
    let dir = support::workspace_root().join("target/catalog-tmp");
    std::fs::create_dir_all(&dir).expect("create target/catalog-tmp");
    let spec = dir.join("depth.json");
    std::fs::write(
        &spec,
        r##"{"openapi": "3.0.3", "info": {"title": "Depth", "version": "1"}, "paths": {
  "/v2/apps": {"get": {"operationId": "list_apps", "responses": {"200": {"description": "ok",
      "content": {"application/json": {"schema": {"type": "object", "properties": {
        "envs": {"type": "array", "items": {"type": "object", "required": ["key"], "properties": {
          "key": {"type": "string"}, "value": {"type": "string"}}}}}}}}}}}},
  "/v2/firewalls": {"post": {"operationId": "create_firewall",
      "requestBody": {"required": true, "content": {"application/json": {"schema": {
        "type": "object", "required": ["name"], "properties": {
          "name": {"type": "string"},
          "inbound_rules": {"type": "array", "items": {"type": "object", "required": ["ports"], "properties": {
            "ports": {"type": "string"},
            "addresses": {"type": "array", "items": {"type": "object", "properties": {
              "cidr": {"type": "string"}}}},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "annotations": {"type": "object", "additionalProperties": {}}}}},
          "envs": {"type": "array", "items": {"$ref": "#/paths/~1v2~1apps/get/responses/200/content/application~1json/schema/properties/envs/items"}},
          "worker": {"type": "object", "properties": {
            "envs": {"type": "array", "items": {"$ref": "#/paths/~1v2~1apps/get/responses/200/content/application~1json/schema/properties/envs/items"}}}},
          "data": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}}}},
          "weights": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 255}},
          "flags": {"type": "object", "additionalProperties": {"type": "boolean"}},
          "ratios": {"type": "object", "additionalProperties": {"type": "number"}},
          "aliases": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
          "policies": {"type": "object", "additionalProperties": {"type": "object", "properties": {
            "allow": {"type": "boolean"}}}},
          "metadata": {"type": "object", "additionalProperties": true},
          "extra": {"type": "object"}}}}}},
      "responses": {"202": {"description": "ok"}}}}}}"##,
    )
    .expect("write the spec");
    let (info, normalized) = load_normalized(&spec).expect("the spec loads");
    let Lookup::Found(op) = normalized.find("create_firewall") else {
        panic!("no create_firewall");
    };
    let stored = normalized
        .operations
        .iter()
        .find(|s| s.key() == op.key())
        .expect("the stored operation");
    let origin = Origin {
        stored,
        shared: &normalized.shared,
    };
    let text = scaffold_from(&op, &Options::new(&op, &info.stem), Some(origin));
    assert_eq!(
        text,
        r#"/// POST /v2/firewalls
#[tool(
    spec = "depth",
    operation = "create_firewall",
    // output: 202, no content
    // Every parameter is a field. To leave an optional one out, delete its field,
    // uncomment its line here and replace the placeholder with the reason.
    // omitted("body.inbound_rules", reason = "<what a user loses, and why that is right>"),
    // omitted("body.envs", reason = "<what a user loses, and why that is right>"),
    // omitted("body.worker", reason = "<what a user loses, and why that is right>"),
    // omitted("body.data", reason = "<what a user loses, and why that is right>"),
    // omitted("body.weights", reason = "<what a user loses, and why that is right>"),
    // omitted("body.flags", reason = "<what a user loses, and why that is right>"),
    // omitted("body.ratios", reason = "<what a user loses, and why that is right>"),
    // omitted("body.aliases", reason = "<what a user loses, and why that is right>"),
    // omitted("body.policies", reason = "<what a user loses, and why that is right>"),
    // omitted("body.metadata", reason = "<what a user loses, and why that is right>"),
    // omitted("body.extra", reason = "<what a user loses, and why that is right>"),
)]
pub struct CreateFirewall {
    // body.name: string, required
    pub name: String,
    // body.inbound_rules: array of object (4 fields), optional
    pub inbound_rules: Option<Vec<CreateFirewallInboundRule>>,
    // body.envs: array of object (2 fields), optional
    pub envs: Option<Vec<CreateFirewallEnv>>,
    // body.worker: object (1 field), optional
    pub worker: Option<CreateFirewallWorker>,
    // body.data: array of object (1 field), optional
    pub data: Option<Vec<CreateFirewallDataItem>>,
    // body.weights: object, optional
    pub weights: Option<std::collections::BTreeMap<String, i32>>,
    // body.flags: object, optional
    pub flags: Option<std::collections::BTreeMap<String, bool>>,
    // body.ratios: object, optional
    pub ratios: Option<std::collections::BTreeMap<String, f64>>,
    // body.aliases: object, optional
    pub aliases: Option<std::collections::BTreeMap<String, Vec<String>>>,
    // body.policies: object, optional
    pub policies: Option<std::collections::BTreeMap<String, CreateFirewallPolicy>>,
    // body.metadata: object, optional
    pub metadata: Option<std::collections::BTreeMap<String, serde_json::Value>>,
    // body.extra: object, optional
    pub extra: Option<std::collections::BTreeMap<String, serde_json::Value>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateFirewallInboundRule {
    // ports: string, required
    pub ports: String,
    // addresses: array of object (1 field), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<CreateFirewallAddress>>,
    // labels: object, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<std::collections::BTreeMap<String, String>>,
    // annotations: object, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotations: Option<std::collections::BTreeMap<String, serde_json::Value>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateFirewallAddress {
    // cidr: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cidr: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateFirewallEnv {
    // key: string, required
    pub key: String,
    // value: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateFirewallWorker {
    // envs: array of object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envs: Option<Vec<CreateFirewallEnv>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateFirewallDataItem {
    // id: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateFirewallPolicy {
    // allow: boolean, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow: Option<bool>,
}
"#
    );
    assert_eq!(scaffold_crate(&spec, 1), 2);
}
