//! The entry point's order and stops, over operations normalized from a small document: each
//! step's findings at the sites the declaration gave, and what a correct tool gets.

use super::*;
use crate::check::aliases::DeclaredAlias;
use crate::check::declared::{
    DeclaredField, DeclaredOmitted, DeclaredSecurity, DeclaredVariant, Reason, Site,
};
use crate::check::effects::{DeclaredEffects, Hint};
use crate::check::types::RustType;
use crate::spec::normalize::normalize;
use serde_json::json;

const REASON: &str = "the server fills it in from the account that calls";

/// The operation `id` of a document with a union body (`MakeThing`), a replace (`ReplaceTask`),
/// a listing narrowed by credentials (`ListTasks`) and one no credential of ours reaches
/// (`GetSso`).
fn operation(id: &str) -> Operation {
    let ok = json!({"200": {"description": "ok"}});
    let doc = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/things": {"post": {"operationId": "MakeThing", "responses": ok,
                "requestBody": {"content": {"application/json": {"schema": {"oneOf": [
                    {"title": "Small", "type": "object", "properties": {"a": {"type": "string"}}},
                    {"title": "Big", "type": "object", "properties": {"b": {"type": "string"}}}
                ]}}}}}},
            "/tasks/{id}": {"put": {"operationId": "ReplaceTask", "responses": ok,
                "parameters": [{"name": "id", "in": "path", "required": true,
                    "schema": {"type": "string"}}],
                "requestBody": {"content": {"application/json": {"schema": {"type": "object",
                    "properties": {"title": {"type": "string"}, "note": {"type": "string"}}}}}}}},
            "/tasks": {"get": {"operationId": "ListTasks", "responses": ok,
                "security": [{"api_key": []}, {"bearer": []}],
                "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}]}},
            "/sso": {"get": {"operationId": "GetSso", "responses": ok,
                "security": [{"sso": []}]}}
        },
        "components": {"securitySchemes": {
            "api_key": {"type": "apiKey", "in": "header", "name": "X-Key"},
            "bearer": {"type": "http", "scheme": "bearer"},
            "sso": {"type": "mutualTLS"}
        }}
    });
    let n = normalize(&doc);
    let op = n
        .operations
        .iter()
        .find(|o| o.id.as_deref() == Some(id))
        .expect("the operation");
    n.inlined(op)
}

fn reason(text: &str, site: Site) -> Reason {
    Reason {
        text: text.into(),
        site,
    }
}

fn field(ident: &str, ty: RustType, site: Site) -> DeclaredField {
    DeclaredField {
        absent: None,
        appends: None,
        ident: ident.into(),
        site,
        ty_site: site + 100,
        ty,
        param: None,
        rename: None,
        undocumented: None,
        wire_type: None,
        narrowed: None,
        family: None,
        doc: None,
        keys: Default::default(),
    }
}

fn string() -> RustType {
    RustType::String
}

fn optional_string() -> RustType {
    RustType::Option(Box::new(RustType::String))
}

/// `tool` over its operation (site 0), with `fields`.
fn declared(tool: &str, fields: Vec<DeclaredField>) -> Declared {
    Declared {
        fields,
        operation_site: 0,
        tool: tool.into(),
        operation: tool.into(),
        ..Default::default()
    }
}

fn sites(findings: &[Finding]) -> Vec<Site> {
    findings.iter().map(|f| f.site).collect()
}

fn list_tasks() -> Declared {
    declared("ListTasks", vec![field("q", optional_string(), 1)])
}

#[test]
fn a_tool_over_a_union_body_without_variant_stops_at_the_operation() {
    let op = operation("MakeThing");
    let arms = union::union_arms(&op).expect("a union body").to_vec();
    let needed = union::variant_needed(&op, &arms);
    let checked = check_tool(op, &declared("MakeThing", vec![]), None);
    assert_eq!(checked.stopped, Some(Stop::Variant));
    assert_eq!(checked.findings, [Finding::at(0, needed)]);
}

