use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: Option<String>,
    pub task_id: i64,
}

fn main() {}
