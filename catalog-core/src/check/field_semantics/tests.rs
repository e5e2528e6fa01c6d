//! Each per-property declaration over a replace (PUT), a merge (PATCH), a POST that says
//! neither and a read: what lands on the row, and each misuse's finding at its site.

use crate::check::declared::{Declared, DeclaredField, DeclaredOmitted, Reason};
use crate::check::tool::check_tool;
use crate::check::types::RustType;
use crate::model::{Absent, Accounted, Operation};
use crate::spec::normalize::normalize;
use serde_json::json;

const REASON: &str = "the schedule file is chosen by the operator who set up the channel";

/// `method /playouts/{id}` with an optional `schedule_file`, `daily_rebuild_time` and
/// `item_ids` (an array), and a required `name`, in the body.
fn playout(method: &str) -> Operation {
    let ok = json!({"200": {"description": "ok"}});
    let body = json!({"content": {"application/json": {"schema": {"type": "object",
    "required": ["name"],
    "properties": {
        "name": {"type": "string"},
        "schedule_file": {"type": "string"},
        "daily_rebuild_time": {"type": "string"},
        "item_ids": {"type": "array", "items": {"type": "integer"}}
    }}}}});
    let operation = json!({"operationId": "Write", "responses": ok, "requestBody": body,
    "parameters": [
        {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
        {"name": "trace", "in": "query", "schema": {"type": "string"}}
    ]});
    let mut doc = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/playouts/{id}": {}}
    });
    doc["paths"]["/playouts/{id}"][method] = operation;
    let n = normalize(&doc);
    n.inlined(&n.operations[0])
}

fn optional(ty: RustType) -> RustType {
    RustType::Option(Box::new(ty))
}

fn field(ident: &str, ty: RustType, site: usize) -> DeclaredField {
    DeclaredField {
        ident: ident.into(),
        site,
        ty_site: site,
        ty,
        param: None,
        rename: None,
        undocumented: None,
        wire_type: None,
        narrowed: None,
        family: None,
        doc: None,
        keys: Default::default(),
        absent: None,
        appends: None,
    }
}

fn omitted(pattern: &str, site: usize) -> DeclaredOmitted {
    DeclaredOmitted {
        pattern: pattern.into(),
        site,
        clears: None,
        keeps: None,
        reason: Reason {
            text: REASON.into(),
            site: site + 100,
        },
    }
}

/// A tool `Write` setting every parameter of [`playout`] but `omit`, which it omits (site 20,
/// `clears` at 21 when `clears`).
fn declared(omit: &str, clears: bool) -> Declared {
    let fields = [
        ("id", RustType::String),
        ("trace", optional(RustType::String)),
        ("name", RustType::String),
        ("schedule_file", optional(RustType::String)),
        ("daily_rebuild_time", optional(RustType::String)),
        (
            "item_ids",
            optional(RustType::Vec(Box::new(RustType::Int {
                signed: true,
                bits: 64,
            }))),
        ),
    ];
    let mut d = Declared {
        operation: "Write".into(),
        tool: "Write".into(),
        fields: fields
            .into_iter()
            .enumerate()
            .filter(|(_, (ident, _))| !omit.ends_with(&format!(".{ident}")))
            .map(|(i, (ident, ty))| field(ident, ty, i + 1))
            .collect(),
        ..Default::default()
    };
    if !omit.is_empty() {
        let mut o = omitted(omit, 20);
        o.clears = clears.then_some(21);
        d.omitted.push(o);
    }
    d
}

fn set(d: &mut Declared, ident: &str, absent: Option<&str>, appends: bool) {
    let f = d.fields.iter_mut().find(|f| f.ident == ident).expect(ident);
    f.absent = absent.map(|a| (a.to_string(), 30));
    f.appends = appends.then_some(31);
}

fn row<'a>(accounting: &'a [Accounted], name: &str) -> &'a Accounted {
    accounting
        .iter()
        .find(|r| r.param.name == name)
        .expect(name)
}

/// The findings' (site, message) of checking `d` over `op`.
fn findings(op: Operation, d: &Declared) -> Vec<(usize, String)> {
    check_tool(op, d, None)
        .findings
        .into_iter()
        .map(|f| (f.site, f.message))
        .collect()
}

#[test]
fn a_field_that_differs_from_the_tools_semantics_lands_on_its_row() {
    // A merge whose server clears `daily_rebuild_time` when a call leaves it out.
    let mut d = declared("", false);
    set(&mut d, "daily_rebuild_time", Some("clears"), false);
    let checked = check_tool(playout("patch"), &d, None);
    assert_eq!(checked.findings, []);
    let rows = &checked.operation.accounting;
    assert_eq!(row(rows, "daily_rebuild_time").absent, Some(Absent::Clears));
    assert_eq!(row(rows, "schedule_file").absent, None);

    // A full replace whose server keeps `schedule_file` when a call leaves it out, and adds
    // the `item_ids` sent to its own.
    let mut d = declared("", false);
    set(&mut d, "schedule_file", Some("keeps"), false);
    set(&mut d, "item_ids", None, true);
    let checked = check_tool(playout("put"), &d, None);
    assert_eq!(checked.findings, []);
    let rows = &checked.operation.accounting;
    assert_eq!(row(rows, "schedule_file").absent, Some(Absent::Keeps));
    assert!(row(rows, "item_ids").appends);
    assert!(!row(rows, "name").appends);
}