#[test]
fn the_whole_union_with_a_vague_reason_stops_at_the_reason() {
    let mut d = declared("MakeThing", vec![]);
    d.variant = Some(DeclaredVariant {
        variant: union::Variant::Whole,
        reason: Some(reason("one body", 5)),
        site: 4,
    });
    let checked = check_tool(operation("MakeThing"), &d, None);
    assert_eq!(checked.stopped, Some(Stop::Variant));
    assert_eq!(
        checked.findings,
        [Finding::at(
            5,
            "the reason for sending the whole union body of `MakeThing` is too vague to review \
             (\"one body\"): say what a user loses, and why that is right, in at least 20 \
             characters"
        )]
    );
}

#[test]
fn a_wrong_arm_is_reported_at_variant_and_a_right_one_is_accounted_as_the_body() {
    let mut d = declared("MakeThing", vec![]);
    d.variant = Some(DeclaredVariant {
        variant: union::Variant::Index(7),
        reason: None,
        site: 4,
    });
    let mut wrong = operation("MakeThing");
    let expected =
        union::pick_variant(&mut wrong, &union::Variant::Index(7)).expect_err("no arm 7");
    let checked = check_tool(operation("MakeThing"), &d, None);
    assert_eq!(
        (checked.stopped, checked.findings),
        (
            Some(Stop::Variant),
            vec![Finding::at(4, expected.to_string())]
        )
    );
    d.variant = Some(DeclaredVariant {
        variant: union::Variant::Name("Big".into()),
        reason: None,
        site: 4,
    });
    d.fields = vec![field("b", optional_string(), 1)];
    let checked = check_tool(operation("MakeThing"), &d, None);
    assert_eq!(checked.findings, []);
    assert_eq!(checked.operation.accounting.len(), 1);
    assert_eq!(checked.operation.accounting[0].param.name, "b");
}

#[test]
fn a_failed_accounting_stops_before_security_and_effects() {
    let mut d = declared("ListTasks", vec![]);
    d.security = Some(DeclaredSecurity {
        scheme: Some("oauth".into()),
        reason: None,
        site: 6,
    });
    d.effects = Some(DeclaredEffects {
        hints: vec![],
        reason: None,
        site: 7,
    });
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(checked.stopped, Some(Stop::Accounting));
    // `q` is unaccounted, at the operation; nothing of security (6) or effects (7).
    assert_eq!(sites(&checked.findings), [0]);
    assert!(
        checked.findings[0].message.contains("`query.q`"),
        "{}",
        checked.findings[0].message
    );
}

#[test]
fn a_wrong_alias_stops_the_check() {
    let mut d = list_tasks();
    d.aliases = vec![DeclaredAlias {
        former: "q".into(),
        current: "q".into(),
        site: 8,
    }];
    d.effects = Some(DeclaredEffects {
        hints: vec![],
        reason: None,
        site: 7,
    });
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(checked.stopped, Some(Stop::Aliases));
    assert_eq!(sites(&checked.findings), [8]);
}

#[test]
fn security_and_effects_findings_come_together_in_that_order() {
    let mut d = list_tasks();
    d.security = Some(DeclaredSecurity {
        scheme: Some("oauth".into()),
        reason: None,
        site: 6,
    });
    d.effects = Some(DeclaredEffects {
        hints: vec![(Hint::OpenWorld, false, 9)],
        reason: None,
        site: 7,
    });
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(checked.stopped, None);
    assert_eq!(
        checked.findings,
        [
            Finding::at(
                6,
                "`security = \"oauth\"`: the operation's security requirement does not list \
                 `oauth`; it lists `security = \"api_key\"`, `security = \"bearer\"`"
            ),
            Finding::at(
                7,
                "overriding the effects of `ListTasks` needs `reason = \"...\"`: say why the \
                 API does not do what GET implies"
            ),
        ]
    );
}

#[test]
fn an_operation_nothing_can_authorize_is_reported_at_the_operation_by_name() {
    let checked = check_tool(operation("GetSso"), &declared("GetSso", vec![]), None);
    assert_eq!(checked.stopped, None);
    assert_eq!(
        checked.findings,
        [Finding::at(
            0,
            "`GetSso`: every alternative of the operation's security requirement needs `sso` \
             (mutualTLS), which catalog cannot send; if something in front of the API adds the \
             credential, say so: `security(none, reason = \"...\")`"
        )]
    );
}

