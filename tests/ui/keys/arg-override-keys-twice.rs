//! Each key of `#[arg(...)]` that overrides what the spec says of a parameter, given twice, in
//! one attribute or across two: every one is an error over both.
use catalog::tool;
use std::collections::BTreeMap;

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct WireTypeTwice {
    pub q: String,
    #[arg(
        wire_type = "integer",
        wire_type = "number",
        read_at = "server/search.rs: SearchQuery.score_min (parsed as a percentage)",
        reason = "the spec says number; the server parses a whole percentage"
    )]
    pub score_min: Option<i64>,
}

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct DelimitedTwice {
    #[arg(
        delimited = " ",
        read_at = "server/search.rs: SearchQuery.q (split into words)",
        reason = "the spec types the words as one text; the server splits it into words"
    )]
    #[arg(delimited = ",")]
    pub q: Vec<String>,
    pub score_min: Option<f32>,
}

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ValuesTwice {
    pub board_id: String,
    #[arg(
        values = ["open", "done"],
        read_at = "server/tasks/list.rs: StatusFilter::parse",
        reason = "the spec lists every status; the list filter reads open and done only"
    )]
    #[arg(values = ["open"])]
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct PatternTwice {
    #[arg(
        pattern = "^[a-z]+$",
        pattern = "^[a-z0-9]+$",
        read_at = "server/boards.rs: BoardSlug::parse",
        reason = "the spec allows digits and dashes; the server reads letters only in a slug"
    )]
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

#[tool(
    spec = "taskboard",
    operation = "Search",
    omitted("query.include_archived", reason = "archived boards are out of the agent's scope")
)]
pub struct FamilyTwice {
    pub q: String,
    pub score_min: Option<f64>,
    #[arg(
        family = "query.tag_*",
        family = "query.label_*",
        read_at = "server/search.rs: SearchFilter::tags",
        reason = "each board defines its own tags; the spec cannot name their filters"
    )]
    pub tags: BTreeMap<String, String>,
}

fn main() {}
