use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", omit("header.X-Request-Id"))]
pub struct ListTasks {
    pub board_id: String,
    pub not_a_param: String,
}

fn main() {}
