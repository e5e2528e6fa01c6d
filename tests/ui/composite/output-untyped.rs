use catalog::{Api, ToolError, tool};
use serde_json::Value;

/// Delete a task (its 204 answer has no body, so no schema).
#[tool(spec = "taskboard", operation = "DeleteTask")]
pub struct DeleteTask {
    pub board_id: String,
    pub task_id: i64,
}

/// A type that is neither a binding nor a composite's output.
pub struct Deleted;

/// Delete a task, answering what `DeleteTask` answers: it has no typed output.
#[catalog::composite(uses(DeleteTask), output = DeleteTask)]
pub struct DeleteOne {
    pub board_id: String,
    pub task_id: i64,
}

#[catalog::composite]
impl DeleteOne {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.call(DeleteTask { board_id: self.board_id, task_id: self.task_id }).await
    }
}

/// Delete a task, answering a type with no schema.
#[catalog::composite(uses(DeleteTask), output = Deleted)]
pub struct DeleteOther {
    pub board_id: String,
    pub task_id: i64,
}

#[catalog::composite]
impl DeleteOther {
    async fn run(self, api: Api<'_, Self>) -> Result<Value, ToolError> {
        api.call(DeleteTask { board_id: self.board_id, task_id: self.task_id }).await
    }
}

fn main() {}
