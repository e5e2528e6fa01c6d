//! What an agent reads about a tool besides its schema: its description, which the macro
//! writes into `Tool::DESCRIPTION`; the scaffold and the docs state the same rules. Its MCP tool
//! name is [`super::tool_name`]'s ([`tool_name`] is re-exported here for the tool list).

pub use super::tool_name::tool_name;
use crate::check::arguments::omitted::OmittedAt;
use crate::check::paging::{cannot_page, reason_of};
use crate::check::reasons::reaches_the_rest;
use crate::model::effects::Semantics;
use crate::model::{Absent, Accounted, Disposition, Location, Operation};

/// A tool description lists the parameters it cannot send (with the reasons) only up to this
/// many: a glob can omit hundreds of filters, and an agent is told about those when it sends one.
pub const OMITTED_LISTED_AT_MOST: usize = 12;

/// The tool description: the struct's doc comment, else the operation's summary, description,
/// or `METHOD /path`; then what the accounting means for the agent: a full replace clears what
/// the tool cannot send, a PUT that merges says so, a body property that differs from that rule
/// or appends says so ([`Accounted::absent`], [`Accounted::appends`]), a list tool that cannot
/// page returns one page (with how to reach the rest), the parameters it cannot send, with why,
/// and which 2xx answers are errors ([`crate::model::FailureRule`]).
///
/// `semantics` is what the tool does to the fields it does not send, as served: the `semantics`
/// of [`hints`](crate::model::effects::hints) for the tool's method and declaration.
pub fn tool_description(doc: Option<&str>, op: &Operation, semantics: Option<Semantics>) -> String {
    let mut text = doc
        .map(str::to_string)
        .or_else(|| op.summary.clone())
        .or_else(|| op.description.clone())
        .unwrap_or_else(|| format!("{} {}", op.method, op.path));
    match semantics {
        Some(Semantics::FullReplace) => text.push_str(&full_replace_warning(op)),
        Some(Semantics::Merge) if op.method == "PUT" => text.push_str(
            "\n\nThis PUT merges: only the body fields you send change; the others are kept.",
        ),
        _ => {}
    }
    text.push_str(&per_property(op));
    let paging = cannot_page(op, &op.accounting).unwrap_or_default();
    text.push_str(&one_page(&paging));
    text.push_str(&not_available(op, &paging));
    for rule in &op.failure {
        text.push_str(&format!(
            "\n\nNot every 2xx is a success: {}.",
            rule.describe()
        ));
    }
    text
}

/// A list tool that cannot page: the result is one page, and the reason that says how an agent
/// reaches the rest (see [`crate::check::paging`]).
fn one_page(paging: &[&Accounted]) -> String {
    let Some(first) = paging.first() else {
        return String::new();
    };
    let names: Vec<String> = paging
        .iter()
        .map(|r| format!("`{}`", r.param.name))
        .collect();
    let reason = paging
        .iter()
        .filter_map(|r| reason_of(r))
        .find(|r| reaches_the_rest(r))
        .or_else(|| reason_of(first))
        .unwrap_or_default();
    format!(
        "\n\nThis tool returns one page of results and cannot ask for another ({}): {reason}",
        names.join(", ")
    )
}

/// A full replace clears what the tool cannot send; a PUT's says it is one because it is a PUT.
fn full_replace_warning(op: &Operation) -> String {
    let omitted: Vec<String> = op
        .accounting
        .iter()
        .filter(|r| {
            r.param.location == Location::Body
                && matches!(r.disposition, Disposition::Omitted { .. })
                && r.absent != Some(Absent::Keeps)
        })
        .map(|r| format!("`{}`", r.param.name))
        .collect();
    let which = if op.method == "PUT" { " (PUT)" } else { "" };
    let mut text = format!(
        "\n\nThis is a full replace{which}: every body field you leave out is written as empty."
    );
    if !omitted.is_empty() {
        text.push_str(&format!(
            " This tool cannot send {}, so those are cleared too.",
            omitted.join(", ")
        ));
    }
    text
}

/// Where a body property differs from the tool's semantics ([`Accounted::absent`]) and which
/// array properties add to what the server has ([`Accounted::appends`]), one sentence each.
fn per_property(op: &Operation) -> String {
    let sentences: Vec<String> = op
        .accounting
        .iter()
        .flat_map(|r| {
            let name = match &r.disposition {
                Disposition::Set { argument, .. }
                | Disposition::Undocumented {
                    argument: Some(argument),
                    ..
                } => Some(argument.as_str()),
                _ => None,
            };
            let absent = match (name, r.absent) {
                (Some(arg), Some(Absent::Clears)) => {
                    Some(format!("Leaving out `{arg}` clears it."))
                }
                (Some(arg), Some(Absent::Keeps)) => Some(format!("Leaving out `{arg}` keeps it.")),
                (None, Some(Absent::Clears)) => Some(format!(
                    "This tool cannot send `{}`, and every call clears it.",
                    r.param.name
                )),
                (None, Some(Absent::Keeps)) => Some(format!(
                    "The server keeps `{}`, which this tool cannot send.",
                    r.param.name
                )),
                (_, None) => None,
            };
            let appends = name.filter(|_| r.appends).map(|arg| {
                format!("The items you send in `{arg}` are added to the existing ones.")
            });
            absent.into_iter().chain(appends)
        })
        .collect();
    if sentences.is_empty() {
        return String::new();
    }
    format!("\n\n{}", sentences.join(" "))
}

