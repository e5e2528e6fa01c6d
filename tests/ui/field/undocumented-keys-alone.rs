//! `undocumented` on a field needs `read_at` and `reason`, and they need it (or `wire_type`,
//! `values`, `pattern`, `family`): each is an error at the key that is alone.
use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted("query.*", reason = "filters and paging beyond the first page are for the web client"),
    omitted("header.X-Request-Id", reason = "request ids only help the server's own operators"),
)]
pub struct UndocumentedWithoutReason {
    pub board_id: String,
    #[arg(param = "query.since", undocumented, read_at = "server/tasks/list.rs parse_since")]
    pub since: Option<String>,
}

#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct ReasonWithoutUndocumented {
    pub board_id: String,
    #[arg(reason = "the task's id, read as the spec types it")]
    pub task_id: i64,
}

fn main() {}
