use catalog::tool;

/// The field's enum must hold exactly the narrowed values: `Done` is not one.
#[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum OpenState {
    Todo,
    Done,
}

#[tool(spec = "taskboard", operation = "ListTasks", omitted("header.X-Request-Id", reason = "request ids correlate the server's own logs; an agent has none"))]
pub struct ListTasks {
    pub board_id: String,
    #[arg(
        values = ["todo", "doing"],
        read_at = "server/tasks/list.rs: ListFilter.status",
        reason = "the spec allows `done`; the server lists archived tasks elsewhere and refuses it"
    )]
    pub status: Option<Vec<OpenState>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

fn main() {}
