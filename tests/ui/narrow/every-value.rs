use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    #[arg(
        values = ["done", "doing", "todo"],
        read_at = "server/tasks/list.rs: ListFilter.status",
        reason = "the spec allows `done`; the server lists archived tasks elsewhere and refuses it"
    )]
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

fn main() {}
