use catalog::tool;

/// `PutTask` answers 200, 201 or 202: which one is the structured result is the tool's to say.
#[tool(spec = "outputs", operation = "PutTask")]
pub struct PutTask {
    pub title: String,
}

fn main() {}
