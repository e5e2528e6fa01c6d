use catalog::tool;

#[tool(spec = "taskboard", operation = "DeleteTask", effects(destructive = false, reason = "n/a"))]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
