use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask<T> {
    pub board_id: T,
    pub task_id: i64,
}

fn main() {}
