//! The rustdoc a tool carries: which operation it wraps, from which spec, and its whole
//! accounting table, so `cargo doc` reads as a catalog of what every tool does with every
//! parameter.
//!
//! Spec text is untrusted markdown: every cell is escaped so a description cannot break the
//! table, open an HTML tag or make a broken intra-doc link (rustdoc warns on both, and those
//! warnings would land in the user's crate).

use crate::model::{
    Absent, Accounted, DegradeReason, Disposition, Operation, Overridden, Param, Type,
};
use serde_json::Value;

/// The longest a spec description may run in a table cell, in characters, before it is cut.
const DESCRIPTION_CHARS: usize = 100;
/// The longest a type or a fixed value may run in a table cell, in characters.
const SHORT_CHARS: usize = 60;

/// Rustdoc markdown describing the tool's operation and its accounting table.
///
/// The first line, usable as a summary, names the operation (`` `POST /api/v4/posts` ``, its
/// operationId) and the spec's title and version. A table follows with one row per accounting
/// row, in accounting order: location, name, type ([`crate::model::Type::describe`], plus nullability),
/// whether the spec requires it, the disposition, and the reason. A Set row shows the argument
/// name in the disposition and the spec's description (first paragraph, cut at about 100
/// characters) in the reason column; the other dispositions show their reason in full. The
/// parameters a glob omits have no rows: a list under the table gives each glob with its
/// reason, the number of parameters it omits and their addresses, so the docs still name
/// everything a group covered. When the operation's schemas were not written out in full
/// ([`Operation::degraded`]), a list after the table says where and why. The text ends with a
/// newline.
pub fn accounting_markdown(op: &Operation) -> String {
    let mut out = String::new();
    out.push_str("Wraps ");
    out.push_str(&code(&op.key()));
    if let Some(id) = &op.id {
        out.push_str(" (operation ");
        out.push_str(&code(id));
        out.push(')');
    }
    let title = if op.spec.title.trim().is_empty() {
        &op.spec.stem
    } else {
        &op.spec.title
    };
    if !title.trim().is_empty() {
        out.push_str(" of *");
        out.push_str(&text(title));
        out.push('*');
        if !op.spec.version.trim().is_empty() {
            out.push_str(" version ");
            out.push_str(&code(&op.spec.version));
        }
    }
    out.push_str(".\n");
    if op.deprecated {
        out.push_str("\nThe spec marks this operation **deprecated**.\n");
    }
    for rule in &op.failure {
        out.push_str("\n**Not every 2xx is a success**: ");
        out.push_str(&text(&rule.describe()));
        out.push_str(".\n");
    }
    // Media types are the spec's text: written as escaped code spans.
    if let Some(body) = &op.body
        && let Some(documented) = &body.documented_as
    {
        out.push_str("\nThe spec documents the request body as ");
        out.push_str(&code(documented));
        out.push_str("; it is sent as ");
        out.push_str(&code(&body.media_type));
        out.push_str(".\n");
    }
    out.push('\n');
    if op.accounting.is_empty() {
        out.push_str("The operation has no parameters.\n");
        return out;
    }
    // A glob omits often a hundred parameters with one reason: they are listed under the
    // table, by address, with the glob's reason written once. The type cells that rows share are
    // written once and copied.
    let mut globs: Vec<Glob> = Vec::new();
    let mut types = TypeCells::default();
    let mut table = false;
    for row in &op.accounting {
        let required = usize::from(row.param.required);
        let tail = match &row.disposition {
            Disposition::Omitted {
                pattern: Some(pattern),
                reason,
            } => {
                let at = match globs
                    .iter()
                    .position(|g| g.pattern == pattern && g.reason == reason)
                {
                    Some(at) => at,
                    None => {
                        globs.push(Glob::new(pattern, reason));
                        globs.len() - 1
                    }
                };
                globs[at].omits(&row.param);
                continue;
            }
            // Reasons are the tool author's own words, written for this table: shown whole.
            disposition => tail_cells(
                REQUIRED[required],
                &(match row.family() {
                    // The row stands for every parameter its pattern names (`cf_*`).
                    Some(_) => disposition_cell(disposition).replacen(
                        "Undocumented",
                        "Undocumented family",
                        1,
                    ),
                    None => disposition_cell(disposition),
                } + per_property_note(row)),
                &match (&row.overridden, authored_reason(disposition)) {
                    (Some(o), _) => overridden_cell(o, &row.param),
                    (None, Some(reason)) => prose(reason),
                    (None, None) => description_cell(row),
                },
            ),
        };
        if !table {
            table = true;
            out.push_str(TABLE_HEADER);
        }
        out.push('|');
        for cell in [
            row.param.location.as_str(),
            &name_cell(&row.param),
            types.cell(&row.param),
        ] {
            out.push(' ');
            out.push_str(cell);
            out.push_str(" |");
        }
        out.push_str(&tail);
        below_rows(&mut out, row);
    }
    glob_list(&mut out, &globs, table);
    degraded_list(&mut out, op);
    out
}

