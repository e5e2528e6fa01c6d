//! Scaffolding: the complete `#[tool]` for one operation, every parameter accounted, ready to
//! edit. `catalog scaffold <spec> <operation>` prints it.
//!
//! Every parameter becomes a field (required ones plain, optional ones `Option`), typed by
//! [`rust_type_for`], so the scaffold compiles as printed. Each optional parameter also gets a
//! commented `omitted(...)` line inside the attribute whose reason is the
//! [`PLACEHOLDER_REASON`]: uncommenting one without writing the reason is a compile error, so
//! nothing is left out by accident.
//!
//! The output comes after `// output:`: every typed success body, the response's status and
//! media type selecting which at run time, so no choice is printed. Where every
//! alternative of the operation's security requirement needs a scheme catalog cannot send
//! (mutual TLS, say; an OAuth2 access token it sends): a commented `security(none, ...)` line,
//! uncommented with how the credential is added.

use crate::check::names::{field_matches, field_name_for};
use crate::check::reasons::PLACEHOLDER_REASON;
use crate::check::security::{self, SecurityError};
use crate::check::types::rust_type_for;
use crate::check::union;
use crate::model::{Location, Operation, Param, Type};
use crate::present::output::describe_output;
use heck::{ToSnakeCase, ToUpperCamelCase};
use std::collections::HashSet;
use std::fmt::Write as _;

/// How to write a scaffold: the names it uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The spec's file stem, written as `spec = "..."`.
    pub spec: String,
    /// The name the tool uses for the operation: its operationId, or `"METHOD /path"` when the
    /// id is missing or ambiguous.
    pub operation: String,
    /// The struct's name.
    pub struct_name: String,
}

impl Options {
    /// The default names for `op`: its operationId (else `"METHOD /path"`) and
    /// [`struct_name_for`].
    pub fn new(op: &Operation, spec_stem: &str) -> Options {
        Options {
            spec: spec_stem.to_string(),
            operation: op.display_name(),
            struct_name: struct_name_for(op),
        }
    }
}

/// The `#[tool]` struct for `op` with the default [`Options`]. The text needs `use
/// catalog::tool;` in scope; the CLI prints that line first.
pub fn scaffold(op: &Operation, spec_stem: &str) -> String {
    scaffold_with(op, &Options::new(op, spec_stem))
}

/// The struct name for an operation: UpperCamelCase of its operationId, else of its method and
/// path (`PUT /boards/{board_id}/labels` -> `PutBoardsBoardIdLabels`).
pub fn struct_name_for(op: &Operation) -> String {
    let source = match &op.id {
        Some(id) => id.clone(),
        None => format!("{} {}", op.method.to_ascii_lowercase(), op.path),
    };
    // Only ASCII word characters survive, so the name is an identifier whatever the spec holds.
    let words: String = source
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let name = words.to_upper_camel_case();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || name == "Self" {
        format!("Op{name}")
    } else {
        name
    }
}

