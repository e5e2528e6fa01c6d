//! The output a tool declares (`#[tool(output ...)]`), checked against the operation: which
//! response it returns as structured content, or that it keeps its output text, and the Rust
//! type it reads that response as.
//!
//! A tool that names nothing returns what the success-response rule ([`super::output::output`])
//! gives: every typed success body, the response's status and media type selecting which at run
//! time. A tool may narrow that to one response (`status = "..."`) or keep its output text; a
//! choice the rule makes already is refused (one way to write each tool), and every choice
//! carries a reason, checked by [`super::reasons`].

use super::declared::{Finding, Reason, Site};
use super::output::{ChooseError, Output, Typed, choose, list_or_none, output};
use super::reasons::check_reason;
use super::types::{RustType, check_output_type};
use crate::model::{Operation, StatusKey};

/// `output(...)` as the tool wrote it, each part with where.
#[derive(Clone, Debug, Default)]
pub struct DeclaredOutput {
    /// Where `output` is written.
    pub site: Site,
    /// `status = "..."`: the response chosen.
    pub status: Option<(String, Site)>,
    /// `media_type = "..."`: its media type, when it has several JSON ones.
    pub media_type: Option<(String, Site)>,
    /// `text`: the output is kept as text.
    pub text: Option<Site>,
    /// `type = T` (or `output = T`): the type the response is read as.
    pub ty: Option<(RustType, Site)>,
    /// `reason = "..."`.
    pub reason: Option<Reason>,
}

/// The tool's output once checked: the typed responses, each a body the tool returns as
/// structured content (none: text only), or every problem.
pub fn account_output(
    op: &Operation,
    declared: Option<&DeclaredOutput>,
    tool: &str,
) -> Result<Vec<Typed>, Vec<Finding>> {
    let rule = output(op);
    let Some(d) = declared else {
        return Ok(rule.into_typed());
    };
    let mut findings = conflicts(d);
    if !findings.is_empty() {
        return Err(findings);
    }
    let typed = if let Some(text) = d.text {
        text_output(&rule, d, text, tool, &mut findings);
        Vec::new()
    } else if let Some((status, status_site)) = &d.status {
        chosen(op, &rule, d, status, *status_site, tool, &mut findings)
    } else {
        by_rule(rule, d, tool, &mut findings)
    };
    if let Some((ty, ty_site)) = &d.ty {
        // Each body is read as the type; one message per distinct schema.
        for (i, t) in typed.iter().enumerate() {
            if typed[..i].iter().any(|o| o.schema == t.schema) {
                continue;
            }
            let what = format!("the `{} {}` response of `{tool}`", t.status, t.media_type);
            if let Some(message) = check_output_type(&t.schema, ty, &what) {
                findings.push(Finding::at(*ty_site, several_note(message, &typed)));
            }
        }
    }
    if findings.is_empty() {
        Ok(typed)
    } else {
        Err(findings)
    }
}

/// Keys that do not go together, each reported at the key to remove.
fn conflicts(d: &DeclaredOutput) -> Vec<Finding> {
    let mut findings = Vec::new();
    if d.text.is_some() {
        if let Some((status, site)) = &d.status {
            findings.push(Finding::at(
                *site,
                format!(
                    "a text output is no response's structured content; remove `status = \
                     \"{status}\"`, or remove `text` to type the output as that response"
                ),
            ));
        }
        if let Some((_, site)) = &d.media_type {
            findings.push(Finding::at(
                *site,
                "a text output has no media type; remove `media_type`",
            ));
        }
        if let Some((ty, site)) = &d.ty {
            findings.push(Finding::at(
                *site,
                format!(
                    "a text output is not read as a type; remove `type = {}`, or remove `text`",
                    ty.render()
                ),
            ));
        }
    } else if d.status.is_none()
        && let Some((_, site)) = &d.media_type
    {
        findings.push(Finding::at(
            *site,
            "`media_type` names the body of a response: add `status = \"...\"` before it",
        ));
    }
    if d.text.is_none() && d.status.is_none() && d.ty.is_none() {
        findings.push(Finding::at(
            d.site,
            "`output(...)` names nothing: give `status = \"...\"` (the response returned as \
             structured content), `text` (keep the output text), or `type = T`",
        ));
    }
    findings
}

