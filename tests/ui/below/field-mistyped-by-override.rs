use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("id", reason = "the server numbers readings"))]
pub struct Sample {
    // The spec's type; the tool says the server reads an integer.
    pub level: String,
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
    arg(
        "body.sample.level",
        wire_type = "integer",
        read_at = "readings/api.py: ReadingIn.level (int)",
        reason = "the spec types the level as text; the server parses a whole number"
    )
)]
pub struct CreateReading {
    pub sample: Sample,
}

fn main() {}
