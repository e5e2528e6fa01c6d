use catalog::tool;

/// `completed` is a boolean in the spec and each follower's `name` a string: a `String` and an
/// `i64` for them compile into tools that refuse every valid call, so they fail to compile.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct TaskData {
    pub name: String,
    pub completed: Option<String>,
    pub followers: Option<Vec<Follower>>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Follower {
    pub name: i64,
}

#[tool(spec = "nested", operation = "CreateTask")]
pub struct CreateTask {
    pub data: TaskData,
}

fn main() {}
