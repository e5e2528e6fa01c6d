//! Snapshot tests of the accounting markdown a tool's rustdoc carries.

use catalog_core::model::Operation;
use catalog_core::present::doc::accounting_markdown;
use serde_json::{Value, json};

fn param(location: &str, name: &str, required: bool, schema: Value) -> Value {
    json!({
        "location": location,
        "name": name,
        "required": required,
        "schema": schema,
        "style": if location == "query" { "form" } else { "simple" },
        "pointer": format!("#/x/{location}/{name}"),
    })
}

fn row(param: Value, disposition: Value) -> Value {
    let mut row = disposition;
    row["param"] = param;
    row
}

fn operation(id: Option<&str>, accounting: Vec<Value>) -> Operation {
    let mut op = json!({
        "method": "POST",
        "path": "/api/v4/posts",
        "pointer": "#/paths/~1api~1v4~1posts/post",
        "spec": {
            "stem": "mattermost-v4",
            "title": "Mattermost API Reference",
            "version": "4.0.0",
            "openapi": "3.0.0",
            "hash": "0123456789abcdef",
        },
        "accounting": accounting,
    });
    if let Some(id) = id {
        op["id"] = json!(id);
    }
    serde_json::from_value(op).expect("fixture is a valid Operation")
}

fn create_post() -> Operation {
    let mut channel = param("body", "channel_id", true, json!({"type": "string"}));
    channel["description"] = json!("The channel ID to post in");
    let mut message = param(
        "body",
        "message",
        true,
        json!({"type": "string", "description":
            "The message contents, can be formatted with Markdown. It may mention users and \
             channels, and it is limited to 16383 characters by the server.\n\nSecond paragraph."}),
    );
    message["deprecated"] = json!(false);
    let mut legacy = param("query", "legacy", false, json!({"type": "boolean"}));
    legacy["deprecated"] = json!(true);
    operation(
        Some("CreatePost"),
        vec![
            row(
                channel,
                json!({"disposition": "set", "argument": "channel_id", "field": "channel_id"}),
            ),
            row(
                message,
                json!({"disposition": "set", "argument": "message", "field": "message"}),
            ),
            row(
                param(
                    "body",
                    "root_id",
                    false,
                    json!({"type": "string", "nullable": true}),
                ),
                json!({"disposition": "set", "argument": "reply_to", "field": "reply_to"}),
            ),
            row(
                param("query", "set_online", false, json!({"type": "boolean"})),
                json!({"disposition": "fixed", "value": false, "reason":
                    "an agent is not a person at the keyboard; posting must not mark the user online"}),
            ),
            row(
                legacy,
                json!({"disposition": "omitted", "reason":
                    "the legacy response shape is deprecated and no agent should depend on it"}),
            ),
            row(
                param(
                    "query",
                    "since__n",
                    false,
                    json!({"type": "integer", "format": "int64"}),
                ),
                json!({"disposition": "omitted", "pattern": "query.*__n", "reason":
                    "negated filters are rarely useful to an agent and double the schema"}),
            ),
            row(
                param(
                    "query",
                    "before__n",
                    false,
                    json!({"type": "string", "enum": ["a", "b"]}),
                ),
                json!({"disposition": "omitted", "pattern": "query.*__n", "reason":
                    "negated filters are rarely useful to an agent and double the schema"}),
            ),
            row(
                param(
                    "query",
                    "include_deleted",
                    false,
                    json!({"type": "boolean"}),
                ),
                json!({"disposition": "undocumented", "argument": "include_deleted",
                    "field": "include_deleted", "read_at": "server/channels/api4/post.go createPost",
                    "reason": "the server reads it to echo soft-deleted roots; the spec does not list it"}),
            ),
            row(
                param("header", "X-Compat", false, json!({"type": "any"})),
                json!({"disposition": "undocumented", "value": "v2",
                    "read_at": "server/web/handlers.go ServeHTTP",
                    "reason": "older servers need it to answer with the response shape the tool parses"}),
            ),
        ],
    )
}

#[test]
fn create_post_table() {
    let expected = "\
Wraps `POST /api/v4/posts` (operation `CreatePost`) of *Mattermost API Reference* version `4.0.0`.

| Location | Name | Type | Required | Disposition | Reason / description |
|---|---|---|---|---|---|
| body | `channel_id` | string | yes | Set as `channel_id` | The channel ID to post in |
| body | `message` | string | yes | Set as `message` | The message contents, can be formatted with Markdown. It may mention users and channels, and it is… |
| body | `root_id` | string, nullable | no | Set as `reply_to` |  |
| query | `set_online` | boolean | no | Fixed to `false` | an agent is not a person at the keyboard; posting must not mark the user online |
| query | `legacy` (deprecated) | boolean | no | Omitted | the legacy response shape is deprecated and no agent should depend on it |
| query | `include_deleted` | boolean | no | Undocumented, set as `include_deleted`, read at `server/channels/api4/post.go createPost` | the server reads it to echo soft-deleted roots; the spec does not list it |
| header | `X-Compat` | any JSON value | no | Undocumented, sent as `\"v2\"`, read at `server/web/handlers.go ServeHTTP` | older servers need it to answer with the response shape the tool parses |

Omitted by a pattern:

- `query.*__n` (2 parameters): negated filters are rarely useful to an agent and double the schema

  `query.since__n`, `query.before__n`
";
    assert_eq!(accounting_markdown(&create_post()), expected);
}

