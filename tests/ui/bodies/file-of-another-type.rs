use catalog::tool;

mod mine {
    /// A file type of the user's own, named like `catalog::File`.
    #[derive(Debug, serde::Serialize, serde::Deserialize)]
    pub struct File {
        pub bytes: Vec<u8>,
    }
}

use mine::File;

#[tool(spec = "uploads", operation = "PutBlob")]
pub struct PutBlob {
    pub name: String,
    pub body: File,
}

fn main() {}
