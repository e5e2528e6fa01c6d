use catalog::tool;

/// An output reads what the response declares, at every depth: it may leave out an optional
/// property (`policy.level` here: a response may carry more than a tool reads), but a field
/// the response never fills (`retrys`, for `retries`) fails to compile.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Route {
    pub id: String,
    pub policy: Option<RoutePolicy>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct RoutePolicy {
    pub retrys: Option<i64>,
}

#[tool(spec = "nested", operation = "CreateRoute", output = Route)]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<serde_json::Value>,
    pub targets: Option<serde_json::Value>,
}

fn main() {}
