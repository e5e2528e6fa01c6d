//! Confirmation of destructive calls: before a call is sent, the user is asked through MCP
//! elicitation (`elicitation/create`, protocol revisions 2025-06-18 and 2025-11-25), when the
//! client declared the `elicitation` capability.
//!
//! | variable | what | default |
//! |---|---|---|
//! | [`ENV_CONFIRM`] | which tools ask: `destructive` (`destructiveHint` true), `writes` (every tool that writes), `0` (none), or a comma-separated list of tool names | `destructive` |
//! | [`ENV_CONFIRM_FALLBACK`] | what a call that needs a confirmation does when the client cannot ask: `proceed` or `refuse` | `proceed` |
//!
//! The question is asked after the arguments are checked and the request is built (a call the
//! server would refuse anyway asks nothing), and before the call waits for a slot to the API.
//! Accepted: the call goes on. Declined or cancelled, or the question could not be asked: nothing
//! is sent and the result (`isError: true`) says so. The client cannot ask when it did not
//! declare the capability, and over stateless Streamable HTTP, where no answer to a request of
//! the server can reach it (sessions, `CATALOG_HTTP_SESSIONS=1`, carry the question on the
//! POST's event stream and its answer back). A client on revision 2026-07-28, which forbids
//! requests from the server, is asked by the call's answer instead: `input_required` with the
//! question under [`CONFIRM_INPUT`] in `inputRequests`, and the user's answer read from the
//! retried call's `inputResponses`.

use crate::config::settings::VariableError;
use crate::observe::audit_log::Verdict;
use crate::outbound::executor::ConfigError;
use crate::tools::catalog::{Catalog, ToolInfo};
use rmcp::model::{
    CallToolResult, ContentBlock, ElicitRequest, ElicitRequestParams, ElicitationAction,
    ElicitationSchema, InputRequest, InputRequiredResult, InputResponses, JsonObject,
    ProtocolVersion,
};
use rmcp::service::ElicitationMode;
use rmcp::{Peer, RoleServer};

/// `CATALOG_CONFIRM`: which tools ask the user before a call is sent.
pub const ENV_CONFIRM: &str = "CATALOG_CONFIRM";
/// `CATALOG_CONFIRM_FALLBACK`: `proceed` or `refuse` a call that needs a confirmation the client
/// cannot ask for.
pub const ENV_CONFIRM_FALLBACK: &str = "CATALOG_CONFIRM_FALLBACK";
/// The most characters of the arguments the question quotes.
const QUOTED_ARGUMENTS: usize = 400;

/// Which tools ask the user before a call is sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Confirm {
    /// None.
    Off,
    /// The tools whose `destructiveHint` is true (by their method, or declared).
    #[default]
    Destructive,
    /// Every tool that writes.
    Writes,
    /// These tools, by MCP name.
    Tools(Vec<String>),
}

/// What a call that needs a confirmation does when the client cannot ask the user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fallback {
    /// It is sent, as without confirmation.
    #[default]
    Proceed,
    /// It is refused; nothing is sent.
    Refuse,
}

/// Which calls ask the user, and what happens when the client cannot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Confirmation {
    /// Which tools ask.
    pub tools: Confirm,
    /// When the client cannot ask.
    pub fallback: Fallback,
}

impl Confirmation {
    /// No tool asks.
    pub fn off() -> Confirmation {
        Confirmation {
            tools: Confirm::Off,
            fallback: Fallback::Proceed,
        }
    }

    /// The confirmation [`ENV_CONFIRM`] and [`ENV_CONFIRM_FALLBACK`] set, read from `lookup`
    /// (unset: the default). Whether the tools named are the server's is checked at start-up
    /// ([`check`](Self::check)).
    pub fn from_env(lookup: impl Fn(&str) -> Option<String>) -> Result<Confirmation, ConfigError> {
        let mut confirmation = Confirmation::default();
        if let Some(v) = lookup(ENV_CONFIRM) {
            confirmation.tools = Confirm::parse(&v)?;
        }
        if let Some(v) = lookup(ENV_CONFIRM_FALLBACK) {
            confirmation.fallback = match v.trim().to_ascii_lowercase().as_str() {
                "proceed" => Fallback::Proceed,
                "refuse" => Fallback::Refuse,
                _ => {
                    return Err(ConfigError::new(format!(
                        "{ENV_CONFIRM_FALLBACK}={v:?}: expected `proceed` (send the call \
                         unconfirmed) or `refuse` (send nothing) for a client that cannot ask \
                         the user"
                    )));
                }
            };
        }
        Ok(confirmation)
    }

