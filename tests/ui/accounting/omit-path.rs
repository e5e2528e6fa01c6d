use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask", omitted("path.board_id", reason = "there is only one board in this deployment of the tracker"))]
pub struct GetTask {
    pub task_id: i64,
}

fn main() {}
