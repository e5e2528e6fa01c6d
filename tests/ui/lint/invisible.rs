//! A summary holding a right-to-left override (U+202E): the tool fails with the lint's
//! message, the character written `U+202E`, not with rustc's lint on a literal.
use catalog::tool;

#[tool(spec = "poisoned", operation = "GetInvisible")]
pub struct GetInvisible {}

fn main() {}
