use catalog::tool;

#[tool(spec = "secured", operation = "GetSso", security(none, reason = "not needed"))]
pub struct GetSso {}

fn main() {}
