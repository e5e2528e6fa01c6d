use super::*;
use crate::check::declared::{DeclaredOmitted, Reason};
use crate::check::reconcile::reconcile;
use serde_json::{Value, json};

const REASON: &str = "filters an agent does not need to find a device; it lists by name and site";

fn param(name: &str) -> Value {
    json!({
        "location": "query",
        "name": name,
        "required": false,
        "schema": {"type": "string"},
        "style": "form",
        "pointer": format!("#/x/{name}"),
    })
}

fn operation(params: &[&str]) -> Operation {
    serde_json::from_value(json!({
        "id": "ListDevices",
        "method": "GET",
        "path": "/devices",
        "pointer": "#/paths/~1devices/get",
        "spec": {"stem": "s", "title": "S", "version": "1", "openapi": "3.0.0", "hash": "0"},
        "params": params.iter().map(|p| param(p)).collect::<Vec<_>>(),
    }))
    .expect("a valid Operation")
}

/// A tool that omits `query.*` (site 1), and sets each of `fields` by a field.
fn declared(globs: &[&str]) -> Declared {
    Declared {
        omitted: globs
            .iter()
            .enumerate()
            .map(|(i, g)| DeclaredOmitted {
                keeps: None,
                pattern: g.to_string(),
                site: i + 1,
                clears: None,
                reason: Reason {
                    text: REASON.into(),
                    site: 100 + i,
                },
            })
            .collect(),
        operation_site: 0,
        tool: "ListDevices".into(),
        ..Default::default()
    }
}

/// The pins after one build of a tool omitting `globs` from an operation with `params`.
fn run(pins: &Pins, params: &[&str], globs: &[&str], mode: Mode) -> PinCheck {
    let op = operation(params);
    let d = declared(globs);
    let r = reconcile(&op, &d);
    assert_eq!(r.findings, [], "the tool itself is correct");
    check_pins(pins, "ListDevices", &op, &d, &r.accounting, mode)
}

/// The pins `out` leaves behind when it changes them: what the macro writes.
fn updated(pins: &Pins, out: &PinCheck) -> Option<Pins> {
    let mut next = pins.clone();
    next.apply(out.changes.clone()).then_some(next)
}

fn key(glob: &str) -> PinKey {
    PinKey {
        tool: "ListDevices".into(),
        operation: "ListDevices".into(),
        glob: glob.into(),
    }
}

fn pinned(covers: &[&str]) -> Pins {
    let mut pins = Pins::default();
    pins.insert(
        key("query.*"),
        covers.iter().map(|c| c.to_string()).collect(),
    );
    pins
}

#[test]
fn a_new_glob_is_recorded_with_what_it_covers() {
    let out = run(
        &Pins::default(),
        &["site", "name"],
        &["query.*"],
        Mode::Record,
    );
    assert_eq!(out.findings, []);
    assert_eq!(
        updated(&Pins::default(), &out),
        Some(pinned(&["query.name", "query.site"]))
    );
}

#[test]
fn an_unchanged_glob_writes_nothing() {
    let pins = pinned(&["query.name", "query.site"]);
    for mode in [Mode::Record, Mode::Check, Mode::Accept] {
        let out = run(&pins, &["site", "name"], &["query.*"], mode);
        assert_eq!(out.findings, [], "{mode:?}");
        assert_eq!(out.changes, PinChanges::default(), "{mode:?}");
    }
}

#[test]
fn a_parameter_the_spec_adds_under_a_glob_fails_naming_it_and_the_glob() {
    let pins = pinned(&["query.name", "query.site"]);
    let out = run(
        &pins,
        &["site", "name", "airflow"],
        &["query.*"],
        Mode::Record,
    );
    assert_eq!(
        out.findings,
        [Finding::at(
            1,
            "the spec changed what `query.*` of `ListDevices` covers since catalog.lock pinned \
             it: it now also omits `query.airflow` (no agent can send it; give it a field to \
             send it); after review, accept the change with `CATALOG_PINS=accept cargo build`"
        )]
    );
    assert_eq!(
        out.changes,
        PinChanges::default(),
        "a moved pin is not rewritten without accept"
    );
}

#[test]
fn a_pinned_parameter_the_spec_drops_fails_naming_it() {
    let pins = pinned(&["query.name", "query.rack", "query.site"]);
    let out = run(&pins, &["site", "name"], &["query.*"], Mode::Record);
    assert_eq!(
        out.findings,
        [Finding::at(
            1,
            "the spec changed what `query.*` of `ListDevices` covers since catalog.lock pinned \
             it: `query.rack`, which it covered, is no longer a parameter of `ListDevices`; \
             after review, accept the change with `CATALOG_PINS=accept cargo build`"
        )]
    );
}

