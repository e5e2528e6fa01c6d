use catalog::tool;

#[tool(spec = "uploads", operation = "UploadFile")]
pub struct UploadFile {
    pub file: catalog::File,
    pub channel_id: String,
    pub attachments: Option<Vec<String>>,
    pub note: Option<String>,
}

fn main() {}
