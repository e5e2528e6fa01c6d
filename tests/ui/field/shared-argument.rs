use catalog::tool;

#[tool(spec = "edge-cases", operation = "GetFolder")]
pub struct GetFolder {
    #[arg(param = "path.name")]
    pub name: String,
    #[arg(param = "query.name")]
    pub name_filter: Option<String>,
    pub depth: Option<u8>,
}

fn main() {}
