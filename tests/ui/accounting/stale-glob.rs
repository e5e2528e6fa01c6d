use catalog::tool;

#[tool(spec = "taskboard", operation = "Search", omitted("query.*__n", reason = "negated filters confuse agents more than they help them"), omitted("query.*", reason = "ranking and archive filters are for the web client only"))]
pub struct Search {
    pub q: String,
}

fn main() {}
