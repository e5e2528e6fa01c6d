//! Each key inside `effects(...)` given twice: every one is an error over both.
use catalog::tool;

#[tool(
    spec = "taskboard",
    operation = "AddComment",
    effects(read_only = true, read_only = true, reason = "comments on this board are a scratch log nobody else reads"),
    omitted("cookie.session", reason = "the web session belongs to a person's browser; an agent authenticates by API key")
)]
pub struct ReadOnlyTwice {
    pub board_id: String,
    pub text: String,
    pub pinned: Option<bool>,
}

#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    effects(destructive = false, destructive = false, reason = "a deleted task stays in the bin for thirty days and can be restored")
)]
pub struct DestructiveTwice {
    pub board_id: String,
    pub task_id: i64,
}

#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    effects(idempotent = false, idempotent = true, reason = "a second delete of a binned task empties the bin")
)]
pub struct IdempotentTwice {
    pub board_id: String,
    pub task_id: i64,
}

#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    effects(open_world = false, open_world = false, reason = "the task board is the whole world this API touches")
)]
pub struct OpenWorldTwice {
    pub board_id: String,
    pub task_id: i64,
}

#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    effects(destructive = false, reason = "a deleted task stays in the bin for thirty days and can be restored", reason = "soft delete")
)]
pub struct EffectsReasonTwice {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {}
