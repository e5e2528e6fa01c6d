//! Which documented response is a tool's output: the success-response rule.
//!
//! The output is the operation's one success response: its `2xx` code or `2XX` range, or, when
//! the operation documents no success status, its `default` response. Of that response, the one
//! JSON media type (see [`crate::model::is_json_media_type`]) carries the output schema; JSON
//! media types that document the same schema are one (`application/json` named). Several success
//! statuses, or JSON media types with different schemas, need no choice: the output is every
//! typed success body ([`Output::Several`]), and at run time the response's status and media
//! type select the one its body is checked against. A tool may narrow it to one ([`choose`]).

use crate::model::{Content, Operation, Response, Schema, StatusKey, media_base};
use std::fmt;

/// What a tool's output is, by the success-response rule.
// One is computed per tool at expansion: its size does not matter, reading `Typed` plainly does.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// One success response with one JSON media type and a schema: the output is typed.
    Typed(Typed),
    /// The success response has no body (`204`).
    NoContent {
        /// Its status.
        status: StatusKey,
    },
    /// Several typed success bodies (success statuses, or JSON media types of different
    /// schemas), in spec order: the output is each of them, the response's status and media type
    /// selecting which. Statuses without a typed JSON body are not among them.
    Several(Vec<Typed>),
    /// The success response has a body, but no JSON media type.
    NotJson {
        /// Its status.
        status: StatusKey,
        /// Its media types, as the spec spells them.
        media_types: Vec<String>,
    },
    /// The success response is JSON without a schema.
    NoSchema {
        /// Its status.
        status: StatusKey,
        /// The JSON media type.
        media_type: String,
    },
    /// The operation documents no success response and no `default`.
    Undocumented,
}

/// A typed output: the response and media type it comes from, and its schema.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    /// The status (or `2XX`, or `default`) of the response.
    pub status: StatusKey,
    /// The JSON media type whose schema it is.
    pub media_type: String,
    /// The schema, expanded like the operation's request schemas.
    pub schema: Schema,
}

/// The output of `op` by the success-response rule.
pub fn output(op: &Operation) -> Output {
    let success: Vec<&Response> = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .collect();
    let chosen = match success.as_slice() {
        [] => op.responses.iter().find(|r| r.status == StatusKey::Default),
        [one] => Some(*one),
        several => {
            let arms = several.iter().flat_map(|r| typed_bodies(r, None)).collect();
            // No typed body at all: the first success response says why the output is text.
            return union(arms).unwrap_or_else(|| of_response(several[0], None));
        }
    };
    match chosen {
        Some(r) => of_response(r, None),
        None => Output::Undocumented,
    }
}

/// The output a tool names explicitly: the response documented for `status` and, when it has
/// several JSON media types, `media_type`. An error says what the operation documents instead.
pub fn choose(
    op: &Operation,
    status: StatusKey,
    media_type: Option<&str>,
) -> Result<Output, ChooseError> {
    let Some(r) = op.responses.iter().find(|r| r.status == status) else {
        return Err(ChooseError::NoStatus {
            status,
            documented: op.responses.iter().map(|r| r.status).collect(),
        });
    };
    if let Some(m) = media_type
        && r.content_for(m).is_none()
    {
        return Err(ChooseError::NoMediaType {
            status,
            media_type: m.to_string(),
            documented: r.content.iter().map(|c| c.media_type.clone()).collect(),
        });
    }
    Ok(of_response(r, media_type))
}

/// Why an explicitly named output does not exist in the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChooseError {
    /// The operation documents no response for this status.
    NoStatus {
        /// The status named.
        status: StatusKey,
        /// The statuses it documents, in spec order.
        documented: Vec<StatusKey>,
    },
    /// The response documents no such media type.
    NoMediaType {
        /// The status named.
        status: StatusKey,
        /// The media type named.
        media_type: String,
        /// The media types it documents, in spec order.
        documented: Vec<String>,
    },
}

