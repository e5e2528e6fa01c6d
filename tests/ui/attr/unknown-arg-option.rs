use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    #[arg(parm = "path.board_id")]
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
