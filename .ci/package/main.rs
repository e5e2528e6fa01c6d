//! A user's tool crate, built by .ci/package.sh from the packaged crates alone: one `#[tool]`
//! over the spec its build script indexed, listed as a server would offer it.

use catalog::tool;

/// Get one task.
#[tool(spec = "taskboard", operation = "GetTask")]
pub struct GetTask {
    pub board_id: String,
    pub task_id: i64,
}

fn main() {
    let catalog = catalog::Catalog::new().tool::<GetTask>();
    for t in catalog.tools() {
        println!("{}  ->  {} {}", t.name, t.operation.method, t.operation.path);
        println!("  inputSchema: {}", t.input_schema_json);
    }
}
