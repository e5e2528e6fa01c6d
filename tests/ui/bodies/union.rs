use catalog::tool;

#[tool(spec = "bodies", operation = "CreateThings")]
pub struct CreateThings {
    pub body: serde_json::Value,
}

fn main() {}
