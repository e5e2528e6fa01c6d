use catalog::tool;

#[tool(spec = "edge-cases", operation = "EveryType", fixed("query.mode", value = "turbo", reason = "agents must never trade safety for speed on this API"), omitted("query.dry_run", reason = "every call is real; a dry run would report success for nothing"), omitted("body.*", reason = "this case is about one field; the others are beside the point here"))]
pub struct EveryType {
    pub note: Option<String>,
}

fn main() {}
