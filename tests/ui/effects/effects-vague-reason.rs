use catalog::tool;

#[tool(spec = "taskboard", operation = "DeleteTask", effects(destructive = false, reason = "soft delete"))]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
