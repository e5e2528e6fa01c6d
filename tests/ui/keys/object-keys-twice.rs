//! `reason` given twice in one `omitted(...)` of `#[object]`: an error over both (a property
//! omitted twice is `object/omitted-twice.rs`).
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted(
    "secret",
    reason = "webhook secrets are set by a person in the dashboard, never by an agent",
    reason = "a second reason a reviewer would have to reconcile with the first"
))]
pub struct Slack {
    pub channel: String,
}

fn main() {}
