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
        read_at = "server/search.rs: SearchQuery.score_min (parsed as a percentage)",
        reason = "the spec says a fraction; the server reads a whole percentage and refuses 0.5"
    )]
    pub score_min: Option<f64>,
}

fn main() {}
