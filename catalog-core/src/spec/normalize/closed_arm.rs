//! A closed object's arm that names properties the object does not list: the finding
//! `closed` makes while normalizing, as `catalog check` prints it (`Display`) and counts it
//! ([`summary`]).

use std::fmt;

/// What catalog does with the properties an arm names and the closed object does not list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The arms are read (a union of them, or an `allOf` merged with them): their properties
    /// are allowed, as servers generated from such a document read them.
    ArmsAllowed,
    /// The arms are not read (they stand beside the object's own `properties`, or only add
    /// `required`): the object is its own `properties`, and the arms' are refused.
    OwnOnly,
}

/// One arm of a closed object that names properties the object does not list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedArm {
    /// The JSON pointer of the object (`#/components/schemas/Pet`, `#/paths/...`).
    pub object: String,
    /// `oneOf`, `anyOf` or `allOf`.
    pub keyword: &'static str,
    /// The JSON pointer of the arm where the object writes it.
    pub arm: String,
    /// The `$ref` the arm is, when it is one.
    pub reference: Option<String>,
    /// Properties the arm requires and the object does not list.
    pub required: Vec<String>,
    /// Properties the arm declares without requiring them and the object does not list.
    pub declared: Vec<String>,
    /// What catalog reads.
    pub reading: Reading,
}

impl ClosedArm {
    /// Whether no value satisfies the arm (it requires a property the object refuses).
    pub fn is_unsatisfiable(&self) -> bool {
        !self.required.is_empty()
    }
}

/// The line that counts `arms` (`None` when there are none): how many arms of how many objects.
pub fn summary(arms: &[ClosedArm]) -> Option<String> {
    if arms.is_empty() {
        return None;
    }
    let mut objects: Vec<&str> = arms.iter().map(|c| c.object.as_str()).collect();
    objects.sort_unstable();
    objects.dedup();
    Some(format!(
        "closed objects beside arms: {} arms of {} objects name properties their \
         `additionalProperties: false` refuses [spec]",
        arms.len(),
        objects.len()
    ))
}

fn names(list: &[String]) -> String {
    let quoted: Vec<String> = list.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}

impl fmt::Display for ClosedArm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ClosedArm {
            object, keyword, ..
        } = self;
        write!(
            f,
            "`{object}` has `additionalProperties: false` beside `{keyword}`, whose arm `{}`",
            self.arm
        )?;
        if let Some(r) = &self.reference {
            write!(f, " (`{r}`)")?;
        }
        let what = match (self.required.is_empty(), self.declared.is_empty()) {
            (false, true) => format!("requires {}", names(&self.required)),
            (true, false) => format!("declares {}", names(&self.declared)),
            _ => format!(
                "requires {} and declares {}",
                names(&self.required),
                names(&self.declared)
            ),
        };
        write!(
            f,
            " {what}, which the object does not list: `additionalProperties` sees the object's \
             own `properties` only, so "
        )?;
        if !self.is_unsatisfiable() {
            f.write_str("these properties are refused wherever the arm is taken")?;
        } else if *keyword == "allOf" {
            f.write_str("no value satisfies the object")?;
        } else {
            f.write_str("no value satisfies this arm")?;
        }
        f.write_str(
            "; fix: list them in the object's `properties`, or close it with \
             `unevaluatedProperties: false` instead. ",
        )?;
        match self.reading {
            Reading::ArmsAllowed => f.write_str(
                "catalog reads the arm's properties as allowed, as servers generated from such a \
                 spec do, and a tool sends them as declared",
            ),
            Reading::OwnOnly => f.write_str(
                "catalog does not read the arm (the object is what its own `properties` and \
                 `allOf` say) and refuses them, as the spec writes it; a tool is written without \
                 them, or sends one at a body's top level as `#[arg(param = \"body.<name>\", \
                 undocumented, read_at = \"...\", reason = \"...\")]`, which states what the \
                 server reads (below the top level no override reaches them yet)",
            ),
        }
    }
}
