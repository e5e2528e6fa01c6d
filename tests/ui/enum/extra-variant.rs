use catalog::tool;

/// `Blocked` is not a state the spec allows; `Done` is renamed to `done` by hand.
#[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum TaskStatus {
    Todo,
    Doing,
    #[serde(rename = "done")]
    Finished,
    Blocked,
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
