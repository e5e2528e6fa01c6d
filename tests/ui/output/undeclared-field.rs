use catalog::tool;

/// `priority` is not a property of the task the response describes.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Task {
    pub id: i64,
    pub title: String,
    pub state: String,
    pub priority: Option<String>,
}

#[tool(spec = "outputs", operation = "GetTask", output = Task)]
pub struct GetTask {
    pub id: i64,
}

fn main() {}
