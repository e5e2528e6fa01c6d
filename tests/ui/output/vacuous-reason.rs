use catalog::tool;

#[tool(
    spec = "outputs",
    operation = "PutTask",
    output(status = "201", reason = "not needed by this tool at the moment")
)]
pub struct PutTask {
    pub title: String,
}

fn main() {}
