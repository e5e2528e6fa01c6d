//! `reason` given twice in `accept_description(...)`: an error over both.
use catalog::tool;

#[tool(
    spec = "poisoned",
    operation = "GetAccepted",
    accept_description("/paths/~1accepted/get/description", reason = "the comment is a build note", reason = "x")
)]
pub struct GetAccepted {}

fn main() {}
