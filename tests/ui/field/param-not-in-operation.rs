use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    #[arg(param = "query.task_id")]
    pub task: i64,
}

fn main() {}
