use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    pub email: Option<String>,
    pub slack: Option<Vec<Slack>>,
    pub escalation: Option<Escalation>,
}

/// Inside an array: neither `mention` nor `secret` is accounted for.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Slack {
    pub channel: String,
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