#[test]
fn accept_pins_what_the_glob_covers_now() {
    let pins = pinned(&["query.name", "query.rack"]);
    let out = run(&pins, &["site", "name"], &["query.*"], Mode::Accept);
    assert_eq!(out.findings, []);
    assert_eq!(
        updated(&pins, &out),
        Some(pinned(&["query.name", "query.site"]))
    );
}

#[test]
fn check_mode_writes_nothing_and_refuses_a_missing_pin() {
    let out = run(&Pins::default(), &["site"], &["query.*"], Mode::Check);
    assert_eq!(
        out.findings,
        [Finding::at(
            1,
            "`query.*` of `ListDevices` has no pin in catalog.lock (CATALOG_PINS=check writes \
             none): build once without CATALOG_PINS to record what it covers, review and commit \
             catalog.lock"
        )]
    );
    assert_eq!(out.changes, PinChanges::default());
}

#[test]
fn a_parameter_the_tool_now_sets_itself_updates_the_pin_without_an_error() {
    let pins = pinned(&["query.name", "query.site"]);
    let op = operation(&["site", "name"]);
    let mut d = declared(&["query.*"]);
    d.fixed.push(crate::check::declared::DeclaredFixed {
        param: "query.name".into(),
        site: 50,
        value: json!("core-1"),
        value_site: 51,
        reason: Reason {
            text: "the tool lists only the core switch, which the agent operates".into(),
            site: 52,
        },
    });
    let r = reconcile(&op, &d);
    assert_eq!(r.findings, []);
    let out = check_pins(&pins, "ListDevices", &op, &d, &r.accounting, Mode::Record);
    assert_eq!(out.findings, []);
    assert_eq!(updated(&pins, &out), Some(pinned(&["query.site"])));
    let out = check_pins(&pins, "ListDevices", &op, &d, &r.accounting, Mode::Check);
    assert_eq!(
        out.findings,
        [Finding::at(
            1,
            "catalog.lock is out of date for `query.*` of `ListDevices`: the tool now accounts \
             for `query.name` otherwise; build once without CATALOG_PINS to update the pin, and \
             commit catalog.lock"
        )]
    );
}

#[test]
fn the_pin_of_a_glob_the_tool_dropped_is_removed() {
    let mut pins = pinned(&["query.name", "query.site"]);
    pins.insert(key("query.s*"), vec!["query.site".into()]);
    let out = run(&pins, &["site", "name"], &["query.*"], Mode::Record);
    assert_eq!(out.findings, []);
    assert_eq!(
        updated(&pins, &out),
        Some(pinned(&["query.name", "query.site"]))
    );
    let out = run(&pins, &["site", "name"], &["query.*"], Mode::Check);
    assert_eq!(
        out.findings,
        [Finding::at(
            0,
            "catalog.lock pins `query.s*` of `ListDevices`, which the tool no longer declares; \
             build once without CATALOG_PINS to drop the pin, and commit catalog.lock"
        )]
    );
}

#[test]
fn the_lock_file_round_trips_sorted() {
    let mut pins = pinned(&["query.site", "query.name"]);
    pins.insert(
        PinKey {
            tool: "AddDevice".into(),
            operation: "POST /devices".into(),
            glob: "header.x-*".into(),
        },
        vec!["header.x-b".into(), "header.x-a".into()],
    );
    let text = pins.render();
    assert!(text.ends_with(
        "\n[[glob]]\ntool = \"AddDevice\"\noperation = \"POST /devices\"\nglob = \"header.x-*\"\n\
         covers = [\n    \"header.x-a\",\n    \"header.x-b\",\n]\n\
         \n[[glob]]\ntool = \"ListDevices\"\noperation = \"ListDevices\"\nglob = \"query.*\"\n\
         covers = [\n    \"query.name\",\n    \"query.site\",\n]\n"
    ));
    assert!(text.starts_with("# catalog.lock: "));
    assert_eq!(
        Pins::parse(&text).expect("the rendered text reads back"),
        pins
    );
}

