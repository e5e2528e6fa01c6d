//! Path templates (`/boards/{board_id}/tasks`, `/files/{name}.{ext}`): the one parser the
//! normalizer (which parameters a template names), routing (the URI a call is sent to) and the
//! recorder (which template a live path matches) share.
//!
//! A template is literal text and `{name}` parameters, anywhere in a segment. A `{` that is not
//! closed, a `}` that was not opened, a `{` inside a name, and an empty `{}` are errors: the
//! template comes from the spec, and a tool cannot say where such a parameter goes.

use std::fmt;

/// A path template as the spec spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathTemplate<'a>(&'a str);

/// One part of a template: literal text, or a parameter by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// Text sent as written (`/boards/`, `.`).
    Literal(&'a str),
    /// A `{name}`: the name, without its braces.
    Param(&'a str),
}

/// Why a template cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError {
    /// The template.
    pub template: String,
    /// What is wrong with it.
    pub kind: TemplateErrorKind,
}

/// What is wrong with a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TemplateErrorKind {
    /// A `{` without its `}`.
    Unclosed,
    /// A `}` without its `{`.
    Unopened,
    /// A `{` inside a parameter's name (`{a{b}`).
    Nested,
    /// `{}`: a parameter without a name.
    Empty,
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            TemplateErrorKind::Unclosed => "has an unclosed `{`",
            TemplateErrorKind::Unopened => "has an unmatched `}`",
            TemplateErrorKind::Nested => "has a `{` inside a parameter name",
            TemplateErrorKind::Empty => "has an empty `{}`",
        };
        write!(f, "path template `{}` {what}", self.template)
    }
}

impl std::error::Error for TemplateError {}

impl<'a> PathTemplate<'a> {
    /// The template `template` (read lazily: see [`PathTemplate::parts`]).
    pub fn new(template: &'a str) -> PathTemplate<'a> {
        PathTemplate(template)
    }

    /// Its parts in order, without allocating; an error ends them.
    pub fn parts(self) -> Parts<'a> {
        Parts {
            template: self.0,
            rest: self.0,
        }
    }

    /// The names of its parameters, in order.
    pub fn param_names(self) -> Result<Vec<&'a str>, TemplateError> {
        self.parts()
            .filter_map(|part| match part {
                Ok(Part::Param(name)) => Some(Ok(name)),
                Ok(Part::Literal(_)) => None,
                Err(e) => Some(Err(e)),
            })
            .collect()
    }
}

/// The parts of a [`PathTemplate`]; see [`PathTemplate::parts`].
#[derive(Clone, Debug)]
pub struct Parts<'a> {
    template: &'a str,
    rest: &'a str,
}

impl<'a> Parts<'a> {
    fn fail(&mut self, kind: TemplateErrorKind) -> Option<Result<Part<'a>, TemplateError>> {
        self.rest = "";
        Some(Err(TemplateError {
            template: self.template.to_string(),
            kind,
        }))
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = Result<Part<'a>, TemplateError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest;
        let bytes = rest.as_bytes();
        match bytes.first()? {
            b'}' => self.fail(TemplateErrorKind::Unopened),
            b'{' => {
                let inner = &rest[1..];
                let Some(close) = inner.bytes().position(|b| b == b'}') else {
                    return self.fail(TemplateErrorKind::Unclosed);
                };
                let name = &inner[..close];
                if name.contains('{') {
                    return self.fail(TemplateErrorKind::Nested);
                }
                if name.is_empty() {
                    return self.fail(TemplateErrorKind::Empty);
                }
                self.rest = &inner[close + 1..];
                Some(Ok(Part::Param(name)))
            }
            _ => {
                let end = bytes
                    .iter()
                    .position(|&b| b == b'{' || b == b'}')
                    .unwrap_or(bytes.len());
                self.rest = &rest[end..];
                Some(Ok(Part::Literal(&rest[..end])))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(template: &str) -> Result<Vec<Part<'_>>, TemplateErrorKind> {
        PathTemplate::new(template)
            .parts()
            .collect::<Result<_, _>>()
            .map_err(|e: TemplateError| e.kind)
    }

    #[test]
    fn literal_templates_are_one_literal_part() {
        assert_eq!(parts("/boards"), Ok(vec![Part::Literal("/boards")]));
        assert_eq!(parts(""), Ok(vec![]));
    }

    #[test]
    fn parameters_split_the_template_in_order() {
        assert_eq!(
            parts("/boards/{board_id}/tasks/{task_id}"),
            Ok(vec![
                Part::Literal("/boards/"),
                Part::Param("board_id"),
                Part::Literal("/tasks/"),
                Part::Param("task_id"),
            ])
        );
        assert_eq!(
            PathTemplate::new("/boards/{board_id}/tasks/{task_id}").param_names(),
            Ok(vec!["board_id", "task_id"])
        );
    }

    #[test]
    fn parameters_may_sit_mid_segment_and_side_by_side() {
        assert_eq!(
            parts("/files/{name}.{ext}"),
            Ok(vec![
                Part::Literal("/files/"),
                Part::Param("name"),
                Part::Literal("."),
                Part::Param("ext"),
            ])
        );
        assert_eq!(
            parts("/v{major}{minor}"),
            Ok(vec![
                Part::Literal("/v"),
                Part::Param("major"),
                Part::Param("minor"),
            ])
        );
    }

    #[test]
    fn unbalanced_braces_are_errors_that_name_the_template() {
        assert_eq!(parts("/boards/{board_id"), Err(TemplateErrorKind::Unclosed));
        assert_eq!(parts("/boards/board_id}"), Err(TemplateErrorKind::Unopened));
        assert_eq!(parts("/boards/{a{b}"), Err(TemplateErrorKind::Nested));
        assert_eq!(parts("/boards/{}"), Err(TemplateErrorKind::Empty));
        let e = PathTemplate::new("/a/{b").param_names().unwrap_err();
        assert_eq!(e.to_string(), "path template `/a/{b` has an unclosed `{`");
        // The parts before the error come first; nothing follows it.
        let mut it = PathTemplate::new("/a/{b}/}{c}").parts();
        assert_eq!(it.next(), Some(Ok(Part::Literal("/a/"))));
        assert_eq!(it.next(), Some(Ok(Part::Param("b"))));
        assert_eq!(it.next(), Some(Ok(Part::Literal("/"))));
        assert!(matches!(
            it.next(),
            Some(Err(TemplateError {
                kind: TemplateErrorKind::Unopened,
                ..
            }))
        ));
        assert_eq!(it.next(), None);
    }
}
