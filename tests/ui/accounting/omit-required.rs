use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.q", reason = "the agent browses without a query, for the overview"), omitted("query.*", reason = "the rest of the filters narrow what the agent wants to see in full"))]
pub struct Search {}

fn main() {}
