//! What people and models read: input and output schemas, the rustdoc accounting table, scaffolded tools,
//! did-you-mean suggestions and the capability projection.

pub mod doc;
pub mod output;
pub mod output_budget;
pub mod projection;
pub mod scaffold;
pub mod schema;
pub mod suggest;
pub mod tool_name;
pub mod tool_text;
