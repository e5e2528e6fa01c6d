//! Reasons for Fixed, Omitted and Undocumented parameters: what makes one reviewable.
//!
//! A reason must say what a user loses, and why that is right. Rejected: the scaffold's
//! placeholder, an empty reason, one shorter than [`MIN_REASON_LEN`], and a vacuous one: a reason
//! that only says the parameter is not needed (used, required, relevant, ...), in any words and at
//! any length ("This parameter is not needed by us.", "not used by this tool at the moment").
//!
//! A list tool that cannot page (see [`super::paging`]) must also say, in the reason of one of
//! its paging parameters, how an agent reaches the rest of the list, or why one page is all it
//! needs: the reason must speak of pages, limits or the rest ([`reaches_the_rest`]).

use super::finding::{Finding, Reason};

/// The placeholder reason the scaffold writes; it is rejected so that nothing is accepted by
/// accident.
pub const PLACEHOLDER_REASON: &str = "<what a user loses, and why that is right>";

/// The placeholder the paging rule's help writes for a paging parameter's reason; rejected like
/// [`PLACEHOLDER_REASON`].
pub const PAGING_PLACEHOLDER_REASON: &str =
    "<what one page holds, and how an agent reaches the rest>";

/// Reasons shorter than this (trimmed) cannot tell a reviewer what is lost.
pub const MIN_REASON_LEN: usize = 20;

/// Words that say "not needed" by themselves.
/// Words that mark a reason not written yet (a reason of only these is asked for, like the
/// placeholder).
const UNWRITTEN: &[&str] = &["todo", "tbd", "fixme", "xxx", "wip"];

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

/// Words that carry no content in a reason: who, when, and the parameter itself. Sorted, for a
/// binary search (every word of every reason is looked up, in the macro, unoptimized).
const FILLER: &[&str] = &[
    "a",
    "actually",
    "agent",
    "agents",
    "all",
    "an",
    "any",
    "anything",
    "api",
    "are",
    "argument",
    "arguments",
    "as",
    "at",
    "be",
    "been",
    "being",
    "by",
    "case",
    "currently",
    "did",
    "do",
    "does",
    "endpoint",
    "feature",
    "features",
    "field",
    "fields",
    "for",
    "here",
    "i",
    "in",
    "is",
    "it",
    "it's",
    "its",
    "just",
    "me",
    "moment",
    "much",
    "my",
    "now",
    "of",
    "on",
    "operation",
    "option",
    "options",
    "or",
    "our",
    "param",
    "parameter",
    "parameters",
    "params",
    "present",
    "purpose",
    "purposes",
    "really",
    "right",
    "simply",
    "so",
    "stuff",
    "that",
    "the",
    "them",
    "there",
    "these",
    "they",
    "thing",
    "things",
    "this",
    "those",
    "time",
    "to",
    "today",
    "tool",
    "tools",
    "us",
    "use-case",
    "usecase",
    "value",
    "values",
    "very",
    "was",
    "we",
    "were",
    "yet",
    "you",
];

/// Checks a reason; `what` names the declaration (``omitting `query.x` ``).
pub fn check_reason(reason: &Reason, what: &str) -> Option<Finding> {
    let t = reason.text.trim();
    let words = words(t);
    let message = if t == PLACEHOLDER_REASON || t == PAGING_PLACEHOLDER_REASON || unwritten(&words)
    {
        format!("write the reason for {what}: say what a user loses, and why that is right")
    } else if t.is_empty() {
        format!("the reason for {what} is empty: say what a user loses, and why that is right")
    } else if vacuous(&words) {
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

/// Whether a reason's [`words`] are only a marker that it is not written yet (`TODO`, `tbd`).
fn unwritten(words: &[String]) -> bool {
    !words.is_empty() && words.iter().all(|w| UNWRITTEN.contains(&w.as_str()))
}

/// A reason's words, lowercased, without punctuation and filler words.
fn words(reason: &str) -> Vec<String> {
    reason
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '/' || c == '-'))
        .map(|w| w.trim_matches(|c: char| c == '\'' || c == '-'))
        .filter(|w| !w.is_empty() && FILLER.binary_search(w).is_err())
        .map(str::to_string)
        .collect()
}

/// Whether a reason only says the parameter is not needed: once its filler words are set aside,
/// what is left is a dismissal (`unused`, `n/a`) or a negation with a "need" word (`not
/// required`), and nothing else.
pub fn is_vacuous(reason: &str) -> bool {
    vacuous(&words(reason))
}

/// [`is_vacuous`] of a reason's [`words`].
fn vacuous(words: &[String]) -> bool {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    if words.is_empty() {
        return true;
    }
    let dismissal = |w: &&str| DISMISSALS.contains(w) || UNWRITTEN.contains(w);
    let dismissed = words.iter().any(dismissal);
    let negated = words.iter().any(|w| NEGATIONS.contains(w))
        && words.iter().any(|w| NEEDS.contains(w) || dismissal(w));
    let only_dismissal = words
        .iter()
        .all(|w| dismissal(w) || NEGATIONS.contains(w) || NEEDS.contains(w));
    (dismissed || negated) && only_dismissal
}

