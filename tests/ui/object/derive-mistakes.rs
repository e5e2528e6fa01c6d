use std::collections::BTreeMap;

/// A flattened map hides which properties the struct sends.
#[derive(catalog::Object)]
pub struct Loose {
    pub name: String,
    #[serde(flatten)]
    pub rest: BTreeMap<String, String>,
}

/// Properties have names: a tuple struct has none.
#[derive(catalog::Object)]
pub struct Pair(pub String, pub String);

#[derive(catalog::Object)]
#[serde(rename_all = "Train-Case")]
pub struct Odd {
    pub name: String,
}

fn main() {}
