//! W3C Trace Context continued from the agent's call into the API request.
//!
//! An MCP client puts the caller's trace in the call's `_meta` (`traceparent`, `tracestate`;
//! SEP-414), or, over Streamable HTTP, in the POST's own `traceparent` and `tracestate` headers.
//! The server sends the API request as a child of that trace: `traceparent` with the caller's
//! trace id and flags and, as parent id, the id of the call's own span
//! ([`crate::observe::span`]; every attempt of a retried call names it), and `tracestate` as it
//! came. `_meta` wins over the HTTP headers, since it
//! belongs to the call itself. A `traceparent` that is not a valid version-00 header is ignored,
//! as the W3C recommendation says: the API request then starts no trace of ours.
//!
//! A tool whose operation declares its own `traceparent` header parameter, set by the agent,
//! keeps that value.

use std::future::Future;

tokio::task_local! {
    static CURRENT: Context;
}

/// The trace a call continues: its id, flags and state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    parent: Option<Parent>,
    tracestate: Option<String>,
    /// The call's own span: the parent id the API requests name.
    span_id: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Parent {
    trace_id: String,
    /// The caller's span.
    parent_id: String,
    flags: String,
}

impl Context {
    /// The context of `traceparent` and `tracestate` values (from `_meta` or HTTP headers);
    /// empty when `traceparent` is absent or invalid.
    pub fn from_values(traceparent: Option<&str>, tracestate: Option<&str>) -> Context {
        let parent = traceparent.and_then(parse);
        let tracestate = parent
            .as_ref()
            .and(tracestate)
            .map(str::trim)
            .filter(|s| !s.is_empty() && s.len() <= 512 && s.is_ascii())
            .map(str::to_string);
        Context {
            parent,
            tracestate,
            span_id: None,
        }
    }

    /// This context with `span_id` as the call's own span, the parent of its API requests.
    pub(crate) fn with_span(mut self, span_id: u64) -> Context {
        self.span_id = Some(span_id);
        self
    }

    /// A new trace with a fresh id, sampled, for a call that came with none while spans are
    /// exported: the call's span is then its root.
    pub(crate) fn root() -> Context {
        let trace_id = format!("{:016x}{:016x}", span_id(), span_id());
        Context {
            parent: Some(Parent {
                trace_id,
                parent_id: String::new(),
                flags: "01".to_string(),
            }),
            tracestate: None,
            span_id: None,
        }
    }

    /// The caller's trace id (32 hex digits), parent span id (16, empty for a root) and flags
    /// (2); `None` when the call continues no trace.
    pub(crate) fn ids(&self) -> Option<(&str, &str, &str)> {
        self.parent
            .as_ref()
            .map(|p| (p.trace_id.as_str(), p.parent_id.as_str(), p.flags.as_str()))
    }

    /// The call's own span, when it was chosen before the call's span starts (the audit
    /// record names it).
    pub(crate) fn span(&self) -> Option<u64> {
        self.span_id
    }

    /// The `tracestate` that came with the trace.
    pub(crate) fn tracestate(&self) -> Option<&str> {
        self.tracestate.as_deref()
    }

    /// The first of `first` and `second` that carries a trace.
    pub fn or(self, second: Context) -> Context {
        if self.parent.is_some() { self } else { second }
    }

    /// Whether there is a trace to continue.
    #[cfg(test)]
    fn is_traced(&self) -> bool {
        self.parent.is_some()
    }
}

/// Runs `f` with `context` as the trace its API requests continue.
pub(crate) async fn scope<F: Future>(context: Context, f: F) -> F::Output {
    CURRENT.scope(context, f).await
}

/// The `traceparent` and `tracestate` for one API request of the current call, naming the
/// call's span as parent (a fresh id outside a call's span); `None` outside a traced call.
pub(crate) fn outgoing() -> Option<(String, Option<String>)> {
    CURRENT
        .try_with(|c| {
            c.parent.as_ref().map(|p| {
                (
                    format!(
                        "00-{}-{:016x}-{}",
                        p.trace_id,
                        c.span_id.unwrap_or_else(span_id),
                        p.flags
                    ),
                    c.tracestate.clone(),
                )
            })
        })
        .ok()
        .flatten()
}

