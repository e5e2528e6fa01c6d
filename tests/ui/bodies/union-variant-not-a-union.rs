use catalog::tool;

#[tool(spec = "taskboard", operation = "GetTask", variant = 0)]
pub struct GetTask {
    pub name: String,
}

fn main() {}
