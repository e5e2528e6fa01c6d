//! Accounting: the one pure function, [`reconcile`], that decides whether a tool's declarations
//! account for every parameter of its operation.
//!
//! The `#[tool]` macro, the scaffold command and reports all call it, so they cannot disagree.
//! It knows nothing of tokens: each declaration carries an opaque [`Site`] that the caller maps
//! back to a span, and every problem comes back as a [`Finding`] at one of those sites.

use crate::model::{Accounted, Disposition, Location, Operation, Param, Schema, Style, Type};
use crate::present::suggest::{Candidate, suggest};
use heck::ToSnakeCase;
use serde_json::Value;

/// An opaque place in the user's code, chosen by the caller (the macro uses span indices).
pub type Site = usize;

/// The shape of a Rust field type, as far as accounting needs it.
#[derive(Clone, Debug, PartialEq)]
pub enum RustType {
    /// `Option<T>`.
    Option(Box<RustType>),
    /// `Vec<T>`.
    Vec(Box<RustType>),
    /// `String`.
    String,
    /// `bool`.
    Bool,
    /// A primitive integer type.
    Int {
        /// Whether it is signed.
        signed: bool,
        /// Its width in bits.
        bits: u32,
    },
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `serde_json::Value`.
    JsonValue,
    /// `serde_json::Map<String, Value>`.
    JsonMap,
    /// Any other named type (a user enum or struct), by its last path segment.
    Named(String),
}

impl RustType {
    /// The type as a user would write it.
    pub fn render(&self) -> String {
        match self {
            RustType::Option(t) => format!("Option<{}>", t.render()),
            RustType::Vec(t) => format!("Vec<{}>", t.render()),
            RustType::String => "String".into(),
            RustType::Bool => "bool".into(),
            RustType::Int { signed, bits } => {
                format!("{}{bits}", if *signed { "i" } else { "u" })
            }
            RustType::F32 => "f32".into(),
            RustType::F64 => "f64".into(),
            RustType::JsonValue => "serde_json::Value".into(),
            RustType::JsonMap => "serde_json::Map<String, serde_json::Value>".into(),
            RustType::Named(n) => n.clone(),
        }
    }

    /// The number of `Option` layers around the type, and the type inside them.
    pub fn options(&self) -> (usize, &RustType) {
        let mut n = 0;
        let mut t = self;
        while let RustType::Option(inner) = t {
            n += 1;
            t = inner;
        }
        (n, t)
    }
}

/// A reason as the user wrote it, with where.
#[derive(Clone, Debug)]
pub struct Reason {
    /// The text.
    pub text: String,
    /// Where it was written.
    pub site: Site,
}

/// A field of the tool struct.
#[derive(Clone, Debug)]
pub struct DeclaredField {
    /// The Rust field name.
    pub ident: String,
    /// Where the field name is.
    pub site: Site,
    /// Where the field's type is.
    pub ty_site: Site,
    /// The field's type.
    pub ty: RustType,
    /// `#[arg(param = "...")]`, with where.
    pub param: Option<(String, Site)>,
    /// `#[arg(rename = "...")]`: the argument name agents use.
    pub rename: Option<String>,
    /// `#[arg(undocumented, read_at = "...", reason = "...")]`: read_at and reason.
    pub undocumented: Option<(Reason, Reason)>,
    /// The field's doc comment, if any.
    pub doc: Option<String>,
}

/// `fixed("address", value = ..., reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredFixed {
    /// The parameter address.
    pub param: String,
    /// Where the address is.
    pub site: Site,
    /// The value.
    pub value: Value,
    /// Where the value is.
    pub value_site: Site,
    /// Why.
    pub reason: Reason,
}

/// `omitted("address or glob", reason = "...")`.
#[derive(Clone, Debug)]
pub struct DeclaredOmitted {
    /// The parameter address, or a glob (`query.*__n`).
    pub pattern: String,
    /// Where it is.
    pub site: Site,
    /// Why.
    pub reason: Reason,
}

/// `undocumented("address", read_at = "...", reason = "..." [, value = ...])` at tool level.
#[derive(Clone, Debug)]
pub struct DeclaredUndocumented {
    /// The parameter address.
    pub param: String,
    /// Where it is.
    pub site: Site,
    /// A value always sent, if any.
    pub value: Option<Value>,
    /// Where in the server it is read.
    pub read_at: Reason,
    /// Why.
    pub reason: Reason,
}

/// Everything a tool declares.
#[derive(Clone, Debug, Default)]
pub struct Declared {
    /// The struct's fields, in order.
    pub fields: Vec<DeclaredField>,
    /// `fixed(...)` entries.
    pub fixed: Vec<DeclaredFixed>,
    /// `omitted(...)` entries.
    pub omitted: Vec<DeclaredOmitted>,
    /// Tool-level `undocumented(...)` entries.
    pub undocumented: Vec<DeclaredUndocumented>,
    /// Where the `operation = "..."` literal is: unaccounted parameters are reported here.
    pub operation_site: Site,
    /// The tool's Rust name, for messages.
    pub tool: String,
}

