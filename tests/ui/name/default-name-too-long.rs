use catalog::tool;

// The operationId in snake_case is 68 characters: more than clients take.
#[tool(
    spec = "bodies",
    operation = "actions/get-github-actions-default-workflow-permissions-organization"
)]
pub struct GetDefaultWorkflowPermissions {}

fn main() {}
