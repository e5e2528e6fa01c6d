use catalog::tool;

#[tool(
    spec = "uploads",
    operation = "PutBlob",
    variant(whole, reason = "the blob is sent in whichever shape the caller has it")
)]
pub struct PutBlob {
    pub name: String,
    pub body: catalog::File,
}

fn main() {}
