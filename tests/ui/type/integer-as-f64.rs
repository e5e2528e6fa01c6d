use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: f64,
}

fn main() {}
