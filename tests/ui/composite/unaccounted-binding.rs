use catalog::{Api, ToolError, tool};
use serde_json::Value;

/// List a board's tasks; `limit` and `cursor` are not accounted.
#[tool(spec = "taskboard", operation = "ListTasks")]
pub struct ListTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
}

/// Count a board's tasks.
#[catalog::composite(uses(ListTasks))]
pub struct CountTasks {
    pub board_id: String,
}

#[catalog::composite]
impl CountTasks {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let tasks = api
            .call(ListTasks { board_id: self.board_id, status: None, label: None, assignee: None })
            .await?;
        Ok(Value::from(tasks.as_array().map_or(0, Vec::len)))
    }
}

fn main() {}
