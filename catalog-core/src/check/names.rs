//! Field and parameter names: the one rule that matches a Rust field to a parameter by name,
//! the field name written for a parameter, and how a message about a tool names its operation.

use crate::model::Operation;
use heck::ToSnakeCase;

/// A tool's operation as a message about the tool names it: "its operation" when the tool has
/// the operation's name (`ListTasks` wrapping `ListTasks`: naming it again adds nothing), else
/// ``its operation `listTasks` ``.
pub fn its_operation(tool: &str, op: &Operation) -> String {
    match op.display_name() {
        name if name == tool => "its operation".to_string(),
        name => format!("its operation `{name}`"),
    }
}

/// The field-name form of a wire name (`pageNum` -> `page_num`, `X-Request-Id` -> `x_request_id`).
pub fn field_name_for(wire: &str) -> String {
    let s = wire.to_snake_case();
    let s = if s.is_empty() { "body".to_string() } else { s };
    if s.starts_with(|c: char| c.is_ascii_digit()) || is_keyword(&s) {
        format!("r#{s}").replace("r#_", "_")
    } else {
        s
    }
}

fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "gen"
    )
}

/// The one rule that matches a field to a parameter by name: the field is named like the
/// parameter, as written or in snake_case (`page_num` matches `pageNum`). A parameter without a
/// name (a whole non-object body) is matched by a field named `body`, its address.
pub fn field_matches(param: &str, field: &str) -> bool {
    field_matches_snake(param, &param.to_snake_case(), field)
}

/// [`field_matches`] with the parameter's snake_case form computed once by the caller (matching
/// hundreds of fields against hundreds of parameters converts each parameter name once).
pub fn field_matches_snake(param: &str, param_snake: &str, field: &str) -> bool {
    let field = field.trim_start_matches("r#");
    if param.is_empty() {
        return field == "body";
    }
    param == field || param_snake == field
}

/// The indices of the parameters a field name matches, by [`field_matches`].
pub struct ParamNames<'a> {
    names: Vec<(&'a str, String)>,
}

impl<'a> ParamNames<'a> {
    /// Each parameter name with its snake_case form, converted once.
    pub fn new(names: impl IntoIterator<Item = &'a str>) -> ParamNames<'a> {
        ParamNames {
            names: names.into_iter().map(|n| (n, n.to_snake_case())).collect(),
        }
    }

    /// The indices of the names `field` matches.
    pub fn matching(&self, field: &str) -> Vec<usize> {
        self.names
            .iter()
            .enumerate()
            .filter(|(_, (name, snake))| field_matches_snake(name, snake, field))
            .map(|(i, _)| i)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_named_like_its_operation_does_not_name_it_again() {
        let op = crate::model::testing::op("GET", "/tasks")
            .id("ListTasks")
            .build();
        assert_eq!(its_operation("ListTasks", &op), "its operation");
        assert_eq!(its_operation("Tasks", &op), "its operation `ListTasks`");
        let unnamed = crate::model::testing::op("GET", "/tasks").build();
        assert_eq!(
            its_operation("Tasks", &unnamed),
            "its operation `GET /tasks`"
        );
    }

    #[test]
    fn a_field_matches_a_parameter_as_written_or_in_snake_case() {
        assert!(field_matches("pageNum", "page_num"));
        assert!(field_matches("page_num", "page_num"));
        assert!(field_matches("X-Request-Id", "x_request_id"));
        assert!(field_matches("type", "r#type"));
        assert!(field_matches("pageNum", "pageNum"));
        assert!(!field_matches("pageNum", "page"));
        assert!(!field_matches("pageNum", "pagenum"));
        // A whole body has no name: a field named `body` (its address) reaches it.
        assert!(field_matches("", "body"));
        assert!(!field_matches("", "payload"));
        assert!(!field_matches("", ""));
    }

    #[test]
    fn param_names_finds_every_parameter_a_field_matches() {
        let names = ParamNames::new(["id", "pageNum", "page_num", "", "ID"]);
        assert_eq!(names.matching("page_num"), [1, 2]);
        assert_eq!(names.matching("id"), [0, 4]);
        assert_eq!(names.matching("body"), [3]);
    }

    #[test]
    fn field_names_for_wire_names_are_snake_case_identifiers() {
        assert_eq!(field_name_for("pageNum"), "page_num");
        assert_eq!(field_name_for("X-Request-Id"), "x_request_id");
        assert_eq!(field_name_for("type"), "r#type");
        assert_eq!(field_name_for(""), "body");
    }
}
