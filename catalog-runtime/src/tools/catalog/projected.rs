//! What a [`Catalog`](super::Catalog) advertises with projection on: each tool's schemas
//! projected by [`catalog_core::present::projection`], with the annotations tool authors added to
//! arguments, except for the tools exempted. Decoding never changes: an argument left out of an
//! advertised schema is still decoded and sent when an agent passes it.

use std::borrow::Cow;
use std::fmt;

use serde_json::Value;

use super::tool_info::ToolInfo;
use catalog_core::check::suggest::{Candidate, suggest};
use catalog_core::present::projection::{Rules, project};

/// The projection settings of a catalog.
#[derive(Clone, Debug)]
pub(super) struct Projection {
    capabilities: Value,
    rules: Rules,
    exemptions: Vec<(&'static str, String)>,
    authored: Vec<Authored>,
}

/// An applies-when annotation a tool author put on an argument.
#[derive(Clone, Debug)]
struct Authored {
    tool: &'static str,
    argument: String,
    annotation: Value,
}

impl Projection {
    pub(super) fn new(capabilities: Value, rules: Rules) -> Projection {
        Projection {
            capabilities,
            rules,
            exemptions: Vec::new(),
            authored: Vec::new(),
        }
    }

    /// Why `tool` is exempted, when it is.
    pub(super) fn exemption(&self, tool: &str) -> Option<&str> {
        self.exemptions
            .iter()
            .find(|(name, _)| *name == tool)
            .map(|(_, reason)| reason.as_str())
    }

    /// Exempts `tool` from projection, for `reason`.
    pub(super) fn exempt(&mut self, tool: &ToolInfo, reason: String) -> Result<(), SettingError> {
        let refuse = |problem| Err(SettingError::new(tool.name, problem));
        if reason.trim().is_empty() {
            return refuse(Problem::NoReason);
        }
        if let Some(a) = self.authored.iter().find(|a| a.tool == tool.name) {
            return refuse(Problem::Exempted(a.argument.clone()));
        }
        self.exemptions.retain(|(name, _)| *name != tool.name);
        self.exemptions.push((tool.name, reason));
        Ok(())
    }

    /// Adds `annotation` to the optional argument `argument` of `tool`.
    pub(super) fn annotate(
        &mut self,
        tool: &ToolInfo,
        argument: &str,
        annotation: Value,
    ) -> Result<(), SettingError> {
        let refuse = |problem| Err(SettingError::new(tool.name, problem));
        let at =
            |problem| SettingError::new(tool.name, Problem::Argument(argument.into(), problem));
        let schema = tool.input_schema;
        let Some(declared) = schema["properties"].get(argument) else {
            let names: Vec<Candidate<'_>> = schema["properties"]
                .as_object()
                .into_iter()
                .flat_map(|p| p.keys().map(|k| Candidate::new(k)))
                .collect();
            let hint = suggest(argument, None, &names).to_string();
            return Err(at(ArgumentProblem::Unknown(hint)));
        };
        if self.exemption(tool.name).is_some() {
            return refuse(Problem::Exempted(argument.into()));
        }
        let required = schema["required"].as_array();
        if required.is_some_and(|r| r.iter().any(|n| n.as_str() == Some(argument))) {
            return Err(at(ArgumentProblem::Required));
        }
        let extension = self.rules.extension();
        if let Some(spec) = declared.get(extension) {
            let spec = format!("`{extension}`: {spec}");
            return Err(at(ArgumentProblem::AlreadyAnnotated(spec)));
        }
        if self.authored(tool.name).any(|a| a.argument == argument) {
            return Err(at(ArgumentProblem::AnnotatedTwice));
        }
        if let Err(problem) = self.rules.check(&annotation) {
            return Err(at(ArgumentProblem::Malformed(problem.to_string())));
        }
        self.authored.push(Authored {
            tool: tool.name,
            argument: argument.into(),
            annotation,
        });
        Ok(())
    }

    fn authored<'a>(&'a self, tool: &'a str) -> impl Iterator<Item = &'a Authored> + 'a {
        self.authored.iter().filter(move |a| a.tool == tool)
    }