/// The `#[tool]` struct for `op`, named as `options` says. For an operation tools cannot wrap,
/// the text starts with the reasons as comments (and would not compile).
pub fn scaffold_with(op: &Operation, options: &Options) -> String {
    // A union body is scaffolded as its first arm, the others named on the `variant` line.
    let arms = union::union_arms(op).map(|arms| {
        let described = arms
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{i}: {}", union::describe_arm(a)))
            .collect::<Vec<_>>()
            .join(", ");
        (union::variant_line(op, arms, 0), described)
    });
    let first_arm;
    let op = match arms {
        Some(_) => {
            let mut picked = op.clone();
            let _ = union::pick_variant(&mut picked, &union::Variant::Index(0));
            first_arm = picked;
            &first_arm
        }
        None => op,
    };
    let mut out = String::new();
    for u in &op.unsupported {
        let _ = writeln!(
            out,
            "// operation cannot be wrapped by a tool: {} at {}",
            one_line(&u.reason),
            u.pointer
        );
    }
    let doc = op
        .summary
        .as_deref()
        .or(op.description.as_deref())
        .map(plain_text)
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| op.key());
    for line in doc.lines() {
        let line = one_line(line);
        if line.is_empty() {
            out.push_str("///\n");
        } else {
            let _ = writeln!(out, "/// {line}");
        }
    }
    let (params, nothing_to_send): (Vec<&Param>, Vec<&Param>) =
        op.params.iter().partition(|p| !carries_nothing(p));
    let fields = plan_fields(op, &params);
    out.push_str("#[tool(\n");
    let _ = writeln!(out, "    spec = {},", lit(&options.spec));
    let _ = writeln!(out, "    operation = {},", lit(&options.operation));
    if let Some((line, arms)) = &arms {
        let _ = writeln!(
            out,
            "    {line} // the arm of the union body this tool sends; arms: {arms}"
        );
    }
    let _ = writeln!(out, "    // output: {}", one_line(&describe_output(op)));
    if let Err(SecurityError::Unsendable { schemes, .. }) = security::account(&op.security, None) {
        let named: Vec<String> = schemes
            .iter()
            .map(|(name, what)| format!("`{name}` ({what})"))
            .collect();
        let _ = writeln!(
            out,
            "    // The operation needs {}, which catalog cannot send.\n    \
             // If something in front of the API adds the credential, uncomment this line and \
             write how.\n    \
             // security(none, reason = \"{PLACEHOLDER_REASON}\"),",
            named.join(" or ")
        );
    }
    for p in &nothing_to_send {
        let _ = writeln!(
            out,
            "    omitted({}, reason = \"{NOTHING_TO_SEND}\"),",
            lit(&p.address())
        );
    }
    let optional: Vec<&Param> = params.iter().copied().filter(|p| !p.required).collect();
    if !optional.is_empty() {
        out.push_str(
            "    // Every parameter is a field. To leave an optional one out, delete its field,\n    \
             // uncomment its line here and replace the placeholder with the reason.\n",
        );
        for p in optional {
            // A full replace clears what it does not send; the tool must say so.
            let clears = if op.method == "PUT" && p.location == Location::Body {
                "clears, "
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "    // omitted({}, {clears}reason = \"{PLACEHOLDER_REASON}\"),",
                lit(&p.address())
            );
        }
    }
    out.push_str(")]\n");
    if fields.is_empty() {
        let _ = writeln!(out, "pub struct {};", options.struct_name);
        return out;
    }
    let _ = writeln!(out, "pub struct {} {{", options.struct_name);
    for (p, f) in params.iter().zip(&fields) {
        let _ = writeln!(out, "    // {}", describe(p));
        let mut arg = Vec::new();
        if f.explicit {
            arg.push(format!("param = {}", lit(&p.address())));
        }
        if let Some(rename) = &f.rename {
            arg.push(format!("rename = {}", lit(rename)));
        }
        if !arg.is_empty() {
            let _ = writeln!(out, "    #[arg({})]", arg.join(", "));
        }
        let _ = writeln!(
            out,
            "    pub {}: {},",
            f.ident,
            rust_type_for(&p.schema, p.required)
        );
    }
    out.push_str("}\n");
    out
}

/// A field the scaffold writes for one parameter.
struct PlannedField {
    ident: String,
    /// Whether it needs `#[arg(param = "...")]`: its name does not find its parameter alone.
    explicit: bool,
    /// `#[arg(rename = "...")]`, when another field already takes the wire name as argument.
    rename: Option<String>,
}

fn plan_fields(op: &Operation, params: &[&Param]) -> Vec<PlannedField> {
    let mut used_idents: HashSet<String> = HashSet::new();
    let mut used_args: HashSet<String> = HashSet::new();
    params
        .iter()
        .map(|&p| {
            let ident = unique(ident_for(p), |i| used_idents.contains(bare(i)), p.location);
            used_idents.insert(bare(&ident).to_string());
            // The macro matches a field to a parameter by name across all locations
            // (`check::names::field_matches`); anything but exactly one match needs the address.
            let name = bare(&ident);
            let matches: Vec<&Param> = op
                .params
                .iter()
                .filter(|q| field_matches(&q.name, name))
                .collect();
            let explicit = !matches!(matches.as_slice(), [q] if std::ptr::eq(*q, p));
            // The agent's argument is the wire name; two locations may share one.
            let wire = if p.name.is_empty() {
                name.to_string()
            } else {
                p.name.clone()
            };
            let rename = if used_args.contains(&wire) {
                let r = unique(
                    format!("{}_{}", p.location, bare(&ident_for(p))),
                    |r| used_args.contains(r),
                    p.location,
                );
                Some(r)
            } else {
                None
            };
            used_args.insert(rename.clone().unwrap_or(wire));
            PlannedField {
                ident,
                explicit: explicit || p.name.is_empty(),
                rename,
            }
        })
        .collect()
}