#[test]
fn an_unreadable_line_is_named_with_its_number_and_text() {
    let text = "[[glob]]\ntool = \"T\"\noperation = \"Op\"\nglob = \"query.*\"\ncovers = [\n    query.a,\n]\n";
    let e = Pins::parse(text).expect_err("an unquoted address");
    assert!(
        matches!(&e, PinsError::Line { line: 6, text } if text == "query.a,"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "catalog.lock line 6 cannot be read: `query.a,`; restore the file from version \
         control, or delete it and build again to record every glob anew"
    );
    // A key before any [[glob]], and a key no glob has, are unreadable lines too.
    let e = Pins::parse("tool = \"T\"\n").expect_err("no [[glob]] yet");
    assert!(matches!(&e, PinsError::Line { line: 1, .. }), "{e:?}");
    let e = Pins::parse("[[glob]]\n\n  colour = \"red\"\n").expect_err("no such key");
    assert!(
        matches!(&e, PinsError::Line { line: 3, text } if text == "colour = \"red\""),
        "{e:?}"
    );
    // `covers` opens a list; a single text there is no list.
    let text = "[[glob]]\ntool = \"T\"\noperation = \"Op\"\nglob = \"q.*\"\ncovers = \"q.a\"\n";
    let e = Pins::parse(text).expect_err("covers is not a list");
    assert!(
        matches!(&e, PinsError::Line { line: 5, text } if text == "covers = \"q.a\""),
        "{e:?}"
    );
}

#[test]
fn pins_are_empty_until_one_is_inserted() {
    let mut pins = Pins::default();
    assert!(pins.is_empty());
    pins.insert(
        PinKey {
            tool: "T".into(),
            operation: "Op".into(),
            glob: "q.*".into(),
        },
        vec!["q.a".into()],
    );
    assert!(!pins.is_empty());
}

#[test]
fn a_glob_without_its_three_names_is_named_by_its_line() {
    let e = Pins::parse("[[glob]]\ntool = \"T\"\ncovers = [\n]\n").expect_err("no operation");
    assert!(matches!(e, PinsError::Incomplete { line: 1 }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "catalog.lock line 1: a [[glob]] needs `tool`, `operation` and `glob`"
    );
}

#[test]
fn a_file_ending_inside_covers_is_refused() {
    let text =
        "[[glob]]\ntool = \"T\"\noperation = \"Op\"\nglob = \"q.*\"\ncovers = [\n  \"q.a\",\n";
    let e = Pins::parse(text).expect_err("covers is not closed");
    assert!(matches!(e, PinsError::Unclosed), "{e:?}");
    assert_eq!(e.to_string(), "catalog.lock ends inside a `covers` list");
}

/// A fresh directory for one test.
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("catalog-pins-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn a_missing_lock_file_is_no_pins_and_an_unreadable_one_is_an_error_naming_it() {
    let dir = scratch("read");
    let missing = read(&dir.join(LOCK_FILE)).expect("a missing file is no pins");
    assert!(missing.is_empty());
    // A directory where the file should be cannot be read as one.
    let e = read(&dir).expect_err("a directory is no lock file");
    let PinsError::Read { path, error } = &e else {
        panic!("not a read error: {e:?}");
    };
    assert_eq!(path, &dir);
    assert_eq!(error.kind(), std::io::ErrorKind::IsADirectory);
    assert_eq!(
        e.to_string(),
        format!("cannot read {}: {error}", dir.display())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lock_file_that_cannot_be_written_says_how_to_build_without_writing() {
    let dir = scratch("write");
    let path = dir.join("gone").join(LOCK_FILE);
    let e = write(&path, &pinned(&["query.a"])).expect_err("no such directory");
    let PinsError::Write { path: at, error } = &e else {
        panic!("not a write error: {e:?}");
    };
    assert_eq!(at, &path);
    assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
    assert_eq!(
        e.to_string(),
        format!(
            "cannot write {}: {error}; make it writable, or set CATALOG_PINS=check to build \
             without writing it",
            path.display()
        )
    );
    // Where it can be written, what is written reads back.
    let path = dir.join(LOCK_FILE);
    write(&path, &pinned(&["query.a"])).expect("written");
    assert_eq!(read(&path).expect("read back"), pinned(&["query.a"]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_mode_comes_from_catalog_pins() {
    for (value, mode) in [
        (None, Mode::Record),
        (Some(""), Mode::Record),
        (Some("check"), Mode::Check),
        (Some("accept"), Mode::Accept),
    ] {
        assert_eq!(Mode::from_var(value).expect("a mode"), mode, "{value:?}");
    }
    let e = Mode::from_var(Some("yes")).expect_err("not a mode");
    assert!(matches!(&e, PinsError::Mode(v) if v == "yes"), "{e:?}");
    assert_eq!(
        e.to_string(),
        "CATALOG_PINS=`yes` is not a pin mode: use `check` (write nothing, fail on any \
         difference from catalog.lock) or `accept` (pin what each glob covers now, after \
         review), or leave it unset"
    );
}

#[test]
fn a_tool_sets_and_removes_only_its_own_pins() {
    let other = PinKey {
        tool: "ListSites".into(),
        operation: "ListSites".into(),
        glob: "query.*".into(),
    };
    let mut pins = pinned(&["query.name", "query.site"]);
    pins.insert(key("query.n*"), vec!["query.name".into()]);
    pins.insert(other.clone(), vec!["query.slug".into()]);
    let out = run(&pins, &["site", "name"], &["query.*"], Mode::Record);
    assert_eq!(out.findings, []);
    assert!(!out.changes.is_empty(), "the dropped glob's pin to remove");
    let mut expected = pinned(&["query.name", "query.site"]);
    expected.insert(other, vec!["query.slug".into()]);
    assert_eq!(updated(&pins, &out), Some(expected));
}