/// One problem, at one site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where to report it.
    pub site: Site,
    /// The message, rustc style: lowercase, no trailing period, the fix stated.
    pub message: String,
}

/// The result of [`reconcile`]: the accounting table (complete only when there are no findings)
/// and the findings.
#[derive(Clone, Debug, Default)]
pub struct Reconciled {
    /// One row per parameter (spec order), then Undocumented rows.
    pub accounting: Vec<Accounted>,
    /// Every problem found; empty when the tool is correct.
    pub findings: Vec<Finding>,
}

/// The placeholder reason the scaffold writes; it is rejected so that nothing is accepted by
/// accident.
pub const PLACEHOLDER_REASON: &str = "<what a user loses, and why that is right>";

const VACUOUS: [&str; 14] = [
    "unneeded",
    "not needed",
    "n/a",
    "na",
    "todo",
    "tbd",
    "none",
    "unused",
    "not used",
    "no reason",
    "reason",
    "not required",
    "not relevant",
    "irrelevant",
];

/// Reasons shorter than this (trimmed) cannot tell a reviewer what is lost.
pub const MIN_REASON_LEN: usize = 20;

/// Checks a reason; `what` names the declaration (`omitting `query.x``).
pub fn check_reason(reason: &Reason, what: &str) -> Option<Finding> {
    let t = reason.text.trim();
    let lowered = t.trim_end_matches(['.', '!']).to_ascii_lowercase();
    let message = if t == PLACEHOLDER_REASON {
        format!("write the reason for {what}: say what a user loses, and why that is right")
    } else if t.is_empty() {
        format!("the reason for {what} is empty: say what a user loses, and why that is right")
    } else if VACUOUS.contains(&lowered.as_str()) || t.chars().count() < MIN_REASON_LEN {
        format!(
            "the reason for {what} is too vague to review (\"{t}\"): say what a user loses, and \
             why that is right, in at least {MIN_REASON_LEN} characters"
        )
    } else {
        return None;
    };
    Some(Finding {
        site: reason.site,
        message,
    })
}

/// Matches a glob (`*` is any run of characters) against an address.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

fn candidates(op: &Operation) -> Vec<Candidate<'_>> {
    op.params
        .iter()
        .map(|p| Candidate::at(p.location, &p.name))
        .collect()
}

fn parse_address(address: &str) -> Option<(Location, &str)> {
    if address == "body" {
        return Some((Location::Body, ""));
    }
    let (loc, name) = address.split_once('.')?;
    Some((Location::parse(loc)?, name))
}

fn unknown_param(op: &Operation, address: &str, site: Site, what: &str) -> Finding {
    let (loc, name) = parse_address(address).unwrap_or((Location::Query, address));
    let hint = match parse_address(address) {
        None => format!(
            "`{address}` is not a parameter address: write `<location>.<name>` with location one \
             of path, query, header, cookie, body"
        ),
        Some(_) => format!(
            "`{}` has no parameter `{address}`; {}",
            op.display_name(),
            suggest(name, Some(loc), &candidates(op))
        ),
    };
    Finding {
        site,
        message: format!("{what}: {hint}"),
    }
}

/// The Rust type that carries a parameter, as the scaffold and help messages write it.
pub fn rust_type_for(schema: &Schema, required: bool) -> String {
    let inner = base_type_for(schema);
    if !required || schema.nullable {
        format!("Option<{inner}>")
    } else {
        inner
    }
}

fn base_type_for(schema: &Schema) -> String {
    match &schema.ty {
        Type::String { .. } => "String".into(),
        Type::Integer { .. } => {
            let (lo, hi) = int_range(&schema.ty);
            smallest_int(lo, hi).render()
        }
        Type::Number { format, .. } if format.as_deref() == Some("float") => "f32".into(),
        Type::Number { .. } => "f64".into(),
        Type::Boolean => "bool".into(),
        Type::Array { items, .. } => {
            let inner = base_type_for(items);
            if items.nullable {
                format!("Vec<Option<{inner}>>")
            } else {
                format!("Vec<{inner}>")
            }
        }
        Type::Object { .. } | Type::AnyOf { .. } | Type::Any => "serde_json::Value".into(),
    }
}

