use catalog::tool;

#[tool(spec = "taskboard", operation = "ListTask")]
pub struct ListTasks {
    pub board_id: String,
}

fn main() {}
