use catalog::tool;

/// Get one task.
#[tool(
    spec = "taskboard",
    operation = "GetTask",
    name = "read_task",
    former_names = ["get_task", "read_task", "get_task", "get task"]
)]
pub struct ReadTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
