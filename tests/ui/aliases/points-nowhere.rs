use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    aliases(query = "text", q = "score_min"),
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct Search {
    pub q: String,
    pub score_min: Option<f64>,
}

fn main() {}
