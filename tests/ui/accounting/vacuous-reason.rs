use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.include_archived", reason = "not needed"), omitted("query.score_min", reason = "n/a"))]
pub struct Search {
    pub q: String,
}

fn main() {}
