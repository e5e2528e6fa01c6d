use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct Search {
    pub q: String,
    pub score_min: Option<f64>,
    #[arg(
        family = "query.tag_*",
        read_at = "server/search.rs: SearchFilter::tags",
        reason = "each board defines its own tags; the spec cannot name their filters"
    )]
    pub tags: Vec<String>,
}

fn main() {}
