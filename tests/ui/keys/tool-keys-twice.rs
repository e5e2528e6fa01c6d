//! Each key of `#[tool(...)]` given twice, one tool each: every one is an error over both.
use catalog::tool;

#[tool(spec = "taskboard", spec = "taskboard", operation = "DeleteTask")]
pub struct SpecTwice {
    pub board_id: String,
    pub task_id: i64,
}

#[tool(spec = "taskboard", operation = "DeleteTask", name = "bin", name = "trash")]
pub struct NameTwice {
    pub board_id: String,
    pub task_id: i64,
}

#[tool(
    spec = "taskboard",
    operation = "PUT /boards/{board_id}/tasks/{task_id}/labels",
    semantics = "merge",
    semantics = "full-replace"
)]
pub struct SemanticsTwice {
    pub board_id: String,
    pub task_id: i64,
    #[arg(param = "body", rename = "labels")]
    pub labels: Vec<String>,
}

#[tool(
    spec = "taskboard",
    operation = "DeleteTask",
    effects(destructive = false, reason = "a deleted task stays in the bin for thirty days and can be restored"),
    effects(idempotent = false, reason = "a second delete empties the bin")
)]
pub struct EffectsTwice {
    pub board_id: String,
    pub task_id: i64,
}

#[tool(spec = "secured", operation = "GetEither", security = "csrf", security = "apikey")]
pub struct SecurityTwice {}

#[tool(
    spec = "secured",
    operation = "GetSso",
    security(none, reason = "the single sign-on gateway in front of the API adds the user's session"),
    security = "sso"
)]
pub struct SecurityBothForms {}

#[tool(spec = "unions", operation = "CreatePet", variant = 0, variant = "Dog")]
pub struct VariantTwice {
    pub name: String,
    pub lives: Option<i64>,
}

#[tool(spec = "outputs", operation = "CountTasks", output = u64, output = i64)]
pub struct OutputTwice;

#[tool(spec = "outputs", operation = "CountTasks", former_names = ["tally"], former_names = ["count"])]
pub struct FormerNamesTwice;

#[tool(
    spec = "secured",
    operation = "PostLegacy",
    credential("query.token", scheme = "api_key", scheme = "session"),
    omitted("header.X-Api-Version", reason = "the server speaks the current version"),
    omitted("body.secret", reason = "the body's secret is the key sent in the query")
)]
pub struct CredentialSchemeTwice {}

fn main() {}
