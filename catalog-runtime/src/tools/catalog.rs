//! A [`Catalog`]: a set of tools, listed and called by name.
//!
//! ```ignore
//! let catalog = Catalog::new().tool::<ListTasks>().tool::<GetTask>();
//! for t in catalog.tools() { println!("{}: {}", t.name, t.description); }
//! let response = catalog.call(&executor, "get_task", json!({"board_id": "ops", "task_id": 1})).await?;
//! ```
//!
//! A call decodes the arguments (`from_arguments`), builds the request (`to_request`) and, with
//! the `runtime` feature, sends it through an [`Executor`](crate::outbound::executor::Executor). When the
//! arguments or the request are wrong, nothing is sent.

use crate::audit::recorder::Recorder;
use crate::tools::tool::Tool;
use catalog_core::check::suggest::{Candidate, suggest};
use catalog_core::index::Index;
use catalog_core::model::Operation;
use serde_json::Value;
use std::fmt;

mod projected;
pub(crate) mod tool_info;
pub use projected::SettingError as ProjectionSettingError;
use projected::{Projection, SettingError};

/// How many of the tools a missing credential stops [`Catalog::check_credentials`] names; it
/// counts the rest.
pub const TOOLS_NAMED: usize = 5;
pub use tool_info::ToolInfo;

pub use crate::tools::call_error::CallError;
pub(crate) use tool_info::info_of;

/// Decodes arguments and builds the request of one tool type, type-erased.
type Build = fn(Value) -> Result<http::Request<Vec<u8>>, CallError>;

fn build<T: Tool>(args: Value) -> Result<http::Request<Vec<u8>>, CallError> {
    let tool = T::from_arguments(args).map_err(CallError::Arguments)?;
    tool.to_request().map_err(CallError::Request)
}

#[derive(Clone, Copy)]
struct Entry {
    info: ToolInfo,
    build: Build,
    // The tool's Rust type, to name both tools when two share a name.
    type_name: &'static str,
    // A composite's run.
    #[cfg(feature = "runtime")]
    run: Option<crate::tools::composite::Run>,
}

/// A set of tools, each a type implementing [`Tool`], held type-erased so that one catalog
/// serves tools of many types.
#[derive(Clone, Default)]
pub struct Catalog {
    entries: Vec<Entry>,
    // The bindings composites use that are not listed as tools.
    bindings: Vec<Entry>,
    // Capability projection of advertised schemas: off unless `with_projection` is called.
    projection: Option<std::sync::Arc<Projection>>,
    // Groups named in code (`in_groups`), replacing the operation's tags for that tool.
    groups: Vec<(&'static str, Vec<String>)>,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.entries.iter().map(|e| e.info.name))
            .finish()
    }
}

impl Catalog {
    /// An empty catalog.
    pub fn new() -> Catalog {
        Catalog::default()
    }

    /// Adds the tool `T`.
    ///
    /// # Panics
    ///
    /// When the catalog already holds a tool of the same name: two tools cannot answer to one
    /// name, and this is fixed in code, not by an agent. [`try_tool`](Self::try_tool) returns
    /// the error instead.
    pub fn tool<T: Tool>(self) -> Catalog {
        // The tool that answers to the name `T` would take (a former name included).
        let holder = std::iter::once(T::NAME)
            .chain(T::FORMER_NAMES.iter().copied())
            .find_map(|n| self.entry(n))
            .map(|e| e.type_name);
        match self.try_tool::<T>() {
            Ok(c) => c,
            Err(name) => panic!(
                "catalog: two tools answer to `{name}`: `{}` and `{}`; rename one with \
                 #[tool(name = \"...\")], or drop the former name",
                holder.unwrap_or("?"),
                std::any::type_name::<T>()
            ),
        }
    }

