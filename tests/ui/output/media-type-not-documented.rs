use catalog::tool;

#[tool(
    spec = "outputs",
    operation = "GetReport",
    output(
        status = "200",
        media_type = "application/vnd.report.v3+json",
        reason = "the v3 report lists every line; the v1 summary is the same text, shortened"
    )
)]
pub struct GetReport {
    pub id: i64,
}

fn main() {}
