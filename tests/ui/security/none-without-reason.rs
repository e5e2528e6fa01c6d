use catalog::tool;

#[tool(spec = "secured", operation = "GetSso", security(none))]
pub struct GetSso {}

fn main() {}
