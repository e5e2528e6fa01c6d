//! The context budget as a gate: what `tools/list` costs a model, asserted in a test or at
//! start-up ([`Budget::check`], [`McpServer::check_budget`](super::McpServer::check_budget)).
//!
//! ```ignore
//! #[test]
//! fn the_tools_fit_the_context_budget() {
//!     let server = McpServer::new(tools::catalog(), executor());
//!     server.check_budget(Limits { list_tokens: 12_000, tool_tokens: 2_000 }).unwrap();
//! }
//! ```

use super::tool_list::Budget;
use std::fmt;

/// The most a tool list may cost, in tokens ([`Budget::tokens`]): all tools together, and any
/// one tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// All tools of `tools/list` together.
    pub list_tokens: usize,
    /// Any one tool (name, description, schemas, annotations).
    pub tool_tokens: usize,
}

/// The largest tools named when the list is over its budget.
const NAMED: usize = 5;

/// A tool list over its budget: what it costs, and the largest tools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The tools over [`Limits::tool_tokens`], largest first, with their tokens.
    pub tools_over: Vec<(String, usize)>,
    /// The whole list's tokens, when over [`Limits::list_tokens`].
    pub list_over: Option<usize>,
    /// The largest tools, largest first, with their tokens (at most five).
    pub largest: Vec<(String, usize)>,
    /// The limits checked.
    pub limits: Limits,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = |tools: &[(String, usize)]| {
            tools
                .iter()
                .map(|(n, t)| format!("`{n}` (~{t} tokens)"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if let Some(total) = self.list_over {
            parts.push(format!(
                "tools/list costs ~{total} tokens, over the budget of {}; the largest tools are {}",
                self.limits.list_tokens,
                named(&self.largest)
            ));
        }
        if !self.tools_over.is_empty() {
            parts.push(format!(
                "{} over the per-tool budget of {} tokens: {}",
                if self.tools_over.len() == 1 {
                    "1 tool is".to_string()
                } else {
                    format!("{} tools are", self.tools_over.len())
                },
                self.limits.tool_tokens,
                named(&self.tools_over)
            ));
        }
        write!(
            f,
            "{}; leave tools out of the catalog, shorten their descriptions, or raise the budget",
            parts.join("; ")
        )
    }
}

impl std::error::Error for OverBudget {}

impl Budget {
    /// Checks the list against `limits`: an error naming the tools over the per-tool budget
    /// and, when the whole list is over, the largest tools.
    pub fn check(&self, limits: Limits) -> Result<(), OverBudget> {
        let mut by_size: Vec<(String, usize)> = self
            .tools
            .iter()
            .map(|(n, b)| (n.clone(), Budget::tokens(*b)))
            .collect();
        by_size.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let total = Budget::tokens(self.total_bytes());
        let tools_over: Vec<(String, usize)> = by_size
            .iter()
            .filter(|(_, t)| *t > limits.tool_tokens)
            .cloned()
            .collect();
        let list_over = (total > limits.list_tokens).then_some(total);
        if tools_over.is_empty() && list_over.is_none() {
            return Ok(());
        }
        by_size.truncate(NAMED);
        Err(OverBudget {
            tools_over,
            list_over,
            largest: by_size,
            limits,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget() -> Budget {
        Budget {
            tools: vec![
                ("small".into(), 400),
                ("huge".into(), 40_000),
                ("medium".into(), 4_000),
            ],
        }
    }

    #[test]
    fn a_list_within_its_budget_passes() {
        let limits = Limits {
            list_tokens: 11_100,
            tool_tokens: 10_000,
        };
        assert_eq!(budget().check(limits), Ok(()));
    }

    #[test]
    fn a_list_over_its_budget_fails_naming_the_largest_tools() {
        let limits = Limits {
            list_tokens: 5_000,
            tool_tokens: 2_000,
        };
        let e = budget().check(limits).unwrap_err();
        assert_eq!(
            e.to_string(),
            "tools/list costs ~11100 tokens, over the budget of 5000; the largest tools are \
             `huge` (~10000 tokens), `medium` (~1000 tokens), `small` (~100 tokens); 1 tool is \
             over the per-tool budget of 2000 tokens: `huge` (~10000 tokens); leave tools out of \
             the catalog, shorten their descriptions, or raise the budget"
        );
        assert_eq!(e.tools_over, vec![("huge".to_string(), 10_000)]);
    }

    #[test]
    fn one_tool_over_its_budget_fails_alone() {
        let limits = Limits {
            list_tokens: 20_000,
            tool_tokens: 500,
        };
        assert_eq!(
            budget().check(limits).unwrap_err().to_string(),
            "2 tools are over the per-tool budget of 500 tokens: `huge` (~10000 tokens), \
             `medium` (~1000 tokens); leave tools out of the catalog, shorten their \
             descriptions, or raise the budget"
        );
    }
}
