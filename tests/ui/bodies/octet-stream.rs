use catalog::tool;

#[tool(spec = "bodies", operation = "PutBlob")]
pub struct PutBlob {
    pub name: String,
    pub body: String,
}

fn main() {}
