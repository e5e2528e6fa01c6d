//! Credential claims: `credential("header.token", scheme = "slackAuth")` accounts for a
//! parameter the spec declares beside its security scheme (a required `token` header or query
//! parameter) as the credential of that scheme, sent by the server from its configured
//! credential and never offered to the agent. Neither Omitted (the API needs it) nor Fixed (a
//! secret in the source) nor Set (the agent would hold the secret) says that.

use super::*;
use crate::check::declared::DeclaredCredential;
use crate::model::Type;

impl Reconciler<'_> {
    /// Each credential entry claims its parameter, when the parameter can carry a credential
    /// and the scheme is one the operation's security names.
    pub(super) fn claim_by_credentials(&mut self) {
        for (ci, c) in self.declared.credentials.iter().enumerate() {
            let Some(i) = self.index_of(&c.param) else {
                self.unknown(
                    &c.param,
                    c.site,
                    "cannot send a credential in a parameter the operation does not have",
                );
                continue;
            };
            let p = &self.op.params[i];
            if let Some(problem) = credential_problem(self.op, p, c) {
                self.findings.push(problem);
            }
            self.claims[i].push((Claim::Credential(ci), c.site));
        }
    }
}

/// Why the parameter `p` cannot be the credential `c` names, at the place to fix.
fn credential_problem(op: &Operation, p: &Param, c: &DeclaredCredential) -> Option<Finding> {
    let address = p.address();
    if !matches!(
        p.location,
        Location::Header | Location::Query | Location::Cookie
    ) {
        return Some(Finding::at(
            c.site,
            format!(
                "`{address}` cannot carry a credential: the server sends one in a header, query \
                 or cookie parameter; set it with a field, or fix it with a reason"
            ),
        ));
    }
    let schemes: Vec<&str> = op
        .security
        .iter()
        .flatten()
        .map(|s| s.scheme.as_str())
        .fold(Vec::new(), |mut seen, s| {
            if !seen.contains(&s) {
                seen.push(s);
            }
            seen
        });
    if c.scheme.is_empty() {
        return Some(Finding::at(
            c.site,
            format!(
                "`credential(\"{address}\")` needs `scheme = \"...\"`: the security scheme whose \
                 credential the server sends there ({})",
                named(&schemes)
            ),
        ));
    }
    if !schemes.contains(&c.scheme.as_str()) {
        return Some(Finding::at(
            c.scheme_site,
            format!(
                "`{}` is not a security scheme of `{}`: the server sends the credential of a \
                 scheme the operation requires ({})",
                c.scheme,
                op.display_name(),
                named(&schemes)
            ),
        ));
    }
    let text = matches!(p.schema.ty, Type::String { .. } | Type::Any);
    (!text).then(|| {
        Finding::at(
            c.site,
            format!(
                "`{address}` is typed {} and cannot carry a credential, which is text",
                p.schema.ty.describe()
            ),
        )
    })
}

/// The schemes an operation names, for a message.
fn named(schemes: &[&str]) -> String {
    if schemes.is_empty() {
        return "it declares none, so no credential parameter can be sent".to_string();
    }
    let list: Vec<String> = schemes.iter().map(|s| format!("`{s}`")).collect();
    format!("it requires {}", list.join(" or "))
}