    /// Refuses a tool name `catalog` does not serve, naming the nearest.
    pub fn check(&self, catalog: &Catalog) -> Result<(), ConfigError> {
        match &self.tools {
            Confirm::Tools(names) => {
                crate::inbound::access::tool_names::check_tool_names(catalog, ENV_CONFIRM, names)
            }
            _ => Ok(()),
        }
    }

    /// Whether a call to `tool` asks the user first.
    pub fn needs(&self, tool: &ToolInfo) -> bool {
        match &self.tools {
            Confirm::Off => false,
            Confirm::Destructive => {
                let hints = tool.hints();
                !hints.read_only && hints.destructive
            }
            Confirm::Writes => !tool.read_only(),
            Confirm::Tools(names) => names.iter().any(|n| n == tool.name),
        }
    }
}

impl Confirm {
    /// Reads [`ENV_CONFIRM`]'s syntax: `destructive` (or `1`, `true`, `yes`), `writes`, `0`
    /// (or `false`, `no`), else a comma-separated list of tool names. A switch it does not
    /// read (`2`, `on`, `none`) is refused rather than taken as a tool's name.
    pub fn parse(text: &str) -> Result<Confirm, VariableError> {
        const EXPECTED: &str = "expected `destructive`, `writes`, 0 (no tool asks) or a \
                                comma-separated list of tool names";
        let refuse = |why: String| VariableError::invalid(ENV_CONFIRM, text, why);
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "destructive" | "1" | "true" | "yes" => return Ok(Confirm::Destructive),
            "writes" => return Ok(Confirm::Writes),
            "0" | "false" | "no" => return Ok(Confirm::Off),
            "" => return Err(refuse(format!("{EXPECTED}; the value is empty"))),
            "on" | "off" | "all" | "none" | "enabled" | "disabled" => {
                return Err(refuse(format!("{EXPECTED}; {t:?} is none of them")));
            }
            n if n
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.')) =>
            {
                return Err(refuse(format!("{EXPECTED}; {t:?} is none of them")));
            }
            _ => {}
        }
        let names = crate::config::settings::tool_names(ENV_CONFIRM, t)
            .map_err(|_| refuse(format!("{EXPECTED}; {t:?} is not a list of tool names")))?;
        Ok(Confirm::Tools(names))
    }
}

/// The key of the confirmation among a call's `inputRequests` and `inputResponses` (MCP
/// 2026-07-28).
pub const CONFIRM_INPUT: &str = "catalog/confirm";

/// A call from a client on MCP 2026-07-28 or later that declared form elicitation: it is asked
/// by answering `input_required` ([`Rounds::asked`]), and answers in the retried call's
/// `inputResponses`.
pub(crate) struct Rounds<'a> {
    /// The retried call's `inputResponses`, if any.
    pub(crate) responses: Option<&'a InputResponses>,
    /// Where the question is put for the handler to answer the call with.
    pub(crate) asked: &'a std::sync::Mutex<Option<InputRequiredResult>>,
}

