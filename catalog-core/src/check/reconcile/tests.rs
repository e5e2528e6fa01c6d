use super::*;
use crate::check::types::RustType;
use crate::model::testing::{op, query};
use crate::model::{Schema, Type};
use heck::ToSnakeCase;

// Field matching by snake_case name works from names converted once per parameter: with many
// filters (NetBox lists have hundreds) each field still finds exactly its own parameter.
#[test]
fn many_fields_each_match_their_own_parameter_by_snake_case_name() {
    let names: Vec<String> = (0..400)
        .map(|i| format!("filterNo{i}__{}", ["ic", "n", "gte"][i % 3]))
        .collect();
    let op = op("GET", "/")
        .id("list")
        .params(names.iter().map(|n| query(n)).collect())
        .build();
    let declared = Declared {
        fields: names
            .iter()
            .enumerate()
            .map(|(i, n)| DeclaredField {
                absent: None,
                appends: None,
                ident: n.to_snake_case(),
                site: i,
                ty_site: i,
                ty: RustType::Option(Box::new(RustType::Bool)),
                param: None,
                rename: None,
                undocumented: None,
                wire_type: None,
                narrowed: None,
                family: None,
                doc: None,
                keys: Default::default(),
            })
            .collect(),
        tool: "List".into(),
        ..Default::default()
    };
    let result = reconcile(&op, &declared);
    assert_eq!(result.findings, []);
    let fields: Vec<&str> = result
        .accounting
        .iter()
        .map(|r| match &r.disposition {
            Disposition::Set { field, .. } => field.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    let expected: Vec<String> = names.iter().map(|n| n.to_snake_case()).collect();
    assert_eq!(fields, expected);
    assert_eq!(fields[1], "filter_no1_n");
}

fn op_with(params: Vec<Param>) -> Operation {
    op("GET", "/").id("Op").params(params).build()
}

pub(super) fn field(ident: &str, site: Site) -> DeclaredField {
    DeclaredField {
        absent: None,
        appends: None,
        ident: ident.into(),
        site,
        ty_site: site,
        ty: RustType::Option(Box::new(RustType::Bool)),
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

fn omitted(pattern: &str, site: Site) -> crate::check::declared::DeclaredOmitted {
    crate::check::declared::DeclaredOmitted {
        keeps: None,
        pattern: pattern.into(),
        site,
        clears: None,
        reason: Reason {
            text: "the agent ranks results itself, so thresholds only hide them".into(),
            site: 100 + site,
        },
    }
}

fn sites(findings: &[Finding]) -> Vec<Site> {
    findings.iter().map(|f| f.site).collect()
}

#[test]
fn a_list_tool_that_cannot_page_must_say_how_an_agent_reaches_the_rest() {
    let op = op_with(vec![query("q"), query("page"), query("per_page")]);
    let declared = |reason: &str| {
        let because = |pattern: &str, site: Site| {
            let mut o = omitted(pattern, site);
            o.reason.text = reason.into();
            o
        };
        Declared {
            fields: vec![field("q", 1)],
            omitted: vec![because("query.page", 2), because("query.per_page", 3)],
            tool: "T".into(),
            ..Default::default()
        }
    };
    assert_eq!(
        reconcile(&op, &declared("the web client sorts and filters these")).findings,
        [Finding::at(
            2,
            "`T` cannot page: its operation `Op` returns a list a page at a time, and its \
             paging parameters \
             `query.page`, `query.per_page` are all omitted, so an agent gets one page and \
             cannot tell it from the whole list; let it page with a field, or say in the \
             reason how an agent reaches the rest (or why one page is all it needs)\n\
             help: set it with a field      pub page: Option<bool>,\n      \
             or say it in the reason  omitted(\"query.page\", reason = \"<what one page \
             holds, and how an agent reaches the rest>\"),"
        )]
    );
    let explained = reconcile(
        &op,
        &declared("only the first page: an agent narrows with `q` instead"),
    );
    assert_eq!(explained.findings, []);
    // A reason that is itself reported is not reported again by the paging rule.
    let vacuous = reconcile(&op, &declared("not needed"));
    assert_eq!(sites(&vacuous.findings), [102, 103]);
    // A field that sets one paging parameter lets the agent page.
    let mut paging = declared("the web client sorts and filters these");
    paging.omitted.remove(0);
    paging.fields.push(field("page", 4));
    assert_eq!(reconcile(&op, &paging).findings, []);
}

#[test]
fn a_stale_glob_is_one_finding_that_lists_what_it_left_unaccounted() {
    let op = op_with(vec![query("q"), query("a__n"), query("b__n")]);
    let declared = Declared {
        fields: vec![field("q", 1)],
        omitted: vec![omitted("query.*__x", 2)],
        tool: "T".into(),
        ..Default::default()
    };
    let result = reconcile(&op, &declared);
    assert_eq!(sites(&result.findings), [2]);
    assert_eq!(
        result.findings[0].message,
        "`query.*__x` covers no parameter of `Op` that is not already accounted for, and 2 \
         parameters are left unaccounted: `query.a__n`, `query.b__n`; fix the pattern to \
         match them, or account for them another way"
    );
}

#[test]
fn a_field_matching_two_locations_is_one_finding_with_two_distinct_fields() {
    let mut path = query("id");
    path.location = Location::Path;
    path.required = true;
    let op = op_with(vec![path, query("id")]);
    let declared = Declared {
        fields: vec![field("id", 1)],
        tool: "T".into(),
        ..Default::default()
    };
    let result = reconcile(&op, &declared);
    assert_eq!(sites(&result.findings), [1]);
    let message = &result.findings[0].message;
    assert!(
        message.contains("#[arg(param = \"path.id\")] pub id: bool,")
            && message.contains("#[arg(param = \"query.id\")] pub query_id: Option<bool>,"),
        "{message}"
    );
}

#[test]
fn a_parameter_accounted_twice_is_one_finding_at_the_second_place() {
    let op = op_with(vec![query("score")]);
    let declared = Declared {
        fields: vec![field("score", 1)],
        omitted: vec![omitted("query.score", 2)],
        tool: "T".into(),
        ..Default::default()
    };
    let result = reconcile(&op, &declared);
    assert_eq!(
        result.findings,
        [Finding::at(
            2,
            "`query.score` is accounted for two times (field `score`, omitted(...)); keep exactly one"
        )]
    );
}

#[test]
fn option_advice_is_the_whole_type() {
    let mut page = query("page");
    page.schema = Schema::new(Type::Integer {
        format: None,
        minimum: None,
        maximum: None,
        enumeration: None,
    });
    let op = op_with(vec![page]);
    let mut f = field("page", 1);
    f.ty = RustType::Option(Box::new(RustType::String));
    let declared = Declared {
        fields: vec![f],
        tool: "T".into(),
        ..Default::default()
    };
    let result = reconcile(&op, &declared);
    assert_eq!(
        result.findings,
        [Finding::at(
            1,
            "mistyped field `page`: `query.page` is integer, optional in the spec; \
         `Option<String>` cannot carry it; use `Option<i64>`"
        )]
    );
}

#[test]
fn a_misnamed_field_or_address_is_not_followed_by_unaccounted_for_its_parameter() {
    let op = op_with(vec![query("status"), query("page")]);
    let declared = Declared {
        fields: vec![field("statuses", 1)],
        omitted: vec![omitted("query.pag", 2)],
        tool: "T".into(),
        ..Default::default()
    };
    let result = reconcile(&op, &declared);
    assert_eq!(sites(&result.findings), [1, 2]);
    assert!(
        result.findings[0]
            .message
            .contains("did you mean `query.status`?")
    );
    assert!(
        result.findings[1]
            .message
            .contains("did you mean `query.page`?")
    );
}

/// Only a nullable optional parameter set by one `Option` layer loses its null: a required one
/// sends `None` as null, `Option<Option<T>>` sends the agent's null, and a parameter that is not
/// nullable has none to lose.
#[test]
fn unset_only_drops_null_for_a_nullable_optional_parameter_set_by_one_option() {
    let string = || RustType::String;
    let one = RustType::Option(Box::new(string()));
    let two = RustType::Option(Box::new(RustType::Option(Box::new(string()))));
    let nullable_after = |required: bool, nullable: bool, ty: &RustType| {
        let mut p = query("assignee");
        p.required = required;
        p.schema = Schema {
            nullable,
            ..Schema::new(Type::String {
                format: None,
                enumeration: None,
                pattern: None,
                min_length: None,
                max_length: None,
            })
        };
        unset_only(&mut p, ty);
        p.schema.nullable
    };
    assert!(!nullable_after(false, true, &one));
    assert!(nullable_after(true, true, &one));
    assert!(nullable_after(true, true, &string()));
    assert!(nullable_after(false, true, &two));
    assert!(!nullable_after(false, false, &one));
    assert!(!nullable_after(false, false, &two));
}

/// An operation under `api_key` and `session` with a text `token` query parameter, an integer
/// `X-Version` header and a body property `secret`.
fn secured_op() -> Operation {
    let text = |mut p: Param| {
        p.schema = crate::model::testing::string();
        p
    };
    let mut version = crate::model::testing::param(Location::Header, "X-Version");
    version.schema = Schema::new(Type::Integer {
        format: None,
        minimum: None,
        maximum: None,
        enumeration: None,
    });
    let mut op = op_with(vec![
        text(query("token")),
        version,
        text(crate::model::testing::param(Location::Body, "secret")),
    ]);
    let uses = |scheme: &str| crate::model::SchemeUse {
        scheme: scheme.into(),
        kind: crate::model::SchemeKind::Bearer,
        scopes: vec![],
    };
    op.security = vec![
        vec![uses("api_key")],
        vec![uses("session"), uses("api_key")],
    ];
    op
}

fn credential(param: &str, scheme: &str) -> crate::check::declared::DeclaredCredential {
    crate::check::declared::DeclaredCredential {
        param: param.into(),
        site: 1,
        scheme: scheme.into(),
        scheme_site: 2,
    }
}

fn credential_findings(c: crate::check::declared::DeclaredCredential) -> Vec<(Site, String)> {
    let declared = Declared {
        credentials: vec![c],
        tool: "Op".into(),
        ..Default::default()
    };
    reconcile(&secured_op(), &declared)
        .findings
        .into_iter()
        .filter(|f| !f.message.contains("of its operation unaccounted"))
        .map(|f| (f.site, f.message))
        .collect()
}

#[test]
fn a_credential_parameter_is_accounted_with_its_scheme() {
    let declared = Declared {
        credentials: vec![credential("query.token", "api_key")],
        tool: "Op".into(),
        ..Default::default()
    };
    let result = reconcile(&secured_op(), &declared);
    let row = result
        .accounting
        .iter()
        .find(|r| r.param.name == "token")
        .map(|r| r.disposition.clone());
    assert_eq!(
        row,
        Some(Disposition::Credential {
            scheme: "api_key".into()
        })
    );
    assert_eq!(
        credential_findings(credential("query.token", "session")),
        []
    );
}

#[test]
fn a_credential_is_refused_where_it_cannot_be_sent_naming_the_fix() {
    assert_eq!(
        credential_findings(credential("query.token", "apikey")),
        [(
            2,
            "`apikey` is not a security scheme of `Op`: the server sends the credential of a \
             scheme the operation requires (it requires `api_key` or `session`)"
                .to_string()
        )]
    );
    assert_eq!(
        credential_findings(credential("query.token", "")),
        [(
            1,
            "`credential(\"query.token\")` needs `scheme = \"...\"`: the security scheme whose \
             credential the server sends there (it requires `api_key` or `session`)"
                .to_string()
        )]
    );
    assert_eq!(
        credential_findings(credential("header.X-Version", "api_key")),
        [(
            1,
            "`header.X-Version` is typed integer and cannot carry a credential, which is text"
                .to_string()
        )]
    );
    assert_eq!(
        credential_findings(credential("body.secret", "api_key")),
        [(
            1,
            "`body.secret` cannot carry a credential: the server sends one in a header, query \
             or cookie parameter; set it with a field, or fix it with a reason"
                .to_string()
        )]
    );
    let mut open = secured_op();
    open.security.clear();
    let declared = Declared {
        credentials: vec![credential("query.token", "api_key")],
        tool: "Op".into(),
        ..Default::default()
    };
    let messages: Vec<String> = reconcile(&open, &declared)
        .findings
        .into_iter()
        .map(|f| f.message)
        .filter(|m| m.starts_with("`api_key`"))
        .collect();
    assert_eq!(
        messages,
        [
            "`api_key` is not a security scheme of `Op`: the server sends the credential of a \
          scheme the operation requires (it declares none, so no credential parameter can be \
          sent)"
        ]
    );
}

/// `POST /tasks` whose body property `data` is `{type: enum [task, note], id (read-only),
/// title (required), color}`, and a query parameter `notify`.
pub(super) fn envelope_op() -> Operation {
    use crate::model::testing::{field as property, object, param, string};
    let mut kind = property(
        "type",
        Schema::new(Type::String {
            format: None,
            enumeration: Some(vec!["task".into(), "note".into()]),
            pattern: None,
            min_length: None,
            max_length: None,
        }),
    );
    kind.required = true;
    let mut id = property("id", string());
    id.read_only = true;
    let mut title = property("title", string());
    title.required = true;
    let mut data = param(Location::Body, "data");
    data.schema = object(vec![kind, id, title, property("color", string())]);
    op("POST", "/tasks")
        .id("CreateTask")
        .params(vec![data, query("notify")])
        .build()
}

fn fixed(
    param: &str,
    value: serde_json::Value,
    site: Site,
) -> crate::check::declared::DeclaredFixed {
    crate::check::declared::DeclaredFixed {
        param: param.into(),
        site,
        value,
        value_site: site + 50,
        reason: Reason {
            text: "every resource this tool creates is a task, never a note".into(),
            site: site + 100,
        },
    }
}

/// `CreateTask` over [`envelope_op`] with a field for `data` (any JSON value) and `notify`,
/// declaring nothing else.
pub(super) fn envelope_tool() -> Declared {
    Declared {
        fields: vec![
            DeclaredField {
                ty: RustType::Option(Box::new(RustType::JsonValue)),
                ..field("data", 1)
            },
            field("notify", 2),
        ],
        tool: "CreateTask".into(),
        ..Default::default()
    }
}

fn envelope(fixed: Vec<crate::check::declared::DeclaredFixed>, omit: Vec<&str>) -> Reconciled {
    let declared = Declared {
        fixed,
        omitted: omit
            .iter()
            .enumerate()
            .map(|(i, p)| omitted(p, 10 + i))
            .collect(),
        ..envelope_tool()
    };
    reconcile(&envelope_op(), &declared)
}

#[test]
fn a_property_fixed_or_omitted_below_a_field_goes_on_the_fields_row() {
    let r = envelope(
        vec![fixed("body.data.type", serde_json::json!("task"), 3)],
        vec!["body.data.color"],
    );
    assert_eq!(r.findings, []);
    let data = &r.accounting[0];
    assert_eq!(
        data.below,
        vec![
            Below {
                address: "data.type".into(),
                disposition: Disposition::Fixed {
                    value: serde_json::json!("task"),
                    reason: "every resource this tool creates is a task, never a note".into(),
                },
                overridden: None,
            },
            Below {
                address: "data.color".into(),
                disposition: Disposition::Omitted {
                    reason: "the agent ranks results itself, so thresholds only hide them".into(),
                    pattern: None,
                },
                overridden: None,
            },
        ]
    );
    assert_eq!(r.accounting[1].below, []);
}

#[test]
fn each_mistake_below_a_field_is_one_finding_at_its_site() {
    let messages = |r: Reconciled| -> Vec<(Site, String)> {
        r.findings
            .into_iter()
            .map(|f| (f.site, f.message))
            .collect()
    };
    assert_eq!(
        messages(envelope(
            vec![fixed("body.data.type", serde_json::json!("memo"), 3)],
            vec![]
        )),
        [(
            53,
            "fixed value for `body.data.type` does not fit its schema (string enum [task, note]): \
             expected one of \"task\", \"note\", got string \"memo\""
                .to_string()
        )]
    );
    assert_eq!(
        messages(envelope(
            vec![fixed("body.data.id", serde_json::json!("x"), 3)],
            vec![]
        )),
        [(
            3,
            "`body.data.id` is read-only: the server sets it and ignores a value sent; remove \
             this `fixed(...)`"
                .to_string()
        )]
    );
    assert_eq!(
        messages(envelope(vec![], vec!["body.data.title"])),
        [(
            10,
            "`body.data.title` is required by `body.data` and cannot be omitted; set it with a \
             field of the struct that stands for `body.data`, or fix it with \
             `fixed(\"body.data.title\", value = ..., reason = \"...\")`"
                .to_string()
        )]
    );
    assert_eq!(
        messages(envelope(vec![], vec!["body.data.titel"])),
        [(
            10,
            "cannot omit `body.data.titel`: `body.data` declares no property `titel`; did you \
             mean `body.data.title`?"
                .to_string()
        )]
    );
    assert_eq!(
        messages(envelope(
            vec![fixed("body.data.color", serde_json::json!("red"), 3)],
            vec!["body.data.color"]
        )),
        [(
            10,
            "`body.data.color` is accounted for twice; keep one".to_string()
        )]
    );
}

#[test]
fn a_property_below_a_parameter_no_field_sets_is_refused() {
    let declared = Declared {
        fields: vec![field("notify", 2)],
        fixed: vec![
            fixed(
                "body.data",
                serde_json::json!({"type": "task", "title": "t"}),
                3,
            ),
            fixed("body.data.color", serde_json::json!("red"), 4),
        ],
        tool: "CreateTask".into(),
        ..Default::default()
    };
    let r = reconcile(&envelope_op(), &declared);
    let found: Vec<(Site, &str)> = r
        .findings
        .iter()
        .map(|f| (f.site, f.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [(
            4,
            "`body.data.color` is inside `body.data`, which `CreateTask` does not set with a \
             field (Fixed): only a value the tool sends has properties to fix, omit or \
             override; remove this entry"
        )]
    );
}

/// `POST /firewalls` whose body needs `inbound_rules` or `outbound_rules` (DigitalOcean's
/// `anyOf` of required-only arms).
fn firewall_op() -> Operation {
    use crate::model::testing::{param, string};
    let mut op = op("POST", "/firewalls")
        .id("CreateFirewall")
        .params(vec![
            param(Location::Body, "name"),
            param(Location::Body, "inbound_rules"),
            param(Location::Body, "outbound_rules"),
            param(Location::Body, "tags"),
        ])
        .build();
    for p in &mut op.params {
        p.schema = string();
    }
    let mut body: crate::model::Body = serde_json::from_value(serde_json::json!({
        "media_type": "application/json", "kind": "json", "required": true,
        "pointer": "#/paths/~1firewalls/post/requestBody"
    }))
    .expect("a body");
    body.required_alternatives = vec![crate::model::RequiredAlternatives::new(
        false,
        vec![vec!["inbound_rules".into()], vec!["outbound_rules".into()]],
    )];
    op.body = Some(body);
    op
}

#[test]
fn a_tool_that_omits_every_arm_of_the_bodys_required_alternatives_could_never_be_called() {
    let text = |ty: RustType| DeclaredField {
        ty,
        ..field("name", 1)
    };
    let declared = |fields: Vec<DeclaredField>, omit: Vec<&str>| Declared {
        fields,
        omitted: omit
            .iter()
            .enumerate()
            .map(|(i, p)| omitted(p, 10 + i))
            .collect(),
        tool: "CreateFirewall".into(),
        operation_site: 99,
        ..Default::default()
    };
    let both_omitted = reconcile(
        &firewall_op(),
        &declared(
            vec![text(RustType::Option(Box::new(RustType::String)))],
            vec!["body.tags", "body.inbound_rules", "body.outbound_rules"],
        ),
    );
    let found: Vec<(Site, &str)> = both_omitted
        .findings
        .iter()
        .map(|f| (f.site, f.message.as_str()))
        .collect();
    // At the first omission of a property an arm names, not at an earlier unrelated one.
    assert_eq!(
        found,
        [(
            11,
            "`CreateFirewall` could never be called: `CreateFirewall` needs \
             `body.inbound_rules` or `body.outbound_rules`, and the tool sends none of them, so \
             every call would be refused; set one with a field (or fix it)"
        )]
    );
    let one_set = reconcile(
        &firewall_op(),
        &declared(
            vec![
                text(RustType::Option(Box::new(RustType::String))),
                DeclaredField {
                    ty: RustType::Option(Box::new(RustType::String)),
                    ..field("outbound_rules", 2)
                },
            ],
            vec!["body.inbound_rules", "body.tags"],
        ),
    );
    assert_eq!(one_set.findings, []);
}

#[test]
fn an_operation_that_cannot_be_wrapped_is_one_finding_per_reason_and_no_row() {
    let mut op = envelope_op();
    op.unsupported = vec![crate::model::Unsupported {
        reason: "a cookie parameter with a content map".into(),
        pointer: "#/paths/~1tasks/post/parameters/0".into(),
    }];
    let r = reconcile(&op, &envelope_tool());
    assert_eq!(r.accounting, []);
    let messages: Vec<(Site, String)> = r
        .findings
        .into_iter()
        .map(|f| (f.site, f.message))
        .collect();
    assert_eq!(
        messages,
        [(
            0,
            "operation `CreateTask` cannot be wrapped by a tool: a cookie parameter with a \
             content map at #/paths/~1tasks/post/parameters/0"
                .to_string()
        )]
    );
}

#[test]
fn the_parameter_a_mistyped_address_meant_is_not_reported_again() {
    let declared = Declared {
        fields: vec![DeclaredField {
            ty: RustType::Option(Box::new(RustType::JsonValue)),
            ..field("data", 1)
        }],
        fixed: vec![fixed("query.notfy", serde_json::json!(true), 3)],
        tool: "CreateTask".into(),
        ..Default::default()
    };
    let r = reconcile(&envelope_op(), &declared);
    let sites: Vec<Site> = r.findings.iter().map(|f| f.site).collect();
    assert_eq!(sites, [3], "{:?}", r.findings);
    assert!(
        r.findings[0]
            .message
            .contains("did you mean `query.notify`?"),
        "{}",
        r.findings[0].message
    );
}
