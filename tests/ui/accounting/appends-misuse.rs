//! `#[arg(appends)]` on what is not an array of the body, and on a read.
use catalog::tool;

/// `name` is a string; `id` is in the path.
#[tool(spec = "playouts", operation = "PatchPlayout")]
pub struct PatchPlayout {
    #[arg(appends)]
    pub id: i64,
    #[arg(appends)]
    pub name: Option<String>,
    pub schedule_file: Option<String>,
    pub daily_rebuild_time: Option<String>,
}

/// A read writes nothing to append to.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted("query.*", reason = "filters and paging beyond the first page are for the web client"),
    omitted("header.X-Request-Id", reason = "request ids only help the server's own operators"),
)]
pub struct ListTasks {
    #[arg(appends)]
    pub board_id: String,
}

fn main() {}
