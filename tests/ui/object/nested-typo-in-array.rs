use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    pub email: Option<String>,
    pub slack: Option<Vec<Slack>>,
    pub escalation: Option<Escalation>,
}

/// `alerts.slack[].chanel`: misspelled; every valid call would fail decoding without it.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("secret", reason = "webhook secrets are set by a person in the dashboard, never by an agent"))]
pub struct Slack {
    pub chanel: String,
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
