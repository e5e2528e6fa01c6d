use catalog::tool;

#[tool(
    spec = "secured",
    operation = "PostLegacy",
    credential("query.token", scheme = "apikey"),
    omitted("header.X-Api-Version", reason = "the server speaks the current version"),
    omitted("body.secret", reason = "the body's secret is the key sent in the query")
)]
pub struct PostLegacy {}

fn main() {}
