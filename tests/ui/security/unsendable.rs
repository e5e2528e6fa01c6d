use catalog::tool;

#[tool(spec = "secured", operation = "GetSso")]
pub struct GetSso {}

fn main() {}
