use catalog::tool;

/// `escalaton` for `escalation`: a misspelled field whose type is itself a nested struct is
/// named like any other misspelling, and `escalation` is then unaccounted for.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    pub email: Option<String>,
    pub slack: Option<Vec<Slack>>,
    pub escalaton: Option<Escalation>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("secret", reason = "webhook secrets are set by a person in the dashboard, never by an agent"))]
pub struct Slack {
    pub channel: String,
    pub mention: Option<String>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Escalation {
    pub after_minutes: Option<i64>,
    pub contact: Option<Contact>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Contact {
    pub name: String,
    pub phone: Option<String>,
}

#[tool(spec = "nested", operation = "CreateMonitor")]
pub struct CreateMonitor {
    pub name: String,
    pub alerts: Option<Alerts>,
}

fn main() {}
