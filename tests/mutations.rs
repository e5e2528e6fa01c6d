//! Whole-build checks on temporary tool crates (see `support`): what `cargo check` says when a
//! correct tool is broken in each way a user breaks one, when a crate has no index, and when a
//! new version of the spec adds a parameter (or a property of a nested object, or of a map's
//! values).
//!
//! The Mattermost case needs the real specs (`CATALOG_SPECS_DIR`); the others use the project's
//! own `openapi/taskboard.yaml`.

mod support;

use support::{TempCrate, real_spec, specs_dir};

/// docs/design.md §2's `CreatePost`, completed with the line the real spec needs (`body.metadata`).
const CREATE_POST: &str = r#"use catalog::tool;

/// Post a message to a channel.
#[tool(
    operation = "CreatePost",
    fixed("query.set_online", value = false,
          reason = "an agent is not a person at the keyboard; posting must not mark the user online"),
    omitted("body.file_ids", reason = "uploads need the file tool first; a post made here has no attachments"),
    omitted("body.props", reason = "props carry integration payloads an agent should not forge"),
    omitted("body.metadata", reason = "metadata sets priority and acknowledgement requests, which an agent must not escalate"),
)]
pub struct CreatePost {
    /// The channel to post in.
    pub channel_id: String,
    pub message: String,
    #[arg(param = "body.root_id")]
    pub reply_to: Option<String>,
}
"#;

/// `CREATE_POST` with `from` replaced by `to`, which must occur exactly once.
fn mutate(from: &str, to: &str) -> String {
    assert_eq!(
        CREATE_POST.matches(from).count(),
        1,
        "`{from}` is not unique"
    );
    CREATE_POST.replace(from, to)
}

#[test]
#[ignore = "needs the real specs: CATALOG_SPECS_DIR=../shared/specs (.ci/run sets it)"]
fn real_spec_tool_mutations_each_give_their_error() {
    let specs = specs_dir();
    let spec = real_spec(&specs, "mattermost-v4.json");
    let c = TempCrate::new("mutations-mattermost");
    c.build_rs(&spec.display().to_string());

    c.write("src/lib.rs", CREATE_POST);
    c.check().assert_ok("the correct CreatePost");

    // Dropping a field: the parameter it set is unaccounted, with the line to paste back.
    c.write("src/lib.rs", &mutate("    pub message: String,\n", ""));
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.errors(),
        [
            "error: `CreatePost` leaves `body.message` of its operation unaccounted\n  \
             body.message: string, required — \"The message contents, can be formatted with Markdown\" \
             (#/paths/~1api~1v4~1posts/post/requestBody/content/application~1json/schema/properties/message)\n\
             help: set it with a field      pub message: String,\n      \
             or fix it with a reason  fixed(\"body.message\", value = <a JSON value>, reason = \
             \"<what a user loses, and why that is right>\"),"
        ]
        .map(indent_continuations),
        "{}",
        out.stderr
    );

    // Retyping a field: mistyped, at the field, with the type to use.
    c.write(
        "src/lib.rs",
        &mutate("pub channel_id: String,", "pub channel_id: i64,"),
    );
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.error_lines(),
        [
            "error: mistyped field `channel_id`: `body.channel_id` is string, required in the spec; \
             `i64` cannot carry it; use `String`"
        ],
        "{}",
        out.stderr
    );

    // Renaming a field: one error, that it sets nothing, with the name it probably meant (the
    // parameter it used to set is not reported again as unaccounted: one mistake, one error).
    c.write(
        "src/lib.rs",
        &mutate("pub channel_id: String,", "pub channel: String,"),
    );
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.error_lines(),
        [
            "error: field `channel` sets no parameter of `CreatePost`; did you mean `body.channel_id`?",
        ],
        "{}",
        out.stderr
    );

    // Deleting the spec: the build script fails, naming the file.
    c.write("src/lib.rs", CREATE_POST);
    c.build_rs("openapi/mattermost-v4.json");
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.error_lines(),
        [
            "error: failed to run custom build command for `mutations-mattermost v0.0.0 (DIR)`"
                .replace("DIR", &c.dir.display().to_string())
        ],
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(
            "called `Result::unwrap()` on an `Err` value: cannot read spec \
             `openapi/mattermost-v4.json`: No such file or directory (os error 2)"
        ),
        "{}",
        out.stderr
    );
}

/// cargo prints continuation lines of a multi-line message indented by 7 spaces.
fn indent_continuations(message: &str) -> String {
    message.replace('\n', "\n       ")
}

