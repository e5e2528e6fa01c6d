use catalog::tool;

#[tool(spec = "ok-envelope", operation = "ArchiveConversation", fixed("query.confirm", value = false, reason = "archiving is confirmed by the operator, never by the agent"))]
pub struct ArchiveConversation {
    pub channel: String,
}

fn main() {}