    /// Adds the tool `T`, or gives back its name when the catalog already has a tool so named.
    pub fn try_tool<T: Tool>(mut self) -> Result<Catalog, &'static str> {
        // A name, former ones included, answers for one tool only.
        if let Some(taken) = std::iter::once(T::NAME)
            .chain(T::FORMER_NAMES.iter().copied())
            .find(|n| self.get(n).is_some())
        {
            return Err(taken);
        }
        let type_name = std::any::type_name::<T>();
        // A binding a composite uses, now listed: it moves from the unlisted ones (a tool of
        // another operation under its name would make the recorder misread its requests).
        if let Some(i) = self.bindings.iter().position(|b| b.info.name == T::NAME) {
            if self.bindings[i].info.operation.key() != T::operation().key() {
                return Err(T::NAME);
            }
            self.bindings.remove(i);
        }
        self.entries.push(Entry {
            info: info_of::<T>(),
            build: build::<T>,
            type_name,
            #[cfg(feature = "runtime")]
            run: None,
        });
        Ok(self)
    }

    /// Adds the composite tool `C`, and each binding it uses that the catalog does not list
    /// as a tool already, unlisted: the recorder, coverage and the credentials check know it,
    /// agents do not see it (add it with [`tool`](Self::tool) too to list it).
    ///
    /// # Panics
    ///
    /// When the catalog already holds a tool of the same name, or a binding of another type
    /// under one of the bindings' names.
    #[cfg(feature = "runtime")]
    pub fn composite<C: crate::tools::composite::Composite>(self) -> Catalog {
        match self.try_composite::<C>() {
            Ok(c) => c,
            Err(name) => panic!(
                "catalog: two tools are named `{name}` (adding the composite `{}`); rename one \
                 with #[tool(name = \"...\")] or #[composite(name = \"...\")]",
                std::any::type_name::<C>()
            ),
        }
    }

    /// Adds the composite tool `C` ([`composite`](Self::composite)), or gives back the name
    /// two tools would share.
    #[cfg(feature = "runtime")]
    pub fn try_composite<C: crate::tools::composite::Composite>(
        mut self,
    ) -> Result<Catalog, &'static str> {
        if self.get(C::NAME).is_some() || self.bindings.iter().any(|b| b.info.name == C::NAME) {
            return Err(C::NAME);
        }
        let uses = C::uses();
        for used in uses {
            let listed = self.entries.iter().any(|e| e.info.name == used.name);
            let unlisted = self.bindings.iter().any(|b| b.info.name == used.name);
            if used.name == C::NAME {
                return Err(C::NAME);
            }
            if !listed && !unlisted {
                self.bindings.push(Entry {
                    info: *used,
                    build: binding_build,
                    type_name: used.name,
                    run: None,
                });
            }
        }
        self.entries.push(Entry {
            info: ToolInfo {
                name: C::NAME,
                former_names: &[],
                description: C::description(),
                input_schema: C::input_schema(),
                input_schema_json: C::input_schema_json(),
                operation: C::arguments(),
                effects: crate::tools::composite::effects_of(uses),
                output: None,
                output_schema: C::output()
                    .map(|o| crate::tools::composite::output::interned(C::NAME, &o)),
                output_value: match C::output() {
                    Some(o) => o.structured,
                    None => Ok,
                },
                uses,
            },
            build: composite_build::<C>,
            type_name: std::any::type_name::<C>(),
            run: Some(crate::tools::composite::run::<C>),
        });
        Ok(self)
    }

    /// The bindings composites use that are not listed as tools.
    pub fn unlisted_bindings(&self) -> impl ExactSizeIterator<Item = ToolInfo> + '_ {
        self.bindings.iter().map(|e| e.info)
    }

    /// Every operation the catalog's tools send to, under the name the requests are recorded
    /// by: each tool of one operation, and each binding a composite uses (listed or not).
    /// What [`recorder`](Self::recorder) and coverage read.
    pub fn operations(&self) -> impl Iterator<Item = (&'static str, &'static Operation)> + '_ {
        self.entries
            .iter()
            .chain(&self.bindings)
            .filter(|e| !e.info.is_composite())
            .map(|e| (e.info.name, e.info.operation))
    }

    /// The tools, in the order they were added.
    pub fn tools(&self) -> impl ExactSizeIterator<Item = ToolInfo> + '_ {
        self.entries.iter().map(|e| e.info)
    }

    /// A recorder for every tool of this catalog against `index`, the spec the tools were built
    /// from, matching requests relative to the base URL (attach it with
    /// [`Executor::with_recorder`](crate::outbound::executor::Executor::with_recorder)).
    pub fn recorder(&self, index: &Index) -> Recorder {
        Recorder::for_tools(index, self.operations())
    }

    /// How many tools the catalog holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the catalog holds no tool.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Puts the tool `T` in `groups` (the toolsets an operator selects, see
    /// [`crate::inbound::access::selection`]) instead of the groups its operation's `tags` give it;
    /// called again for `T`, the last call counts.
    pub fn in_groups<T: Tool>(
        mut self,
        groups: impl IntoIterator<Item = impl Into<String>>,
    ) -> Catalog {
        let groups = groups.into_iter().map(Into::into).collect();
        self.groups.retain(|(name, _)| *name != T::NAME);
        self.groups.push((T::NAME, groups));
        self
    }

    /// The groups of the tool `name`: those [`in_groups`](Self::in_groups) gave it, else its
    /// operation's `tags`; empty when it has neither (or no tool has this name).
    pub fn groups(&self, name: &str) -> Vec<String> {
        if let Some((_, groups)) = self.groups.iter().find(|(n, _)| *n == name) {
            return groups.clone();
        }
        self.get(name)
            .map(|t| t.operation.tags.clone())
            .unwrap_or_default()
    }

    /// A tool by name, or by a name it had before a rename (`former_names`): the tool returned
    /// is the renamed one, under its current `name`.
    pub fn get(&self, name: &str) -> Option<ToolInfo> {
        self.entry(name).map(|e| e.info)
    }

    /// The tool named `name`, or the one that answered to it before a rename (its
    /// `former_names`).
    fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.info.name == name)
            .or_else(|| {
                self.entries
                    .iter()
                    .find(|e| e.info.former_names.contains(&name))
            })
    }

    /// The error for a tool name the catalog does not hold, naming the nearest.
    pub(crate) fn unknown(&self, name: &str) -> CallError {
        let candidates: Vec<Candidate<'_>> = self
            .entries
            .iter()
            .map(|e| Candidate::new(e.info.name))
            .collect();
        CallError::UnknownTool {
            name: name.to_string(),
            suggestion: suggest(name, None, &candidates).to_string(),
        }
    }

    /// Advertise every input and output schema projected onto the server's `capabilities` (see
    /// [`catalog_core::present::projection`]): optional properties whose applies-when annotation does not match
    /// are left out of what [`advertised_schema`](Self::advertised_schema) and the MCP server
    /// list. Off by default; decoding is unchanged either way. Calling it again replaces the
    /// capabilities and rules, and drops exemptions and authored annotations.
    pub fn with_projection(
        mut self,
        capabilities: Value,
        rules: catalog_core::present::projection::Rules,
    ) -> Catalog {
        self.projection = Some(std::sync::Arc::new(Projection::new(capabilities, rules)));
        self
    }

    /// Advertises the schemas of `T` whole although projection is on, for `reason` (the AdCP
    /// rule: the schemas of records a server has already accepted are not projected, since the
    /// record may hold what the server no longer offers). Refused when projection is off, `T`
    /// is not in the catalog, the reason is blank, or an argument of `T` has an authored
    /// annotation.
    pub fn exempt_from_projection<T: Tool>(
        self,
        reason: impl Into<String>,
    ) -> Result<Catalog, ProjectionSettingError> {
        let reason = reason.into();
        self.set_projection(T::NAME, |p, tool| p.exempt(tool, reason))
    }

    /// Why the tool `name` is exempted from projection, when it is.
    pub fn projection_exemption(&self, name: &str) -> Option<&str> {
        self.projection.as_ref()?.exemption(name)
    }

    /// Adds the applies-when `annotation` to the optional argument `argument` of `T`, as if the
    /// spec declared it there: projection reads it under the rules' extension key, and the
    /// advertised schema carries it. Refused when projection is off, `T` is not in the catalog
    /// or is exempted, `T` has no such argument, the argument is required or already annotated
    /// (by the spec or an earlier call), or the annotation is malformed or uses a key the rules
    /// do not know ([`Rules::check`](catalog_core::present::projection::Rules::check)).
    pub fn annotate<T: Tool>(
        self,
        argument: &str,
        annotation: Value,
    ) -> Result<Catalog, ProjectionSettingError> {
        self.set_projection(T::NAME, |p, tool| p.annotate(tool, argument, annotation))
    }

    /// Applies one projection setting for the tool `name`.
    fn set_projection(
        mut self,
        name: &'static str,
        set: impl FnOnce(&mut Projection, &ToolInfo) -> Result<(), SettingError>,
    ) -> Result<Catalog, SettingError> {
        let tool = self
            .get(name)
            .ok_or_else(|| SettingError::unknown_tool(name))?;
        let projection = self
            .projection
            .as_mut()
            .ok_or_else(|| SettingError::off(name))?;
        set(std::sync::Arc::make_mut(projection), &tool)?;
        Ok(self)
    }

    /// The input schema the catalog advertises for `name`: the tool's own schema, or its
    /// projection when [`with_projection`](Self::with_projection) is on and the tool is not
    /// exempted.
    pub fn advertised_schema(&self, name: &str) -> Option<std::borrow::Cow<'static, Value>> {
        let info = self.get(name)?;
        Some(match &self.projection {
            None => std::borrow::Cow::Borrowed(info.input_schema),
            Some(p) => p.input(&info),
        })
    }

    /// The `outputSchema` the catalog advertises for `name`: the tool's own, or its projection
    /// when [`with_projection`](Self::with_projection) is on and the tool is not exempted;
    /// `None` when the tool has no typed output (or no tool has this name). Projection never
    /// removes a property from a closed object, so a body the tool's own schema accepts is
    /// accepted by the projected one.
    pub fn advertised_output_schema(&self, name: &str) -> Option<std::borrow::Cow<'static, Value>> {
        let schema = self.get(name)?.output_schema?.schema();
        Some(match &self.projection {
            None => std::borrow::Cow::Borrowed(schema),
            Some(p) => p.output(name, schema),
        })
    }

    /// The specs the tools were checked against, one per distinct spec (stem and content hash),
    /// in the order of the first tool of each.
    pub fn specs(&self) -> Vec<&'static catalog_core::model::SpecInfo> {
        let mut specs: Vec<&'static catalog_core::model::SpecInfo> = Vec::new();
        for (_, op) in self.operations() {
            let s = &op.spec;
            if !specs.iter().any(|k| k.stem == s.stem && k.hash == s.hash) {
                specs.push(s);
            }
        }
        specs
    }

    /// Compares the spec version every tool carries with the version the server reports in its
    /// status document, read at the dotted `version_path` (NetBox's `/api/status/` answers
    /// `{"netbox-version": "4.6.8", ...}`, so `"netbox-version"`). Empty when they agree;
    /// otherwise one [`VersionWarning`] per problem: the server runs another version
    /// (`Mismatch`), the status has no version at that path (`NotReported`), or tools of one
    /// spec were built against different copies of it (`MixedBuilds`). Versions are compared as
    /// versions ([`same_version`](crate::audit::coverage::same_version)): a leading `v`, build
    /// metadata after `+` and a note in parentheses (`4.7.3 (4.7)`) are no difference. Every spec of the catalog is compared, so a catalog
    /// serving several APIs should compare each one's [`specs`](Self::specs) with
    /// [`compare_version`](crate::audit::coverage::compare_version) instead.
    ///
    /// [`VersionWarning`]: crate::audit::coverage::VersionWarning
    pub fn check_spec_version(
        &self,
        status: &Value,
        version_path: &str,
    ) -> Vec<crate::audit::coverage::VersionWarning> {
        use crate::audit::coverage::{VersionWarning, compare_version, version_from_status};
        let specs = self.specs();
        let mut warnings = Vec::new();
        // Several hashes for one stem: tools from different copies of a spec.
        let mut stems: Vec<&str> = Vec::new();
        for s in &specs {
            if !stems.contains(&s.stem.as_str()) {
                stems.push(&s.stem);
            }
        }
        for stem in stems {
            let builds: Vec<(String, Vec<String>)> = specs
                .iter()
                .filter(|s| s.stem == stem)
                .map(|s| {
                    let tools = self
                        .operations()
                        .filter(|(_, op)| op.spec.stem == s.stem && op.spec.hash == s.hash)
                        .map(|(name, _)| name.to_string())
                        .collect();
                    (format!("{} ({})", s.version, s.hash), tools)
                })
                .collect();
            if builds.len() > 1 {
                warnings.push(VersionWarning::MixedBuilds {
                    spec: stem.to_string(),
                    builds,
                });
            }
        }
        let reported = version_from_status(status, version_path);
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for spec in specs {
            // One warning per spec version, not per copy of it.
            if seen.contains(&(spec.stem.as_str(), spec.version.as_str())) {
                continue;
            }
            seen.push((spec.stem.as_str(), spec.version.as_str()));
            match reported {
                Some(v) => warnings.extend(compare_version(spec, v).map(VersionWarning::Mismatch)),
                None => warnings.push(VersionWarning::NotReported {
                    title: spec.title.clone(),
                    built: spec.version.clone(),
                    path: version_path.to_string(),
                }),
            }
        }
        warnings
    }

    /// Compares the hash every tool's spec carries (the build's hash of the spec file's bytes)
    /// with the hash of `served`, the document the API serves its spec as, by the same function
    /// ([`compare_hash`](crate::audit::coverage::compare_hash)). Empty when they agree;
    /// otherwise one [`HashMismatch`] per spec build whose hash differs, so a changed spec is
    /// seen even when its `info.version` did not move. Bytes, not content: the served document
    /// must be the very file the tools were built from (a JSON copy of a YAML spec differs).
    /// Every spec of the catalog is compared, so a catalog serving several APIs should compare
    /// each one's [`specs`](Self::specs) with `compare_hash` instead.
    ///
    /// [`HashMismatch`]: crate::audit::coverage::HashMismatch
    pub fn check_spec_hash(&self, served: &[u8]) -> Vec<crate::audit::coverage::HashMismatch> {
        self.specs()
            .into_iter()
            .filter_map(|spec| crate::audit::coverage::compare_hash(spec, served))
            .collect()
    }

    /// Checks at start-up that `executor`'s credentials satisfy every tool's security
    /// requirement; the error names the tools that would fail, the schemes they accept and the
    /// variables to set, once for all the tools that accept the same schemes (the first
    /// [`TOOLS_NAMED`] of them in the catalog's order, then how many more).
    #[cfg(feature = "runtime")]
    pub fn check_credentials(
        &self,
        executor: &crate::outbound::executor::Executor,
    ) -> Result<(), crate::outbound::executor::ConfigError> {
        // The tools that fail, grouped by the schemes they accept, in the order first seen.
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for e in self
            .entries
            .iter()
            .chain(&self.bindings)
            .filter(|e| !e.info.is_composite())
        {
            let Some(schemes) = unmet_credentials(e.info.operation, executor) else {
                continue;
            };
            let tool = format!(
                "`{}` ({} {})",
                e.info.name, e.info.operation.method, e.info.operation.path
            );
            match groups.iter_mut().find(|(s, _)| *s == schemes) {
                Some((_, tools)) => tools.push(tool),
                None => groups.push((schemes, vec![tool])),
            }
        }
        if groups.is_empty() {
            return Ok(());
        }
        let problems: Vec<String> = groups
            .into_iter()
            .map(|(schemes, tools)| {
                let named = tools[..tools.len().min(TOOLS_NAMED)].join(", ");
                let which = match tools.len() {
                    1 => format!("tool {named} needs"),
                    n if n <= TOOLS_NAMED => format!("tools {named} need"),
                    n => format!("tools {named} and {} more need", n - TOOLS_NAMED),
                };
                format!("{which} {schemes}")
            })
            .collect();
        Err(crate::outbound::executor::ConfigError::new(
            problems.join("\n"),
        ))
    }

    /// Decodes `args` for the tool `name` and builds its HTTP request, without sending it.
    pub fn request(&self, name: &str, args: Value) -> Result<http::Request<Vec<u8>>, CallError> {
        match self.entry(name) {
            Some(e) => (e.build)(args),
            None => Err(self.unknown(name)),
        }
    }

    /// Runs the composite tool `name` by `deadline`: the writes guard checks it once, by its
    /// own name and the strongest effect of its bindings, before its arguments are read; then
    /// its arguments are decoded and it runs, each request sent through `executor` under its
    /// binding's name. Its value is what it returned.
    #[cfg(feature = "runtime")]
    pub async fn run_until(
        &self,
        executor: &crate::outbound::executor::Executor,
        name: &str,
        args: Value,
        deadline: std::time::Instant,
    ) -> Result<Value, CallError> {
        let entry = self.entry(name).ok_or_else(|| self.unknown(name))?;
        let Some(run) = entry.run else {
            return Err(CallError::Composite(
                crate::tools::composite::ToolError::Message(format!(
                    "`{name}` is a tool of one operation; call it with Catalog::call_until"
                )),
            ));
        };
        let method = http::Method::from_bytes(
            crate::tools::composite::guard_method(entry.info.uses).as_bytes(),
        )
        .unwrap_or(http::Method::POST);
        executor
            .check_tool(entry.info.name, entry.info.read_only(), &method)
            .map_err(CallError::Execute)?;
        run(args, executor, deadline).await
    }

    /// Calls the tool `name`: decodes `args`, builds the request and sends it through
    /// `executor`. A tool that writes is refused first unless writes are enabled for it; nothing
    /// is sent unless every step before sending succeeded.
    #[cfg(feature = "runtime")]
    pub async fn call(
        &self,
        executor: &crate::outbound::executor::Executor,
        name: &str,
        args: Value,
    ) -> Result<crate::outbound::executor::ApiResponse, CallError> {
        let deadline = std::time::Instant::now() + executor.timeout();
        self.call_until(executor, name, args, deadline).await
    }

    /// [`call`](Self::call), answered by `deadline`: the exchange, and any retries, end by then
    /// (a server that held the call for a slot gives it what is left of its timeout).
    #[cfg(feature = "runtime")]
    pub async fn call_until(
        &self,
        executor: &crate::outbound::executor::Executor,
        name: &str,
        args: Value,
        deadline: std::time::Instant,
    ) -> Result<crate::outbound::executor::ApiResponse, CallError> {
        let entry = self.entry(name).ok_or_else(|| self.unknown(name))?;
        if entry.run.is_some() {
            return Err(CallError::Composite(
                crate::tools::composite::ToolError::Message(format!(
                    "`{name}` is a composite tool: it makes several requests and answers with \
                     a value, not one API response; call it with Catalog::run_until"
                )),
            ));
        }
        // Refuse a write before looking at its arguments: the agent learns the tool is off, not
        // how to fix arguments it cannot use.
        let method =
            http::Method::from_bytes(entry.info.operation.method.as_bytes()).map_err(|e| {
                CallError::Execute(crate::outbound::executor::ExecuteError::InvalidRequest(
                    e.to_string(),
                ))
            })?;
        executor
            .check_tool(entry.info.name, entry.info.read_only(), &method)
            .map_err(CallError::Execute)?;
        let request = (entry.build)(args)?;
        // A request whose method is not its operation's (a hand-written `Tool`) is guarded by
        // the method it actually sends.
        if !request
            .method()
            .as_str()
            .eq_ignore_ascii_case(&entry.info.operation.method)
        {
            let sent = request.method().clone();
            executor
                .check_tool(
                    entry.info.name,
                    crate::tools::effects::safe_method(sent.as_str()),
                    &sent,
                )
                .map_err(CallError::Execute)?;
        }
        executor
            .send_call(
                crate::outbound::executor::Call {
                    tool: entry.info.name,
                    security: &entry.info.operation.security,
                    accounting: &entry.info.operation.accounting,
                    idempotent: entry.info.hints().idempotent,
                    deadline,
                },
                request,
            )
            .await
            .map_err(CallError::Execute)
    }
}

