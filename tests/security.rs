//! A tool's credentials, accounted at compile time: by default what the spec lists for its
//! operation; `security = ".."` narrows it to the alternatives using one scheme; and
//! `security(none, reason = "..")` sends none. The operation a tool carries holds the
//! requirement as accounted, which is what the server checks at start-up and sends.

use catalog::{Tool, tool};

#[tool(spec = "secured", operation = "GetThings")]
pub struct GetThings {}

#[tool(spec = "secured", operation = "GetPublic")]
pub struct GetPublic {}

#[tool(spec = "secured", operation = "GetEither", security = "csrf")]
pub struct GetEitherBySession {}

#[tool(
    spec = "secured",
    operation = "GetSso",
    security(
        none,
        reason = "the TLS-terminating gateway in front of the API presents the client certificate"
    )
)]
pub struct GetSso {}

/// An authorization-code scheme needs no waiver: the operator gives the access token.
#[tool(spec = "secured", operation = "GetDelegated")]
pub struct GetDelegated {}

/// Each alternative of a tool's requirement, as the scheme names it sends together.
fn schemes<T: Tool>() -> Vec<Vec<&'static str>> {
    T::operation()
        .security
        .iter()
        .map(|alt| alt.iter().map(|s| s.scheme.as_str()).collect())
        .collect()
}

#[test]
fn by_default_a_tool_sends_what_the_spec_lists() {
    assert_eq!(schemes::<GetThings>(), [["api_key"]]);
    assert_eq!(schemes::<GetPublic>(), Vec::<Vec<&str>>::new());
    assert_eq!(schemes::<GetDelegated>(), [["user_oauth"]]);
}

#[test]
fn naming_a_scheme_keeps_only_the_alternatives_that_use_it() {
    assert_eq!(schemes::<GetEitherBySession>(), [["session", "csrf"]]);
}

#[test]
fn a_tool_that_sends_no_credential_carries_no_requirement() {
    assert_eq!(schemes::<GetSso>(), Vec::<Vec<&str>>::new());
}
