use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Report {
    pub task_id: i64,
    pub summary: String,
}

/// The 200 response is JSON in two media types of different schemas: the type reads both, and
/// `Report` has no `lines`, which the v2 body requires.
#[tool(spec = "outputs", operation = "GetReport", output = Report)]
pub struct GetReport {
    pub id: i64,
}

fn main() {}
