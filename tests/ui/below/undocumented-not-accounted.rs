use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("id", reason = "the server numbers readings"))]
pub struct Sample {
    pub level: String,
    pub unit: Option<String>,
    pub marks: Option<Vec<Mark>>,
}

/// No field for `weight`, which the tool says the struct sets.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Mark {
    pub at: Option<String>,
}

#[tool(
    spec = "nested",
    operation = "CreateReading",
    undocumented(
        "body.sample.marks[].weight",
        wire_type = "integer",
        read_at = "readings/api.py: Mark.weight (int, default 1)",
        reason = "the chart sizes a mark by its weight; the spec leaves the property out"
    )
)]
pub struct CreateReading {
    pub sample: Sample,
}

fn main() {}
