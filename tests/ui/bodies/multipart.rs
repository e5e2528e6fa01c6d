use catalog::tool;

#[tool(spec = "bodies", operation = "UploadAvatar")]
pub struct UploadAvatar {
    pub image: String,
    pub caption: Option<String>,
}

fn main() {}
