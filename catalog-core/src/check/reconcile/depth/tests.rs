//! Each entry below a parameter (an override, an undocumented property, the required
//! alternatives it settles): where it goes in the row, and each mistake, one finding at its site.

use super::super::tests::{envelope_op, envelope_tool, field};
use crate::check::declared::{
    Declared, DeclaredArg, DeclaredNarrowing, DeclaredWireType, Reason, Reconciled, Site,
};
use crate::check::reconcile::reconcile;
use crate::model::{Below, Disposition, Overridden, Type};

fn reason(text: &str, site: Site) -> Option<Reason> {
    Some(Reason {
        text: text.into(),
        site,
    })
}

/// `arg(address, wire_type = ty, read_at, reason)` at `site`.
fn retyped(address: &str, ty: &str, site: Site) -> DeclaredArg {
    DeclaredArg {
        address: address.into(),
        site,
        wire_type: Some(DeclaredWireType {
            ty: ty.into(),
            site: site + 1,
            read_at: reason("tasks/api.py: TaskIn", site + 2),
            reason: reason(
                "the spec types it as text; the server reads a number",
                site + 3,
            ),
            delimiter: None,
        }),
        narrowed: None,
    }
}

/// `arg(address, values = [...], read_at, reason)` at `site`.
fn narrowed(address: &str, values: &[&str], site: Site) -> DeclaredArg {
    DeclaredArg {
        address: address.into(),
        site,
        wire_type: None,
        narrowed: Some(DeclaredNarrowing {
            values: Some((
                values.iter().map(|v| (v.to_string(), site + 5)).collect(),
                site + 1,
            )),
            pattern: None,
            read_at: reason("tasks/api.py: Color", site + 2),
            reason: reason(
                "the spec allows any text; the server reads its palette",
                site + 3,
            ),
        }),
    }
}

/// `CreateTask` with a field for `data` and for `notify`, and `args`.
fn with(args: Vec<DeclaredArg>) -> Reconciled {
    let declared = Declared {
        args,
        ..envelope_tool()
    };
    reconcile(&envelope_op(), &declared)
}

fn messages(r: Reconciled) -> Vec<(Site, String)> {
    r.findings
        .into_iter()
        .map(|f| (f.site, f.message))
        .collect()
}

#[test]
fn an_override_retypes_its_property_in_the_fields_row_and_records_what_the_spec_said() {
    let r = with(vec![
        retyped("body.data.title", "integer", 10),
        narrowed("body.data.color", &["red", "blue"], 20),
    ]);
    let data = &r.accounting[0];
    let property = |name: &str| match &data.param.schema.ty {
        Type::Object { fields, .. } => fields.iter().find(|f| f.name == name).cloned(),
        _ => None,
    };
    let title = property("title").expect("title");
    assert_eq!(title.schema.ty.describe(), "integer");
    assert!(title.required, "the property's own facts stay the spec's");
    let color = property("color").expect("color");
    assert_eq!(color.schema.ty.describe(), "string enum [red, blue]");
    assert_eq!(
        property("type").expect("type").schema.ty.describe(),
        "string enum [task, note]",
        "a property no override names is the spec's"
    );
    assert_eq!(
        data.below,
        [
            Below {
                address: "data.title".into(),
                disposition: Disposition::Set {
                    argument: "title".into(),
                    field: "title".into(),
                },
                overridden: Some(Overridden {
                    spec_type: "string".into(),
                    read_at: "tasks/api.py: TaskIn".into(),
                    reason: "the spec types it as text; the server reads a number".into(),
                    narrowed: false,
                }),
            },
            Below {
                address: "data.color".into(),
                disposition: Disposition::Set {
                    argument: "color".into(),
                    field: "color".into(),
                },
                overridden: Some(Overridden {
                    spec_type: "string".into(),
                    read_at: "tasks/api.py: Color".into(),
                    reason: "the spec allows any text; the server reads its palette".into(),
                    narrowed: true,
                }),
            },
        ]
    );
    assert!(
        !data.below[0].taken_from_struct(),
        "the struct sets an overridden property"
    );
}