/// A binding listed only through a composite is not built on its own.
#[cfg(feature = "runtime")]
fn binding_build(_args: Value) -> Result<http::Request<Vec<u8>>, CallError> {
    Err(CallError::UnknownTool {
        name: String::new(),
        suggestion: "a binding a composite uses is not called on its own".into(),
    })
}

/// A composite's arguments decoded; it has no one request to build.
#[cfg(feature = "runtime")]
fn composite_build<C: crate::tools::composite::Composite>(
    args: Value,
) -> Result<http::Request<Vec<u8>>, CallError> {
    C::from_arguments(args).map_err(CallError::Arguments)?;
    Err(CallError::Composite(
        crate::tools::composite::ToolError::Message(format!(
            "`{}` is a composite tool: it makes several requests, not one",
            C::NAME
        )),
    ))
}

#[cfg(test)]
mod tests;

/// What `executor` lacks to send `op`'s credentials, as the start-up error says it: credentials
/// for one alternative of its security requirement, then the credential of each scheme a
/// `credential(...)` parameter carries (which the server writes there whichever alternative
/// it sends). `None` when nothing is missing.
#[cfg(feature = "runtime")]
fn unmet_credentials(
    op: &catalog_core::model::Operation,
    executor: &crate::outbound::executor::Executor,
) -> Option<String> {
    use crate::outbound::credentials::describe;
    if !executor.satisfies(&op.security) {
        let schemes: Vec<String> = op.security.iter().flatten().map(describe).collect();
        return Some(format!("credentials for one of {}", schemes.join(", ")));
    }
    op.accounting.iter().find_map(|row| {
        let catalog_core::model::Disposition::Credential { scheme } = &row.disposition else {
            return None;
        };
        let uses = op.security.iter().flatten().find(|u| &u.scheme == scheme)?;
        (!executor.has_credential_of(uses)).then(|| {
            format!(
                "the credential of {}, which it writes into `{}`",
                describe(uses),
                row.param.address()
            )
        })
    })
}
