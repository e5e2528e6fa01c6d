/// A `catalog::Nullable` field without serde's `default` and `skip_serializing_if` would be
/// required when decoding and sent as null when unset.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Place {
    pub name: Option<String>,
    pub state: catalog::Nullable<String>,
}

fn main() {}
