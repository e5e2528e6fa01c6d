use catalog::tool;

// The glob was meant for `score_min` and `include_archived` but matches neither: one error,
// which lists them, instead of one "unaccounted" error per parameter.
#[tool(spec = "taskboard", operation = "Search", omitted("query.*_max", reason = "ranking and archive filters are for the web client only"))]
pub struct Search {
    pub q: String,
}

fn main() {}
