//! Scaffolding: the complete `#[tool]` for one operation, every parameter accounted, ready to
//! edit. `catalog scaffold <spec> <operation>` prints it.
//!
//! Every parameter becomes a field (required ones plain, optional ones `Option`), typed as
//! [`rust_type_for`](crate::check::types::rust_type_for) writes it, except that every object
//! with declared properties and every string enum in it is a type of the scaffold's, declared
//! after the tool (`nested`): the build then checks every depth. The scaffold compiles as
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
//! get a commented `semantics = "..."` line, for a server that does the other. A header, query
//! or cookie parameter named as a credential (`token`, `api_key`, ...) on an operation with a
//! security scheme gets a `credential(...)` line, not a field: no agent holds the secret.

mod nested;
mod text;

use crate::check::names::field_matches;
use crate::check::reasons::PLACEHOLDER_REASON;
use crate::check::security::{self, SecurityError};
use crate::check::union;
use crate::model::{Location, Operation, Param, Type};
use crate::present::output::describe_output;
use std::collections::HashSet;
use std::fmt::Write as _;

pub use nested::{MAX_DEPTH, Origin};
use text::{describe_at, identifier, lit, one_line, plain_text, type_name};

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
    let (credentials, params): (Vec<(&Param, &str)>, Vec<&Param>) = {
        let (c, rest): (Vec<&Param>, Vec<&Param>) = params
            .into_iter()
            .partition(|p| credential_scheme(op, p).is_some());
        let c = c
            .into_iter()
            .filter_map(|p| credential_scheme(op, p).map(|s| (p, s)))
            .collect();
        (c, rest)
    };
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
    for (p, scheme) in &credentials {
        let _ = writeln!(
            out,
            "    // The spec names the credential as a parameter too: the server writes it there.\n    \
             credential({}, scheme = {}),",
            lit(&p.address()),
            lit(scheme)
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

/// The names (lowercased, `_` and `-` dropped) under which a spec declares its credential as a
/// parameter beside its security scheme (Slack's `token`).
const CREDENTIAL_NAMES: &[&str] = &["token", "accesstoken", "apikey", "apitoken", "authtoken"];

/// The security scheme whose credential `p` carries, when the scaffold should write
/// `credential(...)` for it rather than a field that hands the agent the secret: a header,
/// query or cookie text parameter named as a credential, on an operation whose security names
/// a scheme (the first, when it names several). The accounting checks the same rules.
fn credential_scheme<'a>(op: &'a Operation, p: &Param) -> Option<&'a str> {
    let name: String = p
        .name
        .chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect();
    let carries = matches!(
        p.location,
        Location::Header | Location::Query | Location::Cookie
    ) && matches!(p.schema.ty, Type::String { .. } | Type::Any)
        && CREDENTIAL_NAMES.contains(&name.as_str());
    carries
        .then(|| {
            op.security
                .iter()
                .flatten()
                .map(|s| s.scheme.as_str())
                .next()
        })
        .flatten()
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

#[cfg(test)]
mod tests;