#[test]
fn each_mistake_of_an_override_below_is_one_finding_at_its_site() {
    assert_eq!(
        messages(with(vec![retyped("body.data.titel", "integer", 10)])),
        [(
            10,
            "cannot override `body.data.titel`: `body.data` declares no property `titel`; did \
             you mean `body.data.title`?"
                .to_string()
        )]
    );
    assert_eq!(
        messages(with(vec![retyped("body.data.id", "integer", 10)])),
        [(
            10,
            "`body.data.id` is read-only: the server sets it and ignores a value sent; there is \
             no type to override, remove this `arg(...)`"
                .to_string()
        )]
    );
    assert_eq!(
        messages(with(vec![retyped("body.data", "integer", 10)])),
        [(
            10,
            "`body.data` is a parameter of its own: override its type on the field that sets it \
             (`#[arg(wire_type = \"...\", read_at = \"...\", reason = \"...\")]`); \
             `arg(\"...\")` in `#[tool]` is for a property inside a parameter's value"
                .to_string()
        )]
    );
    assert_eq!(
        messages(with(vec![retyped("query.notfy", "integer", 10)])),
        [(
            10,
            "cannot override a parameter the operation does not have: `CreateTask` has no \
             parameter `query.notfy`; did you mean `query.notify`?"
                .to_string()
        )]
    );
    assert_eq!(
        messages(with(vec![retyped("body.data.title", "string", 10)])),
        [(
            11,
            "`body.data.title` is already string in the spec; remove `wire_type` (and its \
             `read_at` and `reason`)"
                .to_string()
        )]
    );
    assert_eq!(
        messages(with(vec![
            retyped("body.data.title", "integer", 10),
            retyped("body.data.title", "number", 20),
        ])),
        [(
            20,
            "`body.data.title` is accounted for twice; keep one".to_string()
        )]
    );
    let mut both = retyped("body.data.color", "integer", 10);
    both.narrowed = narrowed("body.data.color", &["red"], 30).narrowed;
    assert_eq!(
        messages(with(vec![both])),
        [(
            31,
            "`arg(\"body.data.color\")` has both `wire_type` and a narrowing (`values` or \
             `pattern`): a narrowing keeps the spec's type; keep one"
                .to_string()
        )]
    );
    let mut nothing = retyped("body.data.color", "integer", 10);
    nothing.wire_type = None;
    assert_eq!(
        messages(with(vec![nothing])),
        [(
            10,
            "`arg(\"body.data.color\")` overrides nothing: give `wire_type = \"...\"`, \
             `values = [...]` or `pattern = \"...\"`, with `read_at` and `reason`"
                .to_string()
        )]
    );
    for (ty, delimiter, at, key) in [
        ("json", None, 11, "wire_type = \"json\""),
        ("string", Some(","), 40, "delimited"),
    ] {
        let mut text = retyped("body.data.color", ty, 10);
        if let Some(w) = text.wire_type.as_mut() {
            w.delimiter = delimiter.map(|d| (d.to_string(), 40));
        }
        assert_eq!(
            messages(with(vec![text])),
            [(
                at,
                format!(
                    "`body.data.color` is a property inside a parameter's value, sent as itself \
                     inside its object: `{key}` writes a value as one text only for a parameter \
                     of its own (a query, header, path or form field); remove it and type the \
                     struct's field as the value the server reads"
                )
            )]
        );
    }
}

#[test]
fn an_override_below_a_parameter_no_field_sets_is_refused() {
    let declared = Declared {
        fields: vec![field("notify", 2)],
        omitted: vec![crate::check::declared::DeclaredOmitted {
            pattern: "body.data".into(),
            site: 3,
            clears: None,
            keeps: None,
            reason: Reason {
                text: "tasks are created by people in the board, not by an agent".into(),
                site: 4,
            },
        }],
        args: vec![retyped("body.data.title", "integer", 10)],
        tool: "CreateTask".into(),
        ..Default::default()
    };
    let r = reconcile(&envelope_op(), &declared);
    assert_eq!(
        messages(r),
        [(
            10,
            "`body.data.title` is inside `body.data`, which `CreateTask` does not set with a \
             field (Omitted): only a value the tool sends has properties to fix, omit or \
             override; remove this entry"
                .to_string()
        )]
    );
}

