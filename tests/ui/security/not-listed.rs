use catalog::tool;

#[tool(spec = "secured", operation = "GetEither", security = "apikey")]
pub struct GetEither {}

fn main() {}