/// `00-<32 hex>-<16 hex>-<2 hex>`, lowercase, neither id all zeros. A later version is read by
/// its first four fields, as the recommendation asks.
fn parse(value: &str) -> Option<Parent> {
    let value = value.trim();
    let mut fields = value.split('-');
    let (version, trace_id, parent_id, flags) = (
        fields.next()?,
        fields.next()?,
        fields.next()?,
        fields.next()?,
    );
    let hex = |s: &str, len: usize| {
        s.len() == len
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let valid = hex(version, 2)
        && version != "ff"
        && (version != "00" || fields.next().is_none())
        && hex(trace_id, 32)
        && trace_id.bytes().any(|b| b != b'0')
        && hex(parent_id, 16)
        && parent_id.bytes().any(|b| b != b'0')
        && hex(flags, 2);
    valid.then(|| Parent {
        trace_id: trace_id.to_string(),
        parent_id: parent_id.to_string(),
        flags: flags.to_string(),
    })
}

/// A random, non-zero span id.
pub(crate) fn span_id() -> u64 {
    loop {
        let id = crate::random::random();
        if id != 0 {
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    #[test]
    fn a_valid_traceparent_is_continued_with_a_fresh_parent_id_each_time() {
        let context = Context::from_values(Some(GOOD), Some("rojo=00f067aa0ba902b7"));
        let (a, b) = futures_lite(scope(context, async { (outgoing(), outgoing()) }));
        let (a, state) = a.expect("traced");
        let (b, _) = b.expect("traced");
        for header in [&a, &b] {
            assert!(
                header.starts_with("00-0af7651916cd43dd8448eb211c80319c-")
                    && header.ends_with("-01"),
                "{header}"
            );
            assert_eq!(header.len(), GOOD.len());
            assert!(
                !header.contains("b7ad6b7169203331"),
                "a parent id of its own: {header}"
            );
        }
        assert_ne!(a, b, "each request its own parent id");
        assert_eq!(state.as_deref(), Some("rojo=00f067aa0ba902b7"));
    }

    #[test]
    fn within_a_call_span_every_request_names_that_span_as_parent() {
        let context = Context::from_values(Some(GOOD), None).with_span(0x00f0_67aa_0ba9_02b7);
        assert_eq!(
            context.ids(),
            Some(("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", "01"))
        );
        let (a, b) = futures_lite(scope(context, async { (outgoing(), outgoing()) }));
        let expected = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01";
        assert_eq!(a.map(|(h, _)| h).as_deref(), Some(expected));
        assert_eq!(b.map(|(h, _)| h).as_deref(), Some(expected), "a retry too");
    }

    #[test]
    fn a_root_trace_is_fresh_sampled_and_has_no_parent() {
        let (a, b) = (Context::root(), Context::root());
        let (trace_id, parent_id, flags) = a.ids().expect("a trace");
        assert_eq!((trace_id.len(), parent_id, flags), (32, "", "01"));
        assert!(trace_id.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(a.ids(), b.ids(), "each its own trace id");
    }

    #[test]
    fn invalid_traceparents_are_ignored() {
        for bad in [
            "",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",
            "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",
            "00-00000000000000000000000000000000-b7ad6b7169203331-01",
            "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",
            "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-extra",
            "00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01",
        ] {
            let context = Context::from_values(Some(bad), Some("a=b"));
            assert!(!context.is_traced(), "{bad:?}");
            assert_eq!(
                context,
                Context::default(),
                "{bad:?}: no tracestate alone either"
            );
        }
        // A later version is read by its first four fields.
        assert!(Context::from_values(Some(&format!("01{}-more", &GOOD[2..])), None).is_traced());
    }

    #[test]
    fn a_tracestate_is_kept_only_when_short_ascii_and_not_empty() {
        let state = |value: &str| Context::from_values(Some(GOOD), Some(value)).tracestate;
        assert_eq!(state(" rojo=1 ").as_deref(), Some("rojo=1"));
        assert_eq!(state("   "), None);
        assert_eq!(state("rojo=é"), None);
        assert_eq!(state(&"a".repeat(512)).map(|s| s.len()), Some(512));
        assert_eq!(state(&"a".repeat(513)), None);
    }

    #[test]
    fn meta_wins_over_the_http_headers_and_nothing_is_sent_outside_a_call() {
        let meta = Context::from_values(Some(GOOD), None);
        let other = "00-11111111111111111111111111111111-2222222222222222-00";
        let header = Context::from_values(Some(other), None);
        assert_eq!(meta.clone().or(header.clone()), meta);
        assert_eq!(Context::default().or(header.clone()), header);
        assert_eq!(outgoing(), None);
    }

    /// Runs a future that never waits (the scope and two synchronous reads).
    fn futures_lite<F: Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime")
            .block_on(f)
    }
}
