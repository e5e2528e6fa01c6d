use catalog::{Api, ToolError, tool};
use serde_json::Value;

/// Get one task.
#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Delete a task.
#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

/// Read a task, then delete it: `DeleteTask` is not declared.
#[catalog::composite(uses(GetTask))]
pub struct ReadThenDelete {
    pub board_id: String,
    pub task_id: i64,
}

#[catalog::composite]
impl ReadThenDelete {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        let task = api
            .call(GetTask { board_id: self.board_id.clone(), task_id: self.task_id })
            .await?;
        api.call(DeleteTask { board_id: self.board_id, task_id: self.task_id }).await?;
        Ok(task)
    }
}

fn main() {}
