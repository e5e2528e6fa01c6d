use catalog::tool;

/// `filter` is an object with an object property and `tags` an array of objects, in a query of
/// style `form`: neither has an encoding there.
#[tool(spec = "bodies", operation = "ListReports")]
pub struct ListReports {
    pub filter: Option<serde_json::Value>,
    pub tags: Option<Vec<serde_json::Value>>,
    pub sort: Option<String>,
}

/// Left unaccounted, such a parameter is offered as an omission only.
#[tool(spec = "bodies", operation = "ListReports", omitted("query.tags", reason = "tags are chosen in the reporting console by a person"))]
pub struct ListReportsSorted {
    pub sort: Option<String>,
}

/// A Fixed value is judged by its own shape.
#[tool(spec = "bodies", operation = "ListReports", fixed("query.tags", value = [["quarterly"]], reason = "only the finance team's reports are listed"), omitted("query.filter", reason = "filters are chosen in the reporting console by a person"))]
pub struct ListFinanceReports {
    pub sort: Option<String>,
}

fn main() {}
