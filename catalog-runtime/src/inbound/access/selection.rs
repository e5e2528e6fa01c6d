//! Which tools a server offers: tool groups (toolsets), names and patterns, and a read-only mode.
//!
//! A tool belongs to the groups its operation is tagged with in the spec (`tags`), unless the
//! catalog names its own ([`Catalog::in_groups`]). The operator chooses, as GitHub's MCP server
//! does with its toolsets:
//!
//! | variable | what | default |
//! |---|---|---|
//! | [`ENV_TOOLSETS`] | groups offered, comma-separated; `all` for every group | every tool |
//! | [`ENV_TOOLS`] | tools offered besides the groups', by name or pattern (`*`, `?`) | none |
//! | [`ENV_EXCLUDE_TOOLS`] | tools never offered, by name or pattern | none |
//! | [`ENV_READ_ONLY`] | `1`: only tools that read are offered | `0` |
//!
//! With neither [`ENV_TOOLSETS`] nor [`ENV_TOOLS`] set every tool is offered; with only
//! [`ENV_TOOLS`] set, only the tools it names. A tool not offered is left out of `tools/list` and
//! a call to it is refused as a call to an unknown tool (JSON-RPC -32602), naming the nearest
//! tool offered. A group, name or pattern that matches no tool of the server is a start-up error
//! naming the nearest, never an empty selection taken silently.
//!
//! Over Streamable HTTP the operator may let each client narrow the selection further
//! (`HttpConfig::client_selection`, `CATALOG_HTTP_CLIENT_SELECTION=1`) with the headers
//! [`HEADER_TOOLSETS`], [`HEADER_TOOLS`] and [`HEADER_READ_ONLY`] on its requests: a client
//! sees the tools both selections offer, never more than the operator's.

use crate::config::settings::VariableError;
use crate::outbound::executor::ConfigError;
use crate::tools::catalog::{CallError, Catalog, ToolInfo};
use catalog_core::check::suggest::{Candidate, suggest};
use rmcp::{Peer, RoleServer};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// `CATALOG_TOOLSETS`: the groups of tools offered, comma-separated (`all`: every group).
pub const ENV_TOOLSETS: &str = "CATALOG_TOOLSETS";
/// `CATALOG_TOOLS`: tools offered besides the groups', by name or pattern, comma-separated.
pub const ENV_TOOLS: &str = "CATALOG_TOOLS";
/// `CATALOG_EXCLUDE_TOOLS`: tools never offered, by name or pattern, comma-separated.
pub const ENV_EXCLUDE_TOOLS: &str = "CATALOG_EXCLUDE_TOOLS";
/// `CATALOG_READ_ONLY=1`: only the tools that read are offered.
pub const ENV_READ_ONLY: &str = "CATALOG_READ_ONLY";
/// The HTTP header a client narrows the groups with (GitHub's MCP server's name).
pub const HEADER_TOOLSETS: &str = "x-mcp-toolsets";
/// The HTTP header a client narrows the tools with, by name or pattern.
pub const HEADER_TOOLS: &str = "x-mcp-tools";
/// The HTTP header a client asks for read-only mode with (`true` or `1`).
pub const HEADER_READ_ONLY: &str = "x-mcp-readonly";
/// The group name that selects every group.
pub const ALL: &str = "all";

/// Which tools are offered (see the [module](self)). [`Selection::default`] offers every tool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    toolsets: Option<Vec<String>>,
    tools: Vec<String>,
    exclude: Vec<String>,
    read_only: bool,
}

impl Selection {
    /// Every tool.
    pub fn all() -> Selection {
        Selection::default()
    }

    /// Offers the tools of these groups ([`ALL`] for every group), and those
    /// [`tools`](Self::tools) names.
    pub fn toolsets(mut self, groups: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.toolsets = Some(groups.into_iter().map(Into::into).collect());
        self
    }

    /// Offers these tools, by name or pattern (`*` any run of characters, `?` one), besides
    /// the [`toolsets`](Self::toolsets)' (alone, when no group is chosen).
    pub fn tools(mut self, names: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.tools = names.into_iter().map(Into::into).collect();
        self
    }

    /// Never offers these tools, by name or pattern.
    pub fn exclude(mut self, names: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.exclude = names.into_iter().map(Into::into).collect();
        self
    }

