//! A composite's accounting of its bindings' fields: what it leaves unset or fixes, each with a
//! reason, and the check of each request it makes against that.
//!
//! Which fields a composite's `run` fills is known only when it builds a request, so the rule is
//! split: the declaration (`uses(B(omitted("f", reason = "..."), fixed("f", value = v, reason =
//! "...")))`) is checked when the composite compiles (the field exists, an omitted one is an
//! `Option`, the reason says what is lost), and each request is checked against it before it is
//! sent ([`unfilled_findings`]): a field the composite left unset without declaring it, a field
//! it declared omitted but filled, or a fixed field with another value stops the call, and
//! nothing is sent.

use serde_json::Value;

/// One binding field a composite does not fill from its own arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfilled {
    /// The binding's Rust field.
    pub field: &'static str,
    /// `Some(json)`: always this value (Fixed); `None`: always left unset (Omitted).
    pub fixed: Option<&'static str>,
    /// Why: what an agent loses through the composite, and why that is right.
    pub reason: &'static str,
}

/// How the request was built: by the composite's own code, or by read-modify-write, which
/// fills every field from the record read, so a field the record has no value for is unset
/// without a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filled {
    /// Every field not declared must carry a value.
    ByComposite,
    /// Fields come from a record; only the declared ones are checked.
    FromRecord,
}

/// The problems of one request `binding` of `composite` is about to send: `given` is each of the
/// binding's fields with its value (`None`: unset); `passed` are the fields the composite passes
/// an optional argument of its own to (`passed("page")`), unset when the agent leaves it out.
/// Empty: the request is as declared.
pub fn unfilled_findings(
    composite: &str,
    binding: &str,
    declared: &[Unfilled],
    passed: &[&str],
    given: &[(&str, Option<Value>)],
    filled: Filled,
) -> Vec<String> {
    let mut out = Vec::new();
    for (field, value) in given {
        if passed.contains(field) {
            continue;
        }
        match (declared.iter().find(|d| d.field == *field), value) {
            (None, None) if filled == Filled::ByComposite => out.push(format!(
                "`{composite}` left `{field}` of `{binding}` unset without declaring it: declare \
                 it in `uses(...)` with `omitted(\"{field}\", reason = \"...\")`, or \
                 `passed(\"{field}\")` when it is an optional argument of the composite's own, \
                 or fill it"
            )),
            (Some(d), Some(v)) if d.fixed.is_none() => out.push(format!(
                "`{composite}` declares `{field}` of `{binding}` omitted ({}), but set it to {v}",
                d.reason
            )),
            (Some(d), v) => {
                if let Some(text) = d.fixed {
                    let want: Option<Value> = serde_json::from_str(text).ok();
                    if v.as_ref() != want.as_ref() {
                        let got = v.as_ref().map_or("nothing".to_string(), Value::to_string);
                        out.push(format!(
                            "`{composite}` declares `{field}` of `{binding}` fixed to {text} ({}), \
                             but sent {got}",
                            d.reason
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The lines a composite's description ends with: each binding's fields it leaves unset or
/// fixes, and why. Empty when it fills every field of every binding.
pub fn accounting_text(bindings: &[(&str, &[Unfilled])]) -> String {
    let mut lines = Vec::new();
    for (binding, unfilled) in bindings {
        for u in *unfilled {
            lines.push(match u.fixed {
                None => format!("- `{binding}`: `{}` is never sent: {}", u.field, u.reason),
                Some(v) => format!("- `{binding}`: `{}` is always {v}: {}", u.field, u.reason),
            });
        }
    }
    if lines.is_empty() {
        return String::new();
    }
    format!("What it does not let you choose:\n{}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SINCE: Unfilled = Unfilled {
        field: "since",
        fixed: None,
        reason: "the page is the newest posts",
    };
    const PAGE: Unfilled = Unfilled {
        field: "page",
        fixed: Some("0"),
        reason: "one page is the newest posts",
    };

    #[test]
    fn a_request_as_declared_has_no_findings() {
        let given = [
            ("channel_id", Some(json!("c"))),
            ("since", None),
            ("page", Some(json!(0))),
        ];
        assert!(
            unfilled_findings("r", "g", &[SINCE, PAGE], &[], &given, Filled::ByComposite)
                .is_empty()
        );
    }

    #[test]
    fn an_undeclared_unset_field_is_named_with_the_fix() {
        let given = [("before", None), ("since", None)];
        let f = unfilled_findings(
            "read_channel",
            "get_posts",
            &[SINCE],
            &[],
            &given,
            Filled::ByComposite,
        );
        assert_eq!(f.len(), 1);
        assert!(f[0].contains("left `before` of `get_posts` unset"), "{f:?}");
        assert!(f[0].contains("omitted(\"before\""), "{f:?}");
        // Read-modify-write fills from the record: an unset field is the record's.
        assert!(unfilled_findings("r", "g", &[SINCE], &[], &given, Filled::FromRecord).is_empty());
        // An optional argument of the composite's own, passed on: the agent left it out.
        let passed = ["before"];
        assert!(
            unfilled_findings("r", "g", &[SINCE], &passed, &given, Filled::ByComposite).is_empty()
        );
    }

    #[test]
    fn a_declared_field_sent_otherwise_is_refused() {
        let given = [("since", Some(json!(5))), ("page", Some(json!(2)))];
        let f = unfilled_findings("r", "g", &[SINCE, PAGE], &[], &given, Filled::FromRecord);
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(
            f[0].contains("omitted") && f[0].contains("set it to 5"),
            "{f:?}"
        );
        assert!(
            f[1].contains("fixed to 0") && f[1].contains("sent 2"),
            "{f:?}"
        );
        let unset = [("page", None)];
        let f = unfilled_findings("r", "g", &[PAGE], &[], &unset, Filled::ByComposite);
        assert!(f[0].contains("sent nothing"), "{f:?}");
    }

    #[test]
    fn the_text_names_each_binding_field_and_reason() {
        let t = accounting_text(&[("get_posts", &[SINCE, PAGE]), ("get_user", &[])]);
        assert!(t.contains("- `get_posts`: `since` is never sent: the page is the newest posts"));
        assert!(t.contains("- `get_posts`: `page` is always 0: one page"));
        assert_eq!(accounting_text(&[("g", &[])]), "");
    }
}
