use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Rule {
    pub allow: Option<bool>,
    pub deny: Option<bool>,
    pub label: Option<String>,
}

/// `rule` needs `inbound` or `outbound`; the tool omits both, so no rule it sends could hold.
#[tool(
    spec = "nested",
    operation = "CreateRule",
    omitted("body.rule.inbound", reason = "inbound rules are the network team's, not an agent's"),
    omitted("body.rule.outbound", reason = "outbound rules are the network team's, not an agent's")
)]
pub struct CreateRule {
    pub rule: Rule,
}

fn main() {}
