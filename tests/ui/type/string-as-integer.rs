use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: u64,
    pub task_id: i64,
}

fn main() {}
