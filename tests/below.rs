//! Fixed and Omitted below the top level, by address (openapi/nested.yaml, `CreateNote`: a
//! JSON:API write whose resource sits under `data`): `fixed("body.data.type", ...)` is sent in
//! every request and never offered to or accepted from an agent, `omitted("body.data...", ...)`
//! is neither offered nor accepted, each refused with the tool's reason; the struct standing for
//! the object needs no field for them; rustdoc, the description and the `dropped` probe agree.

use catalog::{Tool, tool};
use serde_json::{Value, json};

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct NoteData {
    pub attributes: NoteAttributes,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<Tag>>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct NoteAttributes {
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pinned: Option<bool>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Tag {
    pub name: String,
}

/// Create a note.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateNote",
    fixed(
        "body.data.type",
        value = "notes",
        reason = "this tool creates notes; drafts are written by people in the editor"
    ),
    fixed(
        "body.data.tags[].kind",
        value = "label",
        reason = "an agent tags notes with labels; topics are curated by the editors"
    ),
    omitted(
        "body.data.attributes.color",
        reason = "colors follow the team's theme, which an agent does not know"
    )
)]
pub struct CreateNote {
    pub data: NoteData,
}

#[test]
fn a_fixed_property_below_the_top_level_is_sent_in_every_object_of_its_place() {
    let args = json!({"data": {"attributes": {"title": "Ship it", "pinned": true},
                               "tags": [{"name": "q4"}, {"name": "ops"}]}});
    let tool = CreateNote::from_arguments(args).unwrap();
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(
        body,
        json!({"data": {"type": "notes",
                        "attributes": {"title": "Ship it", "pinned": true},
                        "tags": [{"name": "q4", "kind": "label"}, {"name": "ops", "kind": "label"}]}})
    );
    // Without tags, none are invented: a fixed value goes only where its object is.
    let tool = CreateNote::from_arguments(json!({"data": {"attributes": {"title": "t"}}})).unwrap();
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(
        body,
        json!({"data": {"type": "notes", "attributes": {"title": "t"}}})
    );
}

#[test]
fn an_agent_sending_a_fixed_or_omitted_property_is_refused_with_the_tools_reason() {
    let refused = |args: Value| CreateNote::from_arguments(args).unwrap_err().to_string();
    assert_eq!(
        refused(json!({"data": {"type": "drafts", "attributes": {"title": "t"}}})),
        "invalid arguments: $.data.type: this tool sends `data.type` itself, always \"notes\" \
         (fixed: this tool creates notes; drafts are written by people in the editor); leave it \
         out"
    );
    assert_eq!(
        refused(json!({"data": {"attributes": {"title": "t"},
                                "tags": [{"name": "a"}, {"name": "b", "kind": "topic"}]}})),
        "invalid arguments: $.data.tags[1].kind: this tool sends `data.tags[].kind` itself, \
         always \"label\" (fixed: an agent tags notes with labels; topics are curated by the \
         editors); leave it out"
    );
    assert_eq!(
        refused(json!({"data": {"attributes": {"title": "t", "color": "red"}}})),
        "invalid arguments: $.data.attributes.color: this tool does not send \
         `data.attributes.color` (omitted: colors follow the team's theme, which an agent does \
         not know); leave it out"
    );
}

