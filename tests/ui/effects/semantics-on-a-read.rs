use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask", semantics = "merge")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
