//! Each key of `#[composite(...)]` given twice, one composite each: every one is an error over
//! both.
use catalog::tool;

/// List the tasks of a board.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted("query.*", reason = "filters and paging beyond the first page are for the web client"),
    omitted("header.X-Request-Id", reason = "request ids only help the server's own operators")
)]
pub struct ListTasks {
    pub board_id: String,
}

/// Delete a task.
#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Count the tasks of a board.
#[catalog::composite(uses(ListTasks), uses(DeleteTask))]
pub struct UsesTwice {
    pub board_id: String,
}

/// Count the tasks of a board.
#[catalog::composite(uses(ListTasks), name = "count_tasks", name = "tally")]
pub struct NameTwice {
    pub board_id: String,
}

/// Count the tasks of a board.
#[catalog::composite(uses(ListTasks), output = ListTasks, output = DeleteTask)]
pub struct OutputTwice {
    pub board_id: String,
}

fn main() {}
