//! Each key inside `security(...)`, `variant(...)` and `output(...)` given twice: every one is
//! an error over both.
use catalog::tool;

#[tool(
    spec = "secured",
    operation = "GetSso",
    security(none, none, reason = "the single sign-on gateway in front of the API adds the user's session")
)]
pub struct NoneTwice {}

#[tool(
    spec = "secured",
    operation = "GetSso",
    security(none, reason = "the single sign-on gateway in front of the API adds the user's session", reason = "a gateway")
)]
pub struct SecurityReasonTwice {}

#[tool(
    spec = "unions",
    operation = "CreateSites",
    variant(whole, whole, reason = "a batch of sites is checked by the API as one document; the agent sends it whole")
)]
pub struct WholeTwice {
    pub body: serde_json::Value,
}

#[tool(
    spec = "unions",
    operation = "CreateSites",
    variant(whole, reason = "a batch of sites is checked by the API as one document; the agent sends it whole", reason = "whole")
)]
pub struct VariantReasonTwice {
    pub body: serde_json::Value,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Report {
    pub task_id: i64,
    pub summary: String,
}

#[tool(
    spec = "outputs",
    operation = "GetReport",
    output(
        status = "200",
        status = "200",
        media_type = "application/vnd.report.v2+json",
        reason = "the v2 report lists every line; the v1 summary is the same text, shortened"
    )
)]
pub struct StatusTwice {
    pub id: i64,
}

#[tool(
    spec = "outputs",
    operation = "GetReport",
    output(
        status = "200",
        media_type = "application/vnd.report.v2+json",
        media_type = "application/json",
        reason = "the v2 report lists every line; the v1 summary is the same text, shortened"
    )
)]
pub struct MediaTypeTwice {
    pub id: i64,
}

#[tool(
    spec = "outputs",
    operation = "PutTask",
    output(text, text, reason = "200, 201 and 202 answer the same request; an agent reads which from the text")
)]
pub struct TextTwice {
    pub title: String,
}

#[tool(
    spec = "outputs",
    operation = "GetReport",
    output(
        status = "200",
        media_type = "application/vnd.report.v2+json",
        type = Report,
        type = serde_json::Value,
        reason = "the v2 report lists every line; the v1 summary is the same text, shortened"
    )
)]
pub struct TypeTwice {
    pub id: i64,
}

#[tool(
    spec = "outputs",
    operation = "PutTask",
    output(text, reason = "200, 201 and 202 answer the same request; an agent reads which from the text", reason = "text")
)]
pub struct OutputReasonTwice {
    pub title: String,
}

fn main() {}