#[test]
fn the_input_schema_offers_neither_and_requires_neither() {
    let data = &CreateNote::input_schema()["properties"]["data"];
    let keys = |v: &Value| -> Vec<String> {
        let mut keys: Vec<String> = v["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(keys(data), ["attributes", "tags"]);
    assert_eq!(data["required"], json!(["attributes"]));
    assert_eq!(keys(&data["properties"]["attributes"]), ["pinned", "title"]);
    assert_eq!(keys(&data["properties"]["tags"]["items"]), ["name"]);
    let served: Value = serde_json::from_str(CreateNote::input_schema_json()).unwrap();
    assert_eq!(&served, CreateNote::input_schema());
}

#[test]
fn the_description_and_rustdoc_show_them_at_their_addresses() {
    let description = CreateNote::description();
    assert!(
        description.ends_with(
            "Not available inside the objects this tool sends:\n\
             - `data.type`: always \"notes\", sent by the tool: this tool creates notes; drafts \
             are written by people in the editor\n\
             - `data.tags[].kind`: always \"label\", sent by the tool: an agent tags notes with \
             labels; topics are curated by the editors\n\
             - `data.attributes.color`: colors follow the team's theme, which an agent does not \
             know"
        ),
        "{description}"
    );
}

#[test]
fn nothing_the_input_schema_offers_is_dropped() {
    let catalog = catalog::Catalog::new().tool::<CreateNote>();
    let report = catalog::dropped::probe(&catalog);
    assert!(report.dropped.is_empty(), "{report}");
    assert!(report.accepted_unexpectedly.is_empty(), "{report}");
    assert!(report.refused.is_empty(), "{report}");
    let mut carried = report.carried.clone();
    carried.sort();
    assert_eq!(
        carried,
        [
            "create_note $.data.attributes.title",
            "create_note $.data.tags[0].name"
        ]
    );
}

/// Create a note, marked as the agent's.
#[derive(Debug)]
#[tool(
    spec = "nested",
    operation = "CreateNote",
    name = "create_agent_note",
    fixed(
        "body.data.type",
        value = "notes",
        reason = "this tool creates notes; drafts are written by people in the editor"
    ),
    fixed(
        "body.data.tags[].kind",
        value = "label",
        reason = "an agent tags notes with labels; topics are curated by the editors"
    ),
    omitted(
        "body.data.attributes.color",
        reason = "colors follow the team's theme, which an agent does not know"
    ),
    undocumented(
        "body.data.attributes.source",
        value = "agent",
        read_at = "notes/serializers.py: NoteAttributes.source",
        reason = "the editor shows who wrote a note; the spec leaves the marker out"
    ),
    undocumented(
        "body.data.tags[].weight",
        read_at = "notes/serializers.py: Tag.weight (default 1)",
        reason = "the server ranks tags by weight; every tag an agent adds keeps the default"
    )
)]
pub struct CreateAgentNote {
    pub data: NoteData,
}

#[test]
fn an_undocumented_property_below_the_top_level_is_sent_where_its_object_is() {
    let args = json!({"data": {"attributes": {"title": "t"}, "tags": [{"name": "q4"}]}});
    let tool = CreateAgentNote::from_arguments(args).unwrap();
    let body: Value = serde_json::from_slice(tool.to_request().unwrap().body()).unwrap();
    assert_eq!(
        body,
        json!({"data": {"type": "notes",
                        "attributes": {"title": "t", "source": "agent"},
                        "tags": [{"name": "q4", "kind": "label"}]}})
    );
    // Not the agent's to send: the object's keys are the spec's.
    let refused = CreateAgentNote::from_arguments(
        json!({"data": {"attributes": {"title": "t", "source": "me"}}}),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        refused,
        "invalid arguments: $.data.attributes.source: this tool sends `data.attributes.source` \
         itself, always \"agent\" (fixed: the editor shows who wrote a note; the spec leaves the \
         marker out); leave it out"
    );
    // A recorded one the tool does not send is not the agent's either.
    let refused = CreateAgentNote::from_arguments(
        json!({"data": {"attributes": {"title": "t"}, "tags": [{"name": "a", "weight": 2}]}}),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        refused,
        "invalid arguments: $.data.tags[0].weight: unknown field `weight`; accepted: `name`"
    );
    let doc = catalog_core::present::doc::accounting_markdown(CreateAgentNote::operation());
    let rows: Vec<&str> = doc.lines().filter(|l| l.contains("Undocumented")).collect();
    assert_eq!(
        rows,
        [
            "| body | `data.attributes.source` |  | no | Undocumented, sent as `\"agent\"`, read \
             at `notes/serializers.py: NoteAttributes.source` | the editor shows who wrote a \
             note; the spec leaves the marker out |",
            "| body | `data.tags[].weight` |  | no | Undocumented, read at \
             `notes/serializers.py: Tag.weight (default 1)` | the server ranks tags by weight; \
             every tag an agent adds keeps the default |",
        ]
    );
}