// The values an integer schema allows. Without a format or bounds, JSON integers are taken to
// be 64-bit signed, which is what real servers parse them as.
fn int_range(ty: &Type) -> (f64, f64) {
    let Type::Integer {
        format,
        minimum,
        maximum,
        ..
    } = ty
    else {
        return (0.0, 0.0);
    };
    let (flo, fhi) = match format.as_deref() {
        Some("int8") => (i8::MIN as f64, i8::MAX as f64),
        Some("int16") => (i16::MIN as f64, i16::MAX as f64),
        Some("int32") => (i32::MIN as f64, i32::MAX as f64),
        Some("uint8") => (0.0, u8::MAX as f64),
        Some("uint16") => (0.0, u16::MAX as f64),
        Some("uint32") => (0.0, u32::MAX as f64),
        Some("uint64") => (0.0, u64::MAX as f64),
        _ => (i64::MIN as f64, i64::MAX as f64),
    };
    (
        minimum.map_or(flo, |m| m.max(flo)),
        maximum.map_or(fhi, |m| m.min(fhi)),
    )
}

/// An integer bound as a person reads it: `f64` bounds at the edge of `i64`/`u64` print as the
/// exact limits rather than their nearest float.
fn fmt_int(v: f64) -> String {
    if v >= u64::MAX as f64 {
        u64::MAX.to_string()
    } else if v >= i64::MAX as f64 {
        i64::MAX.to_string()
    } else if v <= i64::MIN as f64 {
        i64::MIN.to_string()
    } else {
        format!("{}", v as i128)
    }
}

fn int_type_range(signed: bool, bits: u32) -> (f64, f64) {
    if signed {
        let hi = 2f64.powi(bits as i32 - 1);
        (-hi, hi - 1.0)
    } else {
        (0.0, 2f64.powi(bits as i32) - 1.0)
    }
}

fn smallest_int(lo: f64, hi: f64) -> RustType {
    // Offer the conventional types first: i32 for int32 ranges, i64 otherwise; u64 only when the
    // range needs it.
    for (signed, bits) in [(true, 32), (true, 64), (false, 64)] {
        let (tlo, thi) = int_type_range(signed, bits);
        if tlo <= lo && hi <= thi {
            return RustType::Int { signed, bits };
        }
    }
    RustType::Int {
        signed: true,
        bits: 128,
    }
}

/// Checks a field's Rust type against a parameter. `None` when it fits, else the message.
pub fn check_type(param: &Param, ty: &RustType) -> Option<String> {
    let (layers, inner) = ty.options();
    let schema = &param.schema;
    let what = param.address();
    let wants = rust_type_for(schema, param.required);
    let described = describe_param(param);
    if layers > 2 {
        return Some(format!("`{what}` is {described}: use `{wants}`"));
    }
    if param.required && !schema.nullable && layers > 0 {
        return Some(format!(
            "`{what}` is required and not nullable, so it is never absent: use `{wants}`, not `{}`",
            ty.render()
        ));
    }
    if (!param.required || schema.nullable) && layers == 0 {
        let why = if param.required {
            "required but nullable: `None` is sent as null"
        } else {
            "optional: `None` leaves it out"
        };
        return Some(format!(
            "`{what}` is {why}; use `{wants}`, not `{}`",
            ty.render()
        ));
    }
    if layers == 2 && (param.required || !schema.nullable) {
        return Some(format!(
            "`Option<Option<T>>` tells absent from null, which only a nullable optional parameter \
             has; `{what}` is {described}: use `{wants}`"
        ));
    }
    check_base(schema, inner).map(|why| {
        format!(
            "`{what}` is {described} in the spec; `{}` cannot carry it: {why}",
            ty.render()
        )
    })
}

fn describe_param(param: &Param) -> String {
    let mut s = param.schema.ty.describe();
    if let Type::Integer {
        minimum, maximum, ..
    } = &param.schema.ty
    {
        match (minimum, maximum) {
            (Some(lo), Some(hi)) => {
                s.push_str(&format!(" from {} to {}", fmt_int(*lo), fmt_int(*hi)))
            }
            (Some(lo), None) => s.push_str(&format!(" of at least {}", fmt_int(*lo))),
            (None, Some(hi)) => s.push_str(&format!(" of at most {}", fmt_int(*hi))),
            (None, None) => {}
        }
    }
    if param.schema.nullable {
        s.push_str(", nullable");
    }
    s.push_str(if param.required {
        ", required"
    } else {
        ", optional"
    });
    s
}

