//! `security = ".."` / `security(none, reason = "..")`: the credentials a tool sends, accounted
//! against its operation's requirement ([`catalog_core::check::security`]). The operation the
//! tool embeds carries the requirement as accounted, so the server sends what was checked.

use crate::ast::Tool;
use crate::ctxt::Ctxt;
use catalog_core::check::declared::Reason;
use catalog_core::check::reasons::check_reason;
use catalog_core::check::security::{Declared, account};
use catalog_core::model::Operation;

/// Narrows `op.security` to what the tool declares; errors go to `cx`.
pub fn apply(cx: &Ctxt, tool: &Tool, op: &mut Operation) {
    let attr = tool.attr.security.as_ref();
    let declared = attr.map(|a| match &a.scheme {
        Some(s) => Declared::Scheme(s.value.clone()),
        None => Declared::None,
    });
    if let Some(r) = attr.and_then(|a| a.reason.as_ref()) {
        let reason = Reason {
            text: r.value.clone(),
            site: 0,
        };
        let what = format!("sending `{}` no credential", tool.item.ident);
        if let Some(f) = check_reason(&reason, &what) {
            // Reported at the reason's own span, so the finding's site is not needed.
            cx.error(r.span, &f.message);
        }
    }
    match account(&op.security, declared.as_ref()) {
        Ok(requirement) => op.security = requirement,
        Err(e) => match attr {
            Some(a) => cx.error(a.range, e.to_string()),
            None => match &tool.attr.operation {
                Some(o) => cx.error(o.span, format!("`{}`: {e}", op.display_name())),
                None => cx.error_spanned_by(&tool.item.ident, e.to_string()),
            },
        },
    }
}