#[test]
fn retyping_follows_arrays_maps_and_the_object_arm_of_an_or_empty_union() {
    use crate::check::below::retype;
    use crate::model::testing::{array_of, field as property, object, param, string};
    use crate::model::{Location, Schema};
    let empty = Schema::new(Type::String {
        format: None,
        enumeration: Some(vec![String::new()]),
        pattern: None,
        min_length: None,
        max_length: None,
    });
    let integer = || {
        Schema::new(Type::Integer {
            format: None,
            minimum: None,
            maximum: None,
            enumeration: None,
        })
    };
    let or_empty = Schema::new(Type::AnyOf {
        arms: vec![empty, object(vec![property("at", string())])],
    });
    let map = Schema::new(Type::Object {
        fields: vec![],
        open: true,
        values: Some(Box::new(object(vec![property("weight", string())]))),
    });
    let mut p = param(Location::Body, "data");
    p.schema = object(vec![
        property("marks", array_of(object(vec![property("at", string())]))),
        property("when", or_empty),
        property("targets", map),
    ]);
    for address in ["data.marks[].at", "data.when.at", "data.targets{}.weight"] {
        assert!(retype(&mut p, address, integer()), "{address}");
        let found = crate::check::below::property_at(&p, address).expect(address);
        assert_eq!(found.schema.ty.describe(), "integer", "{address}");
    }
    for address in [
        "data.marks.at",
        "data.nothing",
        "data.marks[]",
        "data.targets.weight",
    ] {
        assert!(!retype(&mut p, address, integer()), "{address}");
    }
    // A whole body's addresses start at its properties.
    let mut whole = param(Location::Body, "");
    whole.schema = object(vec![property("title", string())]);
    assert!(retype(&mut whole, "title", integer()));
    let title = crate::check::below::property_at(&whole, "title").expect("title");
    assert_eq!(title.schema.ty.describe(), "integer");
}

/// `undocumented(address, [value,] read_at, reason)` at `site`.
fn undocumented(
    address: &str,
    value: Option<serde_json::Value>,
    site: Site,
) -> crate::check::declared::DeclaredUndocumented {
    crate::check::declared::DeclaredUndocumented {
        param: address.into(),
        site,
        value,
        wire_type: None,
        read_at: Reason {
            text: "tasks/serializers.py: TaskIn.source".into(),
            site: site + 1,
        },
        reason: Reason {
            text: "the board shows who wrote a task; the spec leaves the marker out".into(),
            site: site + 2,
        },
    }
}

fn with_undocumented(entries: Vec<crate::check::declared::DeclaredUndocumented>) -> Reconciled {
    let declared = Declared {
        undocumented: entries,
        ..envelope_tool()
    };
    reconcile(&envelope_op(), &declared)
}

#[test]
fn an_undocumented_property_below_a_field_goes_on_its_row_not_as_a_parameter() {
    let r = with_undocumented(vec![undocumented(
        "body.data.source",
        Some(serde_json::json!("agent")),
        10,
    )]);
    assert_eq!(r.findings, []);
    assert_eq!(r.accounting.len(), 2, "no row of its own");
    assert_eq!(
        r.accounting[0].below,
        [Below {
            address: "data.source".into(),
            disposition: Disposition::Undocumented {
                argument: None,
                field: None,
                value: Some(serde_json::json!("agent")),
                read_at: "tasks/serializers.py: TaskIn.source".into(),
                reason: "the board shows who wrote a task; the spec leaves the marker out".into(),
            },
            overridden: None,
        }]
    );
}