impl fmt::Display for ChooseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChooseError::NoStatus { status, documented } => {
                let documented: Vec<String> = documented.iter().map(|s| s.to_string()).collect();
                write!(
                    f,
                    "the operation documents no `{status}` response; it documents {}",
                    list_or_none(&documented)
                )
            }
            ChooseError::NoMediaType {
                status,
                media_type,
                documented,
            } => write!(
                f,
                "the `{status}` response documents no `{media_type}` body; it documents {}",
                list_or_none(documented)
            ),
        }
    }
}

impl std::error::Error for ChooseError {}

pub(crate) fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items
            .iter()
            .map(|i| format!("`{i}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

// The output one response gives, with its JSON media type named (`media_type`) or found.
fn of_response(r: &Response, media_type: Option<&str>) -> Output {
    if r.content.is_empty() {
        return Output::NoContent { status: r.status };
    }
    let json = json_bodies(r, media_type);
    let Some(first) = json.first() else {
        return Output::NotJson {
            status: r.status,
            media_types: match media_type {
                Some(m) => vec![m.to_string()],
                None => r.content.iter().map(|c| c.media_type.clone()).collect(),
            },
        };
    };
    union(typed_bodies(r, media_type)).unwrap_or_else(|| Output::NoSchema {
        status: r.status,
        media_type: first.media_type.clone(),
    })
}

// The response's JSON bodies: the one named (`media_type`), or each that differs.
fn json_bodies<'r>(r: &'r Response, media_type: Option<&str>) -> Vec<&'r Content> {
    match media_type {
        Some(m) => r
            .content_for(m)
            .into_iter()
            .filter(|c| c.is_json())
            .collect(),
        None => one_body(r.content.iter().filter(|c| c.is_json()).collect()),
    }
}

// The response's JSON bodies that have a schema, each a typed output.
fn typed_bodies(r: &Response, media_type: Option<&str>) -> Vec<Typed> {
    json_bodies(r, media_type)
        .into_iter()
        .filter_map(|c| {
            Some(Typed {
                status: r.status,
                media_type: c.media_type.clone(),
                schema: c.schema.clone()?,
            })
        })
        .collect()
}

// One typed body is the output; several are each the output; none is no typed output.
fn union(mut arms: Vec<Typed>) -> Option<Output> {
    match arms.len() {
        0 => None,
        1 => arms.pop().map(Output::Typed),
        _ => Some(Output::Several(arms)),
    }
}

// JSON media types that document one schema are one body (ASP.NET documents every response as
// `application/json` and `text/json` alike): `application/json` when it is among them, else the
// first. Bodies that differ stay several.
fn one_body(json: Vec<&Content>) -> Vec<&Content> {
    let Some((first, rest)) = json.split_first() else {
        return json;
    };
    if first.schema.is_none() || rest.iter().any(|c| c.schema != first.schema) {
        return json;
    }
    let plain = json
        .iter()
        .find(|c| media_base(&c.media_type) == "application/json");
    vec![plain.copied().unwrap_or(first)]
}

impl Output {
    /// The typed bodies the output is: the one of [`Output::Typed`], each of
    /// [`Output::Several`], none when the output is text.
    pub fn into_typed(self) -> Vec<Typed> {
        match self {
            Output::Typed(t) => vec![t],
            Output::Several(arms) => arms,
            _ => Vec::new(),
        }
    }

    /// The verdict in a word or two, for counts (`typed`, `typed as several`, `no content`,
    /// `not JSON`, `no schema`, `undocumented`).
    pub fn kind(&self) -> &'static str {
        match self {
            Output::Typed(_) => "typed",
            Output::NoContent { .. } => "no content",
            Output::Several(_) => "typed as several",
            Output::NotJson { .. } => "not JSON",
            Output::NoSchema { .. } => "no schema",
            Output::Undocumented => "undocumented",
        }
    }
}