    /// Offers only the tools that read (no write tool is listed or called).
    pub fn read_only(mut self, on: bool) -> Self {
        self.read_only = on;
        self
    }

    /// Whether only the tools that read are offered.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// The selection the `CATALOG_*` variables of the [module](self) set, read from `lookup`
    /// (unset: every tool). Whether the names are the server's is checked at start-up
    /// ([`check`](Self::check)).
    pub fn from_env(lookup: impl Fn(&str) -> Option<String>) -> Result<Selection, ConfigError> {
        let mut selection = Selection::all();
        if let Some(v) = lookup(ENV_TOOLSETS) {
            selection.toolsets = Some(names(ENV_TOOLSETS, &v, "group")?);
        }
        if let Some(v) = lookup(ENV_TOOLS) {
            selection.tools = names(ENV_TOOLS, &v, "tool name or pattern")?;
        }
        if let Some(v) = lookup(ENV_EXCLUDE_TOOLS) {
            selection.exclude = names(ENV_EXCLUDE_TOOLS, &v, "tool name or pattern")?;
        }
        if let Some(v) = lookup(ENV_READ_ONLY) {
            selection.read_only = switch(ENV_READ_ONLY, &v)?;
        }
        Ok(selection)
    }

    /// The selection a client's HTTP headers ask for ([`HEADER_TOOLSETS`], [`HEADER_TOOLS`],
    /// [`HEADER_READ_ONLY`]); `None` when it sends none of them.
    pub fn from_headers(headers: &http::HeaderMap) -> Result<Option<Selection>, SelectionError> {
        let header =
            |name: &str| -> Result<Option<String>, SelectionError> {
                match headers.get(name) {
                    None => Ok(None),
                    Some(v) => v.to_str().map(|s| Some(s.to_string())).map_err(|_| {
                        SelectionError::NotText {
                            header: name.to_string(),
                        }
                    }),
                }
            };
        let (toolsets, tools, read_only) = (
            header(HEADER_TOOLSETS)?,
            header(HEADER_TOOLS)?,
            header(HEADER_READ_ONLY)?,
        );
        if toolsets.is_none() && tools.is_none() && read_only.is_none() {
            return Ok(None);
        }
        let mut selection = Selection::all();
        if let Some(v) = toolsets {
            selection.toolsets = Some(names(HEADER_TOOLSETS, &v, "group")?);
        }
        if let Some(v) = tools {
            selection.tools = names(HEADER_TOOLS, &v, "tool name or pattern")?;
        }
        if let Some(v) = read_only {
            selection.read_only = switch(HEADER_READ_ONLY, &v)?;
        }
        Ok(Some(selection))
    }

    /// Refuses a group, tool name or pattern that matches nothing `catalog` serves, naming
    /// the nearest and the variable that holds it.
    pub fn check(&self, catalog: &Catalog) -> Result<(), ConfigError> {
        self.check_as(catalog, [ENV_TOOLSETS, ENV_TOOLS, ENV_EXCLUDE_TOOLS])
            .map_err(|problems| {
                ConfigError::new(format!(
                    "the tool selection names what this server does not serve: {}",
                    problems.join("; ")
                ))
            })
    }

    /// [`check`](Self::check) for a selection from a client's headers.
    pub(crate) fn check_client(&self, catalog: &Catalog) -> Result<(), SelectionError> {
        self.check_as(catalog, [HEADER_TOOLSETS, HEADER_TOOLS, "exclude"])
            .map_err(|problems| SelectionError::NotOffered { problems })
    }