#[test]
fn security_none_needs_a_reviewable_reason_and_sends_nothing() {
    let mut d = list_tasks();
    d.security = Some(DeclaredSecurity {
        scheme: None,
        reason: Some(reason("not needed", 5)),
        site: 6,
    });
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(sites(&checked.findings), [5]);
    assert!(checked.findings[0].message.starts_with(
        "the reason for sending `ListTasks` no credential only says it is not needed"
    ));
    d.security.as_mut().expect("declared").reason = Some(reason(REASON, 5));
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(checked.findings, []);
    assert_eq!(checked.operation.security, Vec::<Vec<_>>::new());
}

#[test]
fn a_correct_tool_gets_its_requirement_narrowed_and_its_null_forms() {
    let mut d = list_tasks();
    d.security = Some(DeclaredSecurity {
        scheme: Some("bearer".into()),
        reason: None,
        site: 6,
    });
    d.null_forms = vec![("q".into(), "none".into())];
    let op = operation("ListTasks");
    let bearer_only: Vec<_> = op
        .security
        .iter()
        .filter(|alt| alt.iter().all(|s| s.scheme == "bearer"))
        .cloned()
        .collect();
    let checked = check_tool(op, &d, None);
    assert_eq!((checked.stopped, &checked.findings[..]), (None, &[][..]));
    assert_eq!(checked.operation.security, bearer_only);
    assert_eq!(checked.operation.security.len(), 1);
    assert_eq!(
        checked.operation.accounting[0].null.as_deref(),
        Some("none")
    );
    assert_eq!(checked.semantics(), None);
}

#[test]
fn a_null_form_goes_to_the_row_its_field_sets_documented_or_not() {
    let mut verbose = field("verbose", optional_string(), 2);
    verbose.param = Some(("query.verbose".into(), 3));
    verbose.undocumented = Some((
        reason("server/tasks/list.rs parse_verbose", 4),
        reason(REASON, 5),
    ));
    let mut d = declared("ListTasks", vec![field("q", optional_string(), 1), verbose]);
    d.null_forms = vec![("verbose".into(), "nil".into())];
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(checked.findings, []);
    let nulls: Vec<(&str, Option<&str>)> = checked
        .operation
        .accounting
        .iter()
        .map(|r| (r.param.name.as_str(), r.null.as_deref()))
        .collect();
    assert_eq!(nulls, [("q", None), ("verbose", Some("nil"))]);
}

/// `ReplaceTask` omitting `body.note` (site 3) without `clears`, declared `semantics`.
fn replace_task(semantics: Option<&str>) -> CheckedTool {
    let mut d = declared(
        "ReplaceTask",
        vec![
            field("id", string(), 1),
            field("title", optional_string(), 2),
        ],
    );
    d.omitted = vec![DeclaredOmitted {
        keeps: None,
        pattern: "body.note".into(),
        site: 3,
        clears: None,
        reason: reason(REASON, 4),
    }];
    d.semantics = semantics.map(|s| (s.to_string(), 5));
    check_tool(operation("ReplaceTask"), &d, None)
}

#[test]
fn the_full_replace_rule_follows_the_method_and_the_declared_semantics() {
    // A PUT replaces: omitting a body property without `clears` is refused.
    let put = replace_task(None);
    assert_eq!(put.stopped, Some(Stop::Accounting));
    assert_eq!(sites(&put.findings), [3]);
    // A PUT declared `merge` keeps what it does not send.
    let merge = replace_task(Some("merge"));
    assert_eq!((merge.stopped, &merge.findings[..]), (None, &[][..]));
    assert_eq!(merge.semantics(), Some(Semantics::Merge));
    assert_eq!(merge.effects.semantics, Some(Semantics::Merge));
}

#[test]
fn a_semantics_refused_is_reported_after_the_accounting() {
    // `full-replace` on a PUT is its own default: the accounting holds (as a full replace, so
    // `body.note` needs `clears`), then the semantics is refused.
    let checked = replace_task(Some("full-replace"));
    assert_eq!(sites(&checked.findings), [3]);
    let mut d = declared("ListTasks", vec![field("q", optional_string(), 1)]);
    d.semantics = Some(("merge".into(), 5));
    let checked = check_tool(operation("ListTasks"), &d, None);
    assert_eq!(checked.stopped, None);
    assert_eq!(
        checked.findings,
        [Finding::at(
            5,
            "`semantics` says what a write does to the fields it does not send, and GET /tasks \
             sends none; remove it"
        )]
    );
}

