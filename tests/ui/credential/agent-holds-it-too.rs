use catalog::tool;

// The credential is sent by the server; a field for it would hand the secret to the agent.
#[tool(
    spec = "secured",
    operation = "PostLegacy",
    credential("query.token", scheme = "api_key"),
    omitted("header.X-Api-Version", reason = "the server speaks the current version"),
    omitted("body.secret", reason = "the body's secret is the key sent in the query")
)]
pub struct PostLegacy {
    pub token: String,
}

fn main() {}
