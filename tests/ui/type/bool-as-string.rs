use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.score_min", reason = "ranking thresholds hide results the agent would want to judge itself"))]
pub struct Search {
    pub q: String,
    pub include_archived: Option<String>,
}

fn main() {}