/// Asks the user, through `peer` (or, for a 2026-07-28 client, through `rounds`), whether the
/// call of `tool` with `arguments` may be sent; `None` when it may, else the result that
/// answers the call (nothing is sent).
pub(crate) async fn ask(
    confirmation: &Confirmation,
    tool: &ToolInfo,
    arguments: &JsonObject,
    peer: Option<&Peer<RoleServer>>,
    rounds: Option<&Rounds<'_>>,
) -> (Verdict, Option<CallToolResult>) {
    let refused = |verdict: Verdict, why: String| {
        (
            verdict,
            Some(CallToolResult::error(vec![ContentBlock::text(why)])),
        )
    };
    if let Some(rounds) = rounds {
        let Some(answer) = rounds.responses.and_then(|r| r.get(CONFIRM_INPUT)) else {
            let question = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: question(tool, arguments),
                requested_schema: ElicitationSchema::new(Default::default()),
            };
            let request = InputRequest::Elicitation(ElicitRequest::new(question));
            let asked = InputRequiredResult::from_input_requests(
                [(CONFIRM_INPUT.to_string(), request)].into(),
            );
            *rounds.asked.lock().unwrap_or_else(|e| e.into_inner()) = Some(asked);
            // The handler answers `input_required` instead of this.
            return refused(
                Verdict::Asked,
                format!(
                    "`{}` needs the user's confirmation: asked; nothing was sent",
                    tool.name
                ),
            );
        };
        return match answer.get("action").and_then(serde_json::Value::as_str) {
            Some("accept") => (Verdict::Accepted, None),
            Some("decline") => refused(
                Verdict::Declined,
                format!(
                    "the user declined the call of `{}`; nothing was sent",
                    tool.name
                ),
            ),
            Some("cancel") => refused(
                Verdict::Cancelled,
                format!(
                    "the user cancelled the call of `{}`; nothing was sent",
                    tool.name
                ),
            ),
            _ => refused(
                Verdict::Unanswered,
                format!(
                    "the answer to `{CONFIRM_INPUT}` for `{}` is not an elicitation result (an \
                     `action` of accept, decline or cancel); nothing was sent",
                    tool.name
                ),
            ),
        };
    }
    // Revision 2026-07-28 forbids requests from the server: its clients cannot be asked here.
    let can_ask = |p: &&Peer<RoleServer>| {
        p.supported_elicitation_modes()
            .contains(&ElicitationMode::Form)
            && p.peer_info()
                .is_none_or(|i| i.protocol_version < ProtocolVersion::V_2026_07_28)
    };
    let Some(peer) = peer.filter(can_ask) else {
        return match confirmation.fallback {
            Fallback::Proceed => (Verdict::Unconfirmed, None),
            Fallback::Refuse => refused(
                Verdict::Unavailable,
                format!(
                    "`{}` needs the user's confirmation, and this client cannot ask for it (it \
                     did not declare the MCP `elicitation` capability, or the transport cannot \
                     carry the question); nothing was sent. Use a client that supports \
                     elicitation, or ask the operator to allow unconfirmed calls \
                     ({ENV_CONFIRM_FALLBACK}=proceed)",
                    tool.name
                ),
            ),
        };
    };
    let question = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: question(tool, arguments),
        requested_schema: ElicitationSchema::new(Default::default()),
    };
    match peer.create_elicitation(question).await {
        Ok(answer) => match answer.action {
            ElicitationAction::Accept => (Verdict::Accepted, None),
            ElicitationAction::Decline => refused(
                Verdict::Declined,
                format!(
                    "the user declined the call of `{}`; nothing was sent",
                    tool.name
                ),
            ),
            ElicitationAction::Cancel => refused(
                Verdict::Cancelled,
                format!(
                    "the user cancelled the call of `{}`; nothing was sent",
                    tool.name
                ),
            ),
            other => refused(
                Verdict::Unanswered,
                format!(
                    "the user did not accept the call of `{}` (answered {other:?}); nothing was \
                     sent",
                    tool.name
                ),
            ),
        },
        Err(e) => refused(
            Verdict::Unanswered,
            format!(
                "`{}` needs the user's confirmation, and asking for it failed ({e}); nothing was \
                 sent",
                tool.name
            ),
        ),
    }
}

/// What the user is asked: the tool, what it does to the API, and the arguments (cut short).
fn question(tool: &ToolInfo, arguments: &JsonObject) -> String {
    let mut args = serde_json::to_string(arguments).unwrap_or_default();
    if args.chars().count() > QUOTED_ARGUMENTS {
        args = args.chars().take(QUOTED_ARGUMENTS).collect::<String>() + "…";
    }
    // An operator may name any tool, one that only reads too: it is not said to change data.
    let hints = tool.hints();
    let effect = if hints.read_only {
        "It only reads data"
    } else if hints.destructive {
        "It may delete or overwrite data"
    } else {
        "It changes data"
    };
    format!(
        "Allow `{}` ({} {}) with {args}? {effect}. Nothing is sent unless you accept.",
        tool.name, tool.operation.method, tool.operation.path
    )
}

#[cfg(test)]
mod tests;
