use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted("query.page", reason = "the web client sorts and filters boards for people"),
    omitted("query.per_page", reason = "the web client sorts and filters boards for people"),
    omitted("header.X-Request-Id", reason = "request ids only help the server's own operators")
)]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
}

fn main() {}
