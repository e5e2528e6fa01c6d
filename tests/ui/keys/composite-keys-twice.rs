//! Each key of `#[composite(...)]` given twice, one composite each: every one is an error over
//! both.
use catalog::tool;

/// Get one task.
#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Delete a task.
#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Count the tasks of a board.
#[catalog::composite(uses(GetTask), uses(DeleteTask))]
pub struct UsesTwice {
    pub board_id: String,
}

/// Count the tasks of a board.
#[catalog::composite(uses(GetTask), name = "count_tasks", name = "tally")]
pub struct NameTwice {
    pub board_id: String,
}

/// Count the tasks of a board.
#[catalog::composite(uses(GetTask), output = GetTask, output = DeleteTask)]
pub struct OutputTwice {
    pub board_id: String,
}

fn main() {}
