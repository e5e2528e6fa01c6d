//! Each key of `arg(...)` in `#[tool]` given twice, and `wire_type` twice in an
//! `undocumented(...)`: each is an error over both.
use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("id", reason = "the server numbers readings"))]
pub struct Sample {
    pub level: i64,
    pub unit: Option<String>,
    pub marks: Option<Vec<Mark>>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Mark {
    pub at: Option<String>,
}

#[tool(
    spec = "nested",
    operation = "CreateReading",
    arg("body.sample.level", wire_type = "integer", wire_type = "number", delimited = ",", delimited = " ", read_at = "a.py: x", read_at = "b.py: y", reason = "the server parses a whole number", reason = "twice"),
    undocumented("body.sample.marks[].weight", wire_type = "integer", wire_type = "number", read_at = "api.py: Mark.weight", reason = "the chart sizes a mark by its weight"),
    arg("body.sample.unit", values = ["celsius"], values = ["fahrenheit"], pattern = "^c$", pattern = "^f$", param = "body.x")
)]
pub struct CreateReading {
    pub sample: Sample,
}

fn main() {}