#[test]
fn each_mistake_of_an_undocumented_property_below_is_one_finding_at_its_site() {
    assert_eq!(
        messages(with_undocumented(vec![undocumented(
            "body.data.color",
            None,
            10
        )])),
        [(
            10,
            "cannot rely on undocumented `body.data.color`: `body.data.color` is declared by the \
             spec: fix it, omit it, or set it with a field of the struct that stands for \
             `body.data`, not as undocumented"
                .to_string()
        )]
    );
    assert_eq!(
        messages(with_undocumented(vec![undocumented(
            "body.data[].source",
            None,
            10
        )])),
        [(
            10,
            "cannot rely on undocumented `body.data[].source`: `body.data` is object (4 fields), \
             not an array: remove the `[]` after it"
                .to_string()
        )]
    );
    let mut unsaid = undocumented("body.data.source", None, 10);
    unsaid.read_at.text = String::new();
    unsaid.reason.text = "needed".into();
    let found = messages(with_undocumented(vec![unsaid]));
    assert_eq!(
        found.iter().map(|(site, _)| *site).collect::<Vec<_>>(),
        [11, 12]
    );
    assert_eq!(
        found[0].1,
        "say where the server reads undocumented `body.data.source`: `read_at = \"<file and \
         function>\"`"
    );
    assert_eq!(
        messages(with_undocumented(vec![
            undocumented("body.data.source", None, 10),
            undocumented("body.data.source", None, 20),
        ])),
        [(
            20,
            "`body.data.source` is accounted for twice; keep one".to_string()
        )]
    );
}

#[test]
fn an_address_that_is_not_below_a_parameter_is_left_to_the_top_level() {
    use crate::check::below::undeclared;
    let op = envelope_op();
    assert_eq!(undeclared(&op, "query.source"), None);
    assert_eq!(
        undeclared(&op, "body.source"),
        None,
        "a body parameter of its own"
    );
    assert_eq!(
        undeclared(&op, "body.data.source"),
        Some(Ok((0, "data.source".to_string())))
    );
}

#[test]
fn an_undocumented_property_the_struct_sets_is_declared_in_its_rows_object() {
    let mut weight = undocumented("body.data.weight", None, 10);
    weight.wire_type = Some(("integer".into(), 13));
    let r = with_undocumented(vec![weight]);
    assert_eq!(r.findings, []);
    let data = &r.accounting[0];
    let added = crate::check::below::property_at(&data.param, "data.weight").expect("declared");
    assert_eq!(added.schema.ty.describe(), "integer");
    assert!(!added.required && !added.read_only);
    assert!(matches!(
        &data.below[0].disposition,
        Disposition::Undocumented { argument: Some(a), field: Some(f), value: None, .. }
            if a == "weight" && f == "weight"
    ));
}

#[test]
fn each_mistake_of_an_undocumented_type_is_one_finding_at_its_site() {
    let mut both = undocumented("body.data.weight", Some(serde_json::json!(1)), 10);
    both.wire_type = Some(("integer".into(), 13));
    assert_eq!(
        messages(with_undocumented(vec![both])),
        [(
            13,
            "`undocumented(\"body.data.weight\")` has both `value` (the tool sends it) and \
             `wire_type` (the struct sets it): keep one"
                .to_string()
        )]
    );
    let mut unknown = undocumented("body.data.weight", None, 10);
    unknown.wire_type = Some(("int".into(), 13));
    assert_eq!(
        messages(with_undocumented(vec![unknown])),
        [(
            13,
            "unknown wire_type `int` for undocumented `body.data.weight`; expected one of: \
             string, integer, number, boolean"
                .to_string()
        )]
    );
    let mut top = undocumented("query.weight", None, 10);
    top.wire_type = Some(("integer".into(), 13));
    assert_eq!(
        messages(with_undocumented(vec![top])),
        [(
            13,
            "`wire_type` in `undocumented(...)` types a property below a parameter, which the \
             struct there sets; `query.weight` is a parameter of its own: for one the agent \
             sets, use a field with `#[arg(undocumented, param = \"query.weight\", read_at = \
             \"...\", reason = \"...\")]`"
                .to_string()
        )]
    );
}

