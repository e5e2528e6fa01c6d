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
use catalog_core::model::Schema;
use catalog_core::present::output::{Wrap, arm_output_schema, union_output_schema};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// The tool's output once checked: the typed responses (none: text only; several: the
/// response's status and media type select which) and the type that reads them.
pub struct Checked {
    pub typed: Vec<Typed>,
    pub ty: Option<syn::Type>,
    /// The reason of an explicit choice (`status` or `text`).
    pub reason: Option<String>,
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
    match account_output(op, declared.as_ref(), &name) {
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
    let Some(constant) = constant(&output.typed) else {
        return (TokenStream::new(), TokenStream::new());
    };
    let Some(ty) = &output.ty else {
        return (TokenStream::new(), constant);
    };
    // The type reads each distinct body; several of one status are told apart by media type.
    let mut checks = TokenStream::new();
    for (i, t) in output.typed.iter().enumerate() {
        if output.typed[..i].iter().any(|o| o.schema == t.schema) {
            continue;
        }
        let shared = output.typed.iter().filter(|o| o.status == t.status).count() > 1;
        let label = if shared {
            format!("{} {}", t.status, t.media_type)
        } else {
            t.status.to_string()
        };
        checks.extend(crate::user_types::output_checks(tool, ty, t, &label));
    }
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
    let wrap = output
        .wrap()
        .and_then(Wrap::key)
        .map(|k| format!(", wrapped under `{k}`"))
        .unwrap_or_default();
    let what = match output.typed.as_slice() {
        [t] => format!(
            "Output: the `{} {}` response, as structured content{wrap}",
            t.status, t.media_type
        ),
        [_, ..] => {
            let each: Vec<String> = output
                .typed
                .iter()
                .map(|t| format!("`{} {}`", t.status, t.media_type))
                .collect();
            format!(
                "Output: the {} responses, as structured content{wrap}; the response's status \
                 and media type select which",
                each.join(", ")
            )
        }
        [] if output.reason.is_some() => "Output: text".to_string(),
        [] => format!(
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

impl Checked {
    /// How the body is wrapped into structured content, when the output is typed.
    pub fn wrap(&self) -> Option<Wrap> {
        union_output_schema(&self.schemas()).map(|(_, wrap)| wrap)
    }

    fn schemas(&self) -> Vec<&Schema> {
        self.typed.iter().map(|t| &t.schema).collect()
    }
}

/// `const OUTPUT` from the typed responses: the first one's status and media type, the union's
/// schema and wrapping, and with several, each as an arm with the schema its body is checked
/// against. `None` for a text output.
fn constant(typed: &[Typed]) -> Option<TokenStream> {
    let first = typed.first()?;
    let schemas: Vec<&Schema> = typed.iter().map(|t| &t.schema).collect();
    let (schema, wrap) = union_output_schema(&schemas)?;
    let text = |v: &serde_json::Value| {
        crate::literal::str_literal(&catalog_core::present::schema::json_text(v))
    };
    let schema = text(&schema);
    let status = first.status.to_string();
    let media_type = &first.media_type;
    let arms: Vec<TokenStream> = match typed {
        [_] => Vec::new(),
        several => several
            .iter()
            .map(|t| {
                let status = t.status.to_string();
                let media_type = &t.media_type;
                let schema = text(&arm_output_schema(&t.schema, wrap));
                quote! {
                    ::catalog::OutputArm {
                        status: #status,
                        media_type: #media_type,
                        schema: #schema,
                    }
                }
            })
            .collect(),
    };
    let wrap = match wrap {
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
            typed: vec![Typed {
                status: StatusKey::Code(201),
                media_type: "application/json".into(),
                schema: array,
            }],
            ty: None,
            reason: Some("a 200 holds the same list".into()),
        };
        assert_eq!(
            doc_line(&chosen, &op()),
            "Output: the `201 application/json` response, as structured content, wrapped under \
             `items` — a 200 holds the same list"
        );
        let text = Checked {
            typed: vec![],
            ty: None,
            reason: None,
        };
        assert_eq!(doc_line(&text, &op()), "Output: text (204, no content)");
    }
}