/// A row under a field's for each property the tool fixes or omits inside its value, named by
/// its address (`data.type`).
fn below_rows(out: &mut String, row: &Accounted) {
    for b in &row.below {
        let property = crate::check::below::property_at(&row.param, &b.address);
        let (ty, required) = match property {
            Some(p) => (
                type_cell(&p.schema.ty.describe(), p.schema.nullable),
                REQUIRED[usize::from(p.required)],
            ),
            None => (String::new(), REQUIRED[0]),
        };
        let reason = match (&b.overridden, property) {
            (Some(o), Some(p)) => {
                // The property as a parameter of its own: the cell reads its (overridden) type.
                let standing = Param {
                    schema: p.schema.clone(),
                    ..row.param.clone()
                };
                overridden_cell(o, &standing)
            }
            _ => authored_reason(&b.disposition)
                .map(prose)
                .unwrap_or_default(),
        };
        out.push_str(&format!(
            "| {} | {} | {ty} |{}",
            row.param.location.as_str(),
            code(&b.address),
            tail_cells(required, &disposition_cell(&b.disposition), &reason)
        ));
    }
}

/// The table's header: its columns and the line under them.
const TABLE_HEADER: &str = "| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n";

/// A glob of the accounting: its pattern and reason, the number of parameters it omits, and
/// their addresses as a markdown list of code spans.
struct Glob<'a> {
    pattern: &'a str,
    reason: &'a str,
    rows: usize,
    addresses: String,
}

impl<'a> Glob<'a> {
    fn new(pattern: &'a str, reason: &'a str) -> Glob<'a> {
        Glob {
            pattern,
            reason,
            rows: 0,
            addresses: String::new(),
        }
    }

    fn omits(&mut self, param: &Param) {
        if self.rows > 0 {
            self.addresses.push_str(", ");
        }
        self.rows += 1;
        self.addresses.push_str(&code(&param.address()));
    }
}

/// The Required cell, by `usize::from(required)`.
const REQUIRED: [&str; 2] = ["no", "yes"];

/// A row's last three cells (Required, Disposition, Reason / description) and its end.
fn tail_cells(required: &str, disposition: &str, reason: &str) -> String {
    format!(" {required} | {disposition} | {reason} |\n")
}

/// The type cells written so far, by the type's description and nullability: the rows of an
/// operation share a handful of types.
#[derive(Default)]
struct TypeCells(Vec<(String, bool, String)>);

impl TypeCells {
    fn cell(&mut self, param: &Param) -> &str {
        let described = param.schema.ty.describe();
        let nullable = param.schema.nullable;
        let at = match self
            .0
            .iter()
            .position(|(d, n, _)| *n == nullable && *d == described)
        {
            Some(at) => at,
            None => {
                let cell = type_cell(&described, nullable);
                self.0.push((described, nullable, cell));
                self.0.len() - 1
            }
        };
        &self.0[at].2
    }
}

/// Each glob, once: its reason, the number of parameters it omits and their addresses.
fn glob_list(out: &mut String, globs: &[Glob], after_table: bool) {
    if globs.is_empty() {
        return;
    }
    if after_table {
        out.push('\n');
    }
    out.push_str("Omitted by a pattern:\n\n");
    for Glob {
        pattern,
        reason,
        rows,
        addresses,
    } in globs
    {
        let noun = if *rows == 1 {
            "parameter"
        } else {
            "parameters"
        };
        out.push_str(&format!(
            "- {} ({rows} {noun}): {}\n\n  {addresses}\n",
            code(pattern),
            prose(reason)
        ));
    }
}

/// Where the input schema accepts any JSON value because it was not written out in full.
fn degraded_list(out: &mut String, op: &Operation) {
    if op.degraded.is_empty() {
        return;
    }
    out.push_str("\nNot written out in full (any JSON value is accepted there):\n\n");
    for d in &op.degraded {
        out.push_str("- ");
        out.push_str(&code(&d.at));
        out.push_str(": ");
        out.push_str(&code(&d.pointer));
        match d.reason {
            DegradeReason::Recursive => out.push_str(" contains itself and is written out once"),
            DegradeReason::Budget(budget) => out.push_str(&format!(
                " would pass the budget of {budget} schema nodes per operation; the server \
                 validates it"
            )),
        }
        out.push('\n');
    }
}

