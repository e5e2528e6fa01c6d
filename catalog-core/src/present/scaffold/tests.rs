//! The scaffold's whole text, pinned for the shapes it handles.

use super::*;
use crate::index::Index;
use crate::spec::load::{Format, parse};

fn operations(paths: &str) -> Vec<Operation> {
    let text = format!(
        r#"{{"openapi": "3.0.3", "info": {{"title": "T", "version": "1"}}, "paths": {paths}}}"#
    );
    let doc = parse(text.as_bytes(), Format::Json, "t").unwrap();
    Index::from_document(&doc).operations
}

#[test]
fn html_descriptions_become_plain_text_and_a_body_with_nothing_to_send_gets_no_field() {
    // Stripe's shape: HTML descriptions, and an empty form body declared on a GET.
    let ops = operations(
        r#"{"/v1/customers/{customer}": {"get": {"operationId": "GetCustomersCustomer",
                "description": "<p>Retrieves a <code>Customer</code> object &amp; its <a href=\"/x\">sources</a>.</p><p>Second&nbsp;paragraph.</p>",
                "parameters": [{"name": "customer", "in": "path", "required": true,
                    "schema": {"type": "string"}, "description": "<p>The <b>id</b>.</p>"}],
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"encoding": {},
                    "schema": {"additionalProperties": false, "properties": {}, "type": "object"}}},
                    "required": false},
                "responses": {"200": {"description": "ok"}}}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "stripe.com"),
        r#"/// Retrieves a Customer object & its sources.
///
/// Second paragraph.
#[tool(
    spec = "stripe.com",
    operation = "GetCustomersCustomer",
    // output: 200, no content
    omitted("body", reason = "the operation's body declares no properties and allows none: there is nothing to send"),
)]
pub struct GetCustomersCustomer {
    // path.customer: string, required — "The id."
    pub customer: String,
}
"#
    );
}

#[test]
fn a_union_body_is_scaffolded_as_its_first_arm_naming_the_others() {
    let ops = operations(
        r#"{"/sites": {"post": {"operationId": "addSites",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "anyOf": [
                        {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
                        {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}]}}}},
                "responses": {"201": {"description": "ok"}}}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "t"),
        r#"/// POST /sites
#[tool(
    spec = "t",
    operation = "addSites",
    variant = 0, // the arm of the union body this tool sends; arms: 0: object (name), 1: array of object (name)
    // output: 201, no content
)]
pub struct AddSites {
    // body.name: string, required
    pub name: String,
}
"#
    );
}

#[test]
fn a_union_arm_with_a_name_is_scaffolded_by_that_name() {
    let text = r##"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
            "paths": {"/sites": {"post": {"operationId": "addSite",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "oneOf": [{"$ref": "#/components/schemas/NewSite"},
                              {"$ref": "#/components/schemas/SiteCopy"}]}}}},
                "responses": {"201": {"description": "ok"}}}}},
            "components": {"schemas": {
                "NewSite": {"type": "object", "required": ["name"],
                            "properties": {"name": {"type": "string"}}},
                "SiteCopy": {"type": "object", "required": ["from"],
                             "properties": {"from": {"type": "integer"}}}}}}"##;
    let doc = parse(text.as_bytes(), Format::Json, "t").unwrap();
    let ops = Index::from_document(&doc).operations;
    let text = scaffold(&ops[0], "t");
    assert!(
        text.contains(
            "    variant = \"NewSite\", // the arm of the union body this tool sends; \
                 arms: 0: object (name), 1: object (from)\n"
        ),
        "{text}"
    );
    assert!(text.contains("    pub name: String,\n"), "{text}");
}

#[test]
fn every_parameter_is_a_field_and_optional_ones_have_an_omitted_line() {
    let ops = operations(
        r#"{"/boards/{board}/items": {"post": {
                "operationId": "addItem", "summary": "Add an item\nto a board",
                "parameters": [
                    {"name": "board", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "pageNum", "in": "query", "description": "Page, from 1",
                     "schema": {"type": "integer", "format": "int32"}},
                    {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}}
                ],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["title"],
                    "properties": {"title": {"type": "string"},
                                   "tags": {"type": "array", "items": {"type": "string"}},
                                   "note": {"type": "string", "nullable": true}}}}}},
                "responses": {"200": {"description": "ok"}}}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "t"),
        r#"/// Add an item
/// to a board
#[tool(
    spec = "t",
    operation = "addItem",
    // output: 200, no content
    // Every parameter is a field. To leave an optional one out, delete its field,
    // uncomment its line here and replace the placeholder with the reason.
    // omitted("query.pageNum", reason = "<what a user loses, and why that is right>"),
    // omitted("header.X-Request-Id", reason = "<what a user loses, and why that is right>"),
    // omitted("body.tags", reason = "<what a user loses, and why that is right>"),
    // omitted("body.note", reason = "<what a user loses, and why that is right>"),
)]
pub struct AddItem {
    // path.board: string, required
    pub board: String,
    // query.pageNum: integer (int32), optional — "Page, from 1"
    pub page_num: Option<i32>,
    // header.X-Request-Id: string, optional
    pub x_request_id: Option<String>,
    // body.title: string, required
    pub title: String,
    // body.tags: array of string, optional
    pub tags: Option<Vec<String>>,
    // body.note: string, nullable, optional
    pub note: Option<String>,
}
"#
    );
}

