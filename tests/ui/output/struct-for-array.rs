use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Task {
    pub id: i64,
    pub title: String,
    pub state: String,
}

/// The response is an array of tasks, not one.
#[tool(spec = "outputs", operation = "ListTasks", output = Task)]
pub struct ListTasks;

fn main() {}
