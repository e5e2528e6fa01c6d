//! `output = T` and `output(...)`: which response the tool returns as structured content,
//! checked by `catalog_core::check::output_choice` (findings at their spans), and what it
//! emits: `Tool::OUTPUT`, the compile-time checks of `T` against the response's schema, and
//! `Tool::output_value`.

use crate::ast::Tool;
use crate::check::Sites;
use crate::ctxt::{Ctxt, Range};
use catalog_core::check::output::Typed;
use catalog_core::check::output_choice::{DeclaredOutput, account_output};
use catalog_core::model::Operation;
use catalog_core::present::output::{Wrap, wrapped_output_schema};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// The tool's output once checked: the typed response (`None`: text only) and the type that
/// reads it.
pub struct Checked {
    pub typed: Option<Typed>,
    pub ty: Option<syn::Type>,
    /// The reason of an explicit choice (`status` or `text`).
    pub reason: Option<String>,
}

/// Checks the tool's output declaration (or its absence) against `op`; `None` when anything is
/// wrong (the errors are in `cx`).
pub fn check(cx: &Ctxt, tool: &Tool, op: &Operation) -> Option<Checked> {
    let mut sites = Sites::default();
    let operation_site = sites.site(
        tool.attr
            .operation
            .as_ref()
            .map_or_else(Span::call_site, |o| o.span),
    );
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
    match account_output(op, declared.as_ref(), operation_site, &name) {
        Ok(typed) => Some(Checked {
            typed,
            ty: tool.attr.output.as_ref().and_then(|o| o.ty.clone()),
            reason: tool
                .attr
                .output
                .as_ref()
                .and_then(|o| o.reason.as_ref())
                .map(|r| r.value.clone()),
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
pub fn emit(tool: &syn::Ident, output: &Checked) -> (TokenStream, TokenStream) {
    let Some(typed) = &output.typed else {
        return (TokenStream::new(), TokenStream::new());
    };
    let constant = constant(typed);
    let Some(ty) = &output.ty else {
        return (TokenStream::new(), constant);
    };
    let checks = crate::user_types::output_checks(tool, ty, typed).unwrap_or_default();
    let name = quote!(#ty).to_string().replace(' ', "");
    let span = Range::of(ty).start;
    let value = quote_spanned! {span=>
        fn output_value(
            body: ::catalog::__private_v1::Value,
        ) -> ::core::result::Result<::catalog::__private_v1::Value, ::std::string::String> {
            ::catalog::__private_v1::output_value::<#ty>(body, #name)
        }
    };
    (checks, quote!(#constant #value))
}

/// What the tool's rustdoc says of its output: the response returned as structured content (and
/// how it is wrapped), or why the output is text, followed by the reason of a choice.
pub fn doc_line(output: &Checked, op: &Operation) -> String {
    let what = match &output.typed {
        Some(t) => {
            let wrap = Wrap::for_schema(&t.schema)
                .key()
                .map(|k| format!(", wrapped under `{k}`"))
                .unwrap_or_default();
            format!(
                "Output: the `{} {}` response, as structured content{wrap}",
                t.status, t.media_type
            )
        }
        None if output.reason.is_some() => "Output: text".to_string(),
        None => format!(
            "Output: text ({})",
            catalog_core::check::output::output(op)
                .to_string()
                .trim_start_matches("not typed: ")
        ),
    };
    match &output.reason {
        Some(r) => format!("{what} — {r}"),
        None => what,
    }
}

/// `const OUTPUT` from the chosen response.
fn constant(typed: &Typed) -> TokenStream {
    let (schema, wrap) = wrapped_output_schema(&typed.schema);
    let schema = crate::literal::str_literal(&catalog_core::present::schema::json_text(&schema));
    let status = typed.status.to_string();
    let media_type = &typed.media_type;
    let wrap = match wrap {
        Wrap::None => quote!(None),
        Wrap::Items => quote!(Items),
        Wrap::Value => quote!(Value),
    };
    quote! {
        const OUTPUT: ::core::option::Option<::catalog::ToolOutput> =
            ::core::option::Option::Some(::catalog::ToolOutput {
                status: #status,
                media_type: #media_type,
                schema: #schema,
                wrap: ::catalog::Wrap::#wrap,
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog_core::model::{Schema, StatusKey, Type};

    fn op() -> Operation {
        serde_json::from_value(serde_json::json!({
            "method": "DELETE", "path": "/x", "pointer": "#/paths/~1x/delete",
            "responses": [{"status": "204", "pointer": "#/r"}]
        }))
        .unwrap()
    }

    #[test]
    fn the_doc_line_names_the_response_its_wrapping_and_the_reason() {
        let array = Schema::new(Type::Array {
            items: Box::new(Schema::new(Type::Boolean)),
            min_items: None,
            max_items: None,
        });
        let chosen = Checked {
            typed: Some(Typed {
                status: StatusKey::Code(201),
                media_type: "application/json".into(),
                schema: array,
            }),
            ty: None,
            reason: Some("a 200 holds the same list".into()),
        };
        assert_eq!(
            doc_line(&chosen, &op()),
            "Output: the `201 application/json` response, as structured content, wrapped under \
             `items` — a 200 holds the same list"
        );
        let text = Checked {
            typed: None,
            ty: None,
            reason: None,
        };
        assert_eq!(doc_line(&text, &op()), "Output: text (204, no content)");
    }
}
