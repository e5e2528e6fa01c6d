use catalog::tool;

#[tool(
    spec = "bodies",
    operation = "actions/get-github-actions-default-workflow-permissions-organization",
    name = "actions.default_permissions"
)]
pub struct GetDefaultWorkflowPermissions {}

fn main() {}
