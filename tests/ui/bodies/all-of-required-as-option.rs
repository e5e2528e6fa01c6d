use catalog::tool;

// `name` is declared by the first `allOf` arm and required by the second: required, so never
// absent.
#[tool(spec = "bodies", operation = "CreateVolume")]
pub struct CreateVolume {
    pub name: Option<String>,
    pub size_gigabytes: i64,
    pub region: String,
    pub description: Option<String>,
}

fn main() {}
