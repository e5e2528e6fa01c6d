//! The nested types a scaffold declares, pinned whole.

use crate::index::Index;
use crate::present::scaffold::{Options, Origin, scaffold_from};
use crate::spec::load::{Format, parse};
use crate::spec::normalize::normalize;

/// The scaffold of the document's first operation, its nested types named from its stored form.
fn scaffold_of(paths_and_components: &str) -> String {
    let text = format!(
        r#"{{"openapi": "3.0.3", "info": {{"title": "T", "version": "1"}}, {paths_and_components}}}"#
    );
    let doc = parse(text.as_bytes(), Format::Json, "t").unwrap();
    let normalized = normalize(&doc.value);
    let stored = &normalized.operations[0];
    let op = normalized.inlined(stored);
    let origin = Origin {
        stored,
        shared: &normalized.shared,
    };
    let named = scaffold_from(&op, &Options::new(&op, "t"), Some(origin));
    // Without the stored form, every type is named for the tool and its property.
    let unnamed = Index::from_document(&doc).operations[0].clone();
    assert_eq!(
        scaffold_from(&unnamed, &Options::new(&unnamed, "t"), None)
            .lines()
            .count(),
        named.lines().count()
    );
    named
}

#[test]
fn read_only_properties_get_no_field_and_nullable_ones_are_nullable() {
    let text = scaffold_of(
        r##""paths": {"/tasks/{id}": {"put": {"operationId": "replaceTask",
            "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
                "type": "object", "required": ["data"], "properties": {"data": {
                    "type": "object", "required": ["name", "due-on"], "properties": {
                        "gid": {"type": "string", "readOnly": true},
                        "name": {"type": "string"},
                        "due-on": {"type": "string", "format": "date", "nullable": true},
                        "notes": {"type": "string", "nullable": true},
                        "type": {"type": "string", "enum": ["in-progress", "2fa", "", "Self"]},
                        "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}}}}}}}}},
            "responses": {"204": {"description": "ok"}}}}},
          "components": {"schemas": {"Tag": {"type": "object", "properties": {
              "gid": {"type": "string", "readOnly": true}, "name": {"type": "string"}}}}}"##,
    );
    assert_eq!(
        text,
        r#"/// PUT /tasks/{id}
#[tool(
    spec = "t",
    operation = "replaceTask",
    // output: 204, no content
    // A PUT is a full replace: every body property the tool leaves out is cleared.
    // If the server keeps what a call does not send, uncomment this line.
    // semantics = "merge",
)]
pub struct ReplaceTask {
    // path.id: string, required
    pub id: String,
    // body.data: object (6 fields), required
    pub data: ReplaceTaskData,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct ReplaceTaskData {
    // name: string, required
    pub name: String,
    // due-on: string (date), nullable, required
    #[serde(rename = "due-on")]
    pub due_on: String,
    // notes: string, nullable, optional
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub notes: catalog::Nullable<String>,
    // type: string enum [in-progress, 2fa, , Self], optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<ReplaceTaskType>,
    // tags: array of object (2 fields), optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<Tag>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum ReplaceTaskType {
    #[serde(rename = "in-progress")]
    InProgress,
    #[serde(rename = "2fa")]
    V2fa,
    #[serde(rename = "")]
    Empty,
    #[serde(rename = "Self")]
    SelfValue,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Tag {
    // name: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
"#
    );
}

#[test]
fn objects_deeper_than_the_macro_checks_are_values_and_names_stay_unique() {
    // Seven levels of objects, each property named `next`, below a PATCH.
    let mut schema =
        r#"{"type": "object", "properties": {"leaf": {"type": "string", "enum": ["a"]}}}"#
            .to_string();
    for _ in 0..7 {
        schema = format!(r#"{{"type": "object", "properties": {{"next": {schema}}}}}"#);
    }
    let text = scaffold_of(&format!(
        r#""paths": {{"/deep": {{"patch": {{"operationId": "deep",
            "requestBody": {{"content": {{"application/json": {{"schema": {schema}}}}}}},
            "responses": {{"204": {{"description": "ok"}}}}}}}}}}"#
    ));
    let types: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("pub ") || l.contains("pub next"))
        .collect();
    assert_eq!(
        types,
        [
            "pub struct Deep {",
            "    pub next: Option<DeepNext>,",
            "pub struct DeepNext {",
            "    pub next: Option<DeepNext2>,",
            "pub struct DeepNext2 {",
            "    pub next: Option<DeepNext3>,",
            "pub struct DeepNext3 {",
            "    pub next: Option<DeepNext4>,",
            "pub struct DeepNext4 {",
            "    pub next: Option<DeepNext5>,",
            "pub struct DeepNext5 {",
            "    pub next: Option<DeepNext6>,",
            "pub struct DeepNext6 {",
            "    pub next: Option<serde_json::Value>,",
        ],
        "{text}"
    );
    assert!(
        text.contains(
            "    // A PATCH merges: what a call does not send keeps its value on the server.\n    \
             // If the server clears what a call does not send, uncomment this line.\n    \
             // semantics = \"full-replace\",\n"
        ),
        "{text}"
    );
}

