// `catalog::Tool` implemented by hand: nothing checks this struct against the operation, so it
// is refused; the fix is `#[tool(operation = "...")]` on the struct.
pub struct ListEverything;

impl catalog::Tool for ListEverything {
    const NAME: &'static str = "list_everything";
    const DESCRIPTION: &'static str = "Lists everything.";
    const INPUT_SCHEMA: &'static str = r#"{"type":"object"}"#;

    fn operation() -> &'static catalog::model::Operation {
        unimplemented!()
    }

    fn input_schema() -> &'static serde_json::Value {
        unimplemented!()
    }

    fn from_arguments(_: serde_json::Value) -> Result<Self, catalog::ArgumentError> {
        Ok(ListEverything)
    }

    fn to_request(&self) -> Result<http::Request<Vec<u8>>, catalog::RequestError> {
        unimplemented!()
    }
}

fn main() {}
