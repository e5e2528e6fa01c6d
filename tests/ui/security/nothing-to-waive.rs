use catalog::tool;

#[tool(
    spec = "secured",
    operation = "GetPublic",
    security(none, reason = "the gateway in front of the API adds the session cookie")
)]
pub struct GetPublic {}

fn main() {}
