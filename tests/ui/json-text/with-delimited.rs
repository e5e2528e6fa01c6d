use catalog::tool;

// A JSON array is one text already: it is not also joined on a delimiter.
#[tool(spec = "bodies", operation = "PostMessage", omitted("query.meta", reason = "messages carry no metadata here"))]
pub struct PostMessage {
    pub text: String,
    #[arg(
        wire_type = "json",
        delimited = ",",
        read_at = "server/messages.rs: serde_json::from_str(&form.blocks)",
        reason = "the spec types the blocks as text; the server parses that text as a JSON array"
    )]
    pub blocks: Option<Vec<serde_json::Value>>,
    pub count: Option<i64>,
}

fn main() {}
