//! A tool's output, checked and ready to write: [`check_output`] takes what the tool declares
//! (`output = T`, `output(...)`, or nothing) and gives every finding, or everything the
//! `#[tool]` macro writes of the output without deciding anything: the `outputSchema` and its
//! arms as JSON text, the bodies a declared type is checked against, the rustdoc line, and the
//! sentence the description gets.

use super::output::{Wrap, arm_output_schema, union_output_schema};
use super::schema::json_text;
use crate::check::declared::Finding;
use crate::check::output::{Typed, output};
use crate::check::output_choice::{DeclaredOutput, account_output};
use crate::model::{Operation, Schema};

/// A tool's output once checked.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedOutput {
    /// The typed responses: none for a text output; several when the response's status and
    /// media type select which.
    pub typed: Vec<Typed>,
    /// The output's schema (`Tool::OUTPUT`), `None` for a text output.
    pub schema: Option<OutputSchema>,
    /// What the tool's rustdoc says of its output: the response returned as structured content
    /// (and how it is wrapped), or why the output is text, followed by the reason of a choice.
    pub doc_line: String,
    /// The sentence that ends the tool description when the body is wrapped: where the body
    /// sits in the structured result.
    pub note: Option<&'static str>,
}

/// `Tool::OUTPUT` as text: the first typed response's status and media type, the union's
/// schema and wrapping, and with several responses each one's arm.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputSchema {
    /// The first typed response's status.
    pub status: String,
    /// Its media type.
    pub media_type: String,
    /// The `outputSchema`, as JSON text.
    pub schema: String,
    /// How a body is wrapped into structured content.
    pub wrap: Wrap,
    /// With several typed responses, each one with the schema its body is checked against once
    /// wrapped; empty with one.
    pub arms: Vec<OutputArm>,
}

/// One typed response of an output of several.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputArm {
    /// Its status.
    pub status: String,
    /// Its media type.
    pub media_type: String,
    /// The schema its body is checked against once wrapped, as JSON text.
    pub schema: String,
}

impl CheckedOutput {
    /// The bodies the tool's declared type reads, each distinct schema once, with the label its
    /// compile-time check is named by: the status, and the media type too when the status has
    /// several typed bodies.
    pub fn reads(&self) -> Vec<(&Typed, String)> {
        let typed = &self.typed;
        typed
            .iter()
            .enumerate()
            .filter(|(i, t)| !typed[..*i].iter().any(|o| o.schema == t.schema))
            .map(|(_, t)| {
                let shared = typed.iter().filter(|o| o.status == t.status).count() > 1;
                let label = if shared {
                    format!("{} {}", t.status, t.media_type)
                } else {
                    t.status.to_string()
                };
                (t, label)
            })
            .collect()
    }
}

/// The output of `tool` over `op`, as it declares it ([`account_output`]), with what is
/// written of it; or every finding.
pub fn check_output(
    op: &Operation,
    declared: Option<&DeclaredOutput>,
    tool: &str,
) -> Result<CheckedOutput, Vec<Finding>> {
    let typed = account_output(op, declared, tool)?;
    let schema = output_schema(&typed);
    let wrap = schema.as_ref().map(|s| s.wrap);
    let reason = declared
        .and_then(|d| d.reason.as_ref())
        .map(|r| r.text.as_str());
    Ok(CheckedOutput {
        doc_line: doc_line(&typed, wrap, reason, op),
        note: wrap.and_then(Wrap::note),
        schema,
        typed,
    })
}

/// `Tool::OUTPUT` of the typed responses; `None` for a text output.
fn output_schema(typed: &[Typed]) -> Option<OutputSchema> {
    let first = typed.first()?;
    let schemas: Vec<&Schema> = typed.iter().map(|t| &t.schema).collect();
    let (schema, wrap) = union_output_schema(&schemas)?;
    let arms = match typed {
        [_] => Vec::new(),
        several => several
            .iter()
            .map(|t| OutputArm {
                status: t.status.to_string(),
                media_type: t.media_type.clone(),
                schema: json_text(&arm_output_schema(&t.schema, wrap)),
            })
            .collect(),
    };
    Some(OutputSchema {
        status: first.status.to_string(),
        media_type: first.media_type.clone(),
        schema: json_text(&schema),
        wrap,
        arms,
    })
}

