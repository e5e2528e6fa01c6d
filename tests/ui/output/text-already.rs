use catalog::tool;

#[tool(
    spec = "outputs",
    operation = "DeleteTask",
    output(text, reason = "a deleted task has nothing left to show; the status says it all")
)]
pub struct DeleteTask {
    pub id: i64,
}

fn main() {}