#[test]
fn required_alternatives_are_settled_by_what_the_tool_always_or_never_sends() {
    use crate::check::below::settle_alternatives;
    use crate::model::testing::{field as property, object, param, string};
    use crate::model::{Location, RequiredAlternatives};
    let rule = || {
        let mut p = param(Location::Body, "rule");
        p.schema = object(["a", "b", "c"].map(|n| property(n, string())).to_vec());
        p.schema.assertions_mut().required_alternatives = vec![
            RequiredAlternatives::new(false, vec![vec!["a".into()], vec!["b".into(), "c".into()]]),
            RequiredAlternatives::new(true, vec![vec!["a".into(), "c".into()], vec!["b".into()]]),
        ];
        p
    };
    let sets = |p: &crate::model::Param| -> Vec<Vec<Vec<String>>> {
        p.schema
            .assertions
            .as_ref()
            .expect("assertions")
            .required_alternatives
            .iter()
            .map(|a| a.sets.clone())
            .collect()
    };
    let mut sent = rule();
    assert_eq!(
        settle_alternatives(&mut sent, "rule.a", true),
        Vec::<usize>::new()
    );
    assert_eq!(
        sets(&sent),
        [
            vec![vec![], vec!["b".to_string(), "c".to_string()]],
            vec![vec!["c".to_string()], vec!["b".to_string()]],
        ]
    );
    let mut never = rule();
    assert_eq!(
        settle_alternatives(&mut never, "rule.a", false),
        Vec::<usize>::new()
    );
    assert_eq!(
        sets(&never),
        [
            vec![vec!["b".to_string(), "c".to_string()]],
            vec![vec!["b".to_string()]],
        ]
    );
    // Then `b` never sent either: nothing can hold the first alternatives, or the second.
    assert_eq!(settle_alternatives(&mut never, "rule.b", false), [0, 1]);
    assert_eq!(
        sets(&never),
        [
            vec![vec!["b".to_string(), "c".to_string()]],
            vec![vec!["b".to_string()]]
        ],
        "kept as they were"
    );
}

#[test]
fn omissions_that_leave_an_object_no_arm_are_one_finding_at_the_last() {
    use crate::model::RequiredAlternatives;
    let mut op = envelope_op();
    op.params[0].schema.assertions_mut().required_alternatives = vec![RequiredAlternatives::new(
        false,
        vec![vec!["color".into()], vec!["title".into()]],
    )];
    // `title` is required: fixed rather than omitted here, so only `color` is omitted.
    let declared = Declared {
        omitted: vec![crate::check::declared::DeclaredOmitted {
            pattern: "body.data.color".into(),
            site: 10,
            clears: None,
            keeps: None,
            reason: Reason {
                text: "colors follow the team's theme, which an agent does not know".into(),
                site: 11,
            },
        }],
        ..envelope_tool()
    };
    // `title` is still the agent's: the alternatives hold through it.
    assert_eq!(messages(reconcile(&op, &declared)), []);
    op.params[0].schema.assertions_mut().required_alternatives =
        vec![RequiredAlternatives::new(false, vec![vec!["color".into()]])];
    assert_eq!(
        messages(reconcile(&op, &declared)),
        [(
            10,
            "omitting `body.data.color` leaves `body.data` no way to hold its required \
             alternatives (it needs `body.data.color`): every arm names a property `CreateTask` \
             omits; set or fix one of them"
                .to_string()
        )]
    );
}

#[test]
fn a_fixed_property_below_settles_its_objects_alternatives_in_the_row() {
    use crate::model::RequiredAlternatives;
    let mut op = envelope_op();
    op.params[0].schema.assertions_mut().required_alternatives = vec![RequiredAlternatives::new(
        false,
        vec![vec!["color".into()], vec!["title".into()]],
    )];
    let declared = Declared {
        fixed: vec![crate::check::declared::DeclaredFixed {
            param: "body.data.color".into(),
            site: 10,
            value: serde_json::json!("red"),
            value_site: 11,
            reason: Reason {
                text: "every task this tool creates is red on the board".into(),
                site: 12,
            },
        }],
        ..envelope_tool()
    };
    let r = reconcile(&op, &declared);
    assert_eq!(messages(r.clone()), []);
    let sets: Vec<Vec<Vec<String>>> = r.accounting[0]
        .param
        .schema
        .assertions
        .as_ref()
        .expect("assertions")
        .required_alternatives
        .iter()
        .map(|a| a.sets.clone())
        .collect();
    assert_eq!(sets, [vec![vec![], vec!["title".to_string()]]]);
}
