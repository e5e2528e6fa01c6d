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
    #[arg(
        family = "query.score_*",
        read_at = "server/search.rs: SearchFilter::scores",
        reason = "each board defines its own scores; the spec cannot name their filters"
    )]
    pub scores: BTreeMap<String, f64>,
}

fn main() {}
