use catalog::tool;

#[tool(spec = "edge-cases", operation = "GetThing")]
pub struct GetThing {
    pub id: i64,
}

fn main() {}
