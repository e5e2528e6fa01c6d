//! What an operation's security requirement is: the schemes a request needs, each with its
//! definition carried along, so that a tool knows what credential to send without the spec at run
//! time. Read from the document by [`crate::spec::security`].

use serde::{Deserialize, Serialize};

/// How a credential is sent, as a security scheme defines it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SchemeKind {
    /// `type: apiKey`: a key in a header, query parameter or cookie.
    ApiKey {
        /// `header`, `query` or `cookie`.
        #[serde(rename = "in")]
        location: String,
        /// The header, parameter or cookie name.
        name: String,
    },
    /// `type: http, scheme: bearer`.
    Bearer,
    /// `type: http, scheme: basic`.
    Basic,
    /// `type: oauth2` with a `clientCredentials` flow.
    ClientCredentials {
        /// The flow's `tokenUrl`.
        token_url: String,
    },
    /// `type: oauth2` without a `clientCredentials` flow (authorization code, implicit,
    /// password, device), or `type: openIdConnect`: the API reads an access token as
    /// `Authorization: Bearer` (RFC 6750) however it was obtained, so the operator gives one
    /// (obtained outside catalog, e.g. a bot or personal token) and the executor sends it.
    AccessToken {
        /// `oauth2 (authorizationCode)`, `openIdConnect`, ...
        what: String,
    },
    /// Anything the executor cannot send (mutual TLS, another HTTP scheme, a scheme the
    /// document does not define), with what the spec says it is.
    Unsupported {
        /// `oauth2 (authorizationCode)`, `openIdConnect`, `http digest`, ...
        what: String,
    },
}

/// One scheme of a requirement: its name in `securitySchemes`, its definition, its scopes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchemeUse {
    /// The key in `components.securitySchemes`.
    pub scheme: String,
    /// How the credential is sent.
    pub kind: SchemeKind,
    /// OAuth scopes the operation needs (empty for other schemes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<String>,
}

/// One alternative of a security requirement: every scheme in it is sent together. An empty
/// one means the operation may be called without credentials.
pub type Requirement = Vec<SchemeUse>;
