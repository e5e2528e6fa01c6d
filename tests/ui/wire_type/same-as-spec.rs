use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct Search {
    pub q: String,
    #[arg(
        wire_type = "number",
        read_at = "server/search.rs: SearchQuery.score_min",
        reason = "the spec says a fraction; the server reads a fraction between 0 and 1"
    )]
    pub score_min: Option<f64>,
}

fn main() {}
