//! Failure inside a 2xx: a success body whose field says the call failed (Slack's
//! `{"ok": false, "error": "channel_not_found"}` with HTTP 200). A tool's [`FailureRule`]s are
//! set on its operation when it is checked ([`crate::check::failure`]): the spec's
//! discriminators (`ok: enum [true]`, `const: true`) and the one the tool declares
//! (`#[tool(failure(field = "ok", equals = false, reason = "..."))]`). The run time reads them
//! where it builds a result: a 2xx body one of them matches is a tool error carrying the API's
//! error text ([`failure_in`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A rule saying which 2xx bodies are failures: by one top-level property of the body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FailureRule {
    /// The body's top-level property the rule reads (`ok`).
    pub field: String,
    /// Which values of it are a failure.
    pub when: FailureWhen,
    /// Why: the spec's declaration, or the tool's reason.
    pub reason: String,
}

/// Which values of a [`FailureRule`]'s field are a failure. A body without the field is not
/// one: nothing in it says so.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureWhen {
    /// Any value other than these: the spec's discriminator (`enum: [true]`, `const: true`).
    NotIn(Vec<Value>),
    /// This value: what the tool declares (`equals = false`).
    Equals(Value),
}

/// A 2xx body a [`FailureRule`] says is a failure.
#[derive(Clone, Debug, PartialEq)]
pub struct Failed<'a> {
    /// The rule.
    pub rule: &'a FailureRule,
    /// The API's own error text: the body's `error` (else `message`) when it is a string,
    /// else the body.
    pub error: String,
}

impl FailureRule {
    /// The spec's discriminator: a success body's `field` is one of `allowed`.
    pub fn discriminator(field: &str, allowed: Vec<Value>) -> FailureRule {
        let reason = format!(
            "the spec declares `{field}` {} in a success body",
            one_of(&allowed)
        );
        FailureRule {
            field: field.to_string(),
            when: FailureWhen::NotIn(allowed),
            reason,
        }
    }

    /// What a tool declares: a body whose `field` is `equals` is a failure, for `reason`.
    pub fn declared(field: &str, equals: Value, reason: &str) -> FailureRule {
        FailureRule {
            field: field.to_string(),
            when: FailureWhen::Equals(equals),
            reason: reason.to_string(),
        }
    }

    /// Whether `body` is a failure by this rule.
    pub fn fails(&self, body: &Value) -> bool {
        let Some(value) = body.as_object().and_then(|o| o.get(&self.field)) else {
            return false;
        };
        match &self.when {
            FailureWhen::NotIn(allowed) => !allowed.contains(value),
            FailureWhen::Equals(v) => v == value,
        }
    }

    /// The rule in a sentence, for the tool's description and rustdoc: ``a 2xx answer whose
    /// `ok` is false is an error (the spec declares ...)``.
    pub fn describe(&self) -> String {
        let which = match &self.when {
            FailureWhen::NotIn(allowed) => format!("is not {}", one_of(allowed)),
            FailureWhen::Equals(v) => format!("is {v}"),
        };
        format!(
            "a 2xx answer whose `{}` {which} is an error, with the API's error text ({})",
            self.field, self.reason
        )
    }
}

/// The first of `rules` that `body` fails, with the API's error text; `None` when the body is
/// no failure by any of them.
pub fn failure_in<'a>(rules: &'a [FailureRule], body: &Value) -> Option<Failed<'a>> {
    let rule = rules.iter().find(|r| r.fails(body))?;
    Some(Failed {
        rule,
        error: error_text(body),
    })
}

// The body's `error` (else `message`) when it is a string, else the body as JSON.
fn error_text(body: &Value) -> String {
    ["error", "message"]
        .iter()
        .find_map(|k| body.get(k).and_then(Value::as_str))
        .map_or_else(|| body.to_string(), str::to_string)
}

// `true`, or `one of "a", "b"`.
fn one_of(values: &[Value]) -> String {
    match values {
        [one] => one.to_string(),
        _ => format!(
            "one of {}",
            values
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_discriminator_fails_every_other_value_and_says_the_apis_error() {
        let rules = [FailureRule::discriminator("ok", vec![json!(true)])];
        let body = json!({"ok": false, "error": "channel_not_found"});
        let failed = failure_in(&rules, &body).expect("a failure");
        assert_eq!(failed.error, "channel_not_found");
        assert_eq!(
            failed.rule.describe(),
            "a 2xx answer whose `ok` is not true is an error, with the API's error text (the \
             spec declares `ok` true in a success body)"
        );
        assert_eq!(failure_in(&rules, &json!({"ok": true, "ts": "1"})), None);
        // Nothing says a body without the field, or that is not an object, failed.
        assert_eq!(failure_in(&rules, &json!({"ts": "1"})), None);
        assert_eq!(failure_in(&rules, &json!([false])), None);
        // Without an `error` or `message` text, the body is the error.
        let bare = json!({"ok": "no"});
        assert_eq!(
            failure_in(&rules, &bare).map(|f| f.error),
            Some(r#"{"ok":"no"}"#.into())
        );
    }

    #[test]
    fn a_declared_rule_fails_its_value_only() {
        let rules = [FailureRule::declared(
            "status",
            json!("error"),
            "the API says so",
        )];
        let failed = failure_in(
            &rules,
            &json!({"status": "error", "message": "rate limited"}),
        );
        assert_eq!(failed.map(|f| f.error), Some("rate limited".into()));
        assert_eq!(failure_in(&rules, &json!({"status": "done"})), None);
        assert_eq!(
            rules[0].describe(),
            "a 2xx answer whose `status` is \"error\" is an error, with the API's error text (the \
             API says so)"
        );
    }
}
