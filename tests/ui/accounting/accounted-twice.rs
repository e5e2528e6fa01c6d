use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.include_archived", reason = "archived boards are read-only history an agent should not dig through"), omitted("query.score_min", reason = "ranking thresholds hide results the agent would want to judge itself"))]
pub struct Search {
    pub q: String,
    pub score_min: Option<f32>,
}

fn main() {}
