use catalog::tool;

/// The whole `application/x-www-form-urlencoded` body is an array: a form body is named fields.
#[tool(spec = "bodies", operation = "ImportReports")]
pub struct ImportReports {
    #[arg(param = "body")]
    pub lines: Option<Vec<String>>,
}

/// A required parameter that cannot be sent makes the operation unsupported.
#[tool(spec = "bodies", operation = "SearchReports")]
pub struct SearchReports {
    #[arg(rename = "where")]
    pub where_: Vec<Vec<String>>,
}

fn main() {}