/// Words that speak of paging: how much one page holds, and how to reach the rest. A word
/// matches itself or, for the ones ending in `*`, any word it begins (`pag*` is `page`,
/// `pages`, `paging`, `paginated`).
const REACHES_THE_REST: &[&str] = &[
    "pag*",
    "limit*",
    "offset*",
    "cursor*",
    "next",
    "first",
    "last",
    "rest",
    "remaining",
    "remainder",
    "all",
    "every",
    "whole",
    "entire",
    "most",
    "top",
    "max",
    "maximum",
    "truncat*",
    "scroll*",
    "batch*",
];

/// Whether a reason for a paging parameter says how an agent reaches the rest of a list, or why
/// one page is all it needs: it speaks of pages, limits, offsets, cursors, the next, first or
/// last page, the rest or all of the results (a word of the list beside this function). "Only
/// the first page of 100: the agent narrows with `q` instead" passes; "the web client sorts
/// these" does not.
pub fn reaches_the_rest(reason: &str) -> bool {
    reason
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(reaches)
}

/// Whether a lower-cased word is one of [`REACHES_THE_REST`]: an index loop that looks closer
/// only at the entries with the word's first letter (every word of a reason is looked up, in
/// the macro, unoptimized).
fn reaches(word: &str) -> bool {
    let Some(&first) = word.as_bytes().first() else {
        return false;
    };
    let mut i = 0;
    while i < REACHES_THE_REST.len() {
        let w = REACHES_THE_REST[i];
        i += 1;
        if w.as_bytes()[0] != first {
            continue;
        }
        let found = match w.strip_suffix('*') {
            Some(stem) => word.starts_with(stem),
            None => word == w,
        };
        if found {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filler_words_are_sorted_and_unique_for_the_binary_search() {
        assert!(FILLER.windows(2).all(|w| w[0] < w[1]), "{FILLER:?}");
        assert_eq!(
            words("Really, the parameter is NOT used by us at the moment"),
            ["not", "used"]
        );
    }

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
    fn a_quoted_dismissal_is_one_and_a_need_word_alone_is_none() {
        // Quotes and dashes around a word are not part of it.
        assert!(is_vacuous("'unused'"));
        assert!(is_vacuous("-unused-"));
        // A need word without a negation, or a negation without a need word, dismisses nothing.
        assert!(!is_vacuous("needed"));
        assert!(!is_vacuous("not"));
    }

    #[test]
    fn a_reason_of_the_minimum_length_passes_and_one_shorter_does_not() {
        let check = |text: &str| {
            let reason = Reason {
                text: text.into(),
                site: 0,
            };
            check_reason(&reason, "omitting `query.x`").map(|f| f.message)
        };
        let at_least = "colors come from themes";
        assert_eq!(at_least.chars().count(), MIN_REASON_LEN + 3);
        let exactly = &at_least[..MIN_REASON_LEN];
        assert_eq!(check(exactly), None, "{exactly:?}");
        let shorter = &at_least[..MIN_REASON_LEN - 1];
        assert_eq!(
            check(shorter),
            Some(format!(
                "the reason for omitting `query.x` is too vague to review (\"{shorter}\"): say \
                 what a user loses, and why that is right, in at least {MIN_REASON_LEN} \
                 characters"
            ))
        );
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
    fn paging_reasons_reach_the_rest_when_they_speak_of_pages_limits_or_the_rest() {
        for r in [
            "only the first page of 100: the agent narrows with q instead",
            "boards hold at most 50 tasks, which one call returns",
            "filters and paging beyond the first page are for the web client",
            "the server returns all tasks when per_page is left out",
            "the agent follows the `next` link of the response for the rest",
            "results are paginated by the server's default of 20",
            "the limit is the server's; an agent that needs more narrows by date",
        ] {
            assert!(reaches_the_rest(r), "{r:?} should reach the rest");
        }
        for r in [
            "the web client sorts these",
            "an agent asks for what it needs and reads it in order",
            "request ids only help the server's own operators",
            "the tool shows newer tasks ahead of older ones",
        ] {
            assert!(!reaches_the_rest(r), "{r:?} should not reach the rest");
        }
    }

    #[test]
    fn the_paging_placeholder_is_rejected_like_the_scaffold_placeholder() {
        let finding = check_reason(
            &Reason {
                text: PAGING_PLACEHOLDER_REASON.into(),
                site: 3,
            },
            "omitting `query.page`",
        );
        assert_eq!(
            finding,
            Some(Finding::at(
                3,
                "write the reason for omitting `query.page`: say what a user loses, and why \
                 that is right"
            ))
        );
    }

    #[test]
    fn a_reason_not_written_yet_is_asked_for() {
        for text in ["todo", "TODO.", "tbd", "FIXME: todo"] {
            assert_eq!(
                check_reason(
                    &Reason {
                        text: text.into(),
                        site: 5,
                    },
                    "omitting `query.page`",
                ),
                Some(Finding::at(
                    5,
                    "write the reason for omitting `query.page`: say what a user loses, and why \
                     that is right"
                )),
                "{text}"
            );
        }
        assert!(is_vacuous("todo"));
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
