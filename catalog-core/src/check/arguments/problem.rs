//! What was wrong with an agent's arguments: each problem with its JSON path, and the error that
//! carries them all.

use std::fmt;

/// At most this many problems are kept in one [`ArgumentError`]; the rest are counted.
pub const MAX_PROBLEMS: usize = 20;

/// What kind of problem an argument has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// The arguments are not a JSON object.
    NotAnObject,
    /// An argument the tool does not declare.
    UnknownArgument,
    /// An argument naming a parameter the tool omits.
    Omitted,
    /// An argument naming a parameter the tool always sends itself.
    Fixed,
    /// A required argument or field is absent.
    Missing,
    /// The value has the wrong JSON type.
    Type,
    /// The value is not one of the allowed values.
    Enum,
    /// A number is out of bounds.
    Range,
    /// A string is too short or too long.
    Length,
    /// A string is not written in its `format` (`date-time`, `uuid`, ...).
    Format,
    /// A string does not match its `pattern`.
    Pattern,
    /// An array has too few or too many items.
    Items,
    /// A number is not a multiple of its `multipleOf`.
    MultipleOf,
    /// An array whose items must be unique (`uniqueItems`) repeats one.
    Duplicate,
    /// An object has too few or too many properties (`minProperties`, `maxProperties`).
    Properties,
    /// `null` where the schema is not nullable.
    Null,
    /// A field an object does not declare (and the object is closed).
    UnknownField,
    /// A read-only property (`readOnly: true`): the server sets it and ignores a value sent, so
    /// it is refused at every depth rather than accepted and lost.
    ReadOnly,
    /// The value matches none of the arms of a `oneOf`/`anyOf`.
    NoArm,
    /// Any other problem (for example from typed decoding after the checks passed).
    Other,
}

/// One problem with one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub(super) path: String,
    pub(super) kind: ProblemKind,
    pub(super) message: String,
}

impl Problem {
    /// The JSON path of the offending value (`$.tags[2]`, `$.filter.name`, `$['X-Id']`).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What kind of problem it is.
    pub fn kind(&self) -> ProblemKind {
        self.kind
    }

    /// What is wrong and what is accepted, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Why an agent's arguments were refused: every problem found, each with its JSON path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError {
    pub(super) problems: Vec<Problem>,
    pub(super) more: usize,
}

impl ArgumentError {
    /// An error with one problem of kind [`ProblemKind::Other`], for callers (such as typed
    /// decoding) that find a problem the checks did not.
    pub fn other(path: impl Into<String>, message: impl Into<String>) -> ArgumentError {
        ArgumentError {
            problems: vec![Problem {
                path: path.into(),
                kind: ProblemKind::Other,
                message: message.into(),
            }],
            more: 0,
        }
    }

    /// The problems kept, in the order they were found (at most [`MAX_PROBLEMS`]).
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// How many further problems were found but not kept.
    pub fn more(&self) -> usize {
        self.more
    }
}

impl fmt::Display for ArgumentError {
    /// `invalid arguments: $.a: ...; $.b: ...`, then `; and N more problems` past the cap.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid arguments: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        match self.more {
            0 => Ok(()),
            1 => f.write_str("; and 1 more problem"),
            n => write!(f, "; and {n} more problems"),
        }
    }
}

impl std::error::Error for ArgumentError {}