/// A type that cannot carry one of several bodies: how to read only the others.
fn several_note(message: String, typed: &[Typed]) -> String {
    if typed.len() < 2 {
        return message;
    }
    format!(
        "{message}; the type reads every success body ({}): use `serde_json::Value` to read \
         them all, or narrow the output to one with its `status = \"...\"` (and `media_type`) \
         and a reason",
        arms_list(typed)
    )
}

/// `200 application/json, 201 application/json`.
fn arms_list(typed: &[Typed]) -> String {
    typed
        .iter()
        .map(|t| format!("{} {}", t.status, t.media_type))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `output(text, reason = "...")`: right where the rule gives a typed output.
fn text_output(rule: &Output, d: &DeclaredOutput, text: Site, tool: &str, out: &mut Vec<Finding>) {
    if !matches!(rule, Output::Typed(_) | Output::Several(_)) {
        out.push(Finding::at(
            text,
            format!(
                "the output of `{tool}` is text already ({}); remove `output(text, ...)`",
                rule.to_string().trim_start_matches("not typed: ")
            ),
        ));
        return;
    }
    reason(
        d,
        text,
        &format!("keeping the output of `{tool}` as text"),
        out,
    );
}

/// `output(status = "...", [media_type = "..."], reason = "...")`: the rule's output narrowed to
/// one response (and media type).
fn chosen(
    op: &Operation,
    rule: &Output,
    d: &DeclaredOutput,
    status: &str,
    status_site: Site,
    tool: &str,
    out: &mut Vec<Finding>,
) -> Vec<Typed> {
    let Some(key) = StatusKey::parse(status) else {
        let documented: Vec<String> = op.responses.iter().map(|r| r.status.to_string()).collect();
        out.push(Finding::at(
            status_site,
            format!(
                "`{status}` is not a response status: write a code (`200`), a range (`2XX`) or \
                 `default`; the operation documents {}",
                list_or_none(&documented)
            ),
        ));
        return Vec::new();
    };
    let media_type = d.media_type.as_ref();
    let result = match choose(op, key, media_type.map(|(m, _)| m.as_str())) {
        Ok(result) => result,
        Err(e) => {
            let site = match (&e, media_type) {
                (ChooseError::NoMediaType { .. }, Some((_, site))) => *site,
                _ => status_site,
            };
            out.push(Finding::at(site, e.to_string()));
            return Vec::new();
        }
    };
    let typed = match result {
        Output::Typed(t) => vec![t],
        Output::Several(arms) => arms,
        other => {
            out.push(Finding::at(
                status_site,
                format!(
                    "the `{key}` response cannot be a typed output: {}; to keep the output \
                     text, write `output(text, reason = \"...\")`",
                    other.to_string().trim_start_matches("not typed: ")
                ),
            ));
            return Vec::new();
        }
    };
    let by_rule = rule.clone().into_typed();
    // The same responses, each the same body (another JSON media type of one schema is one).
    let same = by_rule.len() == typed.len()
        && by_rule.iter().zip(&typed).all(|(r, t)| {
            r.status == t.status && (r.media_type == t.media_type || r.schema == t.schema)
        });
    if same {
        let keys = match media_type {
            Some((m, _)) => format!("`status = \"{status}\"` and `media_type = \"{m}\"`"),
            None => format!("`status = \"{status}\"`"),
        };
        let note = match (by_rule.as_slice(), typed.as_slice()) {
            ([r], [t]) if r.media_type != t.media_type => {
                format!(" (`{}` documents the same body)", t.media_type)
            }
            _ => String::new(),
        };
        out.push(Finding::at(
            status_site,
            format!(
                "the success-response rule gives `{}` as the output of `{tool}` already{note}; \
                 remove {keys}",
                arms_list(&by_rule)
            ),
        ));
        return Vec::new();
    }
    let what = match typed.as_slice() {
        [t] => format!(
            "choosing the `{} {}` response as the output of `{tool}`",
            t.status, t.media_type
        ),
        _ => format!(
            "choosing the `{}` responses as the output of `{tool}`",
            arms_list(&typed)
        ),
    };
    reason(d, status_site, &what, out);
    typed
}

/// `output = T` alone: the rule's responses, which must be typed.
fn by_rule(rule: Output, d: &DeclaredOutput, tool: &str, out: &mut Vec<Finding>) -> Vec<Typed> {
    match rule {
        Output::Typed(_) | Output::Several(_) => {
            if let Some(r) = &d.reason {
                out.push(Finding::at(
                    r.site,
                    "a reason explains a choice of response (`status = \"...\"`) or `text`; \
                     `output = T` alone reads the response the success-response rule gives: \
                     remove the reason",
                ));
            }
            rule.into_typed()
        }
        other => {
            let site = d.ty.as_ref().map_or(d.site, |(_, s)| *s);
            out.push(Finding::at(
                site,
                format!(
                    "the output of `{tool}` is text ({}), so no type reads it; remove `output = \
                     ...`",
                    other.to_string().trim_start_matches("not typed: ")
                ),
            ));
            Vec::new()
        }
    }
}

/// The declaration's reason, required and reviewable.
fn reason(d: &DeclaredOutput, site: Site, what: &str, out: &mut Vec<Finding>) {
    match &d.reason {
        None => out.push(Finding::at(
            site,
            format!(
                "{what} needs `reason = \"...\"`: say what a user loses, and why that is right"
            ),
        )),
        Some(r) => out.extend(check_reason(r, what)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Content, Field, Response, Schema, Type};

    const OUT: Site = 1;
    const STATUS: Site = 2;
    const MEDIA: Site = 3;
    const TEXT: Site = 4;
    const TY: Site = 5;
    const REASON: Site = 6;
    const GOOD: &str = "a 201 carries the same task; an agent reads it from the text";

    fn string() -> Schema {
        Schema::new(Type::String {
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        })
    }

    fn task() -> Schema {
        Schema::new(Type::Object {
            fields: vec![Field {
                name: "title".into(),
                required: true,
                read_only: false,
                schema: string(),
            }],
            open: false,
            values: None,
        })
    }

    fn response(status: &str, content: &[&str]) -> Response {
        Response {
            status: StatusKey::parse(status).unwrap(),
            description: None,
            content: content
                .iter()
                .map(|m| Content {
                    media_type: m.to_string(),
                    schema: Some(task()),
                })
                .collect(),
            headers: vec![],
            pointer: format!("#/r/{status}"),
            unsupported: vec![],
        }
    }

    fn op(responses: Vec<Response>) -> Operation {
        let mut op: Operation = serde_json::from_value(serde_json::json!({
            "id": "PutTask", "method": "PUT", "path": "/tasks", "pointer": "#/paths/~1tasks/put"
        }))
        .unwrap();
        op.responses = responses;
        op
    }

    fn two_statuses() -> Operation {
        op(vec![
            response("200", &["application/json"]),
            response("201", &["application/json"]),
            response("202", &[]),
        ])
    }

    fn one() -> Operation {
        op(vec![response("200", &["application/json"])])
    }

    fn status(s: &str) -> DeclaredOutput {
        DeclaredOutput {
            site: OUT,
            status: Some((s.into(), STATUS)),
            reason: Some(Reason {
                text: GOOD.into(),
                site: REASON,
            }),
            ..Default::default()
        }
    }

    fn text() -> DeclaredOutput {
        DeclaredOutput {
            site: OUT,
            text: Some(TEXT),
            reason: Some(Reason {
                text: GOOD.into(),
                site: REASON,
            }),
            ..Default::default()
        }
    }

    fn of_type(ty: RustType) -> DeclaredOutput {
        DeclaredOutput {
            site: OUT,
            ty: Some((ty, TY)),
            ..Default::default()
        }
    }

    fn errors(op: &Operation, d: Option<&DeclaredOutput>) -> Vec<(Site, String)> {
        match account_output(op, d, "PutTask") {
            Ok(t) => panic!("accepted: {t:?}"),
            Err(findings) => findings.into_iter().map(|f| (f.site, f.message)).collect(),
        }
    }

    #[test]
    fn several_statuses_need_no_choice_and_each_typed_one_is_the_output() {
        let typed = account_output(&two_statuses(), None, "PutTask").unwrap();
        let statuses: Vec<String> = typed.iter().map(|t| t.status.to_string()).collect();
        assert_eq!(statuses, ["200", "201"]);
        // `output = T` alone reads each of them.
        let d = of_type(RustType::Named("Task".into()));
        let typed = account_output(&two_statuses(), Some(&d), "PutTask").unwrap();
        assert_eq!(typed.len(), 2);
    }

    #[test]
    fn a_type_reads_every_body_and_one_that_cannot_says_how_to_narrow() {
        let mut response = response("200", &["application/json", "application/vnd.x+json"]);
        // Media types of one schema are one output: the second documents another body.
        response.content[1].schema = Some(Schema::new(Type::boolean()));
        let op = op(vec![response]);
        assert_eq!(
            errors(&op, Some(&of_type(RustType::Named("Task".into())))),
            [(
                TY,
                "the `200 application/vnd.x+json` response of `PutTask` is boolean in the spec; \
                 `Task` cannot carry it; use `bool`; the type reads every success body (200 \
                 application/json, 200 application/vnd.x+json): use `serde_json::Value` to \
                 read them all, or narrow the output to one with its `status = \"...\"` (and \
                 `media_type`) and a reason"
                    .to_string()
            )]
        );
        let mut chosen = status("200");
        chosen.media_type = Some(("application/vnd.x+json".into(), MEDIA));
        let typed = account_output(&op, Some(&chosen), "PutTask").unwrap();
        assert_eq!(typed.len(), 1);
        assert_eq!(typed[0].media_type, "application/vnd.x+json");
        // The status alone is both bodies, as the rule gives them already.
        assert_eq!(
            errors(&op, Some(&status("200"))),
            [(
                STATUS,
                "the success-response rule gives `200 application/json, 200 \
                 application/vnd.x+json` as the output of `PutTask` already; remove \
                 `status = \"200\"`"
                    .to_string()
            )]
        );
    }

    #[test]
    fn media_types_of_one_schema_need_no_choice_and_refuse_one() {
        let op = op(vec![response("200", &["application/json", "text/json"])]);
        let typed = account_output(&op, None, "PutTask").unwrap();
        assert_eq!(typed.len(), 1);
        assert_eq!(typed[0].media_type, "application/json");
        let mut chosen = status("200");
        chosen.media_type = Some(("text/json".into(), MEDIA));
        assert_eq!(
            errors(&op, Some(&chosen)),
            [(
                STATUS,
                "the success-response rule gives `200 application/json` as the output of \
                 `PutTask` already (`text/json` documents the same body); remove \
                 `status = \"200\"` and `media_type = \"text/json\"`"
                    .to_string()
            )]
        );
    }

    #[test]
    fn a_chosen_status_is_the_output_and_text_is_none() {
        let typed = account_output(&two_statuses(), Some(&status("201")), "PutTask").unwrap();
        let statuses: Vec<StatusKey> = typed.iter().map(|t| t.status).collect();
        assert_eq!(statuses, [StatusKey::Code(201)]);
        let text = account_output(&two_statuses(), Some(&text()), "PutTask");
        assert_eq!(text.unwrap(), []);
    }

    #[test]
    fn a_status_or_media_type_the_operation_does_not_document_lists_what_it_does() {
        assert_eq!(
            errors(&two_statuses(), Some(&status("204"))),
            [(
                STATUS,
                "the operation documents no `204` response; it documents `200`, `201`, `202`"
                    .to_string()
            )]
        );
        let mut d = status("201");
        d.media_type = Some(("application/xml".into(), MEDIA));
        assert_eq!(
            errors(&two_statuses(), Some(&d)),
            [(
                MEDIA,
                "the `201` response documents no `application/xml` body; it documents \
                 `application/json`"
                    .to_string()
            )]
        );
        assert_eq!(
            errors(&two_statuses(), Some(&status("2x0"))),
            [(
                STATUS,
                "`2x0` is not a response status: write a code (`200`), a range (`2XX`) or \
                 `default`; the operation documents `200`, `201`, `202`"
                    .to_string()
            )]
        );
    }

    #[test]
    fn a_status_without_a_json_body_is_refused_for_text() {
        assert_eq!(
            errors(&two_statuses(), Some(&status("202"))),
            [(
                STATUS,
                "the `202` response cannot be a typed output: 202, no content; to keep the \
                 output text, write `output(text, reason = \"...\")`"
                    .to_string()
            )]
        );
    }

    #[test]
    fn a_choice_the_rule_makes_already_is_refused() {
        assert_eq!(
            errors(&one(), Some(&status("200"))),
            [(
                STATUS,
                "the success-response rule gives `200 application/json` as the output of \
                 `PutTask` already; remove `status = \"200\"`"
                    .to_string()
            )]
        );
        let no_content = op(vec![response("204", &[])]);
        assert_eq!(
            errors(&no_content, Some(&text())),
            [(
                TEXT,
                "the output of `PutTask` is text already (204, no content); remove \
                 `output(text, ...)`"
                    .to_string()
            )]
        );
    }

    #[test]
    fn a_choice_of_one_of_several_or_of_another_status_is_a_choice() {
        // The rule gives 200 and 201: choosing 200 narrows it, though 200 comes first.
        let typed = account_output(&two_statuses(), Some(&status("200")), "PutTask").unwrap();
        let statuses: Vec<String> = typed.iter().map(|t| t.status.to_string()).collect();
        assert_eq!(statuses, ["200"]);
        // The rule gives 200; `default` documents the same body under another status.
        let with_default = op(vec![
            response("200", &["application/json"]),
            response("default", &["application/json"]),
        ]);
        let typed = account_output(&with_default, Some(&status("default")), "PutTask").unwrap();
        let statuses: Vec<String> = typed.iter().map(|t| t.status.to_string()).collect();
        assert_eq!(statuses, ["default"]);
    }

    #[test]
    fn a_choice_needs_a_reviewable_reason() {
        let mut d = status("201");
        d.reason = None;
        assert_eq!(
            errors(&two_statuses(), Some(&d)),
            [(
                STATUS,
                "choosing the `201 application/json` response as the output of `PutTask` needs \
                 `reason = \"...\"`: say what a user loses, and why that is right"
                    .to_string()
            )]
        );
        let mut d = text();
        d.reason = Some(Reason {
            text: "not needed by this tool".into(),
            site: REASON,
        });
        assert_eq!(
            errors(&two_statuses(), Some(&d)),
            [(
                REASON,
                "the reason for keeping the output of `PutTask` as text only says it is not \
                 needed (\"not needed by this tool\"): say what a user loses without it, and why \
                 that is right"
                    .to_string()
            )]
        );
    }

    #[test]
    fn keys_that_do_not_go_together_are_each_reported() {
        let mut d = text();
        d.status = Some(("200".into(), STATUS));
        d.ty = Some((RustType::Named("Task".into()), TY));
        let found: Vec<Site> = errors(&two_statuses(), Some(&d))
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        assert_eq!(found, [STATUS, TY]);
        let mut d = of_type(RustType::Named("Task".into()));
        d.media_type = Some(("application/json".into(), MEDIA));
        d.reason = Some(Reason {
            text: GOOD.into(),
            site: REASON,
        });
        let sites = |d: &DeclaredOutput| -> Vec<Site> {
            errors(&one(), Some(d))
                .into_iter()
                .map(|(s, _)| s)
                .collect()
        };
        assert_eq!(sites(&d), [MEDIA]);
        d.media_type = None;
        assert_eq!(sites(&d), [REASON]);
        // Where the operation has several outputs, `output = T` alone reads them all: no reason.
        let found = errors(&two_statuses(), Some(&d));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, REASON);
        let empty = DeclaredOutput {
            site: OUT,
            ..Default::default()
        };
        assert_eq!(errors(&one(), Some(&empty))[0].0, OUT);
    }

    #[test]
    fn a_type_is_checked_against_the_chosen_schema_naming_both() {
        let typed = account_output(
            &one(),
            Some(&of_type(RustType::Named("Task".into()))),
            "GetTask",
        );
        assert_eq!(typed.unwrap()[0].schema, task());
        assert_eq!(
            errors(
                &one(),
                Some(&of_type(RustType::Vec(Box::new(RustType::Named(
                    "Task".into()
                )))))
            ),
            [(
                TY,
                "the `200 application/json` response of `PutTask` is object (1 field) in the \
                 spec; `Vec<Task>` cannot carry it; use `serde_json::Value`, or `Task` where \
                 `Task` derives `catalog::Object`"
                    .to_string()
            )]
        );
        assert_eq!(
            errors(&one(), Some(&of_type(RustType::String))),
            [(
                TY,
                "the `200 application/json` response of `PutTask` is object (1 field) in the \
                 spec; `String` cannot carry it; use `serde_json::Value`, or `T` where `T` is a \
                 struct deriving `catalog::Object`"
                    .to_string()
            )]
        );
        let value = account_output(&one(), Some(&of_type(RustType::JsonValue)), "PutTask");
        assert_eq!(value.unwrap().len(), 1);
    }

    #[test]
    fn a_type_for_a_text_output_is_refused() {
        let no_content = op(vec![response("204", &[])]);
        assert_eq!(
            errors(&no_content, Some(&of_type(RustType::JsonValue))),
            [(
                TY,
                "the output of `PutTask` is text (204, no content), so no type reads it; remove \
                 `output = ...`"
                    .to_string()
            )]
        );
    }
}
