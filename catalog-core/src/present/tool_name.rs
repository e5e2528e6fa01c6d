//! MCP tool names: the default one made from an operationId (or a struct's name), and the rule
//! every name is checked against at compile time.
//!
//! The MCP specification leaves a tool's name to the server, but clients do not take every name:
//! OpenAI's function calling, and the clients and gateways built on it, refuse a name over 64
//! characters or outside `A-Z a-z 0-9 _ -`, and with it the whole tool list. A name is checked
//! against that rule, the narrowest in use, so a catalog serves every client.

/// The longest tool name every client takes.
pub const MAX_TOOL_NAME: usize = 64;

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

/// Why `name` is no tool name every client takes, with the `name = "..."` to write instead;
/// `None` when it is one.
pub fn name_problem(name: &str) -> Option<String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let length = name.chars().count();
    let what = if name.is_empty() {
        "is empty".to_string()
    } else if let Some(bad) = name.chars().find(|c| !allowed(*c)) {
        format!("holds `{}`", bad.escape_default())
    } else if length > MAX_TOOL_NAME {
        format!("is {length} characters long")
    } else {
        return None;
    };
    Some(format!(
        "the tool name `{name}` {what}; MCP clients that follow OpenAI's function-name rule \
         (at most {MAX_TOOL_NAME} characters from `A-Z a-z 0-9 _ -`) refuse it, and with it the \
         whole tool list: name the tool `name = \"{}\"`, or another name of that form",
        proposed(name)
    ))
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
}
