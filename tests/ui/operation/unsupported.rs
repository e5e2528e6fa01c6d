use catalog::tool;

#[tool(spec = "edge-cases", operation = "Broken")]
pub struct Broken {}

fn main() {}