/// `ListTasks` omitting `query.*` at site 2.
fn with_glob() -> Declared {
    let mut d = declared("ListTasks", vec![]);
    d.omitted = vec![DeclaredOmitted {
        keeps: None,
        pattern: "query.*".into(),
        site: 2,
        clears: None,
        reason: reason(REASON, 4),
    }];
    d
}

#[test]
fn a_lock_file_that_cannot_be_used_is_reported_at_the_first_glob() {
    let lock = Lock {
        pins: Ok(Arc::default()),
        mode: Mode::from_var(Some("sometimes")),
    };
    let checked = check_tool(operation("ListTasks"), &with_glob(), Some(&lock));
    assert_eq!(
        checked.findings,
        [Finding::at(
            2,
            "CATALOG_PINS=`sometimes` is not a pin mode: use `check` (write nothing, fail on \
             any difference from catalog.lock) or `accept` (pin what each glob covers now, \
             after review), or leave it unset"
        )]
    );
    let lock = Lock {
        pins: Err(PinsError::Unclosed),
        mode: Ok(Mode::Record),
    };
    let checked = check_tool(operation("ListTasks"), &list_tasks(), Some(&lock));
    assert_eq!(
        checked.findings,
        [Finding::at(0, "catalog.lock ends inside a `covers` list")]
    );
}

#[test]
fn a_new_glob_is_pinned_when_recording_and_refused_when_checking() {
    let record = Lock {
        pins: Ok(Arc::default()),
        mode: Ok(Mode::Record),
    };
    let checked = check_tool(operation("ListTasks"), &with_glob(), Some(&record));
    assert_eq!(checked.findings, []);
    assert!(!checked.pins.is_empty(), "a pin to set");
    let mut pins = Pins::default();
    assert!(pins.apply(checked.pins), "the new pin");
    assert!(pins.render().contains("query.q"), "{}", pins.render());
    let check = Lock {
        pins: Ok(Arc::default()),
        mode: Ok(Mode::Check),
    };
    let checked = check_tool(operation("ListTasks"), &with_glob(), Some(&check));
    assert_eq!(sites(&checked.findings), [2]);
    assert!(checked.pins.is_empty());
}

#[test]
fn a_tool_sends_the_property_a_closed_object_refuses_beside_its_arms_as_undocumented() {
    // GitHub's `POST /orgs/{org}/campaigns`: the body is closed by `additionalProperties:
    // false` and its second `oneOf` arm requires `secret_scanning_alerts`, which it does not
    // list (`spec::normalize::closed`). catalog reads the body's own properties; the tool
    // still sends the arm's property, as an undocumented one that says where the server reads it.
    let doc = json!({
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {"/campaigns": {"post": {"operationId": "CreateCampaign",
            "responses": {"201": {"description": "created"}},
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object",
                "additionalProperties": false,
                "properties": {"name": {"type": "string"}, "code_scanning_alerts": {"type": "string"}},
                "required": ["name"],
                "oneOf": [{"required": ["code_scanning_alerts"]}, {"required": ["secret_scanning_alerts"]}]
            }}}}}}}
    });
    let n = normalize(&doc);
    assert_eq!(n.closed_arms.len(), 1, "{:?}", n.closed_arms);
    assert_eq!(n.closed_arms[0].required, ["secret_scanning_alerts"]);
    let op = n.inlined(&n.operations[0]);
    let mut secret = field("secret_scanning_alerts", optional_string(), 3);
    secret.param = Some(("body.secret_scanning_alerts".into(), 4));
    secret.undocumented = Some((
        reason(
            "server/campaigns/create.rs CreateCampaign::secret_scanning_alerts",
            5,
        ),
        reason(
            "the spec's second oneOf arm requires it; its object does not list it",
            6,
        ),
    ));
    let d = declared(
        "CreateCampaign",
        vec![
            field("name", string(), 1),
            field("code_scanning_alerts", optional_string(), 2),
            secret,
        ],
    );
    let checked = check_tool(op, &d, None);
    assert_eq!(checked.findings, []);
    let sent: Vec<&str> = checked
        .operation
        .accounting
        .iter()
        .map(|r| r.param.name.as_str())
        .collect();
    assert!(sent.contains(&"secret_scanning_alerts"), "{sent:?}");
}
