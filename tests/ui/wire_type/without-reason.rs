use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct Search {
    pub q: String,
    #[arg(
        wire_type = "integer",
        read_at = "server/search.rs: SearchQuery.score_min (parsed as a percentage)"
    )]
    pub score_min: Option<i64>,
}

fn main() {}
