use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", fixed("query.per_page", value = 500, reason = "agents read whole boards at once instead of paging"), omitted("query.*", reason = "filters and paging beyond the first page are for the web client"), omitted("header.X-Request-Id", reason = "request ids only help the server's own operators"))]
pub struct ListTasks {
    pub board_id: String,
}

fn main() {}
