use catalog::tool;

#[tool(spec = "ok-envelope", operation = "ConversationInfo", failure(field = "ok", equals = false, reason = "TODO"))]
pub struct ConversationInfo {
    pub channel: String,
}

fn main() {}
