use catalog::tool;

// `page` is an optional integer: the advice is the whole type, `Option<...>` included.
#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<String>,
    pub per_page: Option<u8>,
}

fn main() {}