/// A valid Rust field identifier for a parameter, from [`field_name_for`]: raw where a keyword
/// allows it, otherwise changed (and then found by `#[arg(param)]`).
fn ident_for(p: &Param) -> String {
    if p.location == Location::Body && p.name.is_empty() {
        return "body".into();
    }
    // `field_name_for` calls a name with no word characters `body`; here that would mislead.
    if p.name.to_snake_case().is_empty() {
        return format!("{}_param", p.location);
    }
    let name = field_name_for(&p.name);
    let (raw, name) = match name.strip_prefix("r#") {
        Some(rest) => (true, rest.to_string()),
        None => (false, name),
    };
    // Only ASCII word characters: an identifier on every toolchain, whatever the spec holds.
    let mut clean = String::with_capacity(name.len());
    for c in name.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if !(c == '_' && clean.ends_with('_')) {
            clean.push(c);
        }
    }
    let clean = clean.trim_matches('_').to_string();
    if clean.is_empty() {
        return format!("{}_param", p.location);
    }
    if clean.starts_with(|c: char| c.is_ascii_digit()) {
        return format!("_{clean}");
    }
    // `self`, `super`, `crate` and `Self` cannot be raw identifiers.
    if matches!(clean.as_str(), "self" | "super" | "crate" | "Self") {
        return format!("{clean}_");
    }
    if raw && clean == name {
        format!("r#{clean}")
    } else if raw {
        // Cleaning changed a keyword into a plain name, or into another keyword.
        format!("{clean}_")
    } else {
        clean
    }
}

/// The identifier without its `r#`: how the macro compares names.
fn bare(ident: &str) -> &str {
    ident.strip_prefix("r#").unwrap_or(ident)
}

/// `base`, else `base_<location>`, else `base_2`, `base_3`, ...: the first name not `taken`.
fn unique(base: String, taken: impl Fn(&str) -> bool, location: Location) -> String {
    if !taken(&base) {
        return base;
    }
    let with_location = format!("{}_{location}", bare(&base));
    if !taken(&with_location) {
        return with_location;
    }
    (2..)
        .map(|n| format!("{with_location}_{n}"))
        .find(|c| !taken(c))
        .unwrap_or(with_location)
}

/// The reason the scaffold writes for a body that can carry nothing.
const NOTHING_TO_SEND: &str =
    "the operation's body declares no properties and allows none: there is nothing to send";

/// An optional whole body whose schema is an object with no properties that allows none
/// (Stripe declares one on its GET and DELETE operations): omitted with a reason that is a
/// fact, not given a field.
fn carries_nothing(p: &Param) -> bool {
    p.location == Location::Body
        && p.name.is_empty()
        && !p.required
        && matches!(&p.schema.ty, Type::Object { fields, open: false, .. } if fields.is_empty())
}

/// A description as plain text: HTML tags dropped (`<p>` and `<br>` end a line), the common
/// entities decoded, whitespace runs kept to one line each.
fn plain_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s.trim();
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let tag = rest[open + 1..open + close]
            .trim_start_matches('/')
            .to_ascii_lowercase();
        let name = tag
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        if matches!(name, "p" | "br" | "li" | "ul" | "ol" | "div") {
            out.push('\n');
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    let decoded = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let mut lines: Vec<&str> = decoded.lines().map(str::trim).collect();
    lines.dedup_by(|a, b| a.is_empty() && b.is_empty());
    lines.join("\n").trim().to_string()
}

/// A Rust string literal for any text.
fn lit(s: &str) -> String {
    // `str`'s Debug output is a valid Rust string literal: quotes, backslashes and control
    // characters are escaped.
    format!("{s:?}")
}

