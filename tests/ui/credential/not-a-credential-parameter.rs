use catalog::tool;

// A body property and an integer header cannot carry the API key; a field cannot be both.
#[tool(
    spec = "secured",
    operation = "PostLegacy",
    credential("query.token", scheme = "api_key"),
    credential("header.X-Api-Version", scheme = "api_key"),
    credential("body.secret", scheme = "api_key")
)]
pub struct PostLegacy {}

fn main() {}
