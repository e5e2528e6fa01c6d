use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    pub email: Option<String>,
    pub slack: Option<Vec<Slack>>,
    pub escalation: Option<Escalation>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("secret", reason = "webhook secrets are set by a person in the dashboard, never by an agent"))]
pub struct Slack {
    pub channel: String,
    pub mention: Option<String>,
}

/// Two levels down: `after_minutes` is declared and optional, and not accounted for.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Escalation {
    pub contact: Option<Contact>,
}

/// Three levels down: the required `name` may be absent.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Contact {
    pub name: Option<String>,
    pub phone: Option<String>,
}

#[tool(spec = "nested", operation = "CreateMonitor")]
pub struct CreateMonitor {
    pub name: String,
    pub alerts: Option<Alerts>,
}

fn main() {}
