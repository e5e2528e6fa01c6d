//! Scaffolding: the complete `#[tool]` for one operation, every parameter accounted, ready to
//! edit. `catalog scaffold <spec> <operation>` prints it.
//!
//! Every parameter becomes a field (required ones plain, optional ones `Option`), typed as
//! [`rust_type_for`](crate::check::types::rust_type_for) writes it, except that every object
//! with declared properties and every string enum in it is a type of the scaffold's, declared
//! after the tool ([`nested`]): the build then checks every depth. The scaffold compiles as
//! printed. Each optional parameter also gets a
//! commented `omitted(...)` line inside the attribute whose reason is the
//! [`PLACEHOLDER_REASON`]: uncommenting one without writing the reason is a compile error, so
//! nothing is left out by accident.
//!
//! The output comes after `// output:`: every typed success body, the response's status and
//! media type selecting which at run time, so no choice is printed. Where every
//! alternative of the operation's security requirement needs a scheme catalog cannot send
//! (mutual TLS, say; an OAuth2 access token it sends): a commented `security(none, ...)` line,
//! uncommented with how the credential is added. A PUT (a full replace) and a PATCH (a merge)
//! get a commented `semantics = "..."` line, for a server that does the other.

mod nested;

use crate::check::names::{field_matches, field_name_for};
use crate::check::reasons::PLACEHOLDER_REASON;
use crate::check::security::{self, SecurityError};
use crate::check::union;
use crate::model::{Location, Operation, Param, Schema, Type};
use crate::present::output::describe_output;
use heck::{ToSnakeCase, ToUpperCamelCase};
use std::collections::HashSet;
use std::fmt::Write as _;

pub use nested::{MAX_DEPTH, Origin};

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
    type_name(&source)
}

/// A type name for any text: the UpperCamelCase of its ASCII words, `Op` before one that would
/// not be an identifier (`2fa.enable` -> `Op2faEnable`).
fn type_name(source: &str) -> String {
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
/// the text starts with the reasons as comments (and would not compile). Nested types are named
/// for the tool and their property: [`scaffold_from`] names them for their component schemas.
pub fn scaffold_with(op: &Operation, options: &Options) -> String {
    scaffold_from(op, options, None)
}

/// [`scaffold_with`], each nested type named for the component schema its `$ref` names in
/// `origin` (the operation's stored form), where there is one.
pub fn scaffold_from(op: &Operation, options: &Options, origin: Option<Origin<'_>>) -> String {
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
    // What a write does to the body properties it does not send, where there is a body.
    let has_body = op.params.iter().any(|p| p.location == Location::Body);
    match op.method.to_ascii_uppercase().as_str() {
        _ if !has_body => {}
        "PUT" => out.push_str(
            "    // A PUT is a full replace: every body property the tool leaves out is cleared.\n    \
             // If the server keeps what a call does not send, uncomment this line.\n    \
             // semantics = \"merge\",\n",
        ),
        "PATCH" => out.push_str(
            "    // A PATCH merges: what a call does not send keeps its value on the server.\n    \
             // If the server clears what a call does not send, uncomment this line.\n    \
             // semantics = \"full-replace\",\n",
        ),
        _ => {}
    }
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
    let mut types = nested::Types::new(&options.struct_name, origin);
    for (p, f) in params.iter().zip(&fields) {
        let _ = writeln!(
            out,
            "    // {}",
            describe_at(&p.address(), &p.schema, p.required, Some(p))
        );
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
        let ty = types.field_type(p, &f.ident);
        let _ = writeln!(out, "    pub {}: {ty},", f.ident);
    }
    out.push_str("}\n");
    out.push_str(&types.render());
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
    identifier(&p.name).unwrap_or_else(|| format!("{}_param", p.location))
}

/// A valid Rust field identifier for a wire name, from [`field_name_for`]: raw where a keyword
/// allows it, otherwise changed; `None` for a name with no ASCII word character.
fn identifier(wire: &str) -> Option<String> {
    // `field_name_for` calls a name with no word characters `body`; here that would mislead.
    if wire.to_snake_case().is_empty() {
        return None;
    }
    let name = field_name_for(wire);
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
        return None;
    }
    if clean.starts_with(|c: char| c.is_ascii_digit()) {
        return Some(format!("_{clean}"));
    }
    // `self`, `super`, `crate` and `Self` cannot be raw identifiers.
    if matches!(clean.as_str(), "self" | "super" | "crate" | "Self") {
        return Some(format!("{clean}_"));
    }
    Some(if raw && clean == name {
        format!("r#{clean}")
    } else if raw {
        // Cleaning changed a keyword into a plain name, or into another keyword.
        format!("{clean}_")
    } else {
        clean
    })
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

/// `body.channel_id: string, required — "The channel ID to post in"`: what is at `address`, of
/// `schema`, the parameter's own description and deprecation first when it is one.
fn describe_at(address: &str, schema: &Schema, required: bool, param: Option<&Param>) -> String {
    let mut s = format!("{address}: {}", schema.ty.describe());
    if schema.nullable {
        s.push_str(", nullable");
    }
    s.push_str(if required { ", required" } else { ", optional" });
    if param.is_some_and(|p| p.deprecated) {
        s.push_str(", deprecated");
    }
    let description = param
        .and_then(|p| p.description.as_deref())
        .or(schema.description.as_deref())
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
mod tests;