/// "Not available through this tool", one line per omitted parameter with its reason, when there
/// are at most [`OMITTED_LISTED_AT_MOST`]; the paging parameters of a tool that cannot page are
/// told in [`one_page`] instead.
fn not_available(op: &Operation, paging: &[&Accounted]) -> String {
    let omitted: Vec<(&str, &str)> = op
        .accounting
        .iter()
        .filter(|r| !paging.iter().any(|p| p.param.same_address(&r.param)))
        .filter_map(|r| match &r.disposition {
            Disposition::Omitted { reason, .. } if !r.param.name.is_empty() => {
                Some((r.param.name.as_str(), reason.as_str()))
            }
            _ => None,
        })
        .collect();
    if omitted.is_empty() || omitted.len() > OMITTED_LISTED_AT_MOST {
        return String::new();
    }
    let lines: Vec<String> = omitted
        .iter()
        .map(|(name, reason)| format!("- `{name}`: {reason}"))
        .collect();
    format!("\n\nNot available through this tool:\n{}", lines.join("\n"))
}

/// [`tool_description`] with the properties the tool's nested structs omit
/// (`#[object(omitted(...))]`), one line each at its address with the struct's reason, up to
/// [`OMITTED_LISTED_AT_MOST`] (beyond, the agent is told when it sends one). The macro cannot
/// see a struct's omissions, so the served tool appends them to its description once, at run
/// time; `description` is returned unchanged when there are none.
pub fn with_nested_omissions(description: &str, omitted: &[OmittedAt]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for o in omitted {
        let line = match o.fixed {
            Some(value) => format!(
                "- `{}`: always {value}, sent by the tool: {}",
                o.address(),
                o.reason
            ),
            None => format!("- `{}`: {}", o.address(), o.reason),
        };
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    if lines.is_empty() || lines.len() > OMITTED_LISTED_AT_MOST {
        return description.to_string();
    }
    format!(
        "{description}\n\nNot available inside the objects this tool sends:\n{}",
        lines.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testing::{array_of, json_response, op, query};
    use crate::model::{Schema, StatusKey, Type};

    fn omitted(name: &str, reason: &str) -> Accounted {
        Accounted {
            param: query(name),
            disposition: Disposition::Omitted {
                reason: reason.into(),
                pattern: None,
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        }
    }

    fn list_tasks(accounting: Vec<Accounted>) -> Operation {
        let mut list = op("GET", "/tasks")
            .id("ListTasks")
            .params(accounting.iter().map(|r| r.param.clone()).collect())
            .response(json_response(
                StatusKey::Code(200),
                Some(array_of(Schema::new(Type::boolean()))),
            ))
            .build();
        list.accounting = accounting;
        list
    }

    #[test]
    fn a_list_tool_that_cannot_page_says_the_result_is_one_page_and_how_to_reach_the_rest() {
        let op = list_tasks(vec![
            omitted(
                "page",
                "only the first page: an agent narrows with `q` instead",
            ),
            omitted(
                "per_page",
                "the server's default of 20 tasks fits an answer",
            ),
            omitted("X-Trace", "traces are for the server's own operators"),
        ]);
        assert_eq!(
            tool_description(Some("List tasks."), &op, None),
            "List tasks.\n\nThis tool returns one page of results and cannot ask for another \
             (`page`, `per_page`): only the first page: an agent narrows with `q` instead\n\n\
             Not available through this tool:\n\
             - `X-Trace`: traces are for the server's own operators"
        );
    }

    #[test]
    fn a_list_tool_that_can_page_says_nothing_of_pages() {
        let mut op = list_tasks(vec![omitted("per_page", "the server's default of 20 fits")]);
        op.params.push(query("page"));
        op.accounting.push(Accounted {
            param: query("page"),
            disposition: Disposition::Set {
                argument: "page".into(),
                field: "page".into(),
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        });
        assert_eq!(
            tool_description(Some("List tasks."), &op, None),
            "List tasks.\n\nNot available through this tool:\n\
             - `per_page`: the server's default of 20 fits"
        );
    }

    /// `METHOD /tasks/{id}` omitting `body.note` with a reason.
    fn write_task(method: &str) -> Operation {
        let mut write = op(method, "/tasks/{id}").build();
        write.accounting = vec![Accounted {
            param: crate::model::testing::param(Location::Body, "note"),
            disposition: Disposition::Omitted {
                reason: "notes are written by people in the app".into(),
                pattern: None,
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: Vec::new(),
        }];
        write
    }

    #[test]
    fn the_description_words_the_semantics_it_is_given() {
        let not_available = "\n\nNot available through this tool:\n\
             - `note`: notes are written by people in the app";
        assert_eq!(
            tool_description(
                Some("Save."),
                &write_task("PUT"),
                Some(Semantics::FullReplace)
            ),
            format!(
                "Save.\n\nThis is a full replace (PUT): every body field you leave out is \
                 written as empty. This tool cannot send `note`, so those are cleared too.\
                 {not_available}"
            )
        );
        assert_eq!(
            tool_description(
                Some("Save."),
                &write_task("POST"),
                Some(Semantics::FullReplace)
            ),
            format!(
                "Save.\n\nThis is a full replace: every body field you leave out is written as \
                 empty. This tool cannot send `note`, so those are cleared too.{not_available}"
            )
        );
        assert_eq!(
            tool_description(Some("Save."), &write_task("PUT"), Some(Semantics::Merge)),
            format!(
                "Save.\n\nThis PUT merges: only the body fields you send change; the others \
                 are kept.{not_available}"
            )
        );
        for (method, semantics) in [("PATCH", Some(Semantics::Merge)), ("POST", None)] {
            assert_eq!(
                tool_description(Some("Save."), &write_task(method), semantics),
                format!("Save.{not_available}"),
                "{method}"
            );
        }
    }

    #[test]
    fn the_description_says_where_a_property_differs_from_the_tools_semantics() {
        let body = |name: &str| crate::model::testing::param(Location::Body, name);
        let row = |name: &str, disposition: Disposition, absent, appends| Accounted {
            param: body(name),
            disposition,
            null: None,
            overridden: None,
            absent,
            appends,
            below: Vec::new(),
        };
        let set = |name: &str| Disposition::Set {
            argument: name.into(),
            field: name.into(),
        };
        let omitted = Disposition::Omitted {
            reason: "the operator picks it".into(),
            pattern: None,
        };
        let mut put = op("PUT", "/playouts/{id}").build();
        put.accounting = vec![
            row(
                "schedule_file",
                set("schedule_file"),
                Some(Absent::Keeps),
                false,
            ),
            row("item_ids", set("item_ids"), None, true),
            row("channel", omitted.clone(), Some(Absent::Keeps), false),
            row("note", omitted.clone(), None, false),
        ];
        assert_eq!(
            tool_description(Some("Save."), &put, Some(Semantics::FullReplace)),
            "Save.\n\nThis is a full replace (PUT): every body field you leave out is written as \
             empty. This tool cannot send `note`, so those are cleared too.\n\n\
             Leaving out `schedule_file` keeps it. The items you send in `item_ids` are added to \
             the existing ones. The server keeps `channel`, which this tool cannot send.\n\n\
             Not available through this tool:\n\
             - `channel`: the operator picks it\n\
             - `note`: the operator picks it"
        );
        let mut patch = op("PATCH", "/playouts/{id}").build();
        patch.accounting = vec![
            row(
                "daily_rebuild_time",
                set("daily_rebuild_time"),
                Some(Absent::Clears),
                false,
            ),
            row("note", omitted, Some(Absent::Clears), false),
        ];
        assert_eq!(
            tool_description(Some("Save."), &patch, Some(Semantics::Merge)),
            "Save.\n\nLeaving out `daily_rebuild_time` clears it. This tool cannot send `note`, \
             and every call clears it.\n\n\
             Not available through this tool:\n\
             - `note`: the operator picks it"
        );
    }

    #[test]
    fn nested_omissions_are_listed_at_their_addresses_with_their_reasons() {
        use crate::check::arguments::omitted::PathStep::{Items, Property, Values};
        let at = |path: Vec<_>, reason| OmittedAt {
            path,
            reason,
            fixed: None,
        };
        let secret = at(
            vec![
                Property("alerts"),
                Property("slack"),
                Items,
                Property("secret"),
            ],
            "set by a person in the dashboard",
        );
        let weight = at(
            vec![Property("targets"), Values, Property("weight")],
            "fixed by ops",
        );
        let omitted = [secret.clone(), weight, secret];
        assert_eq!(
            with_nested_omissions("Create a monitor.", &omitted),
            "Create a monitor.\n\nNot available inside the objects this tool sends:\n\
             - `alerts.slack[].secret`: set by a person in the dashboard\n\
             - `targets{}.weight`: fixed by ops"
        );
        assert_eq!(with_nested_omissions("Create.", &[]), "Create.");
        let many: Vec<OmittedAt> = (0..=OMITTED_LISTED_AT_MOST)
            .map(|i| {
                at(
                    vec![Property(
                        [
                            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
                        ][i],
                    )],
                    "r",
                )
            })
            .collect();
        assert_eq!(with_nested_omissions("Create.", &many), "Create.");
    }
}
