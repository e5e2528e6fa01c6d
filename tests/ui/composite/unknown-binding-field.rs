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

/// Count a board's tasks: `labels` is not a field of `ListTasks` (`label` is).
#[catalog::composite(uses(ListTasks(
    omitted("status", reason = "every task is counted, whatever its status"),
    omitted("labels", reason = "every task is counted, whatever its labels"),
    omitted("assignee", reason = "every task is counted, whatever its assignee"),
    omitted("per_page", reason = "the server's default page size is counted, one page"),
    passed("page")
)))]
pub struct CountTasks {
    pub board_id: String,
    pub page: Option<u32>,
}

#[catalog::composite]
impl CountTasks {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.call(ListTasks {
            board_id: self.board_id,
            status: None,
            label: None,
            assignee: None,
            page: self.page,
            per_page: None,
        })
        .await
    }
}

fn main() {}