/// Text for a comment: one line, without the bidirectional-override characters rustc rejects in
/// comments (`text_direction_codepoint_in_comment`).
fn one_line(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

/// `body.channel_id: string, required — "The channel ID to post in"`.
fn describe(p: &Param) -> String {
    let mut s = format!("{}: {}", p.address(), p.schema.ty.describe());
    if p.schema.nullable {
        s.push_str(", nullable");
    }
    s.push_str(if p.required {
        ", required"
    } else {
        ", optional"
    });
    if p.deprecated {
        s.push_str(", deprecated");
    }
    let description = p
        .description
        .as_deref()
        .or(p.schema.description.as_deref())
        .map(plain_text);
    let description = description
        .as_deref()
        .and_then(|d| d.lines().map(str::trim).find(|l| !l.is_empty()));
    if let Some(d) = description {
        let short: String = d.chars().take(100).collect();
        let ellipsis = if d.chars().count() > 100 { "..." } else { "" };
        let _ = write!(s, " — \"{}{ellipsis}\"", one_line(&short));
    }
    one_line(&s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Index;
    use crate::spec::load::{Format, parse};

    fn operations(paths: &str) -> Vec<Operation> {
        let text = format!(
            r#"{{"openapi": "3.0.3", "info": {{"title": "T", "version": "1"}}, "paths": {paths}}}"#
        );
        let doc = parse(text.as_bytes(), Format::Json, "t").unwrap();
        Index::from_document(&doc).operations
    }

    #[test]
    fn html_descriptions_become_plain_text_and_a_body_with_nothing_to_send_gets_no_field() {
        // Stripe's shape: HTML descriptions, and an empty form body declared on a GET.
        let ops = operations(
            r#"{"/v1/customers/{customer}": {"get": {"operationId": "GetCustomersCustomer",
                "description": "<p>Retrieves a <code>Customer</code> object &amp; its <a href=\"/x\">sources</a>.</p><p>Second&nbsp;paragraph.</p>",
                "parameters": [{"name": "customer", "in": "path", "required": true,
                    "schema": {"type": "string"}, "description": "<p>The <b>id</b>.</p>"}],
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"encoding": {},
                    "schema": {"additionalProperties": false, "properties": {}, "type": "object"}}},
                    "required": false},
                "responses": {"200": {"description": "ok"}}}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "stripe.com"),
            r#"/// Retrieves a Customer object & its sources.
///
/// Second paragraph.
#[tool(
    spec = "stripe.com",
    operation = "GetCustomersCustomer",
    // output: 200, no content
    omitted("body", reason = "the operation's body declares no properties and allows none: there is nothing to send"),
)]
pub struct GetCustomersCustomer {
    // path.customer: string, required — "The id."
    pub customer: String,
}
"#
        );
    }

    #[test]
    fn a_union_body_is_scaffolded_as_its_first_arm_naming_the_others() {
        let ops = operations(
            r#"{"/sites": {"post": {"operationId": "addSites",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "anyOf": [
                        {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
                        {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}]}}}},
                "responses": {"201": {"description": "ok"}}}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "t"),
            r#"/// POST /sites
#[tool(
    spec = "t",
    operation = "addSites",
    variant = 0, // the arm of the union body this tool sends; arms: 0: object (name), 1: array of object (name)
    // output: 201, no content
)]
pub struct AddSites {
    // body.name: string, required
    pub name: String,
}
"#
        );
    }

    #[test]
    fn a_union_arm_with_a_name_is_scaffolded_by_that_name() {
        let text = r##"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
            "paths": {"/sites": {"post": {"operationId": "addSite",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "oneOf": [{"$ref": "#/components/schemas/NewSite"},
                              {"$ref": "#/components/schemas/SiteCopy"}]}}}},
                "responses": {"201": {"description": "ok"}}}}},
            "components": {"schemas": {
                "NewSite": {"type": "object", "required": ["name"],
                            "properties": {"name": {"type": "string"}}},
                "SiteCopy": {"type": "object", "required": ["from"],
                             "properties": {"from": {"type": "integer"}}}}}}"##;
        let doc = parse(text.as_bytes(), Format::Json, "t").unwrap();
        let ops = Index::from_document(&doc).operations;
        let text = scaffold(&ops[0], "t");
        assert!(
            text.contains(
                "    variant = \"NewSite\", // the arm of the union body this tool sends; \
                 arms: 0: object (name), 1: object (from)\n"
            ),
            "{text}"
        );
        assert!(text.contains("    pub name: String,\n"), "{text}");
    }

    #[test]
    fn every_parameter_is_a_field_and_optional_ones_have_an_omitted_line() {
        let ops = operations(
            r#"{"/boards/{board}/items": {"post": {
                "operationId": "addItem", "summary": "Add an item\nto a board",
                "parameters": [
                    {"name": "board", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "pageNum", "in": "query", "description": "Page, from 1",
                     "schema": {"type": "integer", "format": "int32"}},
                    {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}}
                ],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["title"],
                    "properties": {"title": {"type": "string"},
                                   "tags": {"type": "array", "items": {"type": "string"}},
                                   "note": {"type": "string", "nullable": true}}}}}},
                "responses": {"200": {"description": "ok"}}}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "t"),
            r#"/// Add an item
