//! Semantics per body property, over `openapi/playouts.yaml` (modelled on the writes issue #44
//! names): a full replace whose server keeps one property a call leaves out, a merge whose
//! server clears one, and an additive collection endpoint. Each tool compiles, its description
//! tells the agent what leaving each such property out does, and the request sends only what
//! the agent gave.

use catalog::{Tool, tool};
use serde_json::{Value, json};

/// Update a playout.
#[tool(
    spec = "playouts",
    operation = "UpdatePlayout",
    name = "update_playout"
)]
pub struct UpdatePlayout {
    pub id: i64,
    pub name: String,
    #[arg(absent = "keeps")]
    pub schedule_file: Option<String>,
    pub daily_rebuild_time: Option<String>,
    pub seed: Option<i64>,
}

/// Rename a playout.
#[tool(
    spec = "playouts",
    operation = "UpdatePlayout",
    name = "rename_playout",
    omitted(
        "body.scheduleFile",
        keeps,
        reason = "the schedule file is chosen by the operator who set up the channel"
    ),
    omitted(
        "body.dailyRebuildTime",
        clears,
        reason = "a renamed playout is rebuilt when the operator says so"
    ),
    omitted(
        "body.seed",
        clears,
        reason = "a renamed playout draws a new shuffle, as a new playout would"
    )
)]
pub struct RenamePlayout {
    pub id: i64,
    pub name: String,
}

/// Change some settings of a playout.
#[tool(spec = "playouts", operation = "PatchPlayout", name = "patch_playout")]
pub struct PatchPlayout {
    pub id: i64,
    pub name: Option<String>,
    pub schedule_file: Option<String>,
    #[arg(absent = "clears")]
    pub daily_rebuild_time: Option<String>,
}

/// Point a playout at another schedule file.
#[tool(
    spec = "playouts",
    operation = "PatchPlayout",
    name = "reschedule_playout",
    omitted("body.name", reason = "renaming is `patch_playout`'s"),
    omitted(
        "body.dailyRebuildTime",
        clears,
        reason = "a playout on a new schedule is rebuilt when the operator says so"
    )
)]
pub struct ReschedulePlayout {
    pub id: i64,
    pub schedule_file: Option<String>,
}

/// Add media items to a collection.
#[tool(
    spec = "playouts",
    operation = "AddCollectionItems",
    name = "add_collection_items"
)]
pub struct AddCollectionItems {
    pub id: i64,
    #[arg(appends)]
    pub media_item_ids: Vec<i64>,
}

/// The JSON body `T` sends for `arguments`.
fn body<T: Tool>(arguments: Value) -> Value {
    let request = T::from_arguments(arguments)
        .expect("the arguments")
        .to_request()
        .expect("the request");
    serde_json::from_slice(request.body()).expect("a JSON body")
}

#[test]
fn the_description_says_what_leaving_each_property_out_does() {
    assert_eq!(
        UpdatePlayout::DESCRIPTION,
        "Update a playout.\n\nThis is a full replace (PUT): every body field you leave out is \
         written as empty.\n\nLeaving out `scheduleFile` keeps it."
    );
    assert!(
        RenamePlayout::DESCRIPTION.starts_with(
            "Rename a playout.\n\nThis is a full replace (PUT): every body field you leave out \
             is written as empty. This tool cannot send `dailyRebuildTime`, `seed`, so those \
             are cleared too.\n\nThe server keeps `scheduleFile`, which this tool cannot send."
        ),
        "{}",
        RenamePlayout::DESCRIPTION
    );
    assert_eq!(
        PatchPlayout::DESCRIPTION,
        "Change some settings of a playout.\n\nLeaving out `dailyRebuildTime` clears it."
    );
    assert!(
        ReschedulePlayout::DESCRIPTION.starts_with(
            "Point a playout at another schedule file.\n\nThis tool cannot send \
             `dailyRebuildTime`, and every call clears it."
        ),
        "{}",
        ReschedulePlayout::DESCRIPTION
    );
    assert_eq!(
        AddCollectionItems::DESCRIPTION,
        "Add media items to a collection.\n\nThe items you send in `mediaItemIds` are added \
         to the existing ones."
    );
}

#[test]
fn a_property_left_out_is_not_sent_whatever_the_server_does_with_it() {
    assert_eq!(
        body::<UpdatePlayout>(json!({"id": 7, "name": "Movies", "dailyRebuildTime": "04:00"})),
        json!({"name": "Movies", "dailyRebuildTime": "04:00"})
    );
    assert_eq!(
        body::<RenamePlayout>(json!({"id": 7, "name": "Films"})),
        json!({"name": "Films"})
    );
    assert_eq!(
        body::<PatchPlayout>(json!({"id": 7, "scheduleFile": "films.yml"})),
        json!({"scheduleFile": "films.yml"})
    );
    assert_eq!(
        body::<AddCollectionItems>(json!({"id": 3, "mediaItemIds": [11, 12]})),
        json!({"mediaItemIds": [11, 12]})
    );
}

#[test]
fn a_property_the_server_keeps_sent_by_an_agent_is_refused_with_the_reason() {
    let e = RenamePlayout::from_arguments(json!({
        "id": 7, "name": "Films", "scheduleFile": "films.yml"
    }))
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("the schedule file is chosen by the operator who set up the channel"),
        "{e}"
    );
}

#[test]
fn the_accounting_table_marks_each_property_that_differs() {
    let rows = &UpdatePlayout::operation().accounting;
    let schedule = rows
        .iter()
        .find(|r| r.param.name == "scheduleFile")
        .expect("scheduleFile");
    assert_eq!(schedule.absent, Some(catalog_core::model::Absent::Keeps));
    let items = &AddCollectionItems::operation().accounting;
    assert!(
        items
            .iter()
            .any(|r| r.param.name == "mediaItemIds" && r.appends)
    );

    let table = catalog_core::present::doc::accounting_markdown;
    for (doc, cell) in [
        (
            table(UpdatePlayout::operation()),
            "| Set as `scheduleFile`; left out: kept |",
        ),
        (
            table(RenamePlayout::operation()),
            "| Omitted; left out: kept |",
        ),
        (
            table(PatchPlayout::operation()),
            "| Set as `dailyRebuildTime`; left out: cleared |",
        ),
        (
            table(ReschedulePlayout::operation()),
            "| Omitted; left out: cleared |",
        ),
        (
            table(AddCollectionItems::operation()),
            "| Set as `mediaItemIds`; appends |",
        ),
    ] {
        assert!(doc.contains(cell), "{cell} in\n{doc}");
    }
}
