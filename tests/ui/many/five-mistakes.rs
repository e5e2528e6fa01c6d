use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks", omitted("query.page", reason = "todo"))]
pub struct ListTasks {
    pub board_id: String,
    pub statuses: Option<Vec<String>>,
    pub label: Vec<String>,
    pub per_page: Option<f64>,
    pub assignee: Option<Option<String>>,
}

fn main() {}
