use catalog::tool;

#[tool(spec = "taskboard", operation = "DeleteTask", failure(field = "ok", equals = false, reason = "the API answers every failure with HTTP 200 and ok false"))]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
