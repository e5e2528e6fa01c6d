use catalog::tool;

/// `return_to` is `anyOf [Address, ""]` one level down: `Option<Address>` cannot decode `""`.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Shipping {
    pub name: String,
    pub phone: Option<String>,
    pub address: Address,
    pub return_to: Option<Address>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Address {
    pub line1: String,
    pub city: Option<String>,
    pub postal_code: Option<String>,
}

#[tool(spec = "nested", operation = "CreateShipment")]
pub struct CreateShipment {
    pub reference: String,
    pub shipping: Option<catalog::OrEmpty<Shipping>>,
}

fn main() {}
