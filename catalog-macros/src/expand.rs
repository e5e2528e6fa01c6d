//! `#[tool]`: parse once into the IR, check, emit; on any error, the errors with the fallback.

use crate::ast::{Input, Tool};
use crate::check;
use crate::ctxt::Ctxt;
use crate::emit;
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
            check_name(&cx, &tool, &checked.op);
            (tool, checked, output)
        });
    if let Err(errors) = cx.check() {
        return crate::fallback::tool(input, errors, still_checked);
    }
    // Every path that gives `None` reported why, so `cx.check()` returned it above.
    match checked.and_then(|(tool, checked, output)| Some((tool, checked, output?))) {
        Some((tool, checked, output)) => emit::emit(&tool, checked, &output),
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

/// The tool's MCP name, checked against what every client takes; the error sits on
/// `name = "..."` when the tool wrote one, else on the operation that gave the name.
fn check_name(cx: &Ctxt, tool: &Tool, op: &catalog_core::model::Operation) {
    let explicit = tool.attr.name.as_ref();
    let name = catalog_core::present::tool_text::tool_name(
        explicit.map(|n| n.value.as_str()),
        op.id.as_deref(),
        &tool.item.ident.to_string(),
    );
    if let Some(problem) = catalog_core::present::tool_name::name_problem(&name) {
        let span = explicit
            .or(tool.attr.operation.as_ref())
            .map_or_else(|| tool.item.ident.span(), |n| n.span);
        cx.error(span, problem);
    }
}
