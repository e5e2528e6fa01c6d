use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", fixed("path.board_id", value = "OPS", reason = "this tool reads the operations board and nothing else"), omitted("query.*", reason = "filters and paging beyond the first page are for the web client"), omitted("header.X-Request-Id", reason = "request ids only help the server's own operators"))]
pub struct ListOpsTasks {}

fn main() {}