    /// Each group, tool name or pattern that matches nothing `catalog` serves, as `source: no
    /// tool ...` with the nearest.
    fn check_as(&self, catalog: &Catalog, sources: [&str; 3]) -> Result<(), Vec<String>> {
        let [toolsets_source, tools_source, exclude_source] = sources;
        let mut problems: Vec<String> = Vec::new();
        let groups = groups(catalog);
        for group in self.toolsets.iter().flatten() {
            if !group.eq_ignore_ascii_case(ALL) && !groups.iter().any(|g| same_group(g, group)) {
                let candidates: Vec<Candidate<'_>> =
                    groups.iter().map(|g| Candidate::new(g)).collect();
                let hint = if groups.is_empty() {
                    "this server's tools are in no group: select them by name".to_string()
                } else {
                    suggest(group, None, &candidates).to_string()
                };
                problems.push(format!("{toolsets_source}: no group `{group}` ({hint})"));
            }
        }
        for (setting, patterns) in [(tools_source, &self.tools), (exclude_source, &self.exclude)] {
            for pattern in patterns {
                if catalog.tools().any(|t| selects(pattern, &t)) {
                    continue;
                }
                let hint = match catalog.unknown(pattern) {
                    CallError::UnknownTool { suggestion, .. } => suggestion,
                    other => other.to_string(),
                };
                let what = if is_pattern(pattern) {
                    "no tool matches"
                } else {
                    "no tool"
                };
                problems.push(format!("{setting}: {what} `{pattern}` ({hint})"));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// Whether the selection offers `tool`, whose groups are `groups`.
    pub fn offers(&self, tool: &ToolInfo, groups: &[String]) -> bool {
        if self.read_only && !tool.read_only() {
            return false;
        }
        if self.exclude.iter().any(|p| selects(p, tool)) {
            return false;
        }
        let by_name = self.tools.iter().any(|p| selects(p, tool));
        match &self.toolsets {
            None => self.tools.is_empty() || by_name,
            Some(chosen) => {
                by_name
                    || chosen.iter().any(|c| {
                        c.eq_ignore_ascii_case(ALL) || groups.iter().any(|g| same_group(g, c))
                    })
            }
        }
    }
}

/// The selection a server applies, shared by all its clones (each HTTP request and session is
/// served by one), and the clients to tell when it changes.
#[derive(Clone, Default)]
pub(crate) struct Offer {
    selection: Arc<RwLock<Selection>>,
    peers: Arc<Mutex<Vec<Peer<RoleServer>>>>,
    /// Whether a client may narrow the selection with HTTP headers.
    pub(crate) client_selection: bool,
}

impl Offer {
    pub(crate) fn current(&self) -> Selection {
        self.selection
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub(crate) fn replace(&self, selection: Selection) -> Selection {
        std::mem::replace(
            &mut *self
                .selection
                .write()
                .unwrap_or_else(PoisonError::into_inner),
            selection,
        )
    }

    /// The client's own selection from `headers`, when the operator allows one and it sent one;
    /// a malformed or unknown one is refused with the reason.
    pub(crate) fn client(
        &self,
        catalog: &Catalog,
        headers: Option<&http::HeaderMap>,
    ) -> Result<Option<Selection>, SelectionError> {
        let Some(headers) = headers.filter(|_| self.client_selection) else {
            return Ok(None);
        };
        let client = Selection::from_headers(headers)?;
        if let Some(c) = &client {
            c.check_client(catalog)?;
        }
        Ok(client)
    }

    /// Whether `tool` is offered, by the operator's selection and the `client`'s.
    pub(crate) fn offers(
        &self,
        catalog: &Catalog,
        tool: &ToolInfo,
        client: Option<&Selection>,
    ) -> bool {
        let groups = catalog.groups(tool.name);
        self.current().offers(tool, &groups) && client.is_none_or(|c| c.offers(tool, &groups))
    }

    /// The names of the tools offered, in catalog order.
    pub(crate) fn offered(
        &self,
        catalog: &Catalog,
        client: Option<&Selection>,
    ) -> Vec<&'static str> {
        let selection = self.current();
        catalog
            .tools()
            .filter(|t| {
                let groups = catalog.groups(t.name);
                selection.offers(t, &groups) && client.is_none_or(|c| c.offers(t, &groups))
            })
            .map(|t| t.name)
            .collect()
    }

    /// Remembers a client to tell when the selection changes.
    pub(crate) fn add_peer(&self, peer: Peer<RoleServer>) {
        let mut peers = self.peers.lock().unwrap_or_else(PoisonError::into_inner);
        peers.retain(|p| !p.is_transport_closed());
        peers.push(peer);
    }

    /// Sends `notifications/tools/list_changed` to every client still connected.
    pub(crate) async fn notify(&self) {
        let peers: Vec<Peer<RoleServer>> = {
            let mut peers = self.peers.lock().unwrap_or_else(PoisonError::into_inner);
            peers.retain(|p| !p.is_transport_closed());
            peers.clone()
        };
        for peer in peers {
            // A client that left meanwhile misses nothing: it lists again when it comes back.
            let _ = peer.notify_tool_list_changed().await;
        }
    }
}

/// Every group of `catalog`'s tools, each once, in the order the tools first name them.
pub fn groups(catalog: &Catalog) -> Vec<String> {
    let mut all: Vec<String> = Vec::new();
    for tool in catalog.tools() {
        for g in catalog.groups(tool.name) {
            if !all.iter().any(|a| same_group(a, &g)) {
                all.push(g);
            }
        }
    }
    all
}

/// The error for a call to `name`, which the selection does not offer (or no tool has),
/// naming the nearest of the tools `offered`.
pub(crate) fn unknown<'a>(name: &str, offered: impl Iterator<Item = &'a str>) -> CallError {
    let candidates: Vec<Candidate<'_>> = offered.map(Candidate::new).collect();
    CallError::UnknownTool {
        name: name.to_string(),
        suggestion: suggest(name, None, &candidates).to_string(),
    }
}

/// Group names compare without regard to case (`Tasks` and `tasks` are one group).
fn same_group(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

fn is_pattern(p: &str) -> bool {
    p.contains(['*', '?'])
}

/// Whether `pattern` names `tool`: matches its name, or is exactly a name it had before a
/// rename (`former_names`; a pattern is matched against current names only, so a glob never
/// reaches a tool through a name it no longer has).
fn selects(pattern: &str, tool: &ToolInfo) -> bool {
    matches(pattern, tool.name) || tool.former_names.contains(&pattern)
}

/// A tool name against a name or a pattern (`*` any run of characters, `?` one character).
pub fn matches(pattern: &str, name: &str) -> bool {
    fn go(p: &[u8], n: &[u8]) -> bool {
        match p.split_first() {
            None => n.is_empty(),
            Some((b'*', rest)) => (0..=n.len()).any(|i| go(rest, &n[i..])),
            Some((b'?', rest)) => !n.is_empty() && go(rest, &n[1..]),
            Some((c, rest)) => n.first() == Some(c) && go(rest, &n[1..]),
        }
    }
    go(pattern.as_bytes(), name.as_bytes())
}

/// A comma-separated list of names in `setting` holding `value`; `what` names one entry.
fn names(setting: &str, value: &str, what: &str) -> Result<Vec<String>, VariableError> {
    let mut out: Vec<String> = Vec::new();
    for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let valid = name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '*' | '?' | ' ' | '/'));
        if !valid {
            return Err(VariableError::invalid(
                setting,
                value,
                format!("expected a comma-separated list of {what}s; {name:?} is not one"),
            ));
        }
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    }
    Ok(out)
}

