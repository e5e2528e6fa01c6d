//! A nullable property of a nested struct, on the wire as an API on loopback receives it
//! (openapi/nested.yaml's `Place`: `state` and `note` nullable), in a JSON body and in a form
//! body: a `catalog::Nullable<T>` field is sent only when set, as null when the agent sends
//! null; a plain `Option<T>` field is "unset only": its `None` is never sent, and null is
//! neither offered in the input schema nor accepted.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::tool;
use serde_json::{Value, json};

#[derive(Debug, serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Place {
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "catalog::Nullable::is_unset")]
    pub state: catalog::Nullable<String>,
    pub note: Option<String>,
}

/// Update a place (JSON body).
#[derive(Debug)]
#[tool(spec = "nested", operation = "UpdatePlace")]
pub struct UpdatePlace {
    pub place_id: String,
    pub place: Option<Place>,
}

/// Update a place (form body).
#[derive(Debug)]
#[tool(spec = "nested", operation = "UpdatePlaceForm")]
pub struct UpdatePlaceForm {
    pub place_id: String,
    pub place: Option<Place>,
}

fn server(url: &str) -> McpServer {
    let config = ExecutorConfig::new(url).allow_writes(true);
    McpServer::new(
        catalog::Catalog::new()
            .tool::<UpdatePlace>()
            .tool::<UpdatePlaceForm>(),
        Executor::new(config).unwrap(),
    )
}

/// The body the API received for one call of `tool` with `place`, as text.
async fn received(tool: &str, place: Value) -> String {
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], b"{}")
    })
    .await;
    let arguments = json!({"place_id": "p1", "place": place});
    let result = server(&api.url)
        .call(tool, arguments.as_object().cloned())
        .await
        .unwrap();
    let result = serde_json::to_value(result).unwrap();
    assert_eq!(result["isError"], false, "{result}");
    let seen = api.seen();
    assert_eq!(seen.len(), 1);
    String::from_utf8(seen[0].body.clone()).unwrap()
}

#[tokio::test]
async fn unset_is_not_sent_null_is_sent_as_null_and_a_value_as_itself_in_a_json_body() {
    let cases = [
        (json!({"name": "Home"}), r#"{"place":{"name":"Home"}}"#),
        (
            json!({"name": "Home", "state": null}),
            r#"{"place":{"name":"Home","state":null}}"#,
        ),
        (json!({"state": "CA"}), r#"{"place":{"state":"CA"}}"#),
    ];
    for (place, body) in cases {
        assert_eq!(
            received("update_place", place.clone()).await,
            body,
            "{place}"
        );
    }
}

#[tokio::test]
async fn unset_is_not_sent_null_is_sent_empty_and_a_value_as_itself_in_a_form_body() {
    let cases = [
        (json!({"name": "Home"}), "place[name]=Home"),
        (
            json!({"name": "Home", "state": null}),
            "place[name]=Home&place[state]=",
        ),
        (json!({"state": "CA"}), "place[state]=CA"),
    ];
    for (place, body) in cases {
        assert_eq!(
            received("update_place_form", place.clone()).await,
            body,
            "{place}"
        );
    }
}

#[tokio::test]
async fn a_plain_option_on_a_nullable_property_is_unset_only() {
    let api = loopback::start(|_| {
        loopback::response("200 OK", &[("content-type", "application/json")], b"{}")
    })
    .await;
    let server = server(&api.url);
    for tool in ["update_place", "update_place_form"] {
        let arguments = json!({"place_id": "p1", "place": {"name": "Home", "note": null}});
        let result = server
            .call(tool, arguments.as_object().cloned())
            .await
            .unwrap();
        let result = serde_json::to_value(result).unwrap();
        assert_eq!(result["isError"], true, "{result}");
        assert_eq!(
            result["content"][0]["text"],
            "invalid arguments: $.place.note: cannot be null; expected string",
            "{tool}"
        );
    }
    assert_eq!(api.seen().len(), 0);
    let catalog = catalog::Catalog::new()
        .tool::<UpdatePlace>()
        .tool::<UpdatePlaceForm>();
    for info in catalog.tools() {
        let place = &info.input_schema["properties"]["place"]["properties"];
        assert_eq!(place["note"]["type"], "string", "{}", info.name);
        assert_eq!(
            place["state"]["type"],
            json!(["string", "null"]),
            "{}",
            info.name
        );
        assert_eq!(place["name"]["type"], "string", "{}", info.name);
    }
}
