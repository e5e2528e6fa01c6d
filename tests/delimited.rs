//! A list the spec types as one text (`#[arg(delimited = ",", read_at = "...", reason = "...")]`):
//! the field is a `Vec` of the items, the input schema and the decoding are the list's (an item
//! holding the delimiter is refused, so no item is split in two), and the request joins the
//! items in the parameter's place: a query parameter, a form field.

use catalog::{Tool, tool};
use serde_json::json;

/// Search for every word given.
#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted(
        "query.include_archived",
        reason = "archived boards are closed history; results from them mislead an agent planning work"
    )
)]
pub struct SearchWords {
    #[arg(
        delimited = " ",
        read_at = "server/search.rs: SearchQuery.q (split on spaces, each word matched)",
        reason = "the spec types the words as one text; the server splits it on spaces into words"
    )]
    pub q: Vec<String>,
    pub score_min: Option<f32>,
}

/// Comment with the ids of the tasks it mentions.
#[tool(
    spec = "taskboard",
    operation = "AddComment",
    omitted(
        "cookie.session",
        reason = "the web session belongs to a person's browser; an agent authenticates by API key"
    )
)]
pub struct CommentOnTasks {
    pub board_id: String,
    #[arg(
        wire_type = "integer",
        delimited = ",",
        read_at = "server/comments.rs: NewComment.text (task ids, comma-separated, when pinned)",
        reason = "a pinned comment lists task ids; the server splits the text on commas"
    )]
    pub text: Vec<i64>,
    pub pinned: Option<bool>,
}

#[test]
fn the_input_schema_is_the_list() {
    assert_eq!(
        SearchWords::input_schema()["properties"]["q"],
        json!({
            "type": "array",
            "items": {"type": "string", "pattern": "^[^ ]*$"},
            "minItems": 1,
            "description": "Words to search for"
        })
    );
    assert_eq!(
        CommentOnTasks::input_schema()["properties"]["text"]["items"],
        json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX})
    );
}

#[test]
fn the_request_joins_the_items_where_the_parameter_is() {
    let t = SearchWords::from_arguments(json!({"q": ["late", "bug"]})).unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/search?q=late%20bug"
    );
    let t = CommentOnTasks::from_arguments(json!({"board_id": "ops", "text": [3, 5]})).unwrap();
    let r = t.to_request().unwrap();
    assert_eq!(String::from_utf8_lossy(r.body()), "text=3,5");
}

#[test]
fn an_item_that_would_split_or_an_empty_required_list_is_refused() {
    let e = SearchWords::from_arguments(json!({"q": ["late bug"]}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.q[0]: must match the pattern /^[^ ]*$/, got string \"late bug\""
    );
    let e = SearchWords::from_arguments(json!({"q": []}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.q: must have at least 1 item, got 0"
    );
    let e = CommentOnTasks::from_arguments(json!({"board_id": "ops", "text": "3,5"}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.text: expected array of integer, got string \"3,5\""
    );
}

#[test]
fn the_row_records_what_the_spec_said() {
    let row = SearchWords::operation()
        .accounting
        .iter()
        .find(|r| r.param.name == "q")
        .map(|r| (r.param.schema.ty.describe(), r.overridden.clone()));
    let (ty, overridden) = row.unwrap();
    assert_eq!(ty, "array of string");
    assert_eq!(overridden.map(|o| o.spec_type), Some("string".to_string()));
}
