//! Unsupported reasons by class, and whose the gap is: the spec's (a document that contradicts
//! itself or the standards), out of scope (a valid construct `catalog` does not set out to
//! send), or `catalog`'s (a valid construct it should read and does not yet).
//!
//! `catalog check` counts a document's unsupported operations per class; the public corpus run
//! (`.ci/corpus.sh`) holds the share of operations unsupported for a gap of `catalog`'s to a
//! budget. Each class that is not a gap is listed, with its count and why, in
//! `docs/reading-specs.md`.

use std::fmt;

/// Whose the gap behind an unsupported reason is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Blame {
    /// The document contradicts itself or the standards (a dangling `$ref`, a path template
    /// naming an undeclared parameter, a binary body described as a JSON object).
    Spec,
    /// A valid construct `catalog` does not set out to send (XML and YAML bodies, JSON lines,
    /// external `$ref`s).
    OutOfScope,
    /// A valid construct `catalog` should read and does not yet: held to the corpus budget.
    Gap,
}

impl Blame {
    /// The word `catalog check` prints (`spec`, `out-of-scope`, `gap`).
    pub fn as_str(self) -> &'static str {
        match self {
            Blame::Spec => "spec",
            Blame::OutOfScope => "out-of-scope",
            Blame::Gap => "gap",
        }
    }
}

/// A reason's class: a stable name and whose the gap is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReasonClass {
    /// A stable kebab-case name (`binary-body-not-a-file`).
    pub name: &'static str,
    /// Whose the gap is.
    pub blame: Blame,
}

impl fmt::Display for ReasonClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.name, self.blame.as_str())
    }
}

const fn class(name: &'static str, blame: Blame) -> ReasonClass {
    ReasonClass { name, blame }
}

/// The class of an [`crate::model::Unsupported`] reason (its `reason` text). A reason no class
/// names is `other`, a gap: a new reason counts against the budget until it is classed here.
pub fn classify(reason: &str) -> ReasonClass {
    use Blame::{Gap, OutOfScope, Spec};
    if reason.starts_with("dangling `$ref`") {
        return class("dangling-ref", Spec);
    }
    if reason.starts_with("external `$ref`") {
        return class("external-ref", OutOfScope);
    }
    if reason.contains("has a `%` not followed by two hex digits")
        || reason.contains("percent-decodes to bytes that are not UTF-8")
        || reason.starts_with("`$ref` is not a string")
        || reason.starts_with("`$ref` chain does not end")
    {
        return class("malformed-ref", Spec);
    }
    if reason.starts_with("the path template names") {
        return class("undeclared-path-parameter", Spec);
    }
    if reason.starts_with("`parameters` is not an array")
        || reason.starts_with("a parameter needs both `name` and `in`")
        || (reason.starts_with("parameter `") && reason.contains("has unknown"))
    {
        return class("malformed-parameter", Spec);
    }
    if reason.contains("tools send a binary body only as one file") {
        let media = quoted_after(reason, "the request body is `").unwrap_or_default();
        return match media_class(media) {
            Some(c) => c,
            None => class("binary-body-not-a-file", Spec),
        };
    }
    if reason.contains("not an object with properties; tools send a multipart body") {
        return class("multipart-without-properties", Spec);
    }
    if reason.contains("holds a file (a `format: binary` string) at") {
        return class("multipart-nested-file", Gap);
    }
    if reason.contains("and do not pick a union's arm for it yet") {
        return class("multipart-union-body", Gap);
    }
    if reason.contains("declares part headers") {
        return class("multipart-part-headers", Gap);
    }
    if reason.contains("is required and cannot be sent: it is") {
        // A shape OpenAPI defines no serialization for in that place (an array of objects in a
        // `form` query, a form body that is not an object): see `spec::shapes`.
        return class("unencodable-parameter", Spec);
    }
    if reason.contains("merged arms a tool picks among by `variant`") {
        return class("all-of-union-too-many-arms", OutOfScope);
    }
    if reason.contains("none of whose arms merges with the other members") {
        return class("all-of-contradictory", Spec);
    }
    if let Some(arms) = reason
        .strip_prefix("the request body is an `allOf` of ")
        .and_then(|rest| rest.split_once(", which is neither all objects"))
        .map(|(arms, _)| arms)
    {
        // Every arm the reason names is an object: the others are neither objects nor unions.
        return if arms.split(", ").all(|a| a.starts_with("object")) {
            class("other", Gap)
        } else {
            class("all-of-contradictory", Spec)
        };
    }
    class("other", Gap)
}

/// The class of a binary body refused for its media type rather than its schema: XML and YAML
/// written out from a schema, and JSON lines, are out of scope.
fn media_class(media: &str) -> Option<ReasonClass> {
    let base = media
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let xml_or_yaml = [
        "application/xml",
        "text/xml",
        "application/yaml",
        "text/yaml",
    ]
    .contains(&base.as_str())
        || base.ends_with("+xml")
        || base.ends_with("+yaml")
        || base.ends_with("/x-yaml");
    let json_lines = [
        "application/ndjson",
        "application/x-ndjson",
        "application/jsonl",
    ]
    .contains(&base.as_str())
        || base.ends_with("+json-seq")
        || base == "application/json-seq";
    if xml_or_yaml {
        Some(class("xml-or-yaml-body", Blame::OutOfScope))
    } else if json_lines {
        Some(class("json-lines-body", Blame::OutOfScope))
    } else {
        None
    }
}

