use catalog::tool;

// Longer than 20 characters, and still only "not needed".
#[tool(spec = "taskboard", operation = "Search", omitted("query.include_archived", reason = "This parameter is not needed by us."), omitted("query.score_min", reason = "not used by this tool at the moment"))]
pub struct Search {
    pub q: String,
}

fn main() {}
