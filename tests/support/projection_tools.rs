//! The tools of `openapi/projection.json`, a media-buy API whose optional properties carry
//! applies-when annotations in every place the projection reads them from (or must not).
#![allow(dead_code)] // each test file uses its own subset

use catalog::{Catalog, tool};

/// Create a media buy.
#[tool(spec = "projection", operation = "CreateMediaBuy")]
pub struct CreateMediaBuy {
    pub dry_run: Option<bool>,
    pub name: String,
    pub budget: f64,
    pub pacing: Option<String>,
    pub guarantee: Option<serde_json::Value>,
    pub floor_price: Option<f64>,
    pub bid_price: Option<f64>,
    pub reporting_webhook: Option<String>,
    pub targeting: Option<serde_json::Value>,
    pub notes: Option<String>,
}

/// Change a media buy the seller has already accepted.
#[tool(spec = "projection", operation = "UpdateMediaBuy")]
pub struct UpdateMediaBuy {
    pub media_buy_id: String,
    pub budget: Option<f64>,
    pub guarantee: Option<serde_json::Value>,
    pub bid_price: Option<f64>,
}

/// Both tools, in order.
pub fn catalog() -> Catalog {
    Catalog::new()
        .tool::<CreateMediaBuy>()
        .tool::<UpdateMediaBuy>()
}