#[test]
fn escapes_cells() {
    let mut p = param(
        "query",
        "a|b",
        false,
        json!({"type": "string", "enum": ["x|y", "<z>"]}),
    );
    p["description"] =
        json!("Pipes | and\nnewlines\r\n and <b>tags</b>, [links] and `code` *stars* _under_");
    let op = operation(
        None,
        vec![
            row(
                p,
                json!({"disposition": "set", "argument": "a`b", "field": "a_b"}),
            ),
            row(
                param("path", "id", true, json!({"type": "integer"})),
                json!({"disposition": "fixed", "value": {"k": "v|w"},
                       "reason": "line one\nline two | with a pipe"}),
            ),
        ],
    );
    let md = accounting_markdown(&op);
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        lines[0],
        "Wraps `POST /api/v4/posts` of *Mattermost API Reference* version `4.0.0`."
    );
    // Every character markdown could read is escaped, except that the description's own code
    // span (`code`) stays one.
    assert_eq!(
        lines[4],
        "| query | `a\\|b` | string enum \\[x\\|y, \\<z\\>\\] | no | Set as ``a`b`` \
         | Pipes \\| and newlines and \\<b\\>tags\\</b\\>, \\[links\\] and `code` \\*stars\\* \\_under\\_ |"
    );
    assert_eq!(
        lines[5],
        "| path | `id` | integer | yes | Fixed to `{\"k\":\"v\\|w\"}` | line one line two \\| with a pipe |"
    );
    // One line per row, every row with the same number of unescaped cell separators.
    assert_eq!(lines.len(), 6);
    for line in &lines[2..] {
        let separators = line.replace("\\|", "").matches('|').count();
        assert_eq!(separators, 7, "{line}");
    }
}

#[test]
fn no_parameters_and_deprecated() {
    let mut op = operation(Some("Ping"), vec![]);
    op.deprecated = true;
    op.spec.title = String::new();
    op.spec.version = String::new();
    assert_eq!(
        accounting_markdown(&op),
        "Wraps `POST /api/v4/posts` (operation `Ping`) of *mattermost-v4*.\n\
         \n\
         The spec marks this operation **deprecated**.\n\
         \n\
         The operation has no parameters.\n"
    );
}

#[test]
fn each_glob_is_listed_once_with_its_own_reason_count_and_addresses() {
    let omitted = |pattern: &str, reason: &str| json!({"disposition": "omitted", "pattern": pattern, "reason": reason});
    let int = || json!({"type": "integer"});
    let same = "narrows the list in ways an agent has not been asked to";
    let op = operation(
        None,
        vec![
            row(
                param("query", "a__n", false, int()),
                omitted("query.*__n", same),
            ),
            row(
                param("query", "a__gt", false, int()),
                omitted("query.*__gt", same),
            ),
            row(
                param("query", "b__n", false, int()),
                omitted("query.*__n", same),
            ),
            row(
                param("query", "c", false, int()),
                json!({"disposition": "omitted", "reason": same}),
            ),
        ],
    );
    let md = accounting_markdown(&op);
    let (table, list) = md
        .split_once("\nOmitted by a pattern:\n\n")
        .expect("a glob list");
    // A parameter a glob omits has no row; an exact omission keeps its reason in its row.
    assert!(table.ends_with(&format!(
        "|---|---|---|---|---|---|\n| query | `c` | integer | no | Omitted | {same} |\n"
    )));
    // Two globs with one reason are two entries, in the order they first omit a parameter,
    // each naming the parameters it omits.
    assert_eq!(
        list,
        format!(
            "- `query.*__n` (2 parameters): {same}\n\n  `query.a__n`, `query.b__n`\n\
             - `query.*__gt` (1 parameter): {same}\n\n  `query.a__gt`\n"
        )
    );
}

#[test]
fn a_tool_whose_globs_omit_every_parameter_has_no_table() {
    let op = operation(
        Some("ListThings"),
        vec![row(
            param("query", "a", false, json!({"type": "integer"})),
            json!({"disposition": "omitted", "pattern": "query.*", "reason": "not needed"}),
        )],
    );
    assert_eq!(
        accounting_markdown(&op),
        "Wraps `POST /api/v4/posts` (operation `ListThings`) of *Mattermost API Reference* \
         version `4.0.0`.\n\
         \n\
         Omitted by a pattern:\n\
         \n\
         - `query.*` (1 parameter): not needed\n\
         \n  `query.a`\n"
    );
}
