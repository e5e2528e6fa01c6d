use catalog::tool;

// JSON text is for a parameter the spec types as text; an integer is sent as its digits.
#[tool(spec = "bodies", operation = "PostMessage", omitted("query.meta", reason = "messages carry no metadata here"), omitted("body.blocks", reason = "messages are text only here"))]
pub struct PostMessage {
    pub text: String,
    #[arg(
        wire_type = "json",
        read_at = "server/messages.rs: serde_json::from_str(&form.count)",
        reason = "the server parses the count as JSON"
    )]
    pub count: Option<serde_json::Value>,
}

fn main() {}
