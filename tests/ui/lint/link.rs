//! A `javascript:` URL in a nested body property's description: a doc comment on the field
//! replaces only the field's own description, so the finding stays, at the field.
use catalog::tool;

#[tool(spec = "poisoned", operation = "CreateLink")]
pub struct CreateLink {
    /// Where the link points.
    pub target: serde_json::Value,
}

fn main() {}
