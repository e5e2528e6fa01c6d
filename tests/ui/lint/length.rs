//! An operation description past the length budget.
use catalog::tool;

#[tool(spec = "poisoned", operation = "GetLength")]
pub struct GetLength {}

fn main() {}