fn name_cell(param: &Param) -> String {
    let mut cell = if param.name.is_empty() {
        "(whole body)".to_string()
    } else {
        code(&param.name)
    };
    if param.deprecated {
        cell.push_str(" (deprecated)");
    }
    cell
}

/// A type's cell, from its description ([`Type::describe`](crate::model::Type::describe)).
fn type_cell(described: &str, nullable: bool) -> String {
    let mut ty = truncate(described, SHORT_CHARS);
    if nullable {
        ty.push_str(", nullable");
    }
    text(&ty)
}

fn disposition_cell(disposition: &Disposition) -> String {
    match disposition {
        Disposition::Set { argument, .. } => format!("Set as {}", code(argument)),
        Disposition::Credential { scheme } => {
            format!("Credential of {}, sent by the server", code(scheme))
        }
        Disposition::Fixed { value, .. } => format!("Fixed to {}", value_code(value)),
        Disposition::Omitted { pattern: None, .. } => "Omitted".to_string(),
        Disposition::Omitted {
            pattern: Some(p), ..
        } => format!("Omitted by {}", code(p)),
        Disposition::Undocumented {
            argument,
            value,
            read_at,
            ..
        } => {
            let mut cell = "Undocumented".to_string();
            if let Some(a) = argument {
                cell.push_str(", set as ");
                cell.push_str(&code(a));
            } else if let Some(v) = value {
                cell.push_str(", sent as ");
                cell.push_str(&value_code(v));
            }
            cell.push_str(", read at ");
            cell.push_str(&code(read_at));
            cell
        }
    }
}

/// What the Disposition cell adds where a body property differs from the tool's semantics
/// ([`Accounted::absent`]) or adds to the server's items ([`Accounted::appends`]).
fn per_property_note(row: &Accounted) -> &'static str {
    match (row.absent, row.appends) {
        (Some(Absent::Keeps), false) => "; left out: kept",
        (Some(Absent::Clears), false) => "; left out: cleared",
        (Some(Absent::Keeps), true) => "; appends; left out: kept",
        (Some(Absent::Clears), true) => "; appends; left out: cleared",
        (None, true) => "; appends",
        (None, false) => "",
    }
}

/// A Set row's cell: the parameter's description, its first paragraph cut short.
fn description_cell(row: &Accounted) -> String {
    let description = row
        .param
        .description
        .as_deref()
        .or(row.param.schema.description.as_deref())
        .unwrap_or("");
    prose(&truncate(first_paragraph(description), DESCRIPTION_CHARS))
}

/// The Reason cell of a row whose spec type the tool overrides: what the spec said, what the
/// server reads, where, and why.
fn overridden_cell(o: &Overridden, param: &Param) -> String {
    let what = if o.narrowed {
        "Narrowed"
    } else {
        "Wire type overridden"
    };
    format!(
        "{what}: the spec says {}, the server reads {} (read at {}): {}",
        code(&o.spec_type),
        narrowed_type(param),
        code(&o.read_at),
        prose(&o.reason)
    )
}

/// The type the server reads, as a code span; with its pattern, which the type's description
/// leaves out.
fn narrowed_type(param: &Param) -> String {
    let element = match &param.schema.ty {
        Type::Array { items, .. } => &items.ty,
        ty => ty,
    };
    match element {
        Type::String {
            pattern: Some(p), ..
        } => format!("{} matching {}", code(&param.schema.ty.describe()), code(p)),
        _ => code(&param.schema.ty.describe()),
    }
}

/// The tool author's reason of a row that is not Set (Fixed, Omitted, Undocumented).
fn authored_reason(disposition: &Disposition) -> Option<&str> {
    match disposition {
        Disposition::Set { .. } | Disposition::Credential { .. } => None,
        Disposition::Fixed { reason, .. }
        | Disposition::Omitted { reason, .. }
        | Disposition::Undocumented { reason, .. } => Some(reason),
    }
}

/// A JSON value as a code span, cut when long (a fixed value can be a whole object).
fn value_code(value: &Value) -> String {
    code(&truncate(&value.to_string(), SHORT_CHARS))
}

/// The text before the first blank line: spec descriptions often run to several paragraphs.
fn first_paragraph(s: &str) -> &str {
    let s = s.trim();
    let mut end = s.len();
    let mut offset = 0;
    let mut previous_blank = false;
    for line in s.split_inclusive('\n') {
        let blank = line.trim().is_empty();
        if blank && !previous_blank && offset > 0 {
            end = offset;
            break;
        }
        previous_blank = blank;
        offset += line.len();
    }
    &s[..end]
}

