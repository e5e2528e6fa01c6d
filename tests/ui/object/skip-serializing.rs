/// `#[serde(skip_serializing)]`: the field is decoded from the agent's arguments and never sent.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Place {
    pub name: Option<String>,
    #[serde(skip_serializing)]
    pub note: Option<String>,
}

fn main() {}
