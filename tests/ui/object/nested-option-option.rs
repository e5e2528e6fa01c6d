/// In a struct, serde reads an agent's null as the outer `None` of `Option<Option<T>>`: the
/// null would be "not set", never sent. The derive refuses it with the type that tells them
/// apart.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Place {
    pub name: Option<String>,
    pub state: Option<Option<String>>,
}

fn main() {}
