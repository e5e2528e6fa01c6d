//! Test-only builders: an [`Operation`] or a [`Param`] with only what a test is about spelled
//! out (`op("GET", "/tasks").id("ListTasks").params(...).build()`).

use super::{
    Content, Field, Location, Operation, Param, Response, Schema, SpecInfo, StatusKey, Style, Type,
};

/// An operation `METHOD path` with nothing else: no id, parameters, body or responses.
pub fn op(method: &str, path: &str) -> OpBuilder {
    OpBuilder(Operation {
        id: None,
        method: method.into(),
        path: path.into(),
        pointer: String::new(),
        summary: None,
        description: None,
        deprecated: false,
        params: vec![],
        body: None,
        responses: vec![],
        unsupported: vec![],
        degraded: vec![],
        degraded_output: vec![],
        spec: SpecInfo::default(),
        accounting: vec![],
        security: vec![],
        tags: vec![],
        failure: vec![],
    })
}

/// Chained setters over an [`Operation`]; [`OpBuilder::build`] hands it out.
pub struct OpBuilder(Operation);

impl OpBuilder {
    /// Its operationId.
    pub fn id(mut self, id: &str) -> Self {
        self.0.id = Some(id.into());
        self
    }

    /// Its parameters, replacing any.
    pub fn params(mut self, params: Vec<Param>) -> Self {
        self.0.params = params;
        self
    }

    /// One more response.
    pub fn response(mut self, response: Response) -> Self {
        self.0.responses.push(response);
        self
    }

    /// The operation.
    pub fn build(self) -> Operation {
        self.0
    }
}

/// An optional boolean parameter `name` in `location`, with the location's default style (a
/// path parameter is required).
pub fn param(location: Location, name: &str) -> Param {
    let style = Style::default_for(location);
    Param {
        location,
        name: name.into(),
        required: location == Location::Path,
        deprecated: false,
        description: None,
        schema: Schema::new(Type::boolean()),
        style,
        explode: style == Style::Form,
        pointer: String::new(),
    }
}

/// An optional query parameter `name` (see [`param`]).
pub fn query(name: &str) -> Param {
    param(Location::Query, name)
}

/// A response for `status` with one `application/json` body of `schema` (none when `None`).
pub fn json_response(status: StatusKey, schema: Option<Schema>) -> Response {
    Response {
        status,
        description: None,
        content: vec![Content {
            media_type: "application/json".into(),
            schema,
        }],
        headers: vec![],
        pointer: format!("#/responses/{status}"),
        unsupported: vec![],
    }
}

/// An array of `items`.
pub fn array_of(items: Schema) -> Schema {
    Schema::new(Type::Array {
        items: Box::new(items),
        min_items: None,
        max_items: None,
    })
}

/// A string without constraints.
pub fn string() -> Schema {
    Schema::new(Type::String {
        format: None,
        enumeration: None,
        pattern: None,
        min_length: None,
        max_length: None,
    })
}

/// A closed object of `fields`.
pub fn object(fields: Vec<Field>) -> Schema {
    Schema::new(Type::Object {
        fields,
        open: false,
        values: None,
    })
}

/// An optional field `name` of `schema`.
pub fn field(name: &str, schema: Schema) -> Field {
    Field {
        name: name.into(),
        required: false,
        read_only: false,
        schema,
    }
}
