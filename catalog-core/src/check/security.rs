//! Which credentials a tool sends: its operation's security requirement, accounted at compile
//! time like its parameters.
//!
//! By default a tool sends what the spec lists for its operation (the operation's `security`,
//! else the document's), and the server picks, per call, the first alternative its configured
//! credentials satisfy. A tool may narrow that to one listed scheme (`security = "name"`), or
//! send none with a reason (`security(none, reason = "...")`, e.g. a gateway in front of the
//! API adds the credential). An operation whose every alternative needs a scheme catalog cannot
//! send (mutual TLS, an HTTP scheme other than bearer and basic, a scheme the document does not
//! define) must be accounted explicitly: no default would ever work. OAuth2 flows other than
//! client credentials and OpenID Connect are sendable: the operator gives the access token
//! (`outbound::credentials`).

use crate::spec::security::{Requirement, SchemeKind, SchemeUse};
use std::fmt;

/// What a tool declares about its credentials.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declared {
    /// `security = "name"`: only the alternatives that use this scheme.
    Scheme(String),
    /// `security(none, reason = "...")`: no credential is sent (the reason is checked as any
    /// other).
    None,
}

/// Why a tool's security accounting does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecurityError {
    /// `security = "name"` names a scheme the operation's requirement does not list.
    NotListed {
        /// The declared scheme.
        declared: String,
        /// The schemes the requirement lists, in order, each once.
        listed: Vec<String>,
    },
    /// The chosen scheme, or every alternative by default, needs a scheme catalog cannot send.
    Unsendable {
        /// Each unsendable scheme with what the spec says it is.
        schemes: Vec<(String, String)>,
        /// Whether the tool named the scheme itself (`security = "..."`).
        declared: bool,
    },
    /// `security(none, ...)` on an operation that needs no credentials.
    NothingToWaive,
}

impl fmt::Display for SecurityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SecurityError::NotListed { declared, listed } if listed.is_empty() => write!(
                f,
                "`security = \"{declared}\"`: the operation needs no credentials (its spec lists no \
                 security requirement); remove `security`"
            ),
            SecurityError::NotListed { declared, listed } => {
                let options: Vec<String> = listed
                    .iter()
                    .map(|s| format!("`security = \"{s}\"`"))
                    .collect();
                write!(
                    f,
                    "`security = \"{declared}\"`: the operation's security requirement does not \
                     list `{declared}`; it lists {}",
                    options.join(", ")
                )
            }
            SecurityError::Unsendable { schemes, declared } => {
                let named: Vec<String> = schemes
                    .iter()
                    .map(|(name, what)| format!("`{name}` ({what})"))
                    .collect();
                let needs = if *declared {
                    "the chosen scheme is"
                } else {
                    "every alternative of the operation's security requirement needs"
                };
                write!(
                    f,
                    "{needs} {}, which catalog cannot send; if something in front of the API \
                     adds the credential, say so: `security(none, reason = \"...\")`",
                    named.join(", ")
                )
            }
            SecurityError::NothingToWaive => write!(
                f,
                "`security(none, ...)`: the operation needs no credentials (its spec lists no \
                 security requirement); remove it"
            ),
        }
    }
}

impl std::error::Error for SecurityError {}

/// The requirement the tool's requests carry: `spec`'s (the operation's effective requirement)
/// as `declared` narrows it. An empty result means no credential is sent.
pub fn account(
    spec: &[Requirement],
    declared: Option<&Declared>,
) -> Result<Vec<Requirement>, SecurityError> {
    match declared {
        None => by_default(spec),
        Some(Declared::None) if spec.is_empty() => Err(SecurityError::NothingToWaive),
        Some(Declared::None) => Ok(Vec::new()),
        Some(Declared::Scheme(name)) => one_scheme(spec, name),
    }
}

/// The spec's requirement as it is, when at least one alternative can be sent.
fn by_default(spec: &[Requirement]) -> Result<Vec<Requirement>, SecurityError> {
    if spec.is_empty() || spec.iter().any(|alt| alt.iter().all(sendable)) {
        return Ok(spec.to_vec());
    }
    Err(SecurityError::Unsendable {
        schemes: unsendable(spec.iter().flatten()),
        declared: false,
    })
}

/// The alternatives that use the scheme `name`.
fn one_scheme(spec: &[Requirement], name: &str) -> Result<Vec<Requirement>, SecurityError> {
    let chosen: Vec<Requirement> = spec
        .iter()
        .filter(|alt| alt.iter().any(|s| s.scheme == name))
        .cloned()
        .collect();
    if chosen.is_empty() {
        let mut listed: Vec<String> = Vec::new();
        for s in spec.iter().flatten() {
            if !listed.contains(&s.scheme) {
                listed.push(s.scheme.clone());
            }
        }
        return Err(SecurityError::NotListed {
            declared: name.to_string(),
            listed,
        });
    }
    if chosen.iter().any(|alt| alt.iter().all(sendable)) {
        return Ok(chosen);
    }
    Err(SecurityError::Unsendable {
        schemes: unsendable(chosen.iter().flatten()),
        declared: true,
    })
}