#[test]
fn names_that_are_not_identifiers_or_collide_get_an_address() {
    let ops = operations(
        r#"{"/x/{id}": {"put": {
                "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "type", "in": "query", "schema": {"type": "string"}},
                    {"name": "self", "in": "query", "schema": {"type": "string"}},
                    {"name": "2fa", "in": "query", "schema": {"type": "boolean"}},
                    {"name": "-", "in": "query", "schema": {"type": "string"}},
                    {"name": "a\"b", "in": "query", "schema": {"type": "string"}}
                ],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["id"],
                    "properties": {"id": {"type": "integer", "format": "int64"}}}}}},
                "responses": {"200": {"description": "ok"}}}},
             "/tags": {"put": {
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "array", "items": {"type": "string"}}}}},
                "responses": {"200": {"description": "ok"}}}}}"#,
    );
    let text = scaffold(&ops[0], "t");
    let fields: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("    pub ") || l.starts_with("    #[arg"))
        .collect();
    assert_eq!(
        fields,
        [
            "    #[arg(param = \"path.id\")]",
            "    pub id: String,",
            "    pub r#type: Option<String>,",
            "    #[arg(param = \"query.self\")]",
            "    pub self_: Option<String>,",
            "    #[arg(param = \"query.2fa\")]",
            "    pub _2fa: Option<bool>,",
            "    #[arg(param = \"query.-\")]",
            "    pub query_param: Option<String>,",
            "    pub a_b: Option<String>,",
            "    #[arg(param = \"body.id\", rename = \"body_id\")]",
            "    pub id_body: i64,",
        ]
    );
    assert!(
        text.contains("    // omitted(\"query.a\\\"b\", reason = "),
        "{text}"
    );
    assert!(text.starts_with("/// PUT /x/{id}\n"), "{text}");
    assert!(
        text.contains("    operation = \"PUT /x/{id}\",\n"),
        "{text}"
    );
    assert!(text.contains("pub struct PutXId {\n"), "{text}");

    let whole = scaffold(&ops[1], "t");
    assert!(
        whole.ends_with(
            "    // body: array of string, optional\n    #[arg(param = \"body\")]\n    \
                 pub body: Option<Vec<String>>,\n}\n"
        ),
        "{whole}"
    );
}

#[test]
fn a_put_offers_its_body_properties_omitted_with_clears() {
    let ops = operations(
        r#"{"/items/{id}": {"put": {"operationId": "replaceItem", "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "dry", "in": "query", "schema": {"type": "boolean"}}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["title"],
                    "properties": {"title": {"type": "string"}, "note": {"type": "string"}}}}}},
                "responses": {"204": {"description": "ok"}}}}}"#,
    );
    let text = scaffold(&ops[0], "t");
    assert!(
            text.contains(
                "    // omitted(\"query.dry\", reason = \"<what a user loses, and why that is right>\"),\n    \
                 // omitted(\"body.note\", clears, reason = \"<what a user loses, and why that is right>\"),\n"
            ),
            "{text}"
        );
}

#[test]
fn an_operation_without_parameters_is_a_unit_struct() {
    let ops = operations(
        r#"{"/version": {"get": {"operationId": "get-version",
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"type": "array", "items": {"type": "string"}}}}}}}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "t"),
        "/// GET /version\n#[tool(\n    spec = \"t\",\n    operation = \"get-version\",\n    \
             // output: 200 application/json, wrapped under `items`\n)]\n\
             pub struct GetVersion;\n"
    );
}

#[test]
fn security_catalog_cannot_send_gets_a_commented_waiver_line() {
    // A client certificate: catalog presents none.
    let ops = operations(
        r#"{"/emoji.list": {"get": {"operationId": "emoji_list",
                "security": [{"clientCert": []}],
                "responses": {"200": {"description": "ok"}}}}},
              "components": {"securitySchemes": {"clientCert": {"type": "mutualTLS"}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "t"),
        r#"/// GET /emoji.list
#[tool(
    spec = "t",
    operation = "emoji_list",
    // output: 200, no content
    // The operation needs `clientCert` (mutualTLS), which catalog cannot send.
    // If something in front of the API adds the credential, uncomment this line and write how.
    // security(none, reason = "<what a user loses, and why that is right>"),
)]
pub struct EmojiList;
"#
    );
}

