use catalog::tool;

#[tool(
    spec = "unions",
    operation = "CreateSites",
    variant(whole, reason = "not needed")
)]
pub struct CreateSites {
    pub body: serde_json::Value,
}

fn main() {}
