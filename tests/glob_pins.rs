//! Glob pins on a temporary tool crate (see `support`): the first build records what each glob
//! omits in `catalog.lock`; a spec copy that adds a parameter under a glob, or drops one it
//! covered, fails naming the parameter, the glob and the command that accepts it; that command
//! makes the build pass and changes the lock file by exactly that parameter; an edit of the lock
//! file re-expands the tools; `CATALOG_PINS=check` writes nothing and refuses a missing pin.

mod support;

use support::TempCrate;

/// The two tests share the temporary crates' target directory, and each crate's build script
/// runs again whenever `CATALOG_PINS` changes (the facade's no longer does: it indexes nothing
/// for a dependent). One at a time, so that each test's cargo runs see only its own changes.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

const LIST_TASKS: &str = r#"use catalog::tool;

/// List the tasks of a board.
#[tool(
    operation = "ListTasks",
    omitted("query.*", reason = "filters an agent does not need: it pages through the whole board and picks the tasks itself"),
    omitted("header.*", reason = "request correlation is for the server's operators; an agent's calls need none"),
)]
pub struct ListTasks {
    pub board_id: String,
    pub page: Option<i32>,
    pub per_page: Option<i32>,
}
"#;

/// The lock file the first build writes, from its header on.
const PINNED: &str = "
[[glob]]
tool = \"ListTasks\"
operation = \"ListTasks\"
glob = \"header.*\"
covers = [
    \"header.X-Request-Id\",
]

[[glob]]
tool = \"ListTasks\"
operation = \"ListTasks\"
glob = \"query.*\"
covers = [
    \"query.assignee\",
    \"query.label\",
    \"query.status\",
]
";

/// The lock file's pins, without its comment header.
fn pins_of(lock: &str) -> &str {
    let at = lock.find("\n[[glob]]").expect("the lock file has a pin");
    &lock[at..]
}

/// The taskboard spec, and where a new query parameter of `ListTasks` goes.
fn spec() -> (String, &'static str) {
    let v1 = std::fs::read_to_string(support::workspace_root().join("openapi/taskboard.yaml"))
        .expect("read openapi/taskboard.yaml");
    let anchor = "      summary: List the tasks of a board\n      parameters:\n";
    assert_eq!(v1.matches(anchor).count(), 1);
    (v1, anchor)
}

#[test]
fn a_glob_s_coverage_is_pinned_and_a_spec_change_under_it_fails_until_accepted() {
    let _serial = serial();
    let c = TempCrate::new("glob-pins");
    let (v1, anchor) = spec();
    c.write("openapi/taskboard.yaml", &v1);
    c.build_rs("openapi/taskboard.yaml");
    c.write("src/lib.rs", LIST_TASKS);

    // The first build needs no extra step: it records what each glob omits.
    c.check().assert_ok("ListTasks against the unchanged spec");
    let lock = c.read("catalog.lock");
    assert_eq!(pins_of(&lock), PINNED, "{lock}");
    assert!(
        lock.starts_with("# catalog.lock: the parameters each glob"),
        "{lock}"
    );
    // CI's mode passes on the committed pins, and writes nothing.
    c.check_pins(Some("check"))
        .assert_ok("CATALOG_PINS=check with the pins up to date");
    assert_eq!(c.read("catalog.lock"), lock);

    // The next release of the spec adds a filter under `query.*`.
    let v2 = v1.replace(
        anchor,
        &format!(
            "{anchor}        - name: due_before\n          in: query\n          description: Only \
             tasks due before this date\n          schema:\n            type: string\n"
        ),
    );
    c.write("openapi/taskboard.yaml", &v2);
    let out = c.check();
    assert!(!out.success, "{}", out.stderr);
    assert_eq!(
        out.error_lines(),
        [
            "error: the spec changed what `query.*` of `ListTasks` covers since catalog.lock \
             pinned it: it now also omits `query.due_before` (no agent can send it; give it a \
             field to send it); after review, accept the change with \
             `CATALOG_PINS=accept cargo build`"
        ],
        "{}",
        out.stderr
    );
    // At the glob: `omitted("query.*"` is line 6, its literal from column 13.
    assert!(out.stderr.contains("--> src/lib.rs:6:13"), "{}", out.stderr);
    assert_eq!(
        c.read("catalog.lock"),
        lock,
        "a failed build leaves the pins"
    );

    // The one command accepts it; the lock file's diff is that one parameter.
    c.check_pins(Some("accept"))
        .assert_ok("CATALOG_PINS=accept after the new filter");
    let accepted = c.read("catalog.lock");
    assert_eq!(
        accepted,
        lock.replace(
            "    \"query.assignee\",\n",
            "    \"query.assignee\",\n    \"query.due_before\",\n"
        )
    );
    c.check().assert_ok("the accepted pins");
    c.check_pins(Some("check"))
        .assert_ok("CATALOG_PINS=check after accepting");

    // A release that drops a filter the glob covered fails too, naming it.
    let v3 = v2.replace(
        "        - name: assignee\n          in: query\n          description: Only tasks \
         assigned to this user\n          schema:\n            type: string\n            \
         nullable: true\n",
        "",
    );
    assert_ne!(v3, v2);
    c.write("openapi/taskboard.yaml", &v3);
    let out = c.check();
    assert_eq!(
        out.error_lines(),
        [
            "error: the spec changed what `query.*` of `ListTasks` covers since catalog.lock \
             pinned it: `query.assignee`, which it covered, is no longer a parameter of \
             `ListTasks`; after review, accept the change with `CATALOG_PINS=accept cargo build`"
        ],
        "{}",
        out.stderr
    );
    c.check_pins(Some("accept"))
        .assert_ok("CATALOG_PINS=accept after the dropped filter");
    assert_eq!(
        c.read("catalog.lock"),
        accepted.replace("    \"query.assignee\",\n", "")
    );
}

