use catalog::tool;

// A number is no text to split; a path is joined by commas only; `;` joins no list.
#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are closed history for an agent")
)]
pub struct SearchWords {
    #[arg(
        delimited = ";",
        read_at = "server/search.rs: SearchQuery.q (split into words)",
        reason = "the spec types the words as one text; the server splits it into words"
    )]
    pub q: Vec<String>,
    #[arg(
        delimited = ",",
        read_at = "server/search.rs: SearchQuery.score_min",
        reason = "the server reads several floors, one per word"
    )]
    pub score_min: Option<Vec<f32>>,
}

#[tool(
    spec = "taskboard",
    operation = "DeleteTask"
)]
pub struct DeleteTasks {
    #[arg(
        delimited = "|",
        read_at = "server/boards.rs: BoardPath (split on pipes)",
        reason = "the server deletes the task on every board named"
    )]
    pub board_id: Vec<String>,
    pub task_id: i64,
}

fn main() {}
