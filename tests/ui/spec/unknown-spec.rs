use catalog::tool;

#[tool(spec = "taskbord", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
