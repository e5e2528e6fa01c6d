//! A composite accounts for its bindings' fields: each one it leaves unset or fixes is declared
//! in `uses(...)` with a reason, shown in its description, and each request is checked against
//! the declaration before it is sent (a field left unset without a declaration, filled though
//! declared omitted, or fixed to another value: a tool error, nothing sent).

#[path = "../examples/taskboard/tools.rs"]
#[allow(dead_code)]
mod tools;

#[path = "../catalog-runtime/tests/support/loopback.rs"]
mod loopback;

#[path = "support/mcp_client.rs"]
mod mcp_client;

use catalog::executor::{Executor, ExecutorConfig};
use catalog::mcp::McpServer;
use catalog::{Api, Catalog, Composite, ToolError};
use loopback::response;
use mcp_client::Client;
use serde_json::{Value, json};
use tools::ListTasks;

/// The first page of a board's open tasks.
#[catalog::composite(
    uses(ListTasks(
        passed("per_page"),
        fixed(
            "page",
            value = 1,
            reason = "only the first page of open tasks is read; `list_tasks` reaches the rest"
        ),
        omitted(
            "label",
            reason = "every open task is read, whatever its labels; `list_tasks` filters by one"
        ),
        omitted(
            "assignee",
            reason = "every open task is read, whatever its assignee; `list_tasks` filters by one"
        )
    )),
    name = "open_tasks"
)]
pub struct OpenTasks {
    pub board_id: String,
    /// Tasks per page.
    pub per_page: Option<i64>,
    /// For the test: send `label` too, though it is declared omitted.
    pub forge_label: bool,
    /// For the test: leave `status` unset, though it is not declared.
    pub skip_status: bool,
    /// For the test: ask for page 2, though `page` is fixed to 1.
    pub second_page: bool,
}

#[catalog::composite]
impl OpenTasks {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let status = if self.skip_status {
            None
        } else {
            Some(vec![tools::TaskStatus::Todo])
        };
        api.call(ListTasks {
            board_id: self.board_id,
            status,
            label: self.forge_label.then(|| vec!["x".to_string()]),
            assignee: None,
            page: Some(if self.second_page { 2 } else { 1 }),
            per_page: self.per_page.and_then(|n| u8::try_from(n).ok()),
        })
        .await
    }
}

fn server(base: &str) -> McpServer {
    let executor = Executor::new(ExecutorConfig::new(base)).unwrap();
    McpServer::new(Catalog::new().composite::<OpenTasks>(), executor)
}

async fn call(args: Value) -> (Value, usize) {
    let api =
        loopback::start(|_| response("200 OK", &[("content-type", "application/json")], b"[]"))
            .await;
    let mut c = Client::start(server(&api.url)).await;
    let reply = c.call("open_tasks", args).await;
    (reply["result"].clone(), api.seen().len())
}

fn args(forge_label: bool, skip_status: bool, second_page: bool) -> Value {
    json!({"board_id": "ops", "forge_label": forge_label, "skip_status": skip_status, "second_page": second_page})
}

#[tokio::test]
async fn a_request_as_declared_is_sent_with_or_without_the_passed_argument() {
    let (result, sent) = call(args(false, false, false)).await;
    assert_eq!(result["isError"], false, "{result}");
    assert_eq!(sent, 1);
    let mut with = args(false, false, false);
    with["per_page"] = json!(5);
    let (result, sent) = call(with).await;
    assert_eq!(result["isError"], false, "{result}");
    assert_eq!(sent, 1);
}

#[tokio::test]
async fn a_field_left_unset_without_a_declaration_is_refused_and_nothing_sent() {
    let (result, sent) = call(args(false, true, false)).await;
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(sent, 0);
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("`open_tasks` left `status` of `list_tasks` unset without declaring it"),
        "{text}"
    );
    assert!(
        text.contains("omitted(\"status\", reason = \"...\")"),
        "{text}"
    );
}

#[tokio::test]
async fn a_declared_omitted_field_filled_or_a_fixed_one_changed_is_refused() {
    let (result, sent) = call(args(true, false, true)).await;
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(sent, 0);
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("declares `label` of `list_tasks` omitted"),
        "{text}"
    );
    assert!(
        text.contains("declares `page` of `list_tasks` fixed to 1"),
        "{text}"
    );
    assert!(text.contains("but sent 2"), "{text}");
}

#[test]
fn the_description_shows_what_each_binding_leaves_out_and_why() {
    let d = OpenTasks::description();
    assert!(
        d.starts_with("The first page of a board's open tasks"),
        "{d}"
    );
    assert!(d.contains("What it does not let you choose:"), "{d}");
    assert!(
        d.contains("- `list_tasks`: `page` is always 1: only the first page of open tasks is read"),
        "{d}"
    );
    assert!(
        d.contains("- `list_tasks`: `label` is never sent: every open task"),
        "{d}"
    );
    // A passed argument is the agent's to choose: not listed.
    assert!(!d.contains("per_page"), "{d}");
    let listed = Catalog::new().composite::<OpenTasks>();
    assert_eq!(listed.get("open_tasks").unwrap().description, d);
}
