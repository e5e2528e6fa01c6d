//! MCP tool names: the default one made from an operationId (or a struct's name), and the rule
//! every name is checked against at compile time. [`checked_tool_name`] is both, for every
//! place a macro names a tool (`#[tool]`, its fallback, `#[composite]`).
//!
//! The MCP specification leaves a tool's name to the server, but clients do not take every name:
//! OpenAI's function calling, and the clients and gateways built on it, refuse a name over 64
//! characters or outside `A-Z a-z 0-9 _ -`, and with it the whole tool list. A name is checked
//! against that rule, the narrowest in use, so a catalog serves every client.

use crate::check::declared::{Finding, Site};

/// The longest tool name every client takes.
pub const MAX_TOOL_NAME: usize = 64;

/// What a tool's name is made from, each part with where it is written.
#[derive(Clone, Copy, Debug)]
pub struct NameFrom<'a> {
    /// `name = "..."`, when the tool gives one.
    pub declared: Option<(&'a str, Site)>,
    /// The operation a `#[tool]` wraps: its operationId (`None` for an operation without one)
    /// and where `operation = "..."` is written. `None` for a tool without an operation (a
    /// composite).
    pub operation: Option<(Option<&'a str>, Site)>,
    /// The struct's name, and where.
    pub type_name: (&'a str, Site),
}

/// The tool's MCP name ([`tool_name`]), or why no client takes it ([`name_problem`]): the
/// finding sits on `name = "..."` when the tool wrote one, else on the operation that gave the
/// name, else on the struct's name.
pub fn checked_tool_name(from: &NameFrom) -> Result<String, Finding> {
    let operation_id = from.operation.and_then(|(id, _)| id);
    let name = tool_name(
        from.declared.map(|(name, _)| name),
        operation_id,
        from.type_name.0,
    );
    match name_problem(&name) {
        None => Ok(name),
        Some(problem) => {
            let site = from
                .declared
                .map(|(_, site)| site)
                .or(from.operation.map(|(_, site)| site))
                .unwrap_or(from.type_name.1);
            Err(Finding::at(site, problem))
        }
    }
}

/// The MCP tool name: `name = "..."` when given; else the operationId in snake_case
/// (`CreatePost` -> `create_post`, `repos/list-for-org` -> `repos_list_for_org`,
/// `GetFFmpegProfiles` -> `get_ffmpeg_profiles`: see [`snake_name`]); else, for an operation
/// without an operationId (or a tool without an operation), the struct's name in snake_case.
/// Not checked: [`checked_tool_name`] checks it with [`name_problem`].
pub fn tool_name(explicit: Option<&str>, operation_id: Option<&str>, type_name: &str) -> String {
    match (explicit, operation_id) {
        (Some(name), _) => name.to_string(),
        (None, Some(id)) => snake_name(id),
        (None, None) => snake_name(type_name),
    }
}

/// An identifier in snake_case as a reader writes it: words split at case changes and at every
/// character that is no letter or digit, lower-cased and joined by `_`. A run of capitals is one
/// word (an acronym); a run of three or more followed by a lower-case letter leaves its last
/// capital to the next word (`HTTPServer` -> `http_server`, `IOStream` -> `io_stream`), and a run
/// of two stays whole (`FFmpegProfiles` -> `ffmpeg_profiles`, `OAuthToken` -> `oauth_token`,
/// `GetVMs` -> `get_vms`).
pub fn snake_name(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    // Capitals in a row just before the current character.
    let mut capitals = 0;
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_alphanumeric() {
            flush(&mut words, &mut word);
            capitals = 0;
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
        if c.is_uppercase() {
            let after_lower_or_digit = prev.is_some_and(|p| p.is_lowercase() || p.is_numeric());
            let acronym_ends = capitals >= 2 && next_lower;
            if after_lower_or_digit || acronym_ends {
                flush(&mut words, &mut word);
            }
            capitals += 1;
        } else {
            capitals = 0;
        }
        word.extend(c.to_lowercase());
    }
    flush(&mut words, &mut word);
    words.join("_")
}

fn flush(words: &mut Vec<String>, word: &mut String) {
    if !word.is_empty() {
        words.push(std::mem::take(word));
    }
}

/// The former names a tool still answers to (`#[tool(former_names = ["old_name"])]`, kept
/// working in calls and in the selection settings after a rename): each must be a name a client
/// could have called (the rule of [`name_problem`]), none the tool's own `name`, none written
/// twice. One finding per name at fault, at that name.
pub fn check_former_names(name: &str, former: &[(&str, Site)]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (i, &(old, site)) in former.iter().enumerate() {
        let problem = if old == name {
            Some(format!(
                "`{old}` is this tool's name; a former name is one the tool answered to before a \
                 rename: remove it"
            ))
        } else if former[..i].iter().any(|(o, _)| *o == old) {
            Some(format!(
                "the former name `{old}` is written twice: list each once"
            ))
        } else {
            former_name_problem(old)
        };
        if let Some(problem) = problem {
            findings.push(Finding::at(site, problem));
        }
    }
    findings
}

// A former name no client could have called.
fn former_name_problem(old: &str) -> Option<String> {
    let what = unservable(old)?;
    Some(format!(
        "the former name `{old}` {what}: no client could have called a tool by it (at most \
         {MAX_TOOL_NAME} characters from `A-Z a-z 0-9 _ -`); list the name the tool was served \
         under"
    ))
}

/// Why `name` is no tool name every client takes, with the `name = "..."` to write instead;
/// `None` when it is one.
pub fn name_problem(name: &str) -> Option<String> {
    let what = unservable(name)?;
    Some(format!(
        "the tool name `{name}` {what}; MCP clients that follow OpenAI's function-name rule \
         (at most {MAX_TOOL_NAME} characters from `A-Z a-z 0-9 _ -`) refuse it, and with it the \
         whole tool list: name the tool `name = \"{}\"`, or another name of that form",
        proposed(name)
    ))
}

// What keeps `name` from being a name every client takes ("is empty", "holds ` `", "is 70
// characters long"); `None` when nothing does.
fn unservable(name: &str) -> Option<String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let length = name.chars().count();
    if name.is_empty() {
        Some("is empty".to_string())
    } else if let Some(bad) = name.chars().find(|c| !allowed(*c)) {
        Some(format!("holds `{}`", bad.escape_default()))
    } else if length > MAX_TOOL_NAME {
        Some(format!("is {length} characters long"))
    } else {
        None
    }
}

// A name of the allowed form close to `name`: its ASCII words in snake_case, cut after the last
// whole word that fits.
fn proposed(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let snake = snake_name(&ascii);
    let mut out = String::new();
    for word in snake.split('_') {
        let extra = word.len() + usize::from(!out.is_empty());
        if out.len() + extra > MAX_TOOL_NAME {
            break;
        }
        if !out.is_empty() {
            out.push('_');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        "tool".to_string()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acronyms_read_as_a_reader_writes_them() {
        for (id, snake) in [
            ("GetFFmpegProfiles", "get_ffmpeg_profiles"),
            ("HTTPServer", "http_server"),
            ("IOStream", "io_stream"),
            ("OAuthToken", "oauth_token"),
            ("GetVMs", "get_vms"),
            ("getUserID", "get_user_id"),
            ("XMLHttpRequest", "xml_http_request"),
            ("CreatePost", "create_post"),
            ("repos/list-for-org", "repos_list_for_org"),
            ("v2GetThing", "v2_get_thing"),
            ("get_thing", "get_thing"),
            ("Get Thing.By--Id", "get_thing_by_id"),
        ] {
            assert_eq!(snake_name(id), snake, "{id}");
        }
    }

    #[test]
    fn a_name_past_64_characters_is_refused_with_a_name_that_fits() {
        let name =
            snake_name("actions/get-github-actions-default-workflow-permissions-organization");
        assert_eq!(name.len(), 68);
        assert_eq!(
            name_problem(&name).unwrap(),
            "the tool name `actions_get_github_actions_default_workflow_permissions_organization` \
             is 68 characters long; MCP clients that follow OpenAI's function-name rule (at most \
             64 characters from `A-Z a-z 0-9 _ -`) refuse it, and with it the whole tool list: \
             name the tool `name = \"actions_get_github_actions_default_workflow_permissions\"`, \
             or another name of that form"
        );
        assert_eq!(name_problem(&"a".repeat(64)), None);
    }

    #[test]
    fn the_proposed_name_keeps_every_whole_word_that_fits_in_64_characters() {
        let words = |lengths: &[usize]| -> Vec<String> {
            lengths
                .iter()
                .zip('a'..)
                .map(|(&n, letter)| letter.to_string().repeat(n))
                .collect()
        };
        // 20 + 1 + 20 + 1 + 22: the last word ends on the 64th character and is kept.
        let exact = words(&[20, 20, 22]);
        assert_eq!(proposed(&exact.join(".")), exact.join("_"));
        assert_eq!(exact.join("_").len(), MAX_TOOL_NAME);
        // One character more and the last word goes whole.
        let over = words(&[20, 20, 23]);
        assert_eq!(proposed(&over.join(".")), over[..2].join("_"));
        for name in [exact.join("."), over.join(".")] {
            let proposal = proposed(&name);
            assert!(name_problem(&name).is_some(), "{name}");
            assert_eq!(name_problem(&proposal), None, "{proposal}");
        }
    }

    #[test]
    fn a_name_whose_first_word_is_past_64_characters_is_proposed_as_tool() {
        let name = "a".repeat(MAX_TOOL_NAME + 1);
        assert_eq!(proposed(&name), "tool");
        assert!(
            name_problem(&name)
                .expect("too long")
                .contains("name the tool `name = \"tool\"`")
        );
    }

    #[test]
    fn a_name_outside_the_allowed_characters_is_refused() {
        assert_eq!(
            name_problem("list.tasks").unwrap(),
            "the tool name `list.tasks` holds `.`; MCP clients that follow OpenAI's function-name \
             rule (at most 64 characters from `A-Z a-z 0-9 _ -`) refuse it, and with it the whole \
             tool list: name the tool `name = \"list_tasks\"`, or another name of that form"
        );
        assert!(
            name_problem("")
                .unwrap()
                .starts_with("the tool name `` is empty;")
        );
        assert_eq!(name_problem("list-tasks_2"), None);
    }

    #[test]
    fn the_tool_name_is_the_explicit_name_else_the_snake_case_operation_id_else_the_type() {
        assert_eq!(
            tool_name(Some("post"), Some("CreatePost"), "NewPost"),
            "post"
        );
        assert_eq!(
            tool_name(None, Some("CreatePost"), "NewPost"),
            "create_post"
        );
        assert_eq!(
            tool_name(None, Some("repos/list-for-org"), "ListRepos"),
            "repos_list_for_org"
        );
        assert_eq!(tool_name(None, None, "NewPost"), "new_post");
    }

    const TOO_LONG: &str = "actions/get-github-actions-default-workflow-permissions-organization";

    fn from<'a>(
        declared: Option<&'a str>,
        operation: Option<Option<&'a str>>,
        type_name: &'a str,
    ) -> NameFrom<'a> {
        NameFrom {
            declared: declared.map(|name| (name, 1)),
            operation: operation.map(|id| (id, 2)),
            type_name: (type_name, 3),
        }
    }

    #[test]
    fn a_checked_name_is_the_name_when_every_client_takes_it() {
        let cases = [
            (
                from(Some("post"), Some(Some("CreatePost")), "NewPost"),
                "post",
            ),
            (
                from(None, Some(Some("CreatePost")), "NewPost"),
                "create_post",
            ),
            (from(None, Some(None), "NewPost"), "new_post"),
            (from(None, None, "PostToChannel"), "post_to_channel"),
            (from(Some("count_tasks"), None, "CountTasks"), "count_tasks"),
        ];
        for (from, name) in cases {
            assert_eq!(checked_tool_name(&from), Ok(name.to_string()), "{from:?}");
        }
    }

    #[test]
    fn a_name_no_client_takes_is_a_finding_where_the_name_came_from() {
        let at = |from: NameFrom| checked_tool_name(&from).map_err(|f| f.site);
        // The declared name, wherever else a name could come from.
        assert_eq!(at(from(Some("a.b"), Some(Some("CreatePost")), "T")), Err(1));
        assert_eq!(at(from(Some("a.b"), None, "T")), Err(1));
        // The operation, whether its id or the struct gave the name.
        assert_eq!(at(from(None, Some(Some(TOO_LONG)), "T")), Err(2));
        assert_eq!(at(from(None, Some(None), "Tâche")), Err(2));
        // The struct's name, for a tool without an operation.
        assert_eq!(at(from(None, None, "Tâche")), Err(3));
        assert_eq!(
            checked_tool_name(&from(None, Some(Some(TOO_LONG)), "T")),
            Err(Finding::at(
                2,
                name_problem(&snake_name(TOO_LONG)).expect("too long")
            ))
        );
    }

    #[test]
    fn former_names_are_names_a_client_called_none_the_tool_s_own_none_twice() {
        use super::check_former_names;
        let at = |i: usize| -> Site { i };
        let findings = check_former_names(
            "list_devices",
            &[
                ("dcim_devices_list", at(0)),
                ("list_devices", at(1)),
                ("dcim_devices_list", at(2)),
                ("list devices", at(3)),
            ],
        );
        let got: Vec<(Site, &str)> = findings
            .iter()
            .map(|f| (f.site, f.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    at(1),
                    "`list_devices` is this tool's name; a former name is one the tool answered \
                     to before a rename: remove it"
                ),
                (
                    at(2),
                    "the former name `dcim_devices_list` is written twice: list each once"
                ),
                (
                    at(3),
                    "the former name `list devices` holds ` `: no client could have called a \
                     tool by it (at most 64 characters from `A-Z a-z 0-9 _ -`); list the name \
                     the tool was served under"
                ),
            ]
        );
        assert!(check_former_names("list_devices", &[("dcim_devices_list", at(0))]).is_empty());
    }
}
