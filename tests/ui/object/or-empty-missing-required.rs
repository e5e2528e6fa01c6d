use catalog::tool;

/// The object arm of `anyOf [Shipping, ""]` requires `name`; the nested address requires `line1`.
#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Shipping {
    pub phone: Option<String>,
    pub address: Address,
    pub return_to: Option<catalog::OrEmpty<Address>>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Address {
    pub city: Option<String>,
    pub postal_code: Option<String>,
}

#[tool(spec = "nested", operation = "CreateShipment")]
pub struct CreateShipment {
    pub reference: String,
    pub shipping: Option<catalog::OrEmpty<Shipping>>,
}

fn main() {}
