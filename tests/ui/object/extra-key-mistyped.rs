use catalog::tool;

/// A key beyond the body's declared properties, typed as text where the spec's
/// `additionalProperties` says integer.
#[tool(spec = "nested", operation = "CreateCounters")]
pub struct CreateCounters {
    pub name: String,
    #[arg(
        param = "body.visits",
        undocumented,
        read_at = "server/counters.rs: Counters::from_body",
        reason = "the visits counter is the one the dashboard shows; the spec names no counter"
    )]
    pub visits: Option<String>,
}

fn main() {}