#[test]
fn a_crate_without_an_index_is_told_the_build_rs_to_add() {
    let c = TempCrate::new("no-index");
    c.write(
        "src/lib.rs",
        "use catalog::tool;\n\n\
         /// Get one task.\n\
         #[tool(operation = \"GetTask\")]\n\
         pub struct GetTask {\n    pub board_id: String,\n    pub task_id: i64,\n}\n",
    );
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.errors(),
        [indent_continuations(
            "error: no OpenAPI index for this crate: add `catalog` to [build-dependencies] and a \
             build.rs with\n    fn main() {\n        \
             catalog::build::index(\"openapi/your-spec.json\").unwrap();\n    }"
        )],
        "{}",
        out.stderr
    );
}

const GET_TASK: &str = "use catalog::tool;\n\n\
    /// Get one task.\n\
    #[tool(operation = \"GetTask\")]\n\
    pub struct GetTask {\n    pub board_id: String,\n    pub task_id: i64,\n}\n";

/// The distinct hashes the build script reported (see `TempCrate::build_rs`); cargo repeats a
/// build script's warnings at the end of a failed build.
fn indexed_hashes(stderr: &str) -> Vec<String> {
    let mut hashes: Vec<String> = stderr
        .lines()
        .filter_map(|l| {
            l.split_once("indexed taskboard (hash ")?
                .1
                .strip_suffix(')')
        })
        .map(str::to_string)
        .collect();
    hashes.dedup();
    hashes
}

#[test]
fn a_new_spec_version_adding_a_parameter_fails_naming_it() {
    let c = TempCrate::new("spec-update");
    let v1 = std::fs::read_to_string(support::workspace_root().join("openapi/taskboard.yaml"))
        .expect("read openapi/taskboard.yaml");
    c.write("openapi/taskboard.yaml", &v1);
    c.build_rs("openapi/taskboard.yaml");
    c.write("src/lib.rs", GET_TASK);
    let out = c.check();
    out.assert_ok("GetTask against the unchanged spec");
    let first = indexed_hashes(&out.stderr);
    assert_eq!(first.len(), 1, "the build script ran once:\n{}", out.stderr);

    // The next version of the spec: `GetTask` gains an optional query parameter.
    let anchor = "      operationId: GetTask\n      summary: Get one task\n";
    assert_eq!(v1.matches(anchor).count(), 1);
    let v2 = v1.replace(
        anchor,
        &format!(
            "{anchor}      parameters:\n        - name: include_comments\n          in: query\n          \
             description: Also return the task's comments\n          schema:\n            type: boolean\n"
        ),
    );
    c.write("openapi/taskboard.yaml", &v2);
    let out = c.check();
    assert!(!out.success);
    let second = indexed_hashes(&out.stderr);
    assert_eq!(
        second.len(),
        1,
        "the changed spec re-ran the build script:\n{}",
        out.stderr
    );
    assert_ne!(first, second, "the new index is of the new spec");
    assert_eq!(
        out.errors(),
        [indent_continuations(
            "error: `GetTask` leaves `query.include_comments` of its operation unaccounted\n  \
             query.include_comments: boolean, optional — \"Also return the task's comments\" \
             (#/paths/~1boards~1{board_id}~1tasks~1{task_id}/get/parameters/0)\n\
             help: set it with a field       pub include_comments: Option<bool>,\n      \
             or omit it with a reason  omitted(\"query.include_comments\", reason = \
             \"<what a user loses, and why that is right>\"),"
        )],
        "{}",
        out.stderr
    );

    // Accounting for it makes the crate build again, against the new index.
    c.write(
        "src/lib.rs",
        &GET_TASK.replace(
            "    pub task_id: i64,\n",
            "    pub task_id: i64,\n    pub include_comments: Option<bool>,\n",
        ),
    );
    c.check().assert_ok("GetTask with the new parameter");
}

/// A monitor tool whose structs account for every property of `openapi/nested.yaml`'s
/// `CreateMonitor` body, at every depth.
const CREATE_MONITOR: &str = r#"use catalog::tool;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Alerts {
    pub email: Option<String>,
    pub slack: Option<Vec<Slack>>,
    pub escalation: Option<serde_json::Value>,
}

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
#[object(omitted("secret", reason = "webhook secrets are set by a person in the dashboard, never by an agent"))]
pub struct Slack {
    pub channel: String,
    pub mention: Option<String>,
}

