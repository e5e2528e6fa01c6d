use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    #[arg(
        pattern = "^[a-z][a-z0-9_]{2,31}$",
        read_at = "server/users.rs: UserName::parse"
    )]
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

fn main() {}
