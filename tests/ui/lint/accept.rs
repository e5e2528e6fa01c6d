//! `accept_description` that accepts nothing (a pointer no finding has), and one whose reason
//! says nothing a reviewer can check.
use catalog::tool;

#[tool(
    spec = "poisoned",
    operation = "ListClean",
    accept_description("/paths/~1clean/get/summary", reason = "the summary was reviewed by hand on import")
)]
pub struct ListClean {
    pub state: Option<String>,
}

#[tool(
    spec = "poisoned",
    operation = "GetAccepted",
    accept_description("/paths/~1accepted/get/description", reason = "fine")
)]
pub struct GetAccepted {}

fn main() {}
