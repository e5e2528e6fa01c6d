//! `output = T` and `output(...)`: the declaration parsed into
//! `catalog_core::check::output_choice::DeclaredOutput` and checked by
//! `catalog_core::present::tool_output::check_output` (findings at their spans), and what it
//! emits from core's answer: `Tool::OUTPUT`, the compile-time checks of `T` against each body
//! it reads, and `Tool::output_value`.

use crate::ast::Tool;
use crate::ctxt::{Ctxt, Range};
use crate::sites::Sites;
use catalog_core::check::output_choice::DeclaredOutput;
use catalog_core::model::Operation;
use catalog_core::present::output::Wrap;
use catalog_core::present::tool_output::{CheckedOutput, check_output};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// The tool's output once checked, and the type that reads it.
pub struct Checked {
    pub output: CheckedOutput,
    pub ty: Option<syn::Type>,
}

/// Checks the tool's output declaration (or its absence) against `op`; `None` when anything is
/// wrong (the errors are in `cx`).
pub fn check(cx: &Ctxt, tool: &Tool, op: &Operation) -> Option<Checked> {
    let mut sites = Sites::default();
    let declared = tool.attr.output.as_ref().map(|o| DeclaredOutput {
        site: sites.site(o.span),
        status: o
            .status
            .as_ref()
            .map(|s| (s.value.clone(), sites.site(s.span))),
        media_type: o
            .media_type
            .as_ref()
            .map(|m| (m.value.clone(), sites.site(m.span))),
        text: o.text.map(|t| sites.site(t)),
        ty: o
            .ty
            .as_ref()
            .map(|t| (crate::ast::shape(t), sites.site(Range::of(t)))),
        reason: o.reason.as_ref().map(|r| sites.reason(r)),
    });
    let name = tool.item.ident.to_string();
    match check_output(op, declared.as_ref(), &name) {
        Ok(output) => Some(Checked {
            output,
            ty: tool.attr.output.as_ref().and_then(|o| o.ty.clone()),
        }),
        Err(findings) => {
            for f in findings {
                cx.error(sites.range(f.site), f.message);
            }
            None
        }
    }
}

/// `const OUTPUT` (when the output is typed), and with a type, its checks and `output_value`:
/// the checks go beside the impl, the rest into it.
pub fn emit(tool: &syn::Ident, checked: &Checked) -> (TokenStream, TokenStream) {
    let Some(constant) = constant(&checked.output) else {
        return (TokenStream::new(), TokenStream::new());
    };
    let Some(ty) = &checked.ty else {
        return (TokenStream::new(), constant);
    };
    let checks: TokenStream = checked
        .output
        .reads()
        .into_iter()
        .filter_map(|(typed, label)| crate::user_types::output_checks(tool, ty, typed, &label))
        .collect();
    let name = quote!(#ty).to_string().replace(' ', "");
    let span = Range::of(ty).start;
    let value = quote_spanned! {span=>
        fn output_value(
            body: ::catalog::__private_v1::Value,
        ) -> ::core::result::Result<
            ::catalog::__private_v1::Value,
            ::catalog::__private_v1::OutputError,
        > {
            ::catalog::__private_v1::output_value::<#ty>(body, #name)
        }
    };
    (checks, quote!(#constant #value))
}

/// `const OUTPUT` from core's schema text; `None` for a text output.
fn constant(output: &CheckedOutput) -> Option<TokenStream> {
    let o = output.schema.as_ref()?;
    let text = |s: &str| crate::literal::str_literal(s);
    let (status, media_type, schema) = (&o.status, &o.media_type, text(&o.schema));
    let arms = o.arms.iter().map(|arm| {
        let (status, media_type, schema) = (&arm.status, &arm.media_type, text(&arm.schema));
        quote! {
            ::catalog::OutputArm {
                status: #status,
                media_type: #media_type,
                schema: #schema,
            }
        }
    });
    let wrap = match o.wrap {
        Wrap::None => quote!(None),
        Wrap::Items => quote!(Items),
        Wrap::Value => quote!(Value),
    };
    Some(quote! {
        const OUTPUT: ::core::option::Option<::catalog::ToolOutput> =
            ::core::option::Option::Some(::catalog::ToolOutput {
                status: #status,
                media_type: #media_type,
                schema: #schema,
                wrap: ::catalog::Wrap::#wrap,
                arms: &[#(#arms),*],
            });
    })
}
