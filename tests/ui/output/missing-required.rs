use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::StringEnum)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Open,
    Done,
}

/// `id` is read-only: a request never sends it, and every response has it.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Task {
    pub id: Option<i64>,
    pub title: String,
    pub state: State,
}

#[tool(spec = "outputs", operation = "GetTask", output = Task)]
pub struct GetTask {
    pub id: i64,
}

fn main() {}
