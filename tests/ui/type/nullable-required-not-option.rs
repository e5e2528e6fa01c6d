use catalog::tool;

#[tool(spec = "edge-cases", operation = "EveryType", omitted("query.dry_run", reason = "every call is real; a dry run would report success for nothing"), omitted("body.*", reason = "this case is about one field; the others are beside the point here"))]
pub struct EveryType {
    pub mode: String,
    pub note: String,
}

fn main() {}