fn sendable(s: &SchemeUse) -> bool {
    !matches!(s.kind, SchemeKind::Unsupported { .. })
}

/// The unsendable schemes among `uses`, each once, with what the spec says they are.
fn unsendable<'a>(uses: impl Iterator<Item = &'a SchemeUse>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for s in uses {
        if let SchemeKind::Unsupported { what } = &s.kind
            && !out.iter().any(|(n, _)| *n == s.scheme)
        {
            out.push((s.scheme.clone(), what.clone()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> SchemeUse {
        SchemeUse {
            scheme: name.into(),
            kind: SchemeKind::ApiKey {
                location: "header".into(),
                name: "X-Key".into(),
            },
            scopes: vec![],
        }
    }

    fn mtls(name: &str) -> SchemeUse {
        SchemeUse {
            scheme: name.into(),
            kind: SchemeKind::Unsupported {
                what: "mutualTLS".into(),
            },
            scopes: vec!["read".into()],
        }
    }

    #[test]
    fn by_default_a_tool_sends_what_the_spec_lists() {
        let spec = vec![vec![key("api_key")], vec![mtls("tls")]];
        assert_eq!(account(&spec, None), Ok(spec.clone()));
        assert_eq!(account(&[], None), Ok(vec![]));
        // An empty alternative: the operation may be called without credentials.
        let optional = vec![vec![mtls("tls")], vec![]];
        assert_eq!(account(&optional, None), Ok(optional.clone()));
    }

    #[test]
    fn an_operation_nothing_can_authorize_must_be_accounted() {
        let spec = vec![vec![mtls("tls")], vec![mtls("tls"), key("k")]];
        let err = account(&spec, None).unwrap_err();
        assert_eq!(
            err,
            SecurityError::Unsendable {
                schemes: vec![("tls".into(), "mutualTLS".into())],
                declared: false,
            }
        );
        assert_eq!(
            err.to_string(),
            "every alternative of the operation's security requirement needs `tls` (mutualTLS), \
             which catalog cannot send; if something in front of the API \
             adds the credential, say so: `security(none, reason = \"...\")`"
        );
        assert_eq!(account(&spec, Some(&Declared::None)), Ok(vec![]));
    }

    #[test]
    fn an_access_token_scheme_is_sent_by_default() {
        let code = SchemeUse {
            scheme: "sso".into(),
            kind: SchemeKind::AccessToken {
                what: "oauth2 (authorizationCode)".into(),
            },
            scopes: vec!["read".into()],
        };
        let spec = vec![vec![code]];
        assert_eq!(account(&spec, None), Ok(spec.clone()));
        assert_eq!(
            account(&spec, Some(&Declared::Scheme("sso".into()))),
            Ok(spec.clone())
        );
    }

    #[test]
    fn naming_a_scheme_keeps_the_alternatives_that_use_it() {
        let spec = vec![
            vec![key("api_key")],
            vec![key("session"), key("csrf")],
            vec![mtls("tls")],
        ];
        assert_eq!(
            account(&spec, Some(&Declared::Scheme("csrf".into()))),
            Ok(vec![vec![key("session"), key("csrf")]])
        );
        let err = account(&spec, Some(&Declared::Scheme("tls".into()))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the chosen scheme is `tls` (mutualTLS), which catalog cannot \
             send; if something in front of the API adds the credential, say so: \
             `security(none, reason = \"...\")`"
        );
    }

    #[test]
    fn a_scheme_the_operation_does_not_list_is_refused_with_the_ones_it_does() {
        let spec = vec![vec![key("api_key")], vec![key("session"), key("api_key")]];
        let err = account(&spec, Some(&Declared::Scheme("apikey".into()))).unwrap_err();
        assert_eq!(
            err,
            SecurityError::NotListed {
                declared: "apikey".into(),
                listed: vec!["api_key".into(), "session".into()],
            }
        );
        assert_eq!(
            err.to_string(),
            "`security = \"apikey\"`: the operation's security requirement does not list \
             `apikey`; it lists `security = \"api_key\"`, `security = \"session\"`"
        );
        let err = account(&[], Some(&Declared::Scheme("api_key".into()))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`security = \"api_key\"`: the operation needs no credentials (its spec lists no \
             security requirement); remove `security`"
        );
    }

    #[test]
    fn waiving_credentials_needs_a_requirement_to_waive() {
        let err = account(&[], Some(&Declared::None)).unwrap_err();
        assert_eq!(err, SecurityError::NothingToWaive);
        assert_eq!(
            err.to_string(),
            "`security(none, ...)`: the operation needs no credentials (its spec lists no \
             security requirement); remove it"
        );
        let spec = vec![vec![key("api_key")]];
        assert_eq!(account(&spec, Some(&Declared::None)), Ok(vec![]));
    }
}
