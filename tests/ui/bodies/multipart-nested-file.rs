use catalog::tool;

#[tool(spec = "uploads", operation = "UploadAlbum")]
pub struct UploadAlbum {
    pub album: Option<serde_json::Value>,
}

fn main() {}
