//! `absent` and `appends` given twice in `#[arg(...)]`, and `keeps` twice in one
//! `omitted(...)`: each is an error over both.
use catalog::tool;

#[tool(
    spec = "playouts",
    operation = "UpdatePlayout",
    omitted("body.seed", keeps, keeps, reason = "the seed is the operator's, kept across updates")
)]
pub struct UpdatePlayout {
    pub id: i64,
    pub name: String,
    #[arg(absent = "keeps", absent = "clears")]
    pub schedule_file: Option<String>,
    pub daily_rebuild_time: Option<String>,
}

#[tool(spec = "playouts", operation = "AddCollectionItems")]
pub struct AddCollectionItems {
    pub id: i64,
    #[arg(appends)]
    #[arg(appends)]
    pub media_item_ids: Vec<i64>,
}

fn main() {}
