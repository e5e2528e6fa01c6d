use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask", omitted("header.X-Request-Id"))]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