/// Whitespace runs (newlines included) collapsed to one space, ends trimmed: a table row is
/// one line.
fn collapse(s: &str) -> String {
    // Most cells (names, types, one-line descriptions) have nothing to collapse.
    if is_collapsed(s) {
        return s.to_string();
    }
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `s` is ASCII with no whitespace but single spaces between words: [`collapse`] would
/// give it back unchanged. One pass over the bytes (this runs on every cell, unoptimized).
fn is_collapsed(s: &str) -> bool {
    let bytes = s.as_bytes();
    if bytes.first() == Some(&b' ') || bytes.last() == Some(&b' ') {
        return false;
    }
    let mut after_space = false;
    for &b in bytes {
        if !b.is_ascii() || matches!(b, b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c') {
            return false;
        }
        let space = b == b' ';
        if space && after_space {
            return false;
        }
        after_space = space;
    }
    true
}

/// `s` collapsed and cut to at most `max` characters (plus `…`), at a word boundary when one is
/// near enough.
fn truncate(s: &str, max: usize) -> String {
    let s = collapse(s);
    if s.chars().count() <= max {
        return s;
    }
    let cut: String = s.chars().take(max).collect();
    let ends_on_word = s.chars().nth(max) == Some(' ');
    // Prefer ending on a whole word, unless that throws away most of the text.
    let cut = match cut.rfind(' ') {
        Some(i) if !ends_on_word && i >= max / 2 => &cut[..i],
        _ => &cut,
    };
    format!("{}…", cut.trim_end_matches([' ', ',', ';', ':', '.']))
}

/// Plain text made safe for a table cell: newlines collapsed, and every character markdown
/// could read as syntax backslash-escaped (`|` would split the cell; `<` open an HTML tag;
/// `[` make a link; `*`, `_`, `` ` ``, `~` change emphasis or open code).
fn text(s: &str) -> String {
    escape(&collapse(s))
}

/// Every character markdown could read as syntax, backslash-escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' | '#' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Spec or user prose for a table cell: text as [`text`], except that a run of backticks closed
/// by a run of the same length is a code span, as markdown reads it (`` `null` `` renders as
/// code, not as escaped backticks). An unclosed backtick stays literal.
fn prose(s: &str) -> String {
    let s = collapse(s);
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(open) = rest.find('`') {
        let fence_len = rest[open..].chars().take_while(|c| *c == '`').count();
        let after = &rest[open + fence_len..];
        let Some(close) = closing_fence(after, fence_len) else {
            break;
        };
        out.push_str(&escape(&rest[..open]));
        out.push_str(&code(after[..close].trim()));
        rest = &after[close + fence_len..];
    }
    out.push_str(&escape(rest));
    out
}

/// Where a run of exactly `len` backticks starts in `s`.
fn closing_fence(s: &str, len: usize) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let run = bytes[i..].iter().take_while(|b| **b == b'`').count();
            if run == len {
                return Some(i);
            }
            i += run;
        } else {
            i += 1;
        }
    }
    None
}

/// A code span for a table cell: the fence is longer than any backtick run inside, and `|` is
/// escaped (GFM removes that backslash before reading the code span).
/// Whether `s` is printable ASCII without a backtick or `|`, and not empty: an index loop, as
/// every row's name goes through it, in the macro, unoptimized.
fn is_plain_code(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !b.is_ascii_graphic() || b == b'`' || b == b'|' {
            return false;
        }
        i += 1;
    }
    !bytes.is_empty()
}

