//! The main job: build the tool catalog for `openapi/taskboard.yaml` and show it — each tool's
//! name, operation, accounting and input schema.
//!
//! `cargo run --example taskboard`

pub mod tools;

use catalog::{Disposition, Tool};

fn show<T: Tool>() {
    let op = T::operation();
    println!("{}  ->  {} {}", T::NAME, op.method, op.path);
    println!("  {}", T::DESCRIPTION.lines().next().unwrap_or_default());
    for row in &op.accounting {
        let what = match &row.disposition {
            Disposition::Set { argument, .. } => format!("Set as `{argument}`"),
            Disposition::Fixed { value, reason } => format!("Fixed to {value}: {reason}"),
            Disposition::Omitted { reason, .. } => format!("Omitted: {reason}"),
            Disposition::Undocumented { read_at, .. } => {
                format!("Undocumented (read at {read_at})")
            }
        };
        println!("    {:<24} {}", row.param.address(), what);
    }
    println!("  inputSchema: {}\n", T::INPUT_SCHEMA);
}

fn main() {
    let spec = &tools::ListTasks::operation().spec;
    println!("{} {} (hash {})\n", spec.title, spec.version, spec.hash);
    show::<tools::ListTasks>();
    show::<tools::CreateTask>();
    show::<tools::GetTask>();
    show::<tools::ReplaceTask>();
    show::<tools::DeleteTask>();
    show::<tools::SetTaskLabels>();
    show::<tools::AddComment>();
    show::<tools::Search>();
}
