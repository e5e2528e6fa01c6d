use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", fixed("query.score_min", value = 1.5, reason = "only near-certain matches are worth an agent's attention"), omitted("query.include_archived", reason = "archived boards are out of this tool's scope by design"))]
pub struct Search {
    pub q: String,
}

fn main() {}