#[test]
fn an_authorization_code_scheme_needs_no_waiver() {
    // Slack's and Spotify's shape: the operator gives the access token the flow issued.
    let ops = operations(
        r#"{"/emoji.list": {"get": {"operationId": "emoji_list",
                "security": [{"slackAuth": ["emoji:read"]}],
                "responses": {"200": {"description": "ok"}}}}},
              "components": {"securitySchemes": {"slackAuth": {"type": "oauth2", "flows": {
                "authorizationCode": {"authorizationUrl": "https://slack.com/oauth/authorize",
                  "tokenUrl": "https://slack.com/api/oauth.access", "scopes": {}}}}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "t"),
        r#"/// GET /emoji.list
#[tool(
    spec = "t",
    operation = "emoji_list",
    // output: 200, no content
)]
pub struct EmojiList;
"#
    );
}

#[test]
fn a_credential_the_spec_names_as_a_parameter_gets_a_credential_line_not_a_field() {
    // Slack's chat.postMessage: the token as a required header beside the OAuth2 scheme.
    let ops = operations(
        r#"{"/chat.postMessage": {"post": {"operationId": "chat_postMessage",
                "security": [{"slackAuth": ["chat:write"]}],
                "parameters": [
                  {"name": "token", "in": "header", "required": true, "schema": {"type": "string"}},
                  {"name": "channel", "in": "query", "required": true, "schema": {"type": "string"}},
                  {"name": "api_key", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"200": {"description": "ok"}}}}},
              "components": {"securitySchemes": {"slackAuth": {"type": "oauth2", "flows": {
                "authorizationCode": {"authorizationUrl": "https://slack.com/oauth/authorize",
                  "tokenUrl": "https://slack.com/api/oauth.access", "scopes": {}}}}}}"#,
    );
    let text = scaffold(&ops[0], "t");
    assert!(
        text.contains(
            "    // The spec names the credential as a parameter too: the server writes it there.\n    \
             credential(\"header.token\", scheme = \"slackAuth\"),\n"
        ),
        "{text}"
    );
    assert!(!text.contains("pub token"), "{text}");
    assert!(text.contains("pub channel: String,"), "{text}");
    // An integer cannot carry a credential: it stays a field.
    assert!(text.contains("pub api_key: Option<i64>,"), "{text}");

    // Without a security scheme, a `token` parameter is the API's own: a field.
    let ops = operations(
        r#"{"/reset": {"post": {"operationId": "reset",
                "parameters": [
                  {"name": "token", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}}}}}"#,
    );
    let text = scaffold(&ops[0], "t");
    assert!(!text.contains("credential("), "{text}");
    assert!(text.contains("pub token: String,"), "{text}");
}

#[test]
fn several_outputs_need_no_choice_and_print_none() {
    let ops = operations(
        r#"{"/tasks": {"put": {"operationId": "PutTask", "responses": {
                "200": {"description": "replaced", "content": {"application/json": {
                    "schema": {"type": "object"}}}},
                "201": {"description": "created", "content": {
                    "application/json": {"schema": {"type": "object"}},
                    "application/vnd.x+json": {"schema": {"type": "array"}}}}}}}}"#,
    );
    assert_eq!(
        scaffold(&ops[0], "t"),
        r#"/// PUT /tasks
#[tool(
    spec = "t",
    operation = "PutTask",
    // output: 200 application/json or 201 application/json or 201 application/vnd.x+json, the response's status and media type selecting which, wrapped under `value`
)]
pub struct PutTask;
"#
    );
}

#[test]
fn struct_names_are_identifiers() {
    let ops = operations(
        r#"{"/a/{b}": {"get": {"operationId": "2fa.enable", "parameters": [
                    {"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok"}}},
                "post": {"operationId": "self", "parameters": [
                    {"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok"}}},
                "put": {"parameters": [
                    {"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok"}}}}}"#,
    );
    let names: Vec<String> = ops.iter().map(struct_name_for).collect();
    assert_eq!(names, ["Op2faEnable", "PutAB", "OpSelf"]);
}

#[test]
fn an_element_is_named_in_the_singular_of_its_place() {
    let names = [
        "CreateFirewallInboundRules",
        "CreateAppPolicies",
        "CreateAppAddresses",
        "CreateAppBranches",
        "CreateAppBoxes",
        "CreateAppStatuses",
        "CreateAppAliases",
        "CreateAppDatabases",
        "CreateAppCaches",
        "CreateAppChildren",
        "CreateAppIds",
        "CreateAppData",
        "CreateAppStatus",
        "CreateAppAccess",
        "CreateAppSeries",
        "CreateAppOs",
        "Items",
    ]
    .map(text::singular_name);
    assert_eq!(
        names,
        [
            "CreateFirewallInboundRule",
            "CreateAppPolicy",
            "CreateAppAddress",
            "CreateAppBranch",
            "CreateAppBox",
            "CreateAppStatus",
            "CreateAppAlias",
            "CreateAppDatabase",
            "CreateAppCache",
            "CreateAppChild",
            "CreateAppId",
            "CreateAppDataItem",
            "CreateAppStatusItem",
            "CreateAppAccessItem",
            "CreateAppSeriesItem",
            "CreateAppOsItem",
            // The tool's own name is never cut.
            "ItemsItem",
        ]
    );
}
