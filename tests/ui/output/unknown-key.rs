use catalog::tool;

#[tool(
    spec = "outputs",
    operation = "PutTask",
    output(code = "201", reason = "the created task is the one an agent goes on to change")
)]
pub struct PutTask {
    pub title: String,
}

fn main() {}
