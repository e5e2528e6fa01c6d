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

/// Count a board's tasks: `board_id` is required, so it can be neither omitted nor passed.
#[catalog::composite(uses(ListTasks(
    omitted("board_id", reason = "every board is counted; an agent names none of them"),
    omitted("status", reason = "every task is counted, whatever its status"),
    omitted("label", reason = "every task is counted, whatever its labels"),
    omitted("assignee", reason = "every task is counted, whatever its assignee"),
    omitted("per_page", reason = "the server's default page size is counted, one page"),
    passed("page", "board_id")
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
