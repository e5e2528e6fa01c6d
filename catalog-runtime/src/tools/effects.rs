//! What a tool does to the API's data, as served: the vocabulary ([`Effects`], [`Semantics`],
//! [`hints`], the table of defaults) is [`catalog_core::model::effects`], checked at compile time by
//! [`catalog_core::check::effects`]; here are the hints of a composite and the MCP annotations.

pub use catalog_core::model::effects::{Effects, Hints, Semantics, hints, safe_method};

/// The hints of a tool that makes several requests (a composite), from each request's: read-only
/// when every one only reads; destructive and open-world when any one is; idempotent when every
/// one is; full-replace semantics when any one has them, else merge when any one has.
pub fn strongest(each: impl IntoIterator<Item = Hints>) -> Hints {
    let all: Vec<Hints> = each.into_iter().collect();
    Hints {
        read_only: all.iter().all(|h| h.read_only),
        destructive: all.iter().any(|h| h.destructive),
        idempotent: all.iter().all(|h| h.idempotent),
        open_world: all.iter().any(|h| h.open_world),
        // What a composite does to the fields it does not send is its own: a read-modify-write
        // over a full-replace PUT keeps them, so its PUT's semantics would misstate it.
        semantics: None,
    }
}

/// The MCP annotations of a tool: its [`hints`], titled by its operation's summary.
#[cfg(feature = "mcp")]
pub fn annotations_of(h: Hints, summary: Option<&str>) -> rmcp::model::ToolAnnotations {
    let mut a = rmcp::model::ToolAnnotations::new()
        .read_only(h.read_only)
        .destructive(h.destructive)
        .idempotent(h.idempotent)
        .open_world(h.open_world);
    if let Some(summary) = summary {
        a.title = Some(summary.trim().to_string());
    }
    a
}
