use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "Search",
    operation = "ListTasks",
    omitted("query.include_archived", reason = "archived boards are read-only history an agent should not dig through", reason = "twice"),
)]
pub struct Search {
    pub q: String,
    #[arg(param = "query.score_min")]
    #[arg(param = "query.score_max")]
    pub score: Option<f32>,
}

fn main() {}
