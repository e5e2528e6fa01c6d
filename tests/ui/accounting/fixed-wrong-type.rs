use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", fixed("query.page", value = "first", reason = "agents always start from the first page of results"), omitted("query.*", reason = "filters and paging beyond the first page are for the web client"), omitted("header.X-Request-Id", reason = "request ids only help the server's own operators"))]
pub struct ListTasks {
    pub board_id: String,
}

fn main() {}
