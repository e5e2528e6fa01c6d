use catalog::tool;

#[tool(spec = "taskboard", operation = "CreateTask", fixed("body.status", value = "todo", reason = "new tasks always enter the board as todo, as the team's process says"), fixed("body.due", value = "tomorrow", reason = "tasks an agent files are due the next working day by team rule"), omitted("body.*", reason = "an agent files the title only; a person triages the rest"), omitted("query.notify", reason = "the assignee is notified by the server default, which the team keeps"))]
pub struct FileTask {
    pub board_id: String,
    pub title: String,
}

fn main() {}
