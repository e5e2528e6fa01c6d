use catalog::tool;

/// The tool fixes `data.type` and each tag's `kind`: a field for either would send the agent's
/// value beside the tool's.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct NoteData {
    #[serde(rename = "type")]
    pub kind: String,
    pub attributes: NoteAttributes,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("color", reason = "colors follow the team's theme, which an agent does not know"))]
pub struct NoteAttributes {
    pub title: String,
    pub pinned: Option<bool>,
}

#[tool(
    spec = "nested",
    operation = "CreateNote",
    fixed("body.data.type", value = "notes", reason = "this tool creates notes, never drafts"),
    omitted("body.data.tags", reason = "tags are curated by the editors, not by an agent")
)]
pub struct CreateNote {
    pub data: NoteData,
}

fn main() {}
