//! The value rule (`#[tool(..., check = Self::rule)]`): a rule the schema cannot carry, run
//! after the agent's arguments are decoded and before anything is sent; its message is the
//! agent's error, and a refused call never reaches the API.

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::{CallError, Catalog, Tool, tool};
use loopback::response;
use serde_json::json;

/// Search boards by text, ranked.
#[tool(
    spec = "taskboard",
    operation = "Search",
    check = Self::floor_needs_text,
    omitted(
        "query.include_archived",
        reason = "archived boards are out of the agent's scope"
    )
)]
pub struct Search {
    pub q: String,
    pub score_min: Option<f64>,
}

impl Search {
    /// A score floor ranks the matches of a search text: with a blank text nothing is ranked.
    fn floor_needs_text(&self) -> Result<(), String> {
        if self.score_min.is_some() && self.q.trim().is_empty() {
            return Err(
                "`score_min` ranks the matches of `q`: give a search text with it, or leave \
                 `score_min` out"
                    .into(),
            );
        }
        Ok(())
    }
}

const REFUSAL: &str = "invalid arguments: $: `score_min` ranks the matches of `q`: give a search \
                       text with it, or leave `score_min` out";

#[test]
fn the_rule_refuses_after_decoding_with_its_own_message() {
    let e = Search::from_arguments(json!({"q": "  ", "score_min": 0.5}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.to_string(), REFUSAL);
}

#[test]
fn decoding_problems_come_first_and_the_rule_sees_only_decoded_values() {
    let e = Search::from_arguments(json!({"q": "  ", "score_min": "high"}))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid arguments: $.score_min: expected number (float), got string \"high\""
    );
}

#[test]
fn the_rule_accepts_and_the_request_is_the_usual_one() {
    let t = Search::from_arguments(json!({"q": "outage", "score_min": 0.5})).unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/search?q=outage&score_min=0.5"
    );
    let t = Search::from_arguments(json!({"q": "  "})).unwrap();
    assert_eq!(
        t.to_request().unwrap().uri().to_string(),
        "/search?q=%20%20"
    );
}

#[tokio::test]
async fn a_refused_call_sends_nothing_and_an_accepted_one_is_sent() {
    let api = loopback::start(|_| {
        response(
            "200 OK",
            &[("content-type", "application/json")],
            b"{\"results\": []}",
        )
    })
    .await;
    let executor = Executor::new(ExecutorConfig::new(&api.url)).unwrap();
    let catalog = Catalog::new().tool::<Search>();
    let refused = catalog
        .call(&executor, "search", json!({"q": "  ", "score_min": 1.0}))
        .await;
    match refused {
        Err(CallError::Arguments(e)) => assert_eq!(e.to_string(), REFUSAL),
        other => panic!("expected the rule's refusal, got {other:?}"),
    }
    assert_eq!(api.seen(), []);
    catalog
        .call(
            &executor,
            "search",
            json!({"q": "outage", "score_min": 1.0}),
        )
        .await
        .unwrap();
    let seen: Vec<String> = api.seen().into_iter().map(|s| s.request_line).collect();
    assert_eq!(seen, ["GET /search?q=outage&score_min=1.0 HTTP/1.1"]);
}
