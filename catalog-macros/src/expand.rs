//! `#[tool]`: parse once into the IR, check, emit; on any error, the errors with the fallback.

use crate::ast::{Input, Tool};
use crate::check;
use crate::ctxt::Ctxt;
use crate::emit;
use catalog_core::present::tool_name::{NameFrom, check_former_names, checked_tool_name};
use proc_macro2::TokenStream;

pub fn tool(args: TokenStream, input: &Input) -> TokenStream {
    let cx = Ctxt::new();
    // The checks of user types a failed tool still runs, reported with its other errors.
    let mut still_checked = TokenStream::new();
    let checked = Tool::from_input(&cx, args, input)
        .and_then(|tool| match check::check(&cx, &tool) {
            Ok(checked) => Some((tool, checked)),
            Err(type_checks) => {
                still_checked = type_checks;
                None
            }
        })
        .map(|(tool, checked)| {
            let output = crate::output::check(&cx, &tool, &checked.op);
            let name = name(&cx, &tool, &checked.op);
            (tool, checked, output, name)
        });
    if let Err(errors) = cx.check() {
        return crate::fallback::tool(input, errors, still_checked);
    }
    // Every path that gives `None` reported why, so `cx.check()` returned it above.
    match checked.and_then(|(tool, checked, output, name)| Some((tool, checked, output?, name?))) {
        Some((tool, checked, output, name)) => emit::emit(&tool, &name, checked, &output),
        None => crate::fallback::tool(
            input,
            syn::Error::new(
                proc_macro2::Span::call_site(),
                "catalog bug: a tool failed its checks without an error; please report it",
            ),
            TokenStream::new(),
        ),
    }
}

/// The tool's MCP name (`catalog_core::present::tool_name::checked_tool_name`), or `None`
/// with its finding reported.
fn name(cx: &Ctxt, tool: &Tool, op: &catalog_core::model::Operation) -> Option<String> {
    let mut sites = crate::sites::Sites::default();
    let ident = tool.item.ident.to_string();
    let from = NameFrom {
        declared: tool
            .attr
            .name
            .as_ref()
            .map(|n| (n.value.as_str(), sites.site(n.span))),
        operation: tool
            .attr
            .operation
            .as_ref()
            .map(|o| (op.id.as_deref(), sites.site(o.span))),
        type_name: (&ident, sites.site(tool.item.ident.span())),
    };
    let name = checked_tool_name(&from)
        .map_err(|f| cx.error(sites.range(f.site), f.message))
        .ok()?;
    let former: Vec<(&str, usize)> = tool
        .attr
        .former_names
        .iter()
        .flat_map(|list| &list.value)
        .map(|n| (n.value.as_str(), sites.site(n.span)))
        .collect();
    let findings = check_former_names(&name, &former);
    for f in &findings {
        cx.error(sites.range(f.site), &f.message);
    }
    findings.is_empty().then_some(name)
}
