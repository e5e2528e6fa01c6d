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
/// name (a whole non-object body) is matched by a field named `body`, its address. The name is
/// converted to snake_case only when its letters and digits are the field's (`may_be_snake`):
/// a tool with three fields over an operation with a hundred parameters converts a handful of
/// names, not three hundred.
pub fn field_matches(param: &str, field: &str) -> bool {
    let field = field.trim_start_matches("r#");
    if param.is_empty() {
        return field == "body";
    }
    param == field || may_be_snake(param, field) && param.to_snake_case() == field
}

/// The indices of the parameters a field name matches, by [`field_matches`].
pub struct ParamNames<'a> {
    names: Vec<&'a str>,
    /// Each ASCII name's letters and digits, lower-cased: what its snake_case form is without
    /// `_`s (see [`may_be_snake`]), found once for every field matched against it.
    kept: Vec<Option<Vec<u8>>>,
}

impl<'a> ParamNames<'a> {
    /// The parameter names, in order.
    pub fn new(names: impl IntoIterator<Item = &'a str>) -> ParamNames<'a> {
        let names: Vec<&str> = names.into_iter().collect();
        let kept = names.iter().map(|name| kept(name)).collect();
        ParamNames { names, kept }
    }

    /// The indices of the names `field` matches, by [`field_matches`].
    pub fn matching(&self, field: &str) -> Vec<usize> {
        let bare = field.trim_start_matches("r#");
        let unsnaked: Vec<u8> = bare.bytes().filter(|b| *b != b'_').collect();
        self.names
            .iter()
            .zip(&self.kept)
            .enumerate()
            .filter(|(_, (name, kept))| match kept {
                // Not the field's snake_case source: only the name as written can match.
                Some(kept) if !name.is_empty() && *kept != unsnaked => **name == bare,
                _ => field_matches(name, field),
            })
            .map(|(i, _)| i)
            .collect()
    }
}

/// An ASCII name's letters and digits, lower-cased; `None` for any other name.
fn kept(name: &str) -> Option<Vec<u8>> {
    name.is_ascii().then(|| {
        name.bytes()
            .filter(u8::is_ascii_alphanumeric)
            .map(|b| b.to_ascii_lowercase())
            .collect()
    })
}

/// Whether `snake` can be `name`'s snake_case form: snake_case keeps a name's letters and
/// digits, lower-cased, and puts `_` between its words, so without its `_`s `snake` must be
/// exactly those. Only an ASCII name is compared; any other may be.
fn may_be_snake(name: &str, snake: &str) -> bool {
    kept(name).is_none_or(|kept| kept.into_iter().eq(snake.bytes().filter(|b| *b != b'_')))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The filter [`ParamNames::matching`] applies before converting a name never turns
        /// away the name's own snake_case form.
        #[test]
        fn an_ascii_name_may_be_its_own_snake_case(name in "[ -~]{0,16}") {
            proptest::prop_assert!(may_be_snake(&name, &name.to_snake_case()));
        }

        /// Matching against names found once is matching each by [`field_matches`].
        #[test]
        fn param_names_match_as_field_matches_does(
            names in proptest::collection::vec("(r#)?[a-zA-Z_\\-é]{0,6}", 0..6),
            field in "(r#)?[a-zA-Z_é]{0,6}"
        ) {
            let by_rule: Vec<usize> = (0..names.len())
                .filter(|&i| field_matches(&names[i], &field))
                .collect();
            let found = ParamNames::new(names.iter().map(String::as_str)).matching(&field);
            proptest::prop_assert_eq!(found, by_rule);
        }

        /// A name's own snake_case form finds it, and exactly what the rule finds.
        #[test]
        fn param_names_find_a_name_by_its_snake_case(
            names in proptest::collection::vec("[a-zA-Z_\\-é]{1,6}", 1..6),
            k in 0usize..6
        ) {
            let field = names[k % names.len()].to_snake_case();
            let found = ParamNames::new(names.iter().map(String::as_str)).matching(&field);
            let by_rule: Vec<usize> = (0..names.len())
                .filter(|&i| field_matches(&names[i], &field))
                .collect();
            proptest::prop_assert!(field.is_empty() || found.contains(&(k % names.len())));
            proptest::prop_assert_eq!(found, by_rule);
        }
    }

    #[test]
    fn a_field_matches_parameters_as_written_or_in_snake_case() {
        let names = ParamNames::new(["pageNum", "page_num", "PageSize", "q", "", "x-trace-id"]);
        assert_eq!(names.matching("page_num"), vec![0, 1]);
        assert_eq!(names.matching("page_size"), vec![2]);
        assert_eq!(names.matching("r#q"), vec![3]);
        assert_eq!(names.matching("body"), vec![4]);
        assert_eq!(names.matching("x_trace_id"), vec![5]);
        assert_eq!(names.matching("pagesize"), Vec::<usize>::new());
        assert!(!may_be_snake("PageSize", "page_num"));
    }

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