impl fmt::Display for Output {
    /// One line for `catalog check` and the scaffold: which response is the output, or why it
    /// cannot be typed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Output::Typed(t) => write!(f, "{} {}", t.status, t.media_type),
            Output::NoContent { status } => write!(f, "{status}, no content"),
            Output::Several(arms) => {
                let list: Vec<String> = arms
                    .iter()
                    .map(|t| format!("{} {}", t.status, t.media_type))
                    .collect();
                write!(
                    f,
                    "{}, the response's status and media type selecting which",
                    list.join(" or ")
                )
            }
            Output::NotJson {
                status,
                media_types,
            } => write!(
                f,
                "not typed: the {status} response is not JSON ({})",
                media_types.join(", ")
            ),
            Output::NoSchema { status, media_type } => write!(
                f,
                "not typed: the {status} response ({media_type}) has no schema"
            ),
            Output::Undocumented => f.write_str(
                "not typed: the operation documents no success response (2xx, 2XX or default)",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Content, Type};

    fn op(responses: Vec<Response>) -> Operation {
        let mut op: Operation = serde_json::from_value(serde_json::json!({
            "method": "GET", "path": "/x", "pointer": "#/paths/~1x/get"
        }))
        .unwrap();
        op.responses = responses;
        op
    }

    fn response(status: &str, content: &[(&str, Option<Schema>)]) -> Response {
        Response {
            status: StatusKey::parse(status).unwrap(),
            description: None,
            content: content
                .iter()
                .map(|(m, s)| Content {
                    media_type: m.to_string(),
                    schema: s.clone(),
                })
                .collect(),
            headers: vec![],
            pointer: format!("#/r/{status}"),
            unsupported: vec![],
        }
    }

    fn object() -> Option<Schema> {
        Some(Schema::new(Type::Object {
            fields: vec![],
            open: true,
            values: None,
        }))
    }

    fn typed(status: &str, media: &str, schema: Option<Schema>) -> Typed {
        Typed {
            status: StatusKey::parse(status).unwrap(),
            media_type: media.to_string(),
            schema: schema.unwrap(),
        }
    }

    #[test]
    fn the_one_json_success_response_is_typed_and_errors_do_not_count() {
        let o = output(&op(vec![
            response(
                "200",
                &[("application/json", object()), ("text/plain", None)],
            ),
            response("404", &[("application/json", object())]),
            response("default", &[("application/json", object())]),
        ]));
        assert_eq!(
            o,
            Output::Typed(Typed {
                status: StatusKey::Code(200),
                media_type: "application/json".into(),
                schema: object().unwrap(),
            })
        );
        assert_eq!(o.to_string(), "200 application/json");
    }

    #[test]
    fn a_2xx_range_is_a_success_and_default_counts_only_without_one() {
        let ranged = output(&op(vec![
            response("2XX", &[("application/problem+json", object())]),
            response("default", &[("application/json", object())]),
        ]));
        assert!(
            matches!(&ranged, Output::Typed(t) if t.status == StatusKey::Range(2)),
            "{ranged:?}"
        );
        let default = output(&op(vec![
            response("404", &[("application/json", object())]),
            response("default", &[("application/json", object())]),
        ]));
        assert!(
            matches!(&default, Output::Typed(t) if t.status == StatusKey::Default),
            "{default:?}"
        );
    }

    #[test]
    fn no_body_is_no_content() {
        let o = output(&op(vec![response("204", &[]), response("404", &[])]));
        assert_eq!(
            o,
            Output::NoContent {
                status: StatusKey::Code(204)
            }
        );
        assert_eq!(o.to_string(), "204, no content");
    }

    #[test]
    fn several_success_statuses_are_each_the_output_and_a_status_without_a_body_is_not() {
        let o = output(&op(vec![
            response("200", &[("application/json", object())]),
            response(
                "201",
                &[("application/json", Some(Schema::new(Type::boolean())))],
            ),
            response("202", &[("text/plain", None)]),
            response("203", &[("application/json", None)]),
            response("204", &[]),
        ]));
        assert_eq!(
            o,
            Output::Several(vec![
                typed("200", "application/json", object()),
                typed(
                    "201",
                    "application/json",
                    Some(Schema::new(Type::boolean()))
                ),
            ])
        );
        assert_eq!(
            o.to_string(),
            "200 application/json or 201 application/json, the response's status and media \
             type selecting which"
        );
        assert_eq!(o.kind(), "typed as several");
        assert_eq!(o.into_typed().len(), 2);
    }

