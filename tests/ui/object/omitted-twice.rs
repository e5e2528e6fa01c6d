/// Every key once: a property omitted twice on a struct (in one `#[object]` or across two) is
/// an error at the second name, saying to keep one.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(
    omitted("secret", reason = "webhook secrets are set by a person in the dashboard, never by an agent"),
    omitted("secret", reason = "a second reason a reviewer would have to reconcile with the first")
)]
pub struct Slack {
    pub channel: String,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("mention", reason = "mentions page people, which an agent must not decide alone"))]
#[object(omitted("mention", reason = "mentions page people, which an agent must not decide alone"))]
pub struct Across {
    pub channel: String,
}

fn main() {}
