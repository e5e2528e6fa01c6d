use super::*;

#[test]
fn a_pattern_matches_whole_names() {
    assert!(matches("get_task", "get_task"));
    assert!(!matches("get_task", "get_tasks"));
    assert!(matches("get_*", "get_task"));
    assert!(matches("*_task*", "set_task_labels"));
    assert!(matches("*", ""));
    assert!(matches("create_tas?", "create_task"));
    assert!(!matches("create_tas?", "create_tas"));
    assert!(!matches("*_comment", "add_comments"));
}

#[test]
fn a_switch_is_one_or_zero() {
    for on in ["1", "true", "YES", " yes "] {
        assert_eq!(switch("CATALOG_X", on), Ok(true), "{on}");
    }
    for off in ["0", "false", "no", ""] {
        assert_eq!(switch("CATALOG_X", off), Ok(false), "{off:?}");
    }
    for bad in ["2", "on", "off", "enabled"] {
        let e = switch("CATALOG_X", bad).unwrap_err();
        assert_eq!(e.kind(), "invalid");
        assert_eq!(
            e.to_string(),
            format!("CATALOG_X={bad:?}: expected 1 (on) or 0 (off)")
        );
    }
}

#[test]
fn a_list_is_names_or_patterns_each_once() {
    assert_eq!(
        names("CATALOG_TOOLS", " a, b*,a,, Pet Store ", "tool"),
        Ok(vec![
            "a".to_string(),
            "b*".to_string(),
            "Pet Store".to_string()
        ])
    );
    let e = names("CATALOG_TOOLS", "a;b", "tool").unwrap_err();
    assert_eq!(e.kind(), "invalid");
    assert_eq!(
        e.to_string(),
        "CATALOG_TOOLS=\"a;b\": expected a comma-separated list of tools; \"a;b\" is not one"
    );
}

#[test]
fn the_environment_sets_the_selection() {
    let env = |name: &str| match name {
        "CATALOG_TOOLSETS" => Some("tasks, all".to_string()),
        "CATALOG_TOOLS" => Some("search".to_string()),
        "CATALOG_EXCLUDE_TOOLS" => Some("delete_*".to_string()),
        "CATALOG_READ_ONLY" => Some("1".to_string()),
        _ => None,
    };
    assert_eq!(
        Selection::from_env(env),
        Ok(Selection::all()
            .toolsets(["tasks", "all"])
            .tools(["search"])
            .exclude(["delete_*"])
            .read_only(true))
    );
    assert_eq!(Selection::from_env(|_| None), Ok(Selection::all()));
}

#[test]
fn a_client_selects_with_headers() {
    let mut headers = http::HeaderMap::new();
    assert_eq!(Selection::from_headers(&headers), Ok(None));
    headers.insert(HEADER_TOOLSETS, "tasks,search".parse().unwrap());
    headers.insert(HEADER_READ_ONLY, "true".parse().unwrap());
    assert_eq!(
        Selection::from_headers(&headers),
        Ok(Some(
            Selection::all()
                .toolsets(["tasks", "search"])
                .read_only(true)
        ))
    );
    headers.insert(HEADER_READ_ONLY, "maybe".parse().unwrap());
    let e = Selection::from_headers(&headers).unwrap_err();
    assert!(
        matches!(&e, SelectionError::Invalid(v) if v.kind() == "invalid"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "x-mcp-readonly=\"maybe\": expected 1 (on) or 0 (off)"
    );
    headers.insert(
        HEADER_READ_ONLY,
        http::HeaderValue::from_bytes(b"\xff").unwrap(),
    );
    let e = Selection::from_headers(&headers).unwrap_err();
    assert_eq!(
        e,
        SelectionError::NotText {
            header: HEADER_READ_ONLY.to_string()
        }
    );
    assert_eq!(e.to_string(), "the x-mcp-readonly header is not text");
    let offered = SelectionError::NotOffered {
        problems: vec!["x-mcp-tools: no tool `a` (did you mean `b`?)".to_string()],
    };
    assert_eq!(
        offered.to_string(),
        "the tool selection names what this server does not offer: x-mcp-tools: no tool `a` \
         (did you mean `b`?)"
    );
}
