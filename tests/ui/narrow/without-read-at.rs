use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    #[arg(
        values = ["bug", "feature"],
        reason = "the spec allows any text; the server reads its built-in labels only"
    )]
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

fn main() {}
