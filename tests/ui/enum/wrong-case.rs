use catalog::tool;

/// Without `rename_all`, serde sends `Todo`, not the spec's `todo`.
#[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
pub enum TaskStatus {
    Todo,
    Doing,
    Done,
}

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<TaskStatus>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

fn main() {}