#[test]
fn a_field_that_says_what_the_tools_semantics_say_is_refused() {
    let mut d = declared("", false);
    set(&mut d, "schedule_file", Some("clears"), false);
    assert_eq!(
        findings(playout("put"), &d),
        [(
            30,
            "`Write` is a full replace: leaving `schedule_file` out clears it already; remove \
             `absent = \"clears\"`"
                .to_string()
        )]
    );
    let mut d = declared("", false);
    set(&mut d, "schedule_file", Some("keeps"), false);
    assert_eq!(
        findings(playout("patch"), &d),
        [(
            30,
            "`Write` merges: leaving `schedule_file` out keeps it already; remove \
             `absent = \"keeps\"`"
                .to_string()
        )]
    );
}

#[test]
fn absent_is_refused_off_the_body_on_what_is_always_sent_and_without_semantics() {
    let messages = |method: &str, ident: &str, absent: &str| {
        let mut d = declared("", false);
        set(&mut d, ident, Some(absent), false);
        findings(playout(method), &d)
            .into_iter()
            .map(|(site, m)| {
                assert_eq!(site, 30);
                m
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        messages("put", "trace", "keeps"),
        [
            "`absent` says what leaving a body property out does to it, and `trace` sets \
          `query.trace`, which is not in the body; remove `absent`"
        ]
    );
    assert_eq!(
        messages("put", "name", "keeps"),
        [
            "every call sends `name` (the spec requires it), so it is never left out; remove \
          `absent`"
        ]
    );
    assert_eq!(
        messages("post", "schedule_file", "keeps"),
        [
            "`absent` says where a body property differs from the tool's semantics, and `Write` \
          (POST) declares none\n\
          help: declare what the server does to the body properties a call leaves out, \
          `semantics = \"merge\"` or `semantics = \"full-replace\"`, or remove `absent`"
        ]
    );
    assert_eq!(
        messages("put", "schedule_file", "kept"),
        [
            "unknown `absent` value `kept`; expected \"keeps\" (leaving `schedule_file` out keeps \
          the server's value) or \"clears\" (leaving it out clears it)"
        ]
    );
}

#[test]
fn appends_is_refused_on_what_is_not_an_array_of_the_body() {
    let messages = |method: &str, ident: &str| {
        let mut d = declared("", false);
        set(&mut d, ident, None, true);
        findings(playout(method), &d)
            .into_iter()
            .map(|(_, m)| m)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        messages("post", "schedule_file"),
        [
            "`appends` says the server adds the items sent to the ones it has, and \
          `body.schedule_file` is typed string, not an array; remove it"
        ]
    );
    assert_eq!(
        messages("post", "trace"),
        [
            "`appends` says the server adds the items of a body property to the ones it has, and \
          `trace` sets `query.trace`, which is not in the body; remove it"
        ]
    );
    // On a POST without semantics, appends is what sending does: accepted.
    assert_eq!(messages("post", "item_ids"), Vec::<String>::new());
}

#[test]
fn an_omission_keeps_on_a_full_replace_and_clears_on_a_merge() {
    let mut d = declared("body.schedule_file", false);
    d.omitted[0].keeps = Some(21);
    let checked = check_tool(playout("put"), &d, None);
    assert_eq!(checked.findings, []);
    let keeps = row(&checked.operation.accounting, "schedule_file");
    assert_eq!(keeps.absent, Some(Absent::Keeps));

    let d = declared("body.daily_rebuild_time", true);
    let checked = check_tool(playout("patch"), &d, None);
    assert_eq!(checked.findings, []);
    let clears = row(&checked.operation.accounting, "daily_rebuild_time");
    assert_eq!(clears.absent, Some(Absent::Clears));

    // `clears` on a full replace is the rule itself: the row says nothing more.
    let d = declared("body.daily_rebuild_time", true);
    let checked = check_tool(playout("put"), &d, None);
    assert_eq!(checked.findings, []);
    assert_eq!(
        row(&checked.operation.accounting, "daily_rebuild_time").absent,
        None
    );
}

#[test]
fn keeps_is_refused_beside_clears_off_the_body_on_a_merge_and_without_semantics() {
    let messages = |method: &str, omit: &str, clears: bool| {
        let mut d = declared(omit, clears);
        d.omitted[0].keeps = Some(22);
        findings(playout(method), &d)
    };
    assert_eq!(
        messages("put", "body.schedule_file", true),
        [(
            22,
            "`keeps` and `clears` say opposite things of `body.schedule_file`; keep the one the \
             server does"
                .to_string()
        )]
    );
    assert_eq!(
        messages("put", "query.trace", false),
        [(
            22,
            "`query.trace` is not a body property, so no write clears it; remove `keeps`"
                .to_string()
        )]
    );
    assert_eq!(
        messages("patch", "body.schedule_file", false),
        [(
            22,
            "`Write` merges: the server keeps `body.schedule_file` already; remove `keeps`"
                .to_string()
        )]
    );
    // A glob: refused as such, not also as a glob over the body of a full replace.
    let mut d = declared("", false);
    let mut glob = omitted("body.s*", 20);
    glob.keeps = Some(22);
    d.omitted.push(glob);
    d.fields.retain(|f| f.ident != "schedule_file");
    assert_eq!(
        findings(playout("put"), &d),
        [(
            22,
            "`keeps` is stated property by property: replace `body.s*` with one \
             `omitted(\"body.<name>\", keeps, reason = \"...\")` per body property the server \
             keeps"
                .to_string()
        )]
    );
    let post = messages("post", "body.schedule_file", false);
    assert_eq!(post.len(), 1, "{post:?}");
    assert!(
        post[0].1.contains("`Write` (POST) declares none"),
        "{post:?}"
    );
}

#[test]
fn clears_without_semantics_says_how_to_declare_a_merge() {
    let d = declared("body.daily_rebuild_time", true);
    assert_eq!(
        findings(playout("post"), &d),
        [(
            21,
            "`Write` declares no `semantics`, so `clears` on `body.daily_rebuild_time` is an \
             exception to no rule; remove it\n\
             help: if the server keeps every other body property a call leaves out, declare \
             `semantics = \"merge\"` and keep `clears` on this one"
                .to_string()
        )]
    );
}

#[test]
fn a_whole_array_body_appends() {
    let doc = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/collections/{id}/items": {"post": {"operationId": "Add",
            "responses": {"204": {"description": "added"}},
            "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}
            ],
            "requestBody": {"required": true, "content": {"application/json": {"schema":
                {"type": "array", "items": {"type": "integer"}}}}}}}}
    });
    let n = normalize(&doc);
    let op = n.inlined(&n.operations[0]);
    let mut body = field(
        "body",
        RustType::Vec(Box::new(RustType::Int {
            signed: true,
            bits: 64,
        })),
        2,
    );
    body.appends = Some(31);
    let d = Declared {
        operation: "Add".into(),
        tool: "Add".into(),
        fields: vec![field("id", RustType::String, 1), body],
        ..Default::default()
    };
    let checked = check_tool(op, &d, None);
    assert_eq!(checked.findings, []);
    assert!(checked.operation.accounting.iter().any(|r| r.appends));
}

