use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    check = Self::floor_needs_text,
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct Search {
    pub q: String,
    pub score_min: Option<f64>,
}

impl Search {
    // A rule answers with the agent's message, not a bool.
    fn floor_needs_text(&self) -> bool {
        self.score_min.is_none() || !self.q.trim().is_empty()
    }
}

fn main() {}
