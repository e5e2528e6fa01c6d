use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.include_archived", reason = "archived boards are read-only history an agent should not dig through"))]
pub struct Search {
    pub q: String,
    pub score_min: Option<Option<f32>>,
}

fn main() {}