/// The text between `prefix` and the next backtick.
fn quoted_after<'r>(reason: &'r str, prefix: &str) -> Option<&'r str> {
    let rest = &reason[reason.find(prefix)? + prefix.len()..];
    rest.split('`').next()
}

#[cfg(test)]
mod tests {
    use super::{Blame, classify};

    fn of(reason: &str) -> (&'static str, Blame) {
        let c = classify(reason);
        (c.name, c.blame)
    }

    #[test]
    fn binary_bodies_are_classed_by_media_type_then_by_schema() {
        let binary = |media: &str, shape: &str| {
            format!(
                "the request body is `{media}` with a schema of {shape}; tools send a binary \
                 body only as one file (a `format: binary` string, a string without `format`, or \
                 no schema)"
            )
        };
        assert_eq!(
            of(&binary("application/xml", "an object with properties")),
            ("xml-or-yaml-body", Blame::OutOfScope)
        );
        assert_eq!(
            of(&binary("application/xml; charset=utf-8", "object")),
            ("xml-or-yaml-body", Blame::OutOfScope)
        );
        assert_eq!(
            of(&binary("application/atom+xml", "object")),
            ("xml-or-yaml-body", Blame::OutOfScope)
        );
        assert_eq!(
            of(&binary("application/x-yaml", "object")),
            ("xml-or-yaml-body", Blame::OutOfScope)
        );
        assert_eq!(
            of(&binary("application/ndjson", "array of object (3 fields)")),
            ("json-lines-body", Blame::OutOfScope)
        );
        assert_eq!(
            of(&binary("application/octet-stream", "string (byte)")),
            ("binary-body-not-a-file", Blame::Spec)
        );
        assert_eq!(
            of(&binary("", "an object with properties")),
            ("binary-body-not-a-file", Blame::Spec)
        );
    }

    #[test]
    fn refs_parameters_multipart_and_all_of_have_their_classes() {
        for (reason, expected) in [
            (
                "dangling `$ref` `#/components/schemas/X`: nothing is declared there",
                ("dangling-ref", Blame::Spec),
            ),
            (
                "external `$ref` `other.yaml#/X` is not supported; bundle the document into one \
                 file first",
                ("external-ref", Blame::OutOfScope),
            ),
            (
                "`$ref` `#/a%zz` has a `%` not followed by two hex digits; write a literal `%` as \
                 `%25`",
                ("malformed-ref", Blame::Spec),
            ),
            (
                "the path template names `{id}` but no path parameter declares it",
                ("undeclared-path-parameter", Blame::Spec),
            ),
            (
                "parameter `x` has unknown style `tabDelimited`",
                ("malformed-parameter", Blame::Spec),
            ),
            (
                "`query.timeline` is required and cannot be sent: it is an array of objects, and a \
                 query parameter of style `form` has no encoding for an array or object inside \
                 another (only a scalar, an array of scalars, or an object of scalars)",
                ("unencodable-parameter", Blame::Spec),
            ),
            (
                "the request body is `multipart/form-data` with a schema of object, not an object \
                 with properties; tools send a multipart body one part per property",
                ("multipart-without-properties", Blame::Spec),
            ),
            (
                "the `doc` part holds a file (a `format: binary` string) at `doc.pages[]`; tools \
                 send a file only as a whole part or as each element of an array part",
                ("multipart-nested-file", Blame::Gap),
            ),
            (
                "the request body is `multipart/form-data` with a union (oneOf/anyOf) of 3 \
                 objects; tools send a multipart body one part per property of one object, and \
                 do not pick a union's arm for it yet",
                ("multipart-union-body", Blame::Gap),
            ),
            (
                "the `encoding` of the `multipart/form-data` body declares part headers for \
                 `file` (X-Rate), which tools cannot send yet",
                ("multipart-part-headers", Blame::Gap),
            ),
            (
                "the request body is an `allOf` of string, integer, which is neither all objects \
                 (merged into one object's properties) nor all one scalar kind (merged into one \
                 scalar), so tools cannot account it",
                ("all-of-contradictory", Blame::Spec),
            ),
            (
                "the request body is an `allOf` of object (`Base`) and a `oneOf` none of whose \
                 arms merges with the other members (objects with a scalar, or scalars of \
                 different kinds), so no value satisfies it",
                ("all-of-contradictory", Blame::Spec),
            ),
            (
                "the request body is an `allOf` whose `oneOf`/`anyOf` members make 25 arms (5 × \
                 5), more than the 16 merged arms a tool picks among by `variant`",
                ("all-of-union-too-many-arms", Blame::OutOfScope),
            ),
            ("something new", ("other", Blame::Gap)),
        ] {
            assert_eq!(of(reason), expected, "{reason}");
        }
    }
}
