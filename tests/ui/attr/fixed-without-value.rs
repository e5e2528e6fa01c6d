use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask", fixed("query.page", reason = "agents always start from the first page"))]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
