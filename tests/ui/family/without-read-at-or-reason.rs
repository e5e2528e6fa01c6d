use catalog::tool;
use std::collections::BTreeMap;

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct Search {
    pub q: String,
    pub score_min: Option<f64>,
    #[arg(family = "query.tag_*")]
    pub tags: BTreeMap<String, String>,
}

fn main() {}
