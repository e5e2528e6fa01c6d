//! The output a tool declares (`#[tool(output ...)]`), checked against the operation: which
//! response it returns as structured content, or that it keeps its output text, and the Rust
//! type it reads that response as.
//!
//! Nothing is chosen silently: where the success-response rule ([`super::output::output`]) is
//! ambiguous, a tool that names nothing fails with the candidates and the lines to paste. A
//! choice the rule makes already is refused (one way to write each tool), and every choice
//! carries a reason, checked by [`super::reasons`].

use super::declared::{Finding, Reason, Site};
use super::output::{Candidate, ChooseError, Output, Typed, choose, list_or_none, output};
use super::reasons::{PLACEHOLDER_REASON, check_reason};
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

/// The tool's output once checked: the typed response (`None`: text only), or every problem.
pub fn account_output(
    op: &Operation,
    declared: Option<&DeclaredOutput>,
    operation_site: Site,
    tool: &str,
) -> Result<Option<Typed>, Vec<Finding>> {
    let rule = output(op);
    let Some(d) = declared else {
        return match rule {
            Output::Typed(t) => Ok(Some(t)),
            Output::Ambiguous(candidates) => {
                Err(vec![ambiguous(op, &candidates, None, operation_site, tool)])
            }
            _ => Ok(None),
        };
    };
    let mut findings = conflicts(d);
    if !findings.is_empty() {
        return Err(findings);
    }
    let typed = if let Some(text) = d.text {
        text_output(&rule, d, text, tool, &mut findings);
        None
    } else if let Some((status, status_site)) = &d.status {
        chosen(op, &rule, d, status, *status_site, tool, &mut findings)
    } else {
        by_rule(op, rule, d, tool, &mut findings)
    };
    if let (Some(t), Some((ty, ty_site))) = (&typed, &d.ty) {
        let what = format!("the `{} {}` response of `{tool}`", t.status, t.media_type);
        if let Some(message) = check_output_type(&t.schema, ty, &what) {
            findings.push(Finding::at(*ty_site, message));
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

/// `output(text, reason = "...")`: right where the rule gives a typed or ambiguous output.
fn text_output(rule: &Output, d: &DeclaredOutput, text: Site, tool: &str, out: &mut Vec<Finding>) {
    if !matches!(rule, Output::Typed(_) | Output::Ambiguous(_)) {
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

/// `output(status = "...", [media_type = "..."], reason = "...")`.
fn chosen(
    op: &Operation,
    rule: &Output,
    d: &DeclaredOutput,
    status: &str,
    status_site: Site,
    tool: &str,
    out: &mut Vec<Finding>,
) -> Option<Typed> {
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
        return None;
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
            return None;
        }
    };
    let typed = match result {
        Output::Typed(t) => t,
        Output::Ambiguous(candidates) => {
            out.push(ambiguous(op, &candidates, d.ty.as_ref(), status_site, tool));
            return None;
        }
        other => {
            out.push(Finding::at(
                status_site,
                format!(
                    "the `{key}` response cannot be a typed output: {}; to keep the output \
                     text, write `output(text, reason = \"...\")`",
                    other.to_string().trim_start_matches("not typed: ")
                ),
            ));
            return None;
        }
    };
    if let Output::Typed(by_rule) = rule
        && by_rule.status == typed.status
        && (by_rule.media_type == typed.media_type || by_rule.schema == typed.schema)
    {
        let keys = match media_type {
            Some((m, _)) => format!("`status = \"{status}\"` and `media_type = \"{m}\"`"),
            None => format!("`status = \"{status}\"`"),
        };
        // Another JSON media type of the same schema is the same output.
        let same = if by_rule.media_type == typed.media_type {
            String::new()
        } else {
            format!(" (`{}` documents the same body)", typed.media_type)
        };
        out.push(Finding::at(
            status_site,
            format!(
                "the success-response rule gives `{} {}` as the output of `{tool}` already{same}; \
                 remove {keys}",
                by_rule.status, by_rule.media_type
            ),
        ));
        return None;
    }
    let what = format!(
        "choosing the `{} {}` response as the output of `{tool}`",
        typed.status, typed.media_type
    );
    reason(d, status_site, &what, out);
    Some(typed)
}

/// `output = T` alone: the rule's response, which must be typed.
fn by_rule(
    op: &Operation,
    rule: Output,
    d: &DeclaredOutput,
    tool: &str,
    out: &mut Vec<Finding>,
) -> Option<Typed> {
    match rule {
        Output::Typed(t) => {
            if let Some(r) = &d.reason {
                out.push(Finding::at(
                    r.site,
                    "a reason explains a choice of response (`status = \"...\"`) or `text`; \
                     `output = T` alone reads the response the success-response rule gives: \
                     remove the reason",
                ));
            }
            Some(t)
        }
        Output::Ambiguous(candidates) => {
            out.push(ambiguous(op, &candidates, d.ty.as_ref(), d.site, tool));
            None
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
            None
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

/// Several responses could be the output: the candidates and a line to paste for each.
fn ambiguous(
    op: &Operation,
    candidates: &[Candidate],
    ty: Option<&(RustType, Site)>,
    site: Site,
    tool: &str,
) -> Finding {
    let ty = ty.map(|(t, _)| format!("type = {}, ", t.render()));
    let lines = paste_lines(candidates, ty.as_deref().unwrap_or_default());
    let listed: Vec<String> = candidates.iter().map(|c| c.to_string()).collect();
    let width = lines.iter().map(|(h, _)| h.len()).max().unwrap_or(0);
    let help: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, (how, line))| {
            let lead = if i == 0 { "help: " } else { "      " };
            format!("{lead}{how:<width$}  {line}")
        })
        .collect();
    Finding::at(
        site,
        format!(
            "`{tool}` does not say which response of {} is its output, and the operation has \
             several: {}; none is chosen silently\n{}",
            super::names::its_operation(tool, op),
            listed.join(", "),
            help.join("\n")
        ),
    )
}

/// The `output(...)` lines that account for an ambiguous output, as `(what it does, the line)`:
/// one per JSON candidate (with `ty`, e.g. `"type = Task, "`, written first), then one that keeps
/// the output text. The media type is named only where the status has several JSON ones.
pub fn paste_lines(candidates: &[Candidate], ty: &str) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for c in candidates {
        let Some(m) = &c.media_type else { continue };
        let several = candidates
            .iter()
            .filter(|o| o.status == c.status && o.media_type.is_some())
            .count()
            > 1;
        let media = if several {
            format!("media_type = \"{m}\", ")
        } else {
            String::new()
        };
        let how = if lines.is_empty() {
            "return one".to_string()
        } else {
            "or".to_string()
        };
        lines.push((
            how,
            format!(
                "output({ty}status = \"{}\", {media}reason = \"{PLACEHOLDER_REASON}\"),",
                c.status
            ),
        ));
    }
    lines.push((
        "or keep it text".to_string(),
        format!("output(text, reason = \"{PLACEHOLDER_REASON}\"),"),
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Content, Field, Response, Schema, Type};

    const OP: Site = 0;
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
        match account_output(op, d, OP, "PutTask") {
            Ok(t) => panic!("accepted: {t:?}"),
            Err(findings) => findings.into_iter().map(|f| (f.site, f.message)).collect(),
        }
    }

    #[test]
    fn an_unaccounted_ambiguous_output_lists_the_candidates_with_lines_to_paste() {
        assert_eq!(
            errors(&two_statuses(), None),
            [(
                OP,
                "`PutTask` does not say which response of its operation is its output, and the \
                 operation has several: 200 application/json, 201 application/json, 202 (no \
                 JSON body); none is chosen silently\n\
                 help: return one       output(status = \"200\", reason = \"<what a user loses, and why that is right>\"),\n      \
                 or               output(status = \"201\", reason = \"<what a user loses, and why that is right>\"),\n      \
                 or keep it text  output(text, reason = \"<what a user loses, and why that is right>\"),"
                    .to_string()
            )]
        );
    }

    #[test]
    fn a_status_with_several_json_media_types_names_them_in_its_lines() {
        let mut response = response("200", &["application/json", "application/vnd.x+json"]);
        // Media types of one schema are one output: the second documents another body.
        response.content[1].schema = Some(Schema::new(Type::Boolean));
        let op = op(vec![response]);
        let found = errors(&op, Some(&of_type(RustType::Named("Task".into()))));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, OUT);
        assert!(
            found[0].1.contains(
                "output(type = Task, status = \"200\", media_type = \"application/vnd.x+json\", \
                 reason = "
            ),
            "{}",
            found[0].1
        );
        let mut chosen = status("200");
        chosen.media_type = Some(("application/vnd.x+json".into(), MEDIA));
        let typed = account_output(&op, Some(&chosen), OP, "PutTask").unwrap();
        assert_eq!(typed.unwrap().media_type, "application/vnd.x+json");
    }

    #[test]
    fn media_types_of_one_schema_need_no_choice_and_refuse_one() {
        let op = op(vec![response("200", &["application/json", "text/json"])]);
        let typed = account_output(&op, None, OP, "PutTask").unwrap();
        assert_eq!(typed.unwrap().media_type, "application/json");
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
        let typed = account_output(&two_statuses(), Some(&status("201")), OP, "PutTask");
        assert_eq!(typed.unwrap().unwrap().status, StatusKey::Code(201));
        let text = account_output(&two_statuses(), Some(&text()), OP, "PutTask");
        assert_eq!(text.unwrap(), None);
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
        // Where the operation is ambiguous, the missing choice is what is reported.
        let found = errors(&two_statuses(), Some(&d));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, OUT);
        assert!(found[0].1.contains("output(type = Task, status = \"201\""));
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
            OP,
            "GetTask",
        );
        assert_eq!(typed.unwrap().unwrap().schema, task());
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
        let value = account_output(&one(), Some(&of_type(RustType::JsonValue)), OP, "PutTask");
        assert!(value.unwrap().is_some());
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
