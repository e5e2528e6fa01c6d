use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask", undocumented("path.task_id", read_at = "server/tasks.rs get_task", reason = "the server reads the task from the path in every version"))]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
