//! A query parameter's description with an HTML comment, and an enum value with a zero-width
//! space: each fails at the field that shows it.
use catalog::tool;

#[tool(spec = "poisoned", operation = "GetMarkup")]
pub struct GetMarkup {
    pub q: Option<String>,
    pub state: Option<String>,
}

fn main() {}
