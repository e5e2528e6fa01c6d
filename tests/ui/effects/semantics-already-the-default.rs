use catalog::tool;

#[tool(spec = "taskboard", operation = "PUT /boards/{board_id}/tasks/{task_id}/labels",
       semantics = "full-replace")]
pub struct SetTaskLabels {
    pub board_id: String,
    pub task_id: i64,
    #[arg(param = "body", rename = "labels")]
    pub labels: Vec<String>,
}

fn main() {}
