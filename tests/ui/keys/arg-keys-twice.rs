//! Each key of `#[arg(...)]` given twice, in one attribute or across two (`param` is in
//! `attr/duplicate-key.rs`): every one is an error over both.
use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "PUT /boards/{board_id}/tasks/{task_id}/labels",
    semantics = "merge"
)]
pub struct RenameTwice {
    pub board_id: String,
    pub task_id: i64,
    #[arg(param = "body", rename = "labels", rename = "tags")]
    pub labels: Vec<String>,
}

#[tool(spec = "null-forms", operation = "NullForms")]
pub struct NullTwice {
    #[arg(param = "path.ids")]
    pub ids: Vec<Option<i64>>,
    pub tenant_id: Option<Vec<Option<i64>>>,
    pub site_id: Option<Vec<Option<i64>>>,
    pub rack_id: Option<Vec<Option<i64>>>,
    pub owner: Option<Option<i64>>,
    #[arg(null = "none")]
    #[arg(null = "nil")]
    pub legacy: Option<Option<i64>>,
    #[arg(param = "header.X-Ids")]
    pub x_ids: Option<Vec<Option<i64>>>,
    #[arg(param = "body.ids", rename = "body_ids")]
    pub body_ids: Option<Vec<Option<i64>>>,
}

#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted("query.*", reason = "filters and paging beyond the first page are for the web client"),
    omitted("header.X-Request-Id", reason = "request ids only help the server's own operators"),
)]
pub struct UndocumentedArgKeysTwice {
    pub board_id: String,
    #[arg(
        param = "query.since",
        undocumented,
        undocumented,
        read_at = "server/tasks/list.rs parse_since",
        read_at = "server/tasks/list.rs",
        reason = "the web client filters by change time through it; without it an agent re-reads every task"
    )]
    #[arg(reason = "change time")]
    pub since: Option<String>,
}

fn main() {}
