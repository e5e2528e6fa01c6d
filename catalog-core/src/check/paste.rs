//! Paste-ready lines: what a help message offers to account for one parameter.

use super::names::field_name_for;
use super::reasons::PLACEHOLDER_REASON;
use super::types::rust_type_for;
use crate::model::{Operation, Param};

/// The paste-ready lines that account for one parameter: a field line, and an `omitted(...)` or
/// `fixed(...)` alternative.
pub fn paste_lines(op: &Operation, param: &Param) -> (String, String) {
    let field = field_name_for(&param.name);
    let ambiguous = op
        .params
        .iter()
        .filter(|p| field_name_for(&p.name) == field)
        .count()
        > 1
        || field.starts_with("r#");
    let attr = if ambiguous || param.name.is_empty() {
        format!("#[arg(param = \"{}\")] ", param.address())
    } else {
        String::new()
    };
    let field_name = field.trim_start_matches("r#");
    // A keyword stays raw (`r#type`), except those that cannot be raw identifiers.
    let field_name = if field_name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{field_name}")
    } else if matches!(field_name, "self" | "super" | "crate" | "Self") {
        format!("{field_name}_")
    } else {
        field.clone()
    };
    let field_line = format!(
        "{attr}pub {field_name}: {},",
        rust_type_for(&param.schema, param.required)
    );
    let alt = if param.required {
        format!(
            "fixed(\"{}\", value = <a JSON value>, reason = \"{PLACEHOLDER_REASON}\"),",
            param.address()
        )
    } else {
        format!(
            "omitted(\"{}\", reason = \"{PLACEHOLDER_REASON}\"),",
            param.address()
        )
    };
    (field_line, alt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{op, query};

    // The help line is pasted into a struct: it must be a field declaration that parses.
    #[test]
    fn paste_lines_write_fields_that_parse() {
        let params = ["type", "self", "2fa", "pageNum"].map(query).to_vec();
        let op = op("GET", "/").id("Op").params(params.clone()).build();
        let lines: Vec<String> = params.iter().map(|p| paste_lines(&op, p).0).collect();
        assert_eq!(
            lines,
            [
                "#[arg(param = \"query.type\")] pub r#type: Option<bool>,",
                "#[arg(param = \"query.self\")] pub self_: Option<bool>,",
                "#[arg(param = \"query.2fa\")] pub _2fa: Option<bool>,",
                "pub page_num: Option<bool>,",
            ]
        );
    }

    // Two parameters one field name would find: each line names its parameter.
    #[test]
    fn a_field_name_two_parameters_share_names_its_parameter() {
        let mut header = query("PageNum");
        header.location = crate::model::Location::Header;
        let params = vec![query("page_num"), header];
        let op = op("GET", "/").id("Op").params(params.clone()).build();
        let lines: Vec<String> = params.iter().map(|p| paste_lines(&op, p).0).collect();
        assert_eq!(
            lines,
            [
                "#[arg(param = \"query.page_num\")] pub page_num: Option<bool>,",
                "#[arg(param = \"header.PageNum\")] pub page_num: Option<bool>,",
            ]
        );
    }
}