#[test]
fn maps_are_btree_maps_of_objects_primitives_and_free_form_values() {
    let text = scaffold_of(
        r##""paths": {"/routes": {"post": {"operationId": "addRoute",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
                "type": "object", "properties": {
                    "targets": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Target"}},
                    "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "metadata": {"type": "object", "additionalProperties": true},
                    "level": {"$ref": "#/components/schemas/Level"}}}}}},
            "responses": {"204": {"description": "ok"}}}}},
          "components": {"schemas": {
              "Target": {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}}},
              "Level": {"type": "string", "enum": ["low", "high"]}}}"##,
    );
    let fields: Vec<&str> = text.lines().filter(|l| l.starts_with("    pub ")).collect();
    assert_eq!(
        fields,
        [
            "    pub targets: Option<std::collections::BTreeMap<String, Target>>,",
            "    pub counts: Option<std::collections::BTreeMap<String, i64>>,",
            "    pub metadata: Option<std::collections::BTreeMap<String, serde_json::Value>>,",
            "    pub level: Option<Level>,",
            "    pub url: String,",
        ],
        "{text}"
    );
    assert!(
        text.ends_with(
            "#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]\n\
             #[serde(rename_all = \"lowercase\")]\npub enum Level {\n    Low,\n    High,\n}\n"
        ),
        "{text}"
    );
}

#[test]
fn a_ref_into_another_schema_is_named_for_its_place_and_array_items_are_singular() {
    // DigitalOcean's shape after APIs-guru's conversion: `envs` refers to the items of another
    // operation's response. The pointer ends in `items`, which named the type `Items` (and the
    // next one `Items2`); only a component schema's `$ref` names a type.
    let text = scaffold_of(
        r##""paths": {
            "/apps": {"post": {"operationId": "createApp",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "envs": {"type": "array", "items": {"$ref": "#/paths/~1v2~1apps/get/responses/200/content/application~1json/schema/properties/envs/items"}},
                        "routes": {"type": "array", "items": {"type": "object", "properties": {
                            "path": {"type": "string"}}}},
                        "policies": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
                        "data": {"type": "array", "items": {"type": "array", "items": {"type": "object", "properties": {
                            "id": {"type": "string"}}}}},
                        "cors": {"$ref": "#/components/schemas/App/properties/cors"},
                        "owner": {"$ref": "#/components/schemas/User"}}}}}},
                "responses": {"204": {"description": "ok"}}}},
            "/v2/apps": {"get": {"operationId": "listApps", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "object", "properties": {
                    "envs": {"type": "array", "items": {"type": "object", "properties": {
                        "key": {"type": "string"}}}}}}}}}}}}},
          "components": {"schemas": {
              "App": {"type": "object", "properties": {"cors": {"type": "object", "properties": {
                  "allow_origins": {"type": "array", "items": {"type": "string"}}}}}},
              "User": {"type": "object", "properties": {"id": {"type": "string"}}}}}"##,
    );
    assert_eq!(
        text,
        r#"/// POST /apps
#[tool(
    spec = "t",
    operation = "createApp",
    // output: 204, no content
    // Every parameter is a field. To leave an optional one out, delete its field,
    // uncomment its line here and replace the placeholder with the reason.
    // omitted("body.envs", reason = "<what a user loses, and why that is right>"),
    // omitted("body.routes", reason = "<what a user loses, and why that is right>"),
    // omitted("body.policies", reason = "<what a user loses, and why that is right>"),
    // omitted("body.data", reason = "<what a user loses, and why that is right>"),
    // omitted("body.cors", reason = "<what a user loses, and why that is right>"),
    // omitted("body.owner", reason = "<what a user loses, and why that is right>"),
)]
pub struct CreateApp {
    // body.envs: array of object (1 field), optional
    pub envs: Option<Vec<CreateAppEnv>>,
    // body.routes: array of object (1 field), optional
    pub routes: Option<Vec<CreateAppRoute>>,
    // body.policies: array of string enum [a, b], optional
    pub policies: Option<Vec<CreateAppPolicy>>,
    // body.data: array of array of object (1 field), optional
    pub data: Option<Vec<Vec<CreateAppDataItem>>>,
    // body.cors: object (1 field), optional
    pub cors: Option<CreateAppCors>,
    // body.owner: object (1 field), optional
    pub owner: Option<User>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateAppEnv {
    // key: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateAppRoute {
    // path: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum CreateAppPolicy {
    A,
    B,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateAppDataItem {
    // id: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct CreateAppCors {
    // allow_origins: array of string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_origins: Option<Vec<String>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct User {
    // id: string, optional
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}
"#
    );
}