#[test]
fn an_edited_lock_file_re_expands_the_tools_and_check_mode_writes_nothing() {
    let _serial = serial();
    let c = TempCrate::new("glob-pins-edited");
    let (v1, _) = spec();
    c.write("openapi/taskboard.yaml", &v1);
    c.build_rs("openapi/taskboard.yaml");
    c.write("src/lib.rs", LIST_TASKS);
    c.check().assert_ok("ListTasks, pins recorded");
    let lock = c.read("catalog.lock");
    // The build that recorded the pins wrote the lock file while it ran, and cargo checks
    // again a file written after its last build started: one more build settles it. After
    // that an unchanged crate is fresh, so only tracking the lock file can make the edit
    // below re-expand the tool.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    c.check().assert_ok("ListTasks, after recording");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let fresh = c.check();
    fresh.assert_ok("ListTasks, unchanged");
    assert!(
        !fresh.stderr.contains("Checking") && !fresh.stderr.contains("Compiling"),
        "an unchanged crate was checked again:\n{}",
        fresh.stderr
    );

    // Nothing but the lock file changes: cargo re-expands the tool, which reads the edit.
    c.write("catalog.lock", &lock.replace("    \"query.label\",\n", ""));
    let out = c.check();
    assert_eq!(
        out.error_lines(),
        [
            "error: the spec changed what `query.*` of `ListTasks` covers since catalog.lock \
             pinned it: it now also omits `query.label` (no agent can send it; give it a field \
             to send it); after review, accept the change with `CATALOG_PINS=accept cargo build`"
        ],
        "{}",
        out.stderr
    );

    // CI's mode refuses a glob with no pin, and writes none.
    c.remove("catalog.lock");
    let out = c.check_pins(Some("check"));
    assert_eq!(
        out.error_lines(),
        [
            "error: `query.*` of `ListTasks` has no pin in catalog.lock (CATALOG_PINS=check \
             writes none): build once without CATALOG_PINS to record what it covers, review \
             and commit catalog.lock",
            "error: `header.*` of `ListTasks` has no pin in catalog.lock (CATALOG_PINS=check \
             writes none): build once without CATALOG_PINS to record what it covers, review \
             and commit catalog.lock",
        ],
        "{}",
        out.stderr
    );
    assert!(!c.dir.join("catalog.lock").exists());

    // A mode the build does not know is refused, with the ones it does.
    let out = c.check_pins(Some("update"));
    assert_eq!(
        out.error_lines(),
        [
            "error: CATALOG_PINS=`update` is not a pin mode: use `check` (write nothing, fail \
             on any difference from catalog.lock) or `accept` (pin what each glob covers now, \
             after review), or leave it unset"
        ],
        "{}",
        out.stderr
    );
}