/// to a board
#[tool(
    spec = "t",
    operation = "addItem",
    // output: 200, no content
    // Every parameter is a field. To leave an optional one out, delete its field,
    // uncomment its line here and replace the placeholder with the reason.
    // omitted("query.pageNum", reason = "<what a user loses, and why that is right>"),
    // omitted("header.X-Request-Id", reason = "<what a user loses, and why that is right>"),
    // omitted("body.tags", reason = "<what a user loses, and why that is right>"),
    // omitted("body.note", reason = "<what a user loses, and why that is right>"),
)]
pub struct AddItem {
    // path.board: string, required
    pub board: String,
    // query.pageNum: integer (int32), optional — "Page, from 1"
    pub page_num: Option<i32>,
    // header.X-Request-Id: string, optional
    pub x_request_id: Option<String>,
    // body.title: string, required
    pub title: String,
    // body.tags: array of string, optional
    pub tags: Option<Vec<String>>,
    // body.note: string, nullable, optional
    pub note: Option<String>,
}
"#
        );
    }

    #[test]
    fn names_that_are_not_identifiers_or_collide_get_an_address() {
        let ops = operations(
            r#"{"/x/{id}": {"put": {
                "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "type", "in": "query", "schema": {"type": "string"}},
                    {"name": "self", "in": "query", "schema": {"type": "string"}},
                    {"name": "2fa", "in": "query", "schema": {"type": "boolean"}},
                    {"name": "-", "in": "query", "schema": {"type": "string"}},
                    {"name": "a\"b", "in": "query", "schema": {"type": "string"}}
                ],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["id"],
                    "properties": {"id": {"type": "integer", "format": "int64"}}}}}},
                "responses": {"200": {"description": "ok"}}}},
             "/tags": {"put": {
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "array", "items": {"type": "string"}}}}},
                "responses": {"200": {"description": "ok"}}}}}"#,
        );
        let text = scaffold(&ops[0], "t");
        let fields: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("    pub ") || l.starts_with("    #[arg"))
            .collect();
        assert_eq!(
            fields,
            [
                "    #[arg(param = \"path.id\")]",
                "    pub id: String,",
                "    pub r#type: Option<String>,",
                "    #[arg(param = \"query.self\")]",
                "    pub self_: Option<String>,",
                "    #[arg(param = \"query.2fa\")]",
                "    pub _2fa: Option<bool>,",
                "    #[arg(param = \"query.-\")]",
                "    pub query_param: Option<String>,",
                "    pub a_b: Option<String>,",
                "    #[arg(param = \"body.id\", rename = \"body_id\")]",
                "    pub id_body: i64,",
            ]
        );
        assert!(
            text.contains("    // omitted(\"query.a\\\"b\", reason = "),
            "{text}"
        );
        assert!(text.starts_with("/// PUT /x/{id}\n"), "{text}");
        assert!(
            text.contains("    operation = \"PUT /x/{id}\",\n"),
            "{text}"
        );
        assert!(text.contains("pub struct PutXId {\n"), "{text}");

        let whole = scaffold(&ops[1], "t");
        assert!(
            whole.ends_with(
                "    // body: array of string, optional\n    #[arg(param = \"body\")]\n    \
                 pub body: Option<Vec<String>>,\n}\n"
            ),
            "{whole}"
        );
    }

    #[test]
    fn a_put_offers_its_body_properties_omitted_with_clears() {
        let ops = operations(
            r#"{"/items/{id}": {"put": {"operationId": "replaceItem", "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                    {"name": "dry", "in": "query", "schema": {"type": "boolean"}}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["title"],
                    "properties": {"title": {"type": "string"}, "note": {"type": "string"}}}}}},
                "responses": {"204": {"description": "ok"}}}}}"#,
        );
        let text = scaffold(&ops[0], "t");
        assert!(
            text.contains(
                "    // omitted(\"query.dry\", reason = \"<what a user loses, and why that is right>\"),\n    \
                 // omitted(\"body.note\", clears, reason = \"<what a user loses, and why that is right>\"),\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn an_operation_without_parameters_is_a_unit_struct() {
        let ops = operations(
            r#"{"/version": {"get": {"operationId": "get-version",
                "responses": {"200": {"description": "ok", "content": {"application/json": {
                    "schema": {"type": "array", "items": {"type": "string"}}}}}}}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "t"),
            "/// GET /version\n#[tool(\n    spec = \"t\",\n    operation = \"get-version\",\n    \
             // output: 200 application/json, wrapped under `items`\n)]\n\
             pub struct GetVersion;\n"
        );
    }

    #[test]
    fn security_catalog_cannot_send_gets_a_commented_waiver_line() {
        // A client certificate: catalog presents none.
        let ops = operations(
            r#"{"/emoji.list": {"get": {"operationId": "emoji_list",
                "security": [{"clientCert": []}],
                "responses": {"200": {"description": "ok"}}}}},
              "components": {"securitySchemes": {"clientCert": {"type": "mutualTLS"}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "t"),
            r#"/// GET /emoji.list
#[tool(
    spec = "t",
    operation = "emoji_list",
    // output: 200, no content
    // The operation needs `clientCert` (mutualTLS), which catalog cannot send.
    // If something in front of the API adds the credential, uncomment this line and write how.
    // security(none, reason = "<what a user loses, and why that is right>"),
)]
pub struct EmojiList;
"#
        );
    }

    #[test]
    fn an_authorization_code_scheme_needs_no_waiver() {
        // Slack's and Spotify's shape: the operator gives the access token the flow issued.
        let ops = operations(
            r#"{"/emoji.list": {"get": {"operationId": "emoji_list",
                "security": [{"slackAuth": ["emoji:read"]}],
                "responses": {"200": {"description": "ok"}}}}},
              "components": {"securitySchemes": {"slackAuth": {"type": "oauth2", "flows": {
                "authorizationCode": {"authorizationUrl": "https://slack.com/oauth/authorize",
                  "tokenUrl": "https://slack.com/api/oauth.access", "scopes": {}}}}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "t"),
            r#"/// GET /emoji.list
#[tool(
    spec = "t",
    operation = "emoji_list",
    // output: 200, no content
)]
pub struct EmojiList;
"#
        );
    }

    #[test]
    fn several_outputs_need_no_choice_and_print_none() {
        let ops = operations(
            r#"{"/tasks": {"put": {"operationId": "PutTask", "responses": {
                "200": {"description": "replaced", "content": {"application/json": {
                    "schema": {"type": "object"}}}},
                "201": {"description": "created", "content": {
                    "application/json": {"schema": {"type": "object"}},
                    "application/vnd.x+json": {"schema": {"type": "array"}}}}}}}}"#,
        );
        assert_eq!(
            scaffold(&ops[0], "t"),
            r#"/// PUT /tasks
#[tool(
    spec = "t",
    operation = "PutTask",
    // output: 200 application/json or 201 application/json or 201 application/vnd.x+json, the response's status and media type selecting which, wrapped under `value`
)]
pub struct PutTask;
"#
        );
    }

    #[test]
    fn struct_names_are_identifiers() {
        let ops = operations(
            r#"{"/a/{b}": {"get": {"operationId": "2fa.enable", "parameters": [
                    {"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok"}}},
                "post": {"operationId": "self", "parameters": [
                    {"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok"}}},
                "put": {"parameters": [
                    {"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok"}}}}}"#,
        );
        let names: Vec<String> = ops.iter().map(struct_name_for).collect();
        assert_eq!(names, ["Op2faEnable", "PutAB", "OpSelf"]);
    }
}