#[test]
fn a_glob_over_the_body_of_a_full_replace_is_refused_once_listing_each_property_it_covers() {
    // `body.*_*` covers `schedule_file`, `daily_rebuild_time` and `item_ids`; the omission of
    // `query.trace` beside it is outside the body, which the rule leaves alone.
    let mut d = declared("", false);
    d.omitted.push(omitted("body.*_*", 20));
    d.omitted.push(omitted("query.trace", 25));
    d.fields.retain(|f| f.ident == "id" || f.ident == "name");
    let line = |name: &str| {
        format!(
            "      omitted(\"body.{name}\", clears, reason = \"<what a user loses, and why that \
             is right>\"),"
        )
    };
    assert_eq!(
        findings(playout("put"), &d),
        [(
            20,
            format!(
                "`Write` is a full replace, so `body.*_*` would clear on every call each body \
                 property it covers, and any a later release adds; name each one\n\
                 help: set them with fields, or state that each call clears them\n{}\n{}\n{}\n\
                 help: if the server keeps what a call does not send, the operation merges: \
                 declare it with `semantics = \"merge\"`",
                line("schedule_file"),
                line("daily_rebuild_time"),
                line("item_ids")
            )
        )]
    );
}

#[test]
fn clears_on_a_glob_or_off_the_body_is_refused_saying_what_to_write_instead() {
    // A glob over the query of a full replace: `clears` is said property by property.
    let mut d = declared("", false);
    let mut glob = omitted("query.t*", 20);
    glob.clears = Some(21);
    d.omitted.push(glob);
    d.fields.retain(|f| f.ident != "trace");
    assert_eq!(
        findings(playout("put"), &d),
        [(
            21,
            "`clears` is stated property by property: replace `query.t*` with one \
             `omitted(\"body.<name>\", clears, reason = \"...\")` per body property"
                .to_string()
        )]
    );
    // An exact parameter outside the body of a full replace.
    assert_eq!(
        findings(playout("put"), &declared("query.trace", true)),
        [(
            21,
            "`query.trace` is not in the body, so leaving it out clears nothing; remove `clears`"
                .to_string()
        )]
    );
    // A glob over the body of a merge.
    let mut d = declared("", false);
    let mut glob = omitted("body.s*", 20);
    glob.clears = Some(21);
    d.omitted.push(glob);
    d.fields.retain(|f| f.ident != "schedule_file");
    assert_eq!(
        findings(playout("patch"), &d),
        [(
            21,
            "`clears` is stated property by property: replace `body.s*` with one \
             `omitted(\"body.<name>\", clears, reason = \"...\")` per body property the server \
             clears"
                .to_string()
        )]
    );
}

