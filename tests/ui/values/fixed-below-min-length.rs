use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", fixed("query.q", value = "", reason = "the search box of this tool is driven by the operator, not the agent"), omitted("query.score_min", reason = "every result is wanted; ranking is left to the server"), omitted("query.include_archived", reason = "archived boards are out of this tool's scope by design"))]
pub struct Search {}

fn main() {}