/// Why a client's selection headers are refused (a JSON-RPC invalid-params error).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectionError {
    /// The header's value is not text.
    NotText {
        /// The header.
        header: String,
    },
    /// The header's value is not what it takes (the header in place of a variable).
    Invalid(VariableError),
    /// Groups, tool names or patterns this server does not offer, each `header: no tool ...`
    /// with the nearest.
    NotOffered {
        /// One line per name.
        problems: Vec<String>,
    },
}

impl std::fmt::Display for SelectionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SelectionError::NotText { header } => write!(f, "the {header} header is not text"),
            SelectionError::Invalid(e) => e.fmt(f),
            SelectionError::NotOffered { problems } => write!(
                f,
                "the tool selection names what this server does not offer: {}",
                problems.join("; ")
            ),
        }
    }
}

impl std::error::Error for SelectionError {}

impl From<VariableError> for SelectionError {
    fn from(e: VariableError) -> SelectionError {
        SelectionError::Invalid(e)
    }
}

/// An on/off setting: `1`, `true`, `yes` or `0`, `false`, `no`, `` (any case); anything else
/// is refused with the variable named.
pub fn switch(setting: &str, value: &str) -> Result<bool, VariableError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" => Ok(true),
        "0" | "false" | "no" | "" => Ok(false),
        _ => Err(VariableError::invalid(
            setting,
            value,
            "expected 1 (on) or 0 (off)",
        )),
    }
}

#[cfg(test)]
mod tests;