    /// The input schema advertised for `tool`: its own when exempted, else its own with the
    /// authored annotations added, projected.
    pub(super) fn input(&self, tool: &ToolInfo) -> Cow<'static, Value> {
        if self.exemption(tool.name).is_some() {
            return Cow::Borrowed(tool.input_schema);
        }
        // An input schema is closed (`additionalProperties: false`) because decoding is strict,
        // not because the API's property set is closed, and projection never removes from a
        // closed object. So the top level is projected open and closed again; nested objects
        // keep the guard.
        let mut open = tool.input_schema.clone();
        let mut annotated = false;
        for a in self.authored(tool.name) {
            if let Some(Value::Object(argument)) = open["properties"].get_mut(&a.argument) {
                let extension = self.rules.extension().to_owned();
                argument.insert(extension, a.annotation.clone());
                annotated = true;
            }
        }
        let closed = open
            .as_object_mut()
            .and_then(|o| o.remove("additionalProperties"));
        let mut projected = match project(&open, &self.capabilities, &self.rules) {
            Cow::Borrowed(_) if !annotated => return Cow::Borrowed(tool.input_schema),
            Cow::Borrowed(_) => open,
            Cow::Owned(projected) => projected,
        };
        if let (Some(closed), Some(o)) = (closed, projected.as_object_mut()) {
            o.insert("additionalProperties".into(), closed);
        }
        Cow::Owned(projected)
    }

    /// The output schema advertised for `tool`: its own when exempted, else projected.
    pub(super) fn output(&self, tool: &str, schema: &'static Value) -> Cow<'static, Value> {
        if self.exemption(tool).is_some() {
            return Cow::Borrowed(schema);
        }
        project(schema, &self.capabilities, &self.rules)
    }
}

/// A projection setting refused when the catalog is built: an exemption or an authored
/// annotation that could not do what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingError {
    tool: String,
    problem: Problem,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Problem {
    Off,
    UnknownTool,
    NoReason,
    // The argument an authored annotation was put on, with the tool exempted.
    Exempted(String),
    Argument(String, ArgumentProblem),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ArgumentProblem {
    // With the did-you-mean hint.
    Unknown(String),
    Required,
    // The spec's annotation, as `key`: value.
    AlreadyAnnotated(String),
    AnnotatedTwice,
    Malformed(String),
}

impl SettingError {
    fn new(tool: &str, problem: Problem) -> SettingError {
        SettingError {
            tool: tool.to_owned(),
            problem,
        }
    }

    pub(super) fn off(tool: &str) -> SettingError {
        SettingError::new(tool, Problem::Off)
    }

    pub(super) fn unknown_tool(tool: &str) -> SettingError {
        SettingError::new(tool, Problem::UnknownTool)
    }

    /// The tool the setting was for.
    pub fn tool(&self) -> &str {
        &self.tool
    }
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tool = &self.tool;
        match &self.problem {
            Problem::Off => write!(
                f,
                "projection is off, so a projection setting for `{tool}` would do nothing: call \
                 Catalog::with_projection first"
            ),
            Problem::UnknownTool => write!(
                f,
                "the catalog has no tool `{tool}`: add it with Catalog::tool before its \
                 projection settings"
            ),
            Problem::NoReason => write!(
                f,
                "the exemption of `{tool}` from projection has no reason: say why its schemas \
                 are advertised whole (for instance, it changes records the server already \
                 accepted)"
            ),
            Problem::Exempted(argument) => write!(
                f,
                "`{tool}` is exempted from projection, so the annotation on its argument \
                 `{argument}` would never be read: drop one of the two"
            ),
            Problem::Argument(argument, problem) => {
                write!(f, "cannot annotate `{argument}` of `{tool}`: ")?;
                match problem {
                    ArgumentProblem::Unknown(hint) => {
                        write!(f, "the tool has no such argument; {hint}")
                    }
                    ArgumentProblem::Required => f.write_str(
                        "it is required, and projection never hides a required argument; \
                         annotate an optional one",
                    ),
                    ArgumentProblem::AlreadyAnnotated(spec) => write!(
                        f,
                        "the spec already annotates it ({spec}), and the spec's annotation is \
                         the one read; remove the authored one"
                    ),
                    ArgumentProblem::AnnotatedTwice => {
                        f.write_str("it is annotated already; put every key in one annotation")
                    }
                    ArgumentProblem::Malformed(problem) => {
                        write!(f, "{problem}; write the annotation as the spec would")
                    }
                }
            }
        }
    }
}

impl std::error::Error for SettingError {}