    #[test]
    fn several_success_statuses_of_one_typed_body_are_that_output() {
        let o = output(&op(vec![
            response("200", &[("application/json", object())]),
            response("204", &[]),
        ]));
        assert_eq!(o, Output::Typed(typed("200", "application/json", object())));
        // None typed: the first success response says why the output is text.
        let o = output(&op(vec![
            response("201", &[("text/plain", None)]),
            response("204", &[]),
        ]));
        assert_eq!(
            o.to_string(),
            "not typed: the 201 response is not JSON (text/plain)"
        );
        assert_eq!(o.into_typed(), []);
    }

    #[test]
    fn json_media_types_with_one_schema_are_one_output_named_application_json() {
        let o = output(&op(vec![response(
            "200",
            &[
                ("text/plain", object()),
                ("text/json", object()),
                ("application/json", object()),
            ],
        )]));
        assert!(
            matches!(&o, Output::Typed(t) if t.media_type == "application/json"),
            "{o:?}"
        );
        // Without `application/json`, the first of them.
        let o = output(&op(vec![response(
            "200",
            &[
                ("text/json", object()),
                ("application/vnd.x+json", object()),
            ],
        )]));
        assert!(
            matches!(&o, Output::Typed(t) if t.media_type == "text/json"),
            "{o:?}"
        );
    }

    #[test]
    fn json_media_types_with_different_schemas_are_each_the_output() {
        let o = output(&op(vec![response(
            "200",
            &[
                ("text/plain", object()),
                ("application/json", object()),
                ("application/vnd.x+json", Some(Schema::new(Type::boolean()))),
            ],
        )]));
        assert_eq!(
            o,
            Output::Several(vec![
                typed("200", "application/json", object()),
                typed(
                    "200",
                    "application/vnd.x+json",
                    Some(Schema::new(Type::boolean()))
                ),
            ])
        );
    }

    #[test]
    fn a_body_without_json_is_not_json_and_json_without_schema_has_no_schema() {
        let o = output(&op(vec![response(
            "200",
            &[("text/plain", None), ("image/*", None)],
        )]));
        assert_eq!(
            o,
            Output::NotJson {
                status: StatusKey::Code(200),
                media_types: vec!["text/plain".into(), "image/*".into()],
            }
        );
        assert_eq!(
            o.to_string(),
            "not typed: the 200 response is not JSON (text/plain, image/*)"
        );
        let o = output(&op(vec![response("200", &[("application/json", None)])]));
        assert_eq!(
            o,
            Output::NoSchema {
                status: StatusKey::Code(200),
                media_type: "application/json".into(),
            }
        );
        assert_eq!(
            o.to_string(),
            "not typed: the 200 response (application/json) has no schema"
        );
    }

    #[test]
    fn no_success_and_no_default_is_undocumented() {
        let o = output(&op(vec![response(
            "404",
            &[("application/json", object())],
        )]));
        assert_eq!(o, Output::Undocumented);
        assert_eq!(output(&op(vec![])), Output::Undocumented);
    }

    #[test]
    fn a_tool_narrows_several_outputs_by_status_and_media_type() {
        let o = op(vec![
            response(
                "200",
                &[
                    ("application/json", object()),
                    ("text/json", Some(Schema::new(Type::boolean()))),
                ],
            ),
            response("202", &[]),
        ]);
        let chosen = choose(&o, StatusKey::Code(200), Some("text/json")).unwrap();
        assert!(
            matches!(&chosen, Output::Typed(t) if t.media_type == "text/json"),
            "{chosen:?}"
        );
        assert_eq!(
            choose(&o, StatusKey::Code(202), None).unwrap(),
            Output::NoContent {
                status: StatusKey::Code(202)
            }
        );
        let e = choose(&o, StatusKey::Code(201), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the operation documents no `201` response; it documents `200`, `202`"
        );
        let e = choose(&o, StatusKey::Code(200), Some("application/xml")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the `200` response documents no `application/xml` body; it documents \
             `application/json`, `text/json`"
        );
        // Naming the status alone leaves its two JSON media types, each the output.
        assert!(matches!(
            choose(&o, StatusKey::Code(200), None).unwrap(),
            Output::Several(arms) if arms.len() == 2
        ));
    }
}
