use catalog::tool;

/// The object arm of `anyOf [Address, ""]`: `postcode` is no property of it.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Address {
    pub line1: String,
    pub city: Option<String>,
    pub postcode: Option<String>,
}

#[tool(spec = "nested", operation = "UpdateCustomer")]
pub struct UpdateCustomer {
    pub customer: String,
    pub email: Option<String>,
    pub address: Option<catalog::OrEmpty<Address>>,
}

fn main() {}
