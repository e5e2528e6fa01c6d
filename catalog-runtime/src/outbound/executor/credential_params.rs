//! Parameters that carry a credential (`#[tool(credential("header.token", scheme = "..."))]`):
//! the spec declares the parameter beside its security scheme (Slack's required `token`
//! header), so the server writes the scheme's credential there, after the tool's request is
//! built and its security applied. The agent never sees or sends it.

use super::{Executor, append_query_pair, insert_secret};
use crate::outbound::credentials::Credential;
use crate::outbound::executor::error::ExecuteError;
use catalog_core::model::{Accounted, Disposition, Location};
use catalog_core::spec::security::{Requirement, SchemeKind};
use http::header::HeaderName;

impl Executor {
    /// Writes the credential of each credential parameter of `accounting` into `url` or
    /// `headers`: the scheme's, resolved as the security requirement's is (the caller's own
    /// where per-user credentials cover it), as text.
    pub(super) async fn credential_params(
        &self,
        security: &[Requirement],
        accounting: &[Accounted],
        url: &mut String,
        headers: &mut http::HeaderMap,
    ) -> Result<(), ExecuteError> {
        for row in accounting {
            let Disposition::Credential { scheme } = &row.disposition else {
                continue;
            };
            let address = row.param.address();
            let Some(uses) = security.iter().flatten().find(|s| s.scheme == *scheme) else {
                return Err(ExecuteError::Credentials(format!(
                    "`{address}` carries the credential of `{scheme}`, which the operation's \
                     security does not name"
                )));
            };
            let credential = self
                .credentials
                .resolve(uses, &self.client, self.timeout)
                .await?;
            let text = match (&uses.kind, credential) {
                (_, Some(Credential::Secret(secret))) => secret,
                (
                    SchemeKind::ClientCredentials { token_url },
                    Some(Credential::Client { id, secret }),
                ) => {
                    self.client_token(scheme, token_url, &id, &secret, &uses.scopes)
                        .await?
                }
                (_, Some(_)) => {
                    return Err(ExecuteError::Credentials(format!(
                        "`{address}` carries the credential of `{scheme}` as text, and the one \
                         configured for it is a user name and password: configure a token or \
                         key for `{scheme}`"
                    )));
                }
                (_, None) => {
                    return Err(ExecuteError::Credentials(format!(
                        "`{address}` carries the credential of `{scheme}`, and none is \
                         configured: {}",
                        crate::outbound::credentials::describe(uses)
                    )));
                }
            };
            let name = &row.param.name;
            match row.param.location {
                Location::Query => append_query_pair(url, name, &text),
                Location::Cookie => {
                    let pair = format!("{name}={text}");
                    let cookie = match headers.get(http::header::COOKIE) {
                        Some(v) => format!("{}; {pair}", String::from_utf8_lossy(v.as_bytes())),
                        None => pair,
                    };
                    insert_secret(headers, http::header::COOKIE, &cookie)?;
                }
                _ => {
                    let header = HeaderName::from_bytes(name.as_bytes()).map_err(|_| {
                        ExecuteError::Credentials(format!("`{address}` is not a valid header name"))
                    })?;
                    insert_secret(headers, header, &text)?;
                }
            }
        }
        Ok(())
    }
}
