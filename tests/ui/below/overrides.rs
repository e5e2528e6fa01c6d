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

/// Each override below `sample` wrong in its own way: a misspelled property, a read-only one,
/// a parameter of its own, the spec's own type, no reason, a value the spec refuses, both a
/// wire type and values, a text form inside an object, nothing overridden.
#[tool(
    spec = "nested",
    operation = "CreateReading",
    arg("body.sample.levl", wire_type = "integer", read_at = "api.py: level", reason = "the server parses a whole number"),
    arg("body.sample.id", wire_type = "integer", read_at = "api.py: id", reason = "the server numbers readings"),
    arg("body.sample", wire_type = "integer", read_at = "api.py: sample", reason = "the server reads a number"),
    arg("body.sample.level", wire_type = "string", read_at = "api.py: level", reason = "the server reads text"),
    arg("body.sample.unit", values = ["celsius"], read_at = "api.py: Unit"),
    arg("body.sample.marks[].at", wire_type = "number", values = ["1"], read_at = "api.py: at", reason = "the server reads seconds"),
    arg("body.sample.unit", delimited = ",", read_at = "api.py: unit", reason = "the server splits the units"),
    arg("body.sample.marks[].at", wire_type = "json", read_at = "api.py: at", reason = "the server parses the mark"),
    arg("body.sample.marks[].at", read_at = "api.py: at", reason = "the server reads seconds")
)]
pub struct CreateReading {
    pub sample: Sample,
}

fn main() {}
