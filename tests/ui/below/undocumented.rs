use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("id", reason = "the server numbers readings"))]
pub struct Sample {
    pub level: String,
    pub unit: Option<String>,
    pub marks: Option<Vec<Mark>>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Mark {
    pub at: Option<String>,
}

/// Each undocumented property below `sample` wrong in its own way: one the spec declares, an
/// array stepped into without `[]`, a map marker on an object, where the server reads it left
/// empty.
#[tool(
    spec = "nested",
    operation = "CreateReading",
    undocumented("body.sample.unit", value = "celsius", read_at = "api.py: unit", reason = "the server converts every reading to celsius"),
    undocumented("body.sample.marks.source", value = "agent", read_at = "api.py: Mark.source", reason = "the chart shows who marked a reading"),
    undocumented("body.sample{}.source", value = "agent", read_at = "api.py: Sample.source", reason = "the chart shows who took a reading"),
    undocumented("body.sample.source", value = "agent", read_at = "", reason = "the chart shows who took a reading")
)]
pub struct CreateReading {
    pub sample: Sample,
}

fn main() {}
