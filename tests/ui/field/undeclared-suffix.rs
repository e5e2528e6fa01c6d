use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub parent_task_id: i64,
}

fn main() {}