fn check_base(schema: &Schema, ty: &RustType) -> Option<String> {
    let use_ = |t: String| Some(format!("use `{t}`"));
    match (&schema.ty, ty) {
        (Type::String { .. }, RustType::String) => None,
        (
            Type::String {
                enumeration: Some(_),
                ..
            },
            RustType::Named(_),
        ) => None,
        (Type::String { .. }, _) => use_("String".into()),
        (Type::Integer { .. }, RustType::Int { signed, bits }) => {
            let (lo, hi) = int_range(&schema.ty);
            let (tlo, thi) = int_type_range(*signed, *bits);
            if tlo <= lo && hi <= thi {
                None
            } else {
                Some(format!(
                    "it holds {}..={} but the spec allows {}..={}; use `{}` or any integer type \
                     that holds every allowed value",
                    fmt_int(tlo),
                    fmt_int(thi),
                    fmt_int(lo),
                    fmt_int(hi),
                    smallest_int(lo, hi).render()
                ))
            }
        }
        (Type::Integer { .. }, _) => use_(base_type_for(schema)),
        // f64 carries every float and double.
        (Type::Number { .. }, RustType::F64) => None,
        (Type::Number { format, .. }, RustType::F32) if format.as_deref() == Some("float") => None,
        (Type::Number { .. }, _) => use_(base_type_for(schema)),
        (Type::Boolean, RustType::Bool) => None,
        (Type::Boolean, _) => use_("bool".into()),
        (Type::Array { items, .. }, RustType::Vec(elem)) => {
            let (layers, inner) = elem.options();
            let nullable_ok = if items.nullable {
                layers == 1
            } else {
                layers == 0
            };
            if !nullable_ok {
                return use_(base_type_for(schema));
            }
            check_base(items, inner)
                .map(|why| format!("its elements are {}: {why}", items.ty.describe()))
        }
        (Type::Array { .. }, _) => use_(base_type_for(schema)),
        (Type::Object { .. } | Type::AnyOf { .. } | Type::Any, t) => match t {
            RustType::JsonValue | RustType::JsonMap | RustType::Named(_) => None,
            _ => Some(
                "use `serde_json::Value`, `serde_json::Map<String, serde_json::Value>` or a type \
                 of your own that serializes to it"
                    .into(),
            ),
        },
    }
}

