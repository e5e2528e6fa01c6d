//! One scheme's credential ([`Credential`]), the token lifetimes, and the base64 of
//! `Authorization: Basic`: what the credentials, the per-user ones and the token exchange share.

use std::fmt;
use std::time::Duration;

/// A client-credentials token is fetched again when it has less than this left.
pub const REFRESH_MARGIN: Duration = Duration::from_secs(60);
/// How long a token whose response gives no `expires_in` is used.
pub const DEFAULT_TOKEN_LIFETIME: Duration = Duration::from_secs(300);

/// One scheme's credential. `Debug` never shows a secret.
#[derive(Clone, PartialEq, Eq)]
pub enum Credential {
    /// An API key (`apiKey` schemes) or a bearer token (`http` bearer).
    Secret(String),
    /// `http` basic.
    Basic {
        /// The user name.
        user: String,
        /// The password.
        password: String,
    },
    /// `oauth2` client credentials.
    Client {
        /// `client_id`.
        id: String,
        /// `client_secret`.
        secret: String,
    },
}

impl fmt::Debug for Credential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Credential::Secret(_) => f.write_str("Secret(<redacted>)"),
            Credential::Basic { user, .. } => write!(f, "Basic({user}, <redacted>)"),
            Credential::Client { id, .. } => write!(f, "Client({id}, <redacted>)"),
        }
    }
}

/// Standard base64 with padding (RFC 4648 §4), for `Authorization: Basic`.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
