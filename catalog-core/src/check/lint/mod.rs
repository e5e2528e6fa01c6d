//! The description lint: text a third party's spec puts in front of a model (summaries,
//! descriptions, enum values) read for tool poisoning, written once for the `#[tool]` macro
//! ([`tool::lint_tool`]) and `catalog check --lint` ([`document::lint_document`]).
//!
//! One text at one JSON pointer gives at most one [`Finding`] per [`Class`], in class order:
//!
//! - [`Class::Invisible`]: a character a reader does not see but a model reads ([`chars`]).
//! - [`Class::Instruction`]: a sentence addressed to the model, not to the API's user
//!   ([`instructions`]).
//! - [`Class::Markup`]: an HTML comment or active markup; formatting tags are not flagged
//!   ([`markup`]).
//! - [`Class::Link`]: a `javascript:` or `data:text/html` URL ([`markup`]); links to other hosts
//!   are not flagged (docs/deploying.md, "Description lint", says why).
//! - [`Class::Length`]: a text past [`LENGTH_BUDGET`] characters.
//!
//! The figures each rule was tuned to are in docs/deploying.md.

pub mod chars;
pub mod document;
pub mod instructions;
pub mod markup;
pub mod tool;

#[cfg(test)]
mod tests;

/// Longest text, in characters, a description may be: past the corpus's 99.99th percentile
/// (4,557) and the longest text of the real specs whose tools this project compiles (7,963,
/// NetBox's list of interface types); docs/deploying.md, "Description lint", has the figures.
pub const LENGTH_BUDGET: usize = 8192;

/// What a finding is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Invisible or direction-changing characters.
    Invisible,
    /// An instruction addressed to the model.
    Instruction,
    /// An HTML comment or active markup.
    Markup,
    /// A script or inline-document URL.
    Link,
    /// A text past [`LENGTH_BUDGET`].
    Length,
}

impl Class {
    /// Every class, in the order findings are given.
    pub const ALL: [Class; 5] = [
        Class::Invisible,
        Class::Instruction,
        Class::Markup,
        Class::Link,
        Class::Length,
    ];

    /// Its name in messages and `catalog check --lint`.
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Invisible => "invisible",
            Class::Instruction => "instruction",
            Class::Markup => "markup",
            Class::Link => "link",
            Class::Length => "length",
        }
    }

    /// What it means, for a message: "invisible characters", ...
    pub fn describe(self) -> &'static str {
        match self {
            Class::Invisible => "invisible or direction-changing characters",
            Class::Instruction => "an instruction addressed to the model",
            Class::Markup => "an HTML comment or active markup",
            Class::Link => "a script or inline-document URL",
            Class::Length => "a text past the length budget",
        }
    }
}

/// One thing a text was flagged for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What it is.
    pub class: Class,
    /// The offending part, visible: invisible characters written `U+200B`, whitespace runs as
    /// one space (one line).
    pub excerpt: String,
    /// The JSON pointer of the text.
    pub pointer: String,
}

/// A rule: the offending part of a text, if any, as written (not yet made visible).
type Rule = fn(&str) -> Option<String>;

/// The rules, one per class, in class order.
const RULES: [(Class, Rule); 5] = [
    (Class::Invisible, chars::invisible),
    (Class::Instruction, instructions::instruction),
    (Class::Markup, markup::active_markup),
    (Class::Link, markup::script_link),
    (Class::Length, too_long),
];

/// Every finding of `text` at `pointer`, at most one per class, in class order.
pub fn lint(text: &str, pointer: &str) -> Vec<Finding> {
    RULES
        .iter()
        .filter_map(|(class, rule)| {
            rule(text).map(|part| Finding {
                class: *class,
                excerpt: chars::visible(&part)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
                pointer: pointer.to_string(),
            })
        })
        .collect()
}

/// A text past [`LENGTH_BUDGET`]: its start, and how long it is.
fn too_long(text: &str) -> Option<String> {
    let count = text.chars().count();
    (count > LENGTH_BUDGET).then(|| {
        let start: String = text.chars().take(60).collect();
        format!("{start}… ({count} characters; the budget is {LENGTH_BUDGET})")
    })
}

/// A JSON pointer's reference token for `key` (`~` as `~0`, `/` as `~1`).
pub fn escape_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
