use catalog::tool;

#[tool(spec = "ok-envelope", operation = "PostMessage", failure(field = "ok", equals = false, reason = "the API answers every failure with HTTP 200 and ok false"))]
pub struct PostMessage {
    pub channel: String,
    pub text: String,
}

fn main() {}
