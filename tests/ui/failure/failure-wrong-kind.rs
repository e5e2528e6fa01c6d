use catalog::tool;

#[tool(spec = "ok-envelope", operation = "ConversationInfo", failure(field = "ok", equals = "false", reason = "the API answers every failure with HTTP 200 and ok false"))]
pub struct ConversationInfo {
    pub channel: String,
}

fn main() {}
