use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct NoteData {
    pub attributes: NoteAttributes,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct NoteAttributes {
    pub title: String,
    pub pinned: Option<bool>,
    pub color: Option<String>,
}

/// Each address below `data` wrong in its own way: a misspelled property, an array stepped
/// into without `[]`, a value the enum does not allow, a required property omitted, a
/// read-only one fixed.
#[tool(
    spec = "nested",
    operation = "CreateNote",
    fixed("body.data.typ", value = "notes", reason = "this tool creates notes, never drafts"),
    fixed("body.data.tags.kind", value = "label", reason = "topics are curated by the editors"),
    omitted("body.data.tags", reason = "tags are curated by the editors, not by an agent"),
    fixed("body.data.type", value = "memo", reason = "this tool creates notes, never drafts"),
    omitted("body.data.attributes.title", reason = "the title is written by the editors"),
    fixed("body.data.id", value = "n1", reason = "the note's id is chosen by the tool")
)]
pub struct CreateNote {
    pub data: NoteData,
}

fn main() {}
