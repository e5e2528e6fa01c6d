use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.include_archived", reason = "<what a user loses, and why that is right>"), omitted("query.score_min", reason = ""))]
pub struct Search {
    pub q: String,
}

fn main() {}