/// The rustdoc line of the output (see [`CheckedOutput::doc_line`]).
fn doc_line(typed: &[Typed], wrap: Option<Wrap>, reason: Option<&str>, op: &Operation) -> String {
    let wrap = wrap
        .and_then(Wrap::key)
        .map(|k| format!(", wrapped under `{k}`"))
        .unwrap_or_default();
    let what = match typed {
        [t] => format!(
            "Output: the `{} {}` response, as structured content{wrap}",
            t.status, t.media_type
        ),
        [_, ..] => {
            let each: Vec<String> = typed
                .iter()
                .map(|t| format!("`{} {}`", t.status, t.media_type))
                .collect();
            format!(
                "Output: the {} responses, as structured content{wrap}; the response's status \
                 and media type select which",
                each.join(", ")
            )
        }
        [] if reason.is_some() => "Output: text".to_string(),
        [] => format!(
            "Output: text ({})",
            output(op).to_string().trim_start_matches("not typed: ")
        ),
    };
    match reason {
        Some(r) => format!("{what} — {r}"),
        None => what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::declared::Reason;
    use crate::model::testing::{array_of, field, json_response, object, op};
    use crate::model::{Content, Response, StatusKey, Type};
    use serde_json::json;

    fn boolean() -> Schema {
        Schema::new(Type::boolean())
    }

    fn task() -> Schema {
        object(vec![field("done", boolean())])
    }

    fn response(status: u16, media_types: &[(&str, Schema)]) -> Response {
        let mut r = json_response(StatusKey::Code(status), None);
        r.content = media_types
            .iter()
            .map(|(media_type, schema)| Content {
                media_type: (*media_type).into(),
                schema: Some(schema.clone()),
            })
            .collect();
        r
    }

    fn declared_text(reason: &str) -> DeclaredOutput {
        DeclaredOutput {
            site: 0,
            text: Some(1),
            reason: Some(Reason {
                text: reason.into(),
                site: 2,
            }),
            ..Default::default()
        }
    }

    #[test]
    fn one_array_response_is_wrapped_under_items_and_the_doc_and_description_say_so() {
        let op = op("POST", "/tasks")
            .response(json_response(
                StatusKey::Code(201),
                Some(array_of(boolean())),
            ))
            .build();
        let checked = check_output(&op, None, "CreateTasks").expect("typed");
        assert_eq!(
            checked.doc_line,
            "Output: the `201 application/json` response, as structured content, wrapped under \
             `items`"
        );
        assert_eq!(checked.note, Wrap::Items.note());
        let schema = checked.schema.expect("a schema");
        assert_eq!(
            (
                schema.status.as_str(),
                schema.media_type.as_str(),
                schema.wrap
            ),
            ("201", "application/json", Wrap::Items)
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&schema.schema).expect("JSON"),
            json!({"type": "object", "properties": {"items": {"type": "array",
                "items": {"type": "boolean"}}}, "required": ["items"]})
        );
        assert_eq!(schema.arms, []);
    }

    #[test]
    fn several_responses_are_arms_each_checked_once_per_distinct_schema() {
        let op = op("PUT", "/tasks/1")
            .response(response(
                200,
                &[
                    ("application/json", task()),
                    ("application/xml+json", boolean()),
                ],
            ))
            .response(response(201, &[("application/json", task())]))
            .build();
        let checked = check_output(&op, None, "PutTask").expect("typed");
        assert_eq!(
            checked.doc_line,
            "Output: the `200 application/json`, `200 application/xml+json`, `201 \
             application/json` responses, as structured content, wrapped under `value`; the \
             response's status and media type select which"
        );
        let schema = checked.schema.as_ref().expect("a schema");
        let arms: Vec<(&str, &str)> = schema
            .arms
            .iter()
            .map(|a| (a.status.as_str(), a.media_type.as_str()))
            .collect();
        assert_eq!(
            arms,
            [
                ("200", "application/json"),
                ("200", "application/xml+json"),
                ("201", "application/json")
            ]
        );
        assert_eq!(schema.wrap, Wrap::Value);
        // The 201's body is the 200 JSON one's: read once, under the label that names it.
        let reads: Vec<String> = checked.reads().into_iter().map(|(_, l)| l).collect();
        assert_eq!(reads, ["200 application/json", "200 application/xml+json"]);
    }

    #[test]
    fn a_text_output_says_why_or_gives_its_reason() {
        let op = op("DELETE", "/x")
            .response(Response {
                content: vec![],
                ..json_response(StatusKey::Code(204), None)
            })
            .build();
        let checked = check_output(&op, None, "DeleteX").expect("text");
        assert_eq!(checked.doc_line, "Output: text (204, no content)");
        assert_eq!((checked.schema, checked.note), (None, None));
        let put = op_with_two_statuses();
        let chosen = check_output(&put, Some(&declared_text("an agent reads the text")), "Put")
            .expect("text");
        assert_eq!(chosen.doc_line, "Output: text — an agent reads the text");
        assert_eq!(chosen.typed, []);
    }

    fn op_with_two_statuses() -> Operation {
        op("PUT", "/tasks/1")
            .response(response(200, &[("application/json", task())]))
            .response(response(201, &[("application/json", boolean())]))
            .build()
    }

    #[test]
    fn a_read_is_labelled_by_its_status_alone_when_the_status_has_one_typed_body() {
        let checked = check_output(&op_with_two_statuses(), None, "Put").expect("typed");
        let reads: Vec<(&str, String)> = checked
            .reads()
            .into_iter()
            .map(|(t, label)| (t.media_type.as_str(), label))
            .collect();
        assert_eq!(
            reads,
            [
                ("application/json", "200".to_string()),
                ("application/json", "201".to_string())
            ]
        );
    }

    #[test]
    fn a_declaration_that_goes_wrong_is_the_findings() {
        let empty = DeclaredOutput {
            site: 7,
            ..Default::default()
        };
        let findings =
            check_output(&op_with_two_statuses(), Some(&empty), "Put").expect_err("names nothing");
        assert_eq!(
            findings,
            [Finding::at(
                7,
                "`output(...)` names nothing: give `status = \"...\"` (the response returned as \
                 structured content), `text` (keep the output text), or `type = T`"
            )]
        );
    }
}