/// Checks a JSON value against a schema, for Fixed values. `None` when it fits.
pub fn check_value(schema: &Schema, value: &Value) -> Option<String> {
    if value.is_null() {
        return (!schema.nullable)
            .then(|| "null is not allowed: the parameter is not nullable".into());
    }
    match (&schema.ty, value) {
        (Type::String { enumeration, .. }, Value::String(s)) => match enumeration {
            Some(e) if !e.contains(s) => Some(format!(
                "`\"{s}\"` is not one of the allowed values: {}",
                e.iter()
                    .map(|v| format!("\"{v}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => None,
        },
        (Type::Integer { enumeration, .. }, Value::Number(n)) if n.is_i64() || n.is_u64() => {
            let (lo, hi) = int_range(&schema.ty);
            let v = n.as_f64().unwrap_or_default();
            if let Some(e) = enumeration
                && !n.as_i64().is_some_and(|i| e.contains(&i))
            {
                return Some(format!("{n} is not one of the allowed values {e:?}"));
            }
            (v < lo || v > hi).then(|| format!("{n} is outside {}..={}", fmt_int(lo), fmt_int(hi)))
        }
        (Type::Number { .. }, Value::Number(_)) => None,
        (Type::Boolean, Value::Bool(_)) => None,
        (Type::Array { items, .. }, Value::Array(vs)) => vs
            .iter()
            .enumerate()
            .find_map(|(i, v)| check_value(items, v).map(|why| format!("element {i}: {why}"))),
        (Type::Object { .. }, Value::Object(_)) | (Type::Any, _) => None,
        (Type::AnyOf { arms }, v) => (!arms.iter().any(|a| check_value(a, v).is_none()))
            .then(|| "it matches none of the schema's arms".to_string()),
        (ty, v) => Some(format!("expected {}, got {v}", ty.describe())),
    }
}

/// The field-name form of a wire name (`pageNum` -> `page_num`, `X-Request-Id` -> `x_request_id`).
pub fn field_name_for(wire: &str) -> String {
    let s = wire.to_snake_case();
    let s = if s.is_empty() { "body".to_string() } else { s };
    if s.starts_with(|c: char| c.is_ascii_digit()) || is_keyword(&s) {
        format!("r#{s}").replace("r#_", "_")
    } else {
        s
    }
}

fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "gen"
    )
}

/// The paste-ready lines that account for one parameter: a field line, and an `omitted(...)` or
/// `fixed(...)` alternative.
pub fn paste_lines(op: &Operation, param: &Param) -> (String, String) {
    let field = field_name_for(&param.name);
    let ambiguous = op
        .params
        .iter()
        .filter(|p| field_name_for(&p.name) == field)
        .count()
        > 1
        || field.starts_with("r#");
    let attr = if ambiguous || param.name.is_empty() {
        format!("#[arg(param = \"{}\")] ", param.address())
    } else {
        String::new()
    };
    let field_name = field.trim_start_matches("r#");
    // A keyword stays raw (`r#type`), except those that cannot be raw identifiers.
    let field_name = if field_name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{field_name}")
    } else if matches!(field_name, "self" | "super" | "crate" | "Self") {
        format!("{field_name}_")
    } else {
        field.clone()
    };
    let field_line = format!(
        "{attr}pub {field_name}: {},",
        rust_type_for(&param.schema, param.required)
    );
    let alt = if param.required {
        format!(
            "fixed(\"{}\", value = <a JSON value>, reason = \"{PLACEHOLDER_REASON}\"),",
            param.address()
        )
    } else {
        format!(
            "omitted(\"{}\", reason = \"{PLACEHOLDER_REASON}\"),",
            param.address()
        )
    };
    (field_line, alt)
}

fn unaccounted(op: &Operation, param: &Param, site: Site, tool: &str) -> Finding {
    let (field_line, alt) = paste_lines(op, param);
    let description = param
        .description
        .as_deref()
        .map(|d| {
            let first: String = d
                .lines()
                .next()
                .unwrap_or_default()
                .chars()
                .take(120)
                .collect();
            format!(" — \"{}\"", first.trim())
        })
        .unwrap_or_default();
    let verb = if param.required { "fix" } else { "omit" };
    Finding {
        site,
        message: format!(
            "`{tool}` leaves `{addr}` of operation `{op_name}` unaccounted\n  \
             {addr}: {ty}{desc} ({ptr})\n\
             help: set it with a field      {field_line}\n      \
             or {verb} it with a reason  {alt}",
            addr = param.address(),
            op_name = op.display_name(),
            ty = describe_param(param),
            desc = description,
            ptr = param.pointer,
        ),
    }
}

#[derive(Clone)]
enum Claim {
    Field(usize),
    Fixed(usize),
    Omitted(usize),
    Glob(usize),
}

/// Reconciles a tool's declarations with its operation: the accounting table and every finding.
pub fn reconcile(op: &Operation, declared: &Declared) -> Reconciled {
    let mut findings = Vec::new();
    if !op.is_supported() {
        for u in &op.unsupported {
            findings.push(Finding {
                site: declared.operation_site,
                message: format!(
                    "operation `{}` cannot be wrapped by a tool: {} at {}",
                    op.display_name(),
                    u.reason,
                    u.pointer
                ),
            });
        }
        return Reconciled {
            accounting: vec![],
            findings,
        };
    }
    let mut claims: Vec<Vec<(Claim, Site)>> = vec![Vec::new(); op.params.len()];
    let index_of = |address: &str| op.params.iter().position(|p| p.address() == address);
    let mut undocumented_rows: Vec<Accounted> = Vec::new();
    // Each parameter's snake_case name, once: recomputing it for every field made matching
    // fields x parameters case conversions, most of the macro's time on NetBox's list operations
    // (hundreds of filters each).
    let snake: Vec<String> = op.params.iter().map(|p| p.name.to_snake_case()).collect();

    // Fields: by explicit address, else by name across locations.
    for (fi, f) in declared.fields.iter().enumerate() {
        if let Some((read_at, reason)) = &f.undocumented {
            let Some((address, site)) = &f.param else {
                findings.push(Finding {
                    site: f.site,
                    message: format!(
                        "an undocumented argument needs its address: add `param = \"query.{}\"` \
                         (or another location) to #[arg(...)]",
                        f.ident
                    ),
                });
                continue;
            };
            if let Some(found) = undocumented_problem(op, address, *site, read_at, reason) {
                findings.extend(found);
                continue;
            }
            let argument = f.rename.clone().unwrap_or_else(|| {
                parse_address(address).map_or(f.ident.clone(), |(_, n)| n.to_string())
            });
            let (location, name) = parse_address(address).unwrap_or((Location::Query, ""));
            undocumented_rows.push(Accounted {
                param: synthesized(location, name, Some(&f.ty), f.doc.clone()),
                disposition: Disposition::Undocumented {
                    argument: Some(argument),
                    field: Some(f.ident.clone()),
                    value: None,
                    read_at: read_at.text.clone(),
                    reason: reason.text.clone(),
                },
            });
            continue;
        }
        let target = match &f.param {
            Some((address, site)) => match index_of(address) {
                Some(i) => Some(i),
                None => {
                    findings.push(unknown_param(
                        op,
                        address,
                        *site,
                        &format!(
                            "field `{}` points at a parameter the operation does not have",
                            f.ident
                        ),
                    ));
                    None
                }
            },
            None => {
                let ident = f.ident.trim_start_matches("r#");
                let matches: Vec<usize> = op
                    .params
                    .iter()
                    .enumerate()
                    .filter(|(i, p)| !p.name.is_empty() && (p.name == ident || snake[*i] == ident))
                    .map(|(i, _)| i)
                    .collect();
                match matches.as_slice() {
                    [i] => Some(*i),
                    [] => {
                        let s = suggest(ident, None, &candidates(op));
                        findings.push(Finding {
                            site: f.site,
                            message: format!(
                                "field `{ident}` sets no parameter of `{}`; {s}\n\
                                 help: name the field after a parameter, point it at one with \
                                 #[arg(param = \"<location>.<name>\")], or declare it \
                                 #[arg(param = \"...\", undocumented, read_at = \"...\", reason = \"...\")]",
                                op.display_name()
                            ),
                        });
                        None
                    }
                    many => {
                        let addrs: Vec<String> =
                            many.iter().map(|i| op.params[*i].address()).collect();
                        findings.push(Finding {
                            site: f.site,
                            message: format!(
                                "field `{ident}` matches {} parameters of `{}`: {}; say which with \
                                 #[arg(param = \"{}\")]",
                                many.len(),
                                op.display_name(),
                                addrs.join(", "),
                                addrs[0]
                            ),
                        });
                        None
                    }
                }
            }
        };
        if let Some(i) = target {
            if let Some(msg) = check_type(&op.params[i], &f.ty) {
                findings.push(Finding {
                    site: f.ty_site,
                    message: format!("mistyped field `{}`: {msg}", f.ident),
                });
            }
            claims[i].push((Claim::Field(fi), f.site));
        }
    }

    for (xi, x) in declared.fixed.iter().enumerate() {
        let what = format!("fixing `{}`", x.param);
        findings.extend(check_reason(&x.reason, &what));
        match index_of(&x.param) {
            Some(i) => {
                if let Some(why) = check_value(&op.params[i].schema, &x.value) {
                    findings.push(Finding {
                        site: x.value_site,
                        message: format!(
                            "fixed value for `{}` does not fit its schema ({}): {why}",
                            x.param,
                            op.params[i].schema.ty.describe()
                        ),
                    });
                }
                claims[i].push((Claim::Fixed(xi), x.site));
            }
            None => findings.push(unknown_param(
                op,
                &x.param,
                x.site,
                "cannot fix a parameter the operation does not have",
            )),
        }
    }

    let (globs, exact): (Vec<_>, Vec<_>) = declared
        .omitted
        .iter()
        .enumerate()
        .partition(|(_, o)| o.pattern.contains('*'));
    for (oi, o) in &exact {
        let what = format!("omitting `{}`", o.pattern);
        findings.extend(check_reason(&o.reason, &what));
        match index_of(&o.pattern) {
            Some(i) => {
                let p = &op.params[i];
                if p.location == Location::Path {
                    findings.push(Finding {
                        site: o.site,
                        message: format!(
                            "path parameter `{}` cannot be omitted: the URL needs it; set it with \
                             a field or fix it with `fixed(\"{}\", value = ..., reason = \"...\")`",
                            p.address(),
                            p.address()
                        ),
                    });
                } else if p.required {
                    findings.push(Finding {
                        site: o.site,
                        message: format!(
                            "`{}` is required by `{}` and cannot be omitted; set it with a field \
                             or fix it with `fixed(\"{}\", value = ..., reason = \"...\")`",
                            p.address(),
                            op.display_name(),
                            p.address()
                        ),
                    });
                }
                claims[i].push((Claim::Omitted(*oi), o.site));
            }
            None => findings.push(unknown_param(
                op,
                &o.pattern,
                o.site,
                "cannot omit a parameter the operation does not have",
            )),
        }
    }

    // Globs cover only what nothing else accounts for; an earlier glob wins over a later one.
    for (oi, o) in &globs {
        let what = format!("omitting `{}`", o.pattern);
        findings.extend(check_reason(&o.reason, &what));
        let mut covered = 0;
        let mut required = Vec::new();
        for (i, p) in op.params.iter().enumerate() {
            if !claims[i].is_empty() || !glob_matches(&o.pattern, &p.address()) {
                continue;
            }
            if p.required || p.location == Location::Path {
                required.push(format!("`{}`", p.address()));
                continue;
            }
            claims[i].push((Claim::Glob(*oi), o.site));
            covered += 1;
        }
        if !required.is_empty() {
            findings.push(Finding {
                site: o.site,
                message: format!(
                    "`{}` matches required {} {}, which cannot be omitted; set or fix {}, or \
                     narrow the pattern",
                    o.pattern,
                    if required.len() == 1 {
                        "parameter"
                    } else {
                        "parameters"
                    },
                    required.join(", "),
                    if required.len() == 1 { "it" } else { "them" },
                ),
            });
        } else if covered == 0 {
            findings.push(Finding {
                site: o.site,
                message: format!(
                    "`{}` covers no parameter of `{}` that is not already accounted for; remove \
                     it or fix the pattern",
                    o.pattern,
                    op.display_name()
                ),
            });
        }
    }

    for u in &declared.undocumented {
        if let Some(found) = undocumented_problem(op, &u.param, u.site, &u.read_at, &u.reason) {
            findings.extend(found);
            continue;
        }
        let (location, name) = parse_address(&u.param).unwrap_or((Location::Query, ""));
        undocumented_rows.push(Accounted {
            param: synthesized(location, name, None, None),
            disposition: Disposition::Undocumented {
                argument: None,
                field: None,
                value: u.value.clone(),
                read_at: u.read_at.text.clone(),
                reason: u.reason.text.clone(),
            },
        });
    }

    let mut accounting = Vec::with_capacity(op.params.len() + undocumented_rows.len());
    for (i, p) in op.params.iter().enumerate() {
        match claims[i].as_slice() {
            [] => findings.push(unaccounted(op, p, declared.operation_site, &declared.tool)),
            [(claim, _)] => accounting.push(Accounted {
                param: p.clone(),
                disposition: disposition(declared, claim, p),
            }),
            many => {
                for (_, site) in many {
                    findings.push(Finding {
                        site: *site,
                        message: format!(
                            "`{}` is accounted for {} times ({}); keep exactly one",
                            p.address(),
                            if many.len() == 2 {
                                "two".to_string()
                            } else {
                                many.len().to_string()
                            },
                            many.iter()
                                .map(|(c, _)| claim_name(declared, c))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    });
                }
            }
        }
    }
    accounting.extend(undocumented_rows);
    findings.extend(shared_arguments(declared, &accounting));
    Reconciled {
        accounting,
        findings,
    }
}

/// Two fields that take the same argument name (`path.id` and `body.id`, or a `rename`) would
/// be one property of the input schema and one key of the agent's JSON: the second is reported.
fn shared_arguments(declared: &Declared, accounting: &[Accounted]) -> Vec<Finding> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    let mut findings = Vec::new();
    for row in accounting {
        let (argument, field) = match &row.disposition {
            Disposition::Set { argument, field } => (argument, field),
            Disposition::Undocumented {
                argument: Some(argument),
                field: Some(field),
                ..
            } => (argument, field),
            _ => continue,
        };
        match seen.iter().find(|(a, _)| a == argument) {
            Some((_, first)) => findings.push(Finding {
                site: declared
                    .fields
                    .iter()
                    .find(|f| f.ident == *field)
                    .map_or(declared.operation_site, |f| f.site),
                message: format!(
                    "fields `{first}` and `{field}` both take the argument `{argument}`, which an \
                     agent can send only once; give one another name with \
                     #[arg(rename = \"...\")]"
                ),
            }),
            None => seen.push((argument, field)),
        }
    }
    findings
}

fn claim_name(declared: &Declared, c: &Claim) -> String {
    match c {
        Claim::Field(i) => format!("field `{}`", declared.fields[*i].ident),
        Claim::Fixed(_) => "fixed(...)".into(),
        Claim::Omitted(_) => "omitted(...)".into(),
        Claim::Glob(i) => format!("omitted(\"{}\")", declared.omitted[*i].pattern),
    }
}

fn disposition(declared: &Declared, c: &Claim, p: &Param) -> Disposition {
    match c {
        Claim::Field(i) => {
            let f = &declared.fields[*i];
            Disposition::Set {
                argument: f.rename.clone().unwrap_or_else(|| {
                    if p.name.is_empty() {
                        f.ident.trim_start_matches("r#").to_string()
                    } else {
                        p.name.clone()
                    }
                }),
                field: f.ident.clone(),
            }
        }
        Claim::Fixed(i) => Disposition::Fixed {
            value: declared.fixed[*i].value.clone(),
            reason: declared.fixed[*i].reason.text.clone(),
        },
        Claim::Omitted(i) => Disposition::Omitted {
            reason: declared.omitted[*i].reason.text.clone(),
            pattern: None,
        },
        Claim::Glob(i) => Disposition::Omitted {
            reason: declared.omitted[*i].reason.text.clone(),
            pattern: Some(declared.omitted[*i].pattern.clone()),
        },
    }
}

fn undocumented_problem(
    op: &Operation,
    address: &str,
    site: Site,
    read_at: &Reason,
    reason: &Reason,
) -> Option<Vec<Finding>> {
    let mut out = Vec::new();
    match parse_address(address) {
        None => out.push(unknown_param(
            op,
            address,
            site,
            "bad undocumented parameter",
        )),
        Some(_) if op.param(address).is_some() => out.push(Finding {
            site,
            message: format!(
                "`{address}` is documented by `{}`; declare it like any other parameter, not as \
                 undocumented",
                op.display_name()
            ),
        }),
        Some((Location::Path, _)) => out.push(Finding {
            site,
            message: format!(
                "`{address}` cannot be an undocumented path parameter: the path template is fixed \
                 by the spec"
            ),
        }),
        Some(_) => {}
    }
    if read_at.text.trim().is_empty() {
        out.push(Finding {
            site: read_at.site,
            message: format!(
                "say where the server reads undocumented `{address}`: `read_at = \"<file and \
                 function>\"`"
            ),
        });
    }
    out.extend(check_reason(
        reason,
        &format!("relying on undocumented `{address}`"),
    ));
    (!out.is_empty()).then_some(out)
}

fn synthesized(
    location: Location,
    name: &str,
    ty: Option<&RustType>,
    doc: Option<String>,
) -> Param {
    let (schema, required) = match ty {
        Some(t) => {
            let (layers, inner) = t.options();
            (schema_of_rust(inner), layers == 0)
        }
        None => (Schema::any(), false),
    };
    Param {
        location,
        name: name.to_string(),
        required,
        deprecated: false,
        description: doc,
        schema,
        style: Style::default_for(location),
        explode: Style::default_for(location) == Style::Form,
        pointer: String::new(),
    }
}

fn schema_of_rust(t: &RustType) -> Schema {
    let ty = match t {
        RustType::String => Type::String {
            format: None,
            enumeration: None,
            pattern: None,
            min_length: None,
            max_length: None,
        },
        RustType::Bool => Type::Boolean,
        RustType::Int { signed, bits } => {
            let (lo, hi) = int_type_range(*signed, *bits);
            Type::Integer {
                format: None,
                minimum: Some(lo),
                maximum: Some(hi),
                enumeration: None,
            }
        }
        RustType::F32 | RustType::F64 => Type::Number {
            format: None,
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
        },
        RustType::Vec(inner) => Type::Array {
            items: Box::new(schema_of_rust(inner.options().1)),
            min_items: None,
            max_items: None,
        },
        RustType::Option(inner) => {
            return Schema {
                nullable: true,
                ..schema_of_rust(inner)
            };
        }
        RustType::JsonValue | RustType::JsonMap | RustType::Named(_) => Type::Any,
    };
    Schema::new(ty)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(name: &str) -> Param {
        Param {
            location: Location::Query,
            name: name.into(),
            required: false,
            deprecated: false,
            description: None,
            schema: Schema::new(Type::Boolean),
            style: Style::Form,
            explode: true,
            pointer: String::new(),
        }
    }

    // The help line is pasted into a struct: it must be a field declaration that parses.
    #[test]
    fn paste_lines_write_fields_that_parse() {
        let params = ["type", "self", "2fa", "pageNum"].map(query).to_vec();
        let op = Operation {
            id: Some("Op".into()),
            method: "GET".into(),
            path: "/".into(),
            pointer: String::new(),
            summary: None,
            description: None,
            deprecated: false,
            params: params.clone(),
            body: None,
            unsupported: vec![],
            spec: Default::default(),
            accounting: vec![],
            security: vec![],
        };
        let lines: Vec<String> = params.iter().map(|p| paste_lines(&op, p).0).collect();
        assert_eq!(
            lines,
            [
                "#[arg(param = \"query.type\")] pub r#type: Option<bool>,",
                "#[arg(param = \"query.self\")] pub self_: Option<bool>,",
                "#[arg(param = \"query.2fa\")] pub _2fa: Option<bool>,",
                "pub page_num: Option<bool>,",
            ]
        );
    }

    // Field matching by snake_case name works from names converted once per parameter: with many
    // filters (NetBox lists have hundreds) each field still finds exactly its own parameter.
    #[test]
    fn many_fields_each_match_their_own_parameter_by_snake_case_name() {
        let names: Vec<String> = (0..400)
            .map(|i| format!("filterNo{i}__{}", ["ic", "n", "gte"][i % 3]))
            .collect();
        let op = Operation {
            id: Some("list".into()),
            method: "GET".into(),
            path: "/".into(),
            pointer: String::new(),
            summary: None,
            description: None,
            deprecated: false,
            params: names.iter().map(|n| query(n)).collect(),
            body: None,
            unsupported: vec![],
            spec: Default::default(),
            accounting: vec![],
            security: vec![],
        };
        let declared = Declared {
            fields: names
                .iter()
                .enumerate()
                .map(|(i, n)| DeclaredField {
                    ident: n.to_snake_case(),
                    site: i,
                    ty_site: i,
                    ty: RustType::Option(Box::new(RustType::Bool)),
                    param: None,
                    rename: None,
                    undocumented: None,
                    doc: None,
                })
                .collect(),
            tool: "List".into(),
            ..Default::default()
        };
        let result = reconcile(&op, &declared);
        assert_eq!(result.findings, []);
        let fields: Vec<&str> = result
            .accounting
            .iter()
            .map(|r| match &r.disposition {
                Disposition::Set { field, .. } => field.as_str(),
                other => panic!("{other:?}"),
            })
            .collect();
        let expected: Vec<String> = names.iter().map(|n| n.to_snake_case()).collect();
        assert_eq!(fields, expected);
        assert_eq!(fields[1], "filter_no1_n");
    }
}
