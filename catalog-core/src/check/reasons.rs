//! Reasons for Fixed, Omitted and Undocumented parameters: what makes one reviewable.
//!
//! A reason must say what a user loses, and why that is right. Rejected: the scaffold's
//! placeholder, an empty reason, one shorter than [`MIN_REASON_LEN`], and a vacuous one: a reason
//! that only says the parameter is not needed (used, required, relevant, ...), in any words and at
//! any length ("This parameter is not needed by us.", "not used by this tool at the moment").

use super::declared::{Finding, Reason};

/// The placeholder reason the scaffold writes; it is rejected so that nothing is accepted by
/// accident.
pub const PLACEHOLDER_REASON: &str = "<what a user loses, and why that is right>";

/// Reasons shorter than this (trimmed) cannot tell a reviewer what is lost.
pub const MIN_REASON_LEN: usize = 20;

/// Words that say "not needed" by themselves.
const DISMISSALS: &[&str] = &[
    "unneeded",
    "unnecessary",
    "unused",
    "irrelevant",
    "unimportant",
    "unrequired",
    "useless",
    "n/a",
    "na",
    "todo",
    "tbd",
    "fixme",
    "none",
    "nothing",
    "skip",
    "skipped",
    "ignore",
    "ignored",
];

/// Words that say "not needed" after a negation (`not`, `no`, `never`, ...).
const NEEDS: &[&str] = &[
    "need",
    "needs",
    "needed",
    "use",
    "uses",
    "used",
    "require",
    "requires",
    "required",
    "relevant",
    "necessary",
    "important",
    "useful",
    "wanted",
    "want",
    "care",
    "applicable",
    "supported",
    "support",
    "interesting",
    "reason",
];

const NEGATIONS: &[&str] = &[
    "not", "no", "never", "don't", "doesn't", "isn't", "aren't", "dont", "doesnt", "isnt", "arent",
    "won't", "wont", "nor", "without",
];

/// Words that carry no content in a reason: who, when, and the parameter itself.
const FILLER: &[&str] = &[
    "a",
    "an",
    "the",
    "this",
    "that",
    "these",
    "those",
    "it",
    "its",
    "it's",
    "is",
    "are",
    "be",
    "was",
    "were",
    "been",
    "being",
    "do",
    "does",
    "did",
    "we",
    "us",
    "our",
    "i",
    "me",
    "my",
    "you",
    "they",
    "them",
    "by",
    "for",
    "to",
    "of",
    "in",
    "on",
    "at",
    "as",
    "here",
    "there",
    "now",
    "currently",
    "moment",
    "present",
    "time",
    "right",
    "today",
    "yet",
    "really",
    "so",
    "just",
    "simply",
    "actually",
    "at",
    "all",
    "any",
    "anything",
    "really",
    "parameter",
    "parameters",
    "param",
    "params",
    "field",
    "fields",
    "argument",
    "arguments",
    "value",
    "values",
    "option",
    "options",
    "tool",
    "tools",
    "case",
    "use-case",
    "usecase",
    "purpose",
    "purposes",
    "or",
    "very",
    "much",
    "agent",
    "agents",
    "api",
    "endpoint",
    "operation",
    "feature",
    "features",
    "thing",
    "things",
    "stuff",
];

/// Checks a reason; `what` names the declaration (``omitting `query.x` ``).
pub fn check_reason(reason: &Reason, what: &str) -> Option<Finding> {
    let t = reason.text.trim();
    let message = if t == PLACEHOLDER_REASON {
        format!("write the reason for {what}: say what a user loses, and why that is right")
    } else if t.is_empty() {
        format!("the reason for {what} is empty: say what a user loses, and why that is right")
    } else if is_vacuous(t) {
        format!(
            "the reason for {what} only says it is not needed (\"{t}\"): say what a user loses \
             without it, and why that is right"
        )
    } else if t.chars().count() < MIN_REASON_LEN {
        format!(
            "the reason for {what} is too vague to review (\"{t}\"): say what a user loses, and \
             why that is right, in at least {MIN_REASON_LEN} characters"
        )
    } else {
        return None;
    };
    Some(Finding::at(reason.site, message))
}

/// Whether a reason only says the parameter is not needed: once its filler words are set aside,
/// what is left is a dismissal (`unused`, `n/a`) or a negation with a "need" word (`not
/// required`), and nothing else.
pub fn is_vacuous(reason: &str) -> bool {
    let lowered = reason.to_lowercase();
    let words: Vec<&str> = lowered
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '/' || c == '-'))
        .map(|w| w.trim_matches(|c: char| c == '\'' || c == '-'))
        .filter(|w| !w.is_empty() && !FILLER.contains(w))
        .collect();
    if words.is_empty() {
        return true;
    }
    let dismissed = words.iter().any(|w| DISMISSALS.contains(w));
    let negated = words.iter().any(|w| NEGATIONS.contains(w))
        && words
            .iter()
            .any(|w| NEEDS.contains(w) || DISMISSALS.contains(w));
    let only_dismissal = words
        .iter()
        .all(|w| DISMISSALS.contains(w) || NEGATIONS.contains(w) || NEEDS.contains(w));
    (dismissed || negated) && only_dismissal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_that_only_say_not_needed_are_vacuous_at_any_length() {
        for r in [
            "This parameter is not needed by us.",
            "not used by this tool at the moment",
            "Not needed",
            "n/a",
            "TODO",
            "unused",
            "We don't need this parameter right now.",
            "This field is irrelevant for our use case",
            "not required for this tool",
            "This parameter is not relevant to the agent at all.",
            "no reason",
            "Unnecessary.",
        ] {
            assert!(is_vacuous(r), "{r:?} should be vacuous");
        }
    }

    #[test]
    fn reasons_that_say_what_is_lost_are_not_vacuous() {
        for r in [
            "uploads need the file tool first; a post made here has no attachments",
            "an agent is not a person at the keyboard; posting must not mark the user online",
            "metadata is computed by the server from the message",
            "props carry integration payloads an agent should not forge",
            "the agent never needs more than the first page of 100 results",
            "not used: the server ignores it since v4.2, see the changelog",
        ] {
            assert!(!is_vacuous(r), "{r:?} should pass");
        }
    }

    #[test]
    fn check_reason_names_the_declaration_and_the_fix() {
        let finding = |text: &str| {
            check_reason(
                &Reason {
                    text: text.into(),
                    site: 7,
                },
                "omitting `query.x`",
            )
        };
        assert_eq!(
            finding("This parameter is not needed by us."),
            Some(Finding::at(
                7,
                "the reason for omitting `query.x` only says it is not needed (\"This parameter \
                 is not needed by us.\"): say what a user loses without it, and why that is right"
            ))
        );
        assert_eq!(
            finding("too short here"),
            Some(Finding::at(
                7,
                "the reason for omitting `query.x` is too vague to review (\"too short here\"): \
                 say what a user loses, and why that is right, in at least 20 characters"
            ))
        );
        assert_eq!(
            finding(PLACEHOLDER_REASON).map(|f| f.message),
            Some(
                "write the reason for omitting `query.x`: say what a user loses, and why that is \
                 right"
                    .to_string()
            )
        );
        assert_eq!(
            finding("metadata is computed by the server from the message"),
            None
        );
    }
}
