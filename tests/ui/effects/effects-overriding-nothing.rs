use catalog::tool;

#[tool(spec = "taskboard", operation = "DeleteTask",
       effects(reason = "deleted tasks stay in the bin for thirty days"))]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
