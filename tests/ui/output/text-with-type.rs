use catalog::tool;

#[tool(
    spec = "outputs",
    operation = "PutTask",
    output(text, type = serde_json::Value, reason = "200, 201 and 202 answer the same request; the text says which")
)]
pub struct PutTask {
    pub title: String,
}

fn main() {}