/// Create a monitor.
#[tool(operation = "CreateMonitor")]
pub struct CreateMonitor {
    pub name: String,
    pub alerts: Option<Alerts>,
}
"#;

#[test]
fn a_new_spec_version_adding_a_nested_property_fails_naming_it() {
    let c = TempCrate::new("spec-update-nested");
    let v1 = std::fs::read_to_string(support::workspace_root().join("openapi/nested.yaml"))
        .expect("read openapi/nested.yaml");
    c.write("openapi/nested.yaml", &v1);
    c.build_rs("openapi/nested.yaml");
    let tool = CREATE_MONITOR;
    c.write("src/lib.rs", tool);
    c.check()
        .assert_ok("CreateMonitor against the unchanged spec");

    // The next version: each Slack alert gains an optional `thread` property, three levels
    // down (body property `alerts`, its `slack` array, each element).
    let anchor = "                  mention: {type: string}\n";
    assert_eq!(v1.matches(anchor).count(), 1);
    let v2 = v1.replace(
        anchor,
        &format!(
            "{anchor}                  thread: {{type: string, description: Reply in a thread}}\n"
        ),
    );
    c.write("openapi/nested.yaml", &v2);
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.error_lines(),
        [
            "error[E0277]: `Slack` has no field for `thread`, a property the body property \
          `alerts.slack[]` of `CreateMonitor` declares"
        ],
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(
            "an agent's `thread` would be accepted and then lost: add to `Slack`: \
             `pub thread: Option<String>,`, or omit it on the struct: \
             `#[object(omitted(\"thread\", reason = \"<what a user loses, and why that is right>\"))]`"
        ),
        "{}",
        out.stderr
    );

    // Accounting for it makes the crate build again.
    c.write(
        "src/lib.rs",
        &tool.replace(
            "    pub mention: Option<String>,\n",
            "    pub mention: Option<String>,\n    pub thread: Option<String>,\n",
        ),
    );
    c.check()
        .assert_ok("CreateMonitor with the new nested property");
}

/// A route tool whose map of targets is typed with a struct for `openapi/nested.yaml`'s
/// `Target`, every property accounted for.
const CREATE_ROUTE: &str = r#"use catalog::tool;
use std::collections::BTreeMap;

#[derive(serde::Serialize, serde::Deserialize, catalog::Object)]
pub struct Target {
    pub url: String,
    pub weight: Option<i64>,
    pub health: Option<serde_json::Value>,
}

/// Create a route.
#[tool(operation = "CreateRoute")]
pub struct CreateRoute {
    pub name: String,
    pub policy: Option<serde_json::Value>,
    pub targets: Option<BTreeMap<String, Target>>,
}
"#;

#[test]
fn a_new_spec_version_adding_a_property_to_a_map_s_values_fails_naming_it() {
    let c = TempCrate::new("spec-update-map-values");
    let v1 = std::fs::read_to_string(support::workspace_root().join("openapi/nested.yaml"))
        .expect("read openapi/nested.yaml");
    c.write("openapi/nested.yaml", &v1);
    c.build_rs("openapi/nested.yaml");
    c.write("src/lib.rs", CREATE_ROUTE);
    c.check()
        .assert_ok("CreateRoute against the unchanged spec");

    // The next version: each target (a value of the `targets` map) gains an optional `zone`.
    let anchor = "        weight: {type: integer, minimum: 0}\n";
    assert_eq!(v1.matches(anchor).count(), 1);
    let v2 = v1.replace(
        anchor,
        &format!("{anchor}        zone: {{type: string, description: Where the target runs}}\n"),
    );
    c.write("openapi/nested.yaml", &v2);
    let out = c.check();
    assert!(!out.success);
    assert_eq!(
        out.error_lines(),
        [
            "error[E0277]: `Target` has no field for `zone`, a property the body property \
             `targets{}` of `CreateRoute` declares"
        ],
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(
            "an agent's `zone` would be accepted and then lost: add to `Target`: \
             `pub zone: Option<String>,`, or omit it on the struct: \
             `#[object(omitted(\"zone\", reason = \"<what a user loses, and why that is right>\"))]`"
        ),
        "{}",
        out.stderr
    );

    // Accounting for it makes the crate build again.
    c.write(
        "src/lib.rs",
        &CREATE_ROUTE.replace(
            "    pub weight: Option<i64>,\n",
            "    pub weight: Option<i64>,\n    pub zone: Option<String>,\n",
        ),
    );
    c.check()
        .assert_ok("CreateRoute with the new property of the map's values");
}
