use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTasks")]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<i32>,
    pub per_page: Option<i32>,
}

fn main() {}
