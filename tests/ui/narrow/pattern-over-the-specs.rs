use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    #[arg(
        pattern = "^[a-z]+$",
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

fn main() {}
