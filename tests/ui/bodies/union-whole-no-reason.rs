use catalog::tool;

#[tool(spec = "unions", operation = "CreateSites", variant(whole))]
pub struct CreateSites {
    pub body: serde_json::Value,
}

fn main() {}
