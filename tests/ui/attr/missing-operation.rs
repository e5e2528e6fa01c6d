use catalog::tool;

#[tool(spec = "taskboard")]
pub struct NoOperation {
    pub board_id: String,
}

fn main() {}
