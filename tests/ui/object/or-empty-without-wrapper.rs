use catalog::tool;

/// `address` is `anyOf [Address, ""]`: the input schema offers `""`, which `Address` cannot decode.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Address {
    pub line1: String,
    pub city: Option<String>,
    pub postal_code: Option<String>,
}

#[tool(spec = "nested", operation = "UpdateCustomer")]
pub struct UpdateCustomer {
    pub customer: String,
    pub email: Option<String>,
    pub address: Option<Address>,
}

fn main() {}