fn code(s: &str) -> String {
    // A name or a number: no whitespace, backtick or `|`, so one backtick each side.
    if is_plain_code(s) {
        let mut cell = String::with_capacity(s.len() + 2);
        cell.push('`');
        cell.push_str(s);
        cell.push('`');
        return cell;
    }
    let s = collapse(s);
    if s.is_empty() {
        // An empty code span does not exist in markdown; "``" would show as two backticks.
        return "(empty)".to_string();
    }
    let mut longest = 0;
    let mut run = 0;
    for c in s.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest + 1);
    // A space on each side keeps a leading or trailing backtick from joining the fence.
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    let body = s.replace('|', "\\|");
    format!("{fence}{pad}{body}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rustdoc_states_each_failure_rule() {
        let mut op = crate::model::testing::op("POST", "/chat.postMessage").build();
        op.failure = vec![crate::model::FailureRule::discriminator(
            "ok",
            vec![serde_json::json!(true)],
        )];
        assert!(
            accounting_markdown(&op).contains(concat!(
                r"**Not every 2xx is a success**: a 2xx answer whose \`ok\` is not true is an ",
                r"error, with the API's error text (the spec declares \`ok\` true in a success ",
                "body).\n"
            )),
            "{}",
            accounting_markdown(&op)
        );
    }

    #[test]
    fn the_properties_a_tool_fixes_or_omits_inside_a_field_are_rows_under_it() {
        use crate::model::testing::{field, object, op, param, string};
        use crate::model::{Accounted, Below, Location, Schema, Type};
        let mut kind = field(
            "type",
            Schema::new(Type::String {
                format: None,
                enumeration: Some(vec!["notes".into(), "drafts".into()]),
                pattern: None,
                min_length: None,
                max_length: None,
            }),
        );
        kind.required = true;
        let mut data = param(Location::Body, "data");
        data.schema = object(vec![kind, field("color", string())]);
        let mut op = op("POST", "/notes").build();
        op.accounting = vec![Accounted {
            param: data,
            disposition: Disposition::Set {
                argument: "data".into(),
                field: "data".into(),
            },
            null: None,
            overridden: None,
            absent: None,
            appends: false,
            below: vec![
                Below {
                    address: "data.type".into(),
                    disposition: Disposition::Fixed {
                        value: serde_json::json!("notes"),
                        reason: "this tool creates notes".into(),
                    },
                    overridden: None,
                },
                Below {
                    address: "data.color".into(),
                    disposition: Disposition::Omitted {
                        reason: "colors follow the theme".into(),
                        pattern: None,
                    },
                    overridden: None,
                },
            ],
        }];
        let doc = accounting_markdown(&op);
        let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("| body")).collect();
        assert_eq!(
            rows,
            [
                "| body | `data` | object (2 fields) | no | Set as `data` |  |",
                "| body | `data.type` | string enum \\[notes, drafts\\] | yes | Fixed to \
                 `\"notes\"` | this tool creates notes |",
                "| body | `data.color` | string | no | Omitted | colors follow the theme |",
            ]
        );
    }

    #[test]
    fn truncate_is_char_safe_and_prefers_words() {
        assert_eq!(truncate("short", 10), "short");
        assert_eq!(truncate("ééééé ééééé ééééé", 12), "ééééé ééééé…");
        // No space in the second half: cut mid-word rather than lose most of the text.
        assert_eq!(truncate("a bcdefghijklmnop", 8), "a bcdefg…");
        assert_eq!(truncate("one, two, three", 9), "one, two…");
    }

    #[test]
    fn first_paragraph_stops_at_a_blank_line() {
        assert_eq!(first_paragraph("\n  one\ntwo\n\n  \nthree"), "one\ntwo\n");
        assert_eq!(first_paragraph("only"), "only");
        assert_eq!(first_paragraph(""), "");
    }

    #[test]
    fn backticks_in_prose_render_as_code_spans() {
        assert_eq!(prose("send `null` to clear it"), "send `null` to clear it");
        assert_eq!(prose("a `x|y` b_c"), "a `x\\|y` b\\_c");
        assert_eq!(prose("``a ` b`` here"), "``a ` b`` here");
        // Unclosed: literal, escaped.
        assert_eq!(prose("it's `open"), "it's \\`open");
        assert_eq!(prose("no code"), "no code");
    }

    #[test]
    fn code_spans_survive_backticks_and_pipes() {
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code("``x"), "``` ``x ```");
        assert_eq!(code(""), "(empty)");
        assert_eq!(code("query.*__n"), "`query.*__n`");
        // Text made only of backticks or pipes is never a plain name.
        assert_eq!(code("``"), "``` `` ```");
        assert_eq!(code("||"), "`\\|\\|`");
        assert_eq!(code(" a  b\n"), "`a b`");
    }

    proptest::proptest! {
        /// The one-pass check lets through only what the general path gives back unchanged.
        #[test]
        fn collapse_is_the_general_path_whatever_the_text(
            s in "[ a-z\\t\\n\\r\\x0b\\x0c\u{a0}\u{2003}é]{0,12}"
        ) {
            proptest::prop_assert_eq!(
                collapse(&s),
                s.split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
    }

    #[test]
    fn collapse_joins_every_whitespace_run_with_one_space() {
        assert_eq!(collapse("one two"), "one two");
        for spaced in [
            " one two",
            "one two ",
            "one  two",
            "one\ttwo",
            "one\ntwo",
            "one\r\ntwo",
        ] {
            assert_eq!(collapse(spaced), "one two", "{spaced:?}");
        }
        assert_eq!(collapse("\u{a0}one\u{2003}two"), "one two");
        assert_eq!(collapse("one\x0btwo\x0cthree"), "one two three");
    }
}
