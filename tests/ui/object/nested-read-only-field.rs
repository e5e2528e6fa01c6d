use catalog::tool;

/// `created_at` and each follower's `gid` are read-only: the server sets them and ignores a
/// value sent, so a field for either could never carry anything.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct TaskData {
    pub name: String,
    pub completed: Option<bool>,
    pub created_at: Option<String>,
    pub followers: Option<Vec<Follower>>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Follower {
    pub gid: Option<String>,
    pub name: String,
}

#[tool(spec = "nested", operation = "CreateTask")]
pub struct CreateTask {
    pub data: TaskData,
}

fn main() {}
