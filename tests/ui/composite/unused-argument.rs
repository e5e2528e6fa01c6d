use catalog::{Api, ToolError, tool};
use serde_json::Value;

/// List a board's tasks.
#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

/// A page of a board's tasks: `page` is an argument `run` never reads.
#[catalog::composite(uses(ListTasks(
    omitted("status", reason = "every task is listed, whatever its status"),
    omitted("label", reason = "every task is listed, whatever its labels"),
    omitted("assignee", reason = "every task is listed, whatever its assignee"),
    omitted("page", reason = "the first page is listed; `list_tasks` reaches the rest"),
    omitted("per_page", reason = "the server's default page size is listed, one page")
)))]
pub struct TaskPage {
    pub board_id: String,
    /// The page, from 1.
    pub page: Option<u32>,
}

#[catalog::composite]
impl TaskPage {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.call(ListTasks {
            board_id: self.board_id,
            status: None,
            label: None,
            assignee: None,
            page: None,
            per_page: None,
        })
        .await
    }
}

fn main() {}
