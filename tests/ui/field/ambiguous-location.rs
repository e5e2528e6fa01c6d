use catalog::tool;

#[tool(spec = "edge-cases", operation = "GetFolder")]
pub struct GetFolder {
    pub name: String,
    pub depth: Option<u8>,
}

fn main() {}
