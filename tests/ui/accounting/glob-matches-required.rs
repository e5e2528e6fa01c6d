use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.*", reason = "an agent searches with defaults; the web client tunes the rest"))]
pub struct Search {}

fn main() {}