#[test]
fn absent_on_an_undocumented_body_property_lands_on_its_row() {
    let mut d = declared("", false);
    let mut color = field("color", optional(RustType::String), 9);
    color.param = Some(("body.color".into(), 10));
    color.undocumented = Some((
        Reason {
            text: "api/serializers.py: PlayoutSerializer.color".into(),
            site: 11,
        },
        Reason {
            text: "the spec leaves out the colour the console shows".into(),
            site: 12,
        },
    ));
    color.absent = Some(("keeps".into(), 30));
    d.fields.push(color);
    let checked = check_tool(playout("put"), &d, None);
    assert_eq!(checked.findings, []);
    let rows = &checked.operation.accounting;
    assert_eq!(row(rows, "color").absent, Some(Absent::Keeps));
    assert_eq!(row(rows, "schedule_file").absent, None);
}

#[test]
fn a_redundant_absent_names_the_argument_as_the_agent_writes_it() {
    let mut d = declared("", false);
    set(&mut d, "schedule_file", Some("clears"), false);
    if let Some(f) = d.fields.iter_mut().find(|f| f.ident == "schedule_file") {
        f.rename = Some("schedule".into());
    }
    assert_eq!(
        findings(playout("put"), &d),
        [(
            30,
            "`Write` is a full replace: leaving `schedule` out clears it already; remove \
             `absent = \"clears\"`"
                .to_string()
        )]
    );
}

#[test]
fn absent_is_refused_on_an_optional_property_whose_field_is_not_an_option() {
    let mut d = declared("", false);
    set(&mut d, "schedule_file", Some("keeps"), false);
    if let Some(f) = d.fields.iter_mut().find(|f| f.ident == "schedule_file") {
        f.ty = RustType::String;
    }
    // The type is refused on its own too; `absent` is refused beside it.
    assert_eq!(
        findings(playout("put"), &d),
        [
            (
                4,
                "mistyped field `schedule_file`: `body.schedule_file` is optional: `None` leaves \
                 it out; use `Option<String>`, not `String`"
                    .to_string()
            ),
            (
                30,
                "every call sends `schedule_file` (its type is not an `Option`), so it is never \
                 left out; remove `absent`"
                    .to_string()
            )
        ]
    );
}

#[test]
fn keeps_on_an_exact_omission_lands_on_that_omissions_row_only() {
    // `schedule_file` is omitted before `daily_rebuild_time` in accounting order.
    let mut d = declared("body.schedule_file", true);
    let mut kept = omitted("body.daily_rebuild_time", 22);
    kept.keeps = Some(23);
    d.omitted.push(kept);
    d.fields.retain(|f| f.ident != "daily_rebuild_time");
    let checked = check_tool(playout("put"), &d, None);
    assert_eq!(checked.findings, []);
    let rows = &checked.operation.accounting;
    assert_eq!(row(rows, "daily_rebuild_time").absent, Some(Absent::Keeps));
    assert_eq!(row(rows, "schedule_file").absent, None);
}

#[test]
fn absent_on_a_read_or_a_delete_says_the_operation_writes_nothing() {
    for (method, shown) in [("get", "GET"), ("delete", "DELETE")] {
        let mut d = declared("", false);
        set(&mut d, "schedule_file", Some("keeps"), false);
        assert_eq!(
            findings(playout(method), &d),
            [(
                30,
                format!(
                    "`absent` says what a write does to a body property a call leaves out, and \
                     {shown} /playouts/{{id}} writes none; remove it"
                )
            )]
        );
    }
}

#[test]
fn appends_on_a_read_or_a_delete_says_the_operation_writes_nothing() {
    for (method, shown) in [("get", "GET"), ("delete", "DELETE")] {
        let mut d = declared("", false);
        set(&mut d, "item_ids", None, true);
        assert_eq!(
            findings(playout(method), &d),
            [(
                31,
                format!(
                    "`appends` says the server adds the items sent to the ones it has, and \
                     {shown} /playouts/{{id}} writes nothing; remove it"
                )
            )]
        );
    }
}
