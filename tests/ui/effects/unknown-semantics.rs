use catalog::tool;

#[tool(spec = "taskboard", operation = "AddComment", semantics = "replace",
       omitted("cookie.session", reason = "the web session belongs to a person's browser"))]
pub struct AddComment {
    pub board_id: String,
    pub text: String,
    pub pinned: Option<bool>,
}

fn main() {}
