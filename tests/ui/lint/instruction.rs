//! An operation description addressed to the model: the tool, which takes it as its
//! description (no doc comment), fails at its attribute.
use catalog::tool;

#[tool(spec = "poisoned", operation = "GetInstruction")]
pub struct GetInstruction {}

fn main() {}
