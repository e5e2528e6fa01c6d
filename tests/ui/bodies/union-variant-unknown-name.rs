use catalog::tool;

#[tool(spec = "unions", operation = "CreateTask", variant = "Task")]
pub struct CreateTask {
    pub kind: String,
    pub title: String,
}

fn main() {}
