//! The `catalog` command line: `catalog check [--budget [TOKENS] [--tool-budget TOKENS] |
//! --cuts | --lint] <spec>` and `catalog scaffold <spec> <operation>`.
//!
//! A thin shell over `catalog_core`: arguments are parsed by hand (two subcommands with
//! positional arguments do not need an argument-parsing crate), and all the work is in the
//! library, where it is tested.
//!
//! Exit codes: 0 done; 1 the spec cannot be used, the operation cannot be scaffolded, the tool
//! list is over the budget given, or `--lint` found a text to review; 2 usage error.
#![forbid(unsafe_code)]

use catalog::index::Lookup;
use catalog_core::check::output::output;
use catalog_core::check::union::{describe_arms, union_arms};
use catalog_core::model::{DegradeReason, SpecInfo};
use catalog_core::present::output::describe_output;
use catalog_core::present::scaffold::{Options, Origin, scaffold_from};
use catalog_core::present::suggest::{Candidate, Suggestion, suggest};
use catalog_core::spec::normalize::{Normalized, closed_arms_summary};
use catalog_core::spec::reason_class::{ReasonClass, classify};
use catalog_core::spec::shapes::unsendable;
use std::collections::BTreeMap;
use std::io::{self, BufWriter, ErrorKind, Write};
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "usage:
  catalog check <spec>                  list every operation of an OpenAPI document, whether \
a #[tool] can wrap it and which response is its output
  catalog check --cuts <spec>           the same, listing each schema the budget cut (without it, a \
count per operation)
  catalog check --budget <spec>         what tools/list would cost a model's context with one \
scaffolded tool per operation: bytes and estimated tokens per tool, and the total
  catalog check --budget <tokens> [--tool-budget <tokens>] <spec>
                                        the same, failing (exit 1) when the list costs more than \
<tokens> or one tool more than --tool-budget, naming the largest tools
  catalog check --lint <spec>           every summary, description and enum value a model would read \
that the description lint flags, one line each: pointer, class, excerpt (exit 1 when there is one)
  catalog scaffold <spec> <operation>   print a #[tool] for an operation (operationId or \
\"METHOD /path\")";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["check", spec] => check(Path::new(spec), Cuts::Count),
        ["check", "--cuts", spec] | ["check", spec, "--cuts"] => check(Path::new(spec), Cuts::List),
        ["check", "--lint", spec] | ["check", spec, "--lint"] => lint(Path::new(spec)),
        ["check", "--budget", spec] | ["check", spec, "--budget"] => budget(Path::new(spec), None),
        ["check", rest @ ..] if rest.iter().any(|a| is_budget_flag(a)) => match budget_args(rest) {
            Ok((spec, limits)) => budget(Path::new(spec), Some(limits)),
            Err(e) => {
                eprintln!("error: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        ["scaffold", spec, operation] => scaffold(Path::new(spec), operation),
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Loads a spec, or says on stderr why the document cannot be used.
///
/// Operations stay in stored form (each component schema once): a command expands only the
/// operations it shows, one at a time, so memory stays bounded whatever the document.
fn load(spec: &Path) -> Result<(SpecInfo, Normalized), ExitCode> {
    match catalog_core::spec::load::load_normalized(spec) {
        Ok(loaded) => Ok(loaded),
        Err(e) => {
            eprintln!("error: {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// `catalog check --lint`: each finding of the description lint over the document
/// (`catalog_core::check::lint::document`), `<pointer>  <class>  <excerpt>`, then a count; exit
/// 1 when there is a finding.
fn lint(spec: &Path) -> ExitCode {
    let document = match catalog_core::spec::load::load(spec) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let linted = catalog_core::check::lint::document::lint_document(&document.value);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = linted
        .findings
        .iter()
        .try_for_each(|f| writeln!(out, "{}  {}  {}", f.pointer, f.class.as_str(), f.excerpt))
        .and_then(|()| {
            writeln!(
                out,
                "lint: {} texts read, {} findings",
                linted.texts,
                linted.findings.len()
            )
        })
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            eprintln!("error: writing the report: {e}");
            ExitCode::FAILURE
        }
        _ if linted.findings.is_empty() => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}

/// How `check` shows the schemas the budget cut: a count per operation, or each one.
#[derive(Clone, Copy, PartialEq)]
enum Cuts {
    Count,
    List,
}

fn check(spec: &Path, cuts: Cuts) -> ExitCode {
    let (info, normalized) = match load(spec) {
        Ok(x) => x,
        Err(code) => return code,
    };
    // Tens of thousands of lines for the largest documents: written through one buffer, not a
    // write per line.
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = report(&info, &normalized, cuts, &mut out).and_then(|()| out.flush());
    // The document is not freed at exit: the process ends now and the system takes it back at
    // once, where freeing it node by node takes a noticeable part of a large document's run.
    std::mem::forget(normalized);
    match written {
        // Unsupported operations are not an error: only the tools that use them fail to build.
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`catalog check spec.json | head`) saw what it wanted.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: writing the report: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What `catalog check` prints: one line per operation (with its reasons, union arms, output
/// and cuts), then the totals.
fn report(
    info: &SpecInfo,
    normalized: &Normalized,
    cuts: Cuts,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(
        out,
        "{}: {} {} (OpenAPI {})",
        info.stem, info.title, info.version, info.openapi
    )?;
    // Each operation is expanded on its own, under the same budget as for a tool, and dropped
    // before the next; only as far as what is printed (the body's union arms, the output's
    // kind, the cuts) needs it written out.
    let (mut unsupported, mut unions, mut cut) = (0, 0, 0);
    let mut outputs: BTreeMap<&str, usize> = BTreeMap::new();
    let mut classes: BTreeMap<ReasonClass, usize> = BTreeMap::new();
    for (op, stored) in normalized.outlines().zip(&normalized.operations) {
        let name = match &op.id {
            Some(id) => format!("{} ({id})", op.key()),
            None => op.key(),
        };
        match op.unsupported.as_slice() {
            [] => writeln!(out, "ok           {name}")?,
            reasons => {
                unsupported += 1;
                writeln!(out, "unsupported  {name}")?;
                for u in reasons {
                    writeln!(out, "    {} at {}", u.reason, u.pointer)?;
                }
                let mut of_op: Vec<ReasonClass> =
                    reasons.iter().map(|u| classify(&u.reason)).collect();
                of_op.sort();
                of_op.dedup();
                for c in of_op {
                    *classes.entry(c).or_default() += 1;
                }
            }
        }
        // An optional parameter the encoder cannot write: a tool omits it (a required one
        // made the operation unsupported above).
        if op.unsupported.is_empty() {
            for p in stored.params.iter().filter(|p| !p.required) {
                if let Some(why) = unsendable(stored, p, &normalized.shared) {
                    writeln!(
                        out,
                        "    cannot send `{}` (a tool omits it): it is {why}",
                        p.address()
                    )?;
                }
            }
        }
        if let Some(sent) = op.body.as_ref().and_then(|b| b.sent_as()) {
            writeln!(out, "    body: {sent}")?;
        }
        if let Some(arms) = union_arms(&op) {
            unions += 1;
            writeln!(
                out,
                "    body: union of {} arms (a tool picks one with `variant = N`): {}",
                arms.len(),
                describe_arms(arms)
            )?;
        }
        writeln!(out, "    output: {}", describe_output(&op))?;
        *outputs.entry(output(&op).kind()).or_default() += 1;
        let budget_cuts: Vec<_> = op
            .degraded
            .iter()
            .chain(&op.degraded_output)
            .filter(|d| matches!(d.reason, DegradeReason::Budget(_)))
            .collect();
        if !budget_cuts.is_empty() {
            cut += 1;
            write_cuts(out, &budget_cuts, cuts)?;
        }
    }
    // The document's own contradictions that leave its operations usable, each with what
    // catalog reads (`catalog_core::spec::normalize::ClosedArm`).
    for c in &normalized.closed_arms {
        writeln!(out, "spec fault   {c}")?;
    }
    let outputs: Vec<String> = outputs.iter().map(|(k, n)| format!("{n} {k}")).collect();
    writeln!(out, "outputs: {}", outputs.join(", "))?;
    if !classes.is_empty() {
        // Operations per reason class (one with reasons of two classes counts in both), each
        // with whose the gap is: `.ci/corpus.sh` sums these lines over the corpus.
        let classes: Vec<String> = classes.iter().map(|(c, n)| format!("{n} {c}")).collect();
        writeln!(out, "unsupported by reason: {}", classes.join(", "))?;
    }
    if let Some(line) = closed_arms_summary(&normalized.closed_arms) {
        writeln!(out, "{line}")?;
    }
    let total = normalized.operations.len();
    let cut = if cut > 0 {
        format!(", {cut} cut by the schema budget")
    } else {
        String::new()
    };
    let unions = if unions > 0 {
        format!(", {unions} with a union body")
    } else {
        String::new()
    };
    writeln!(
        out,
        "{total} operations: {} ok, {unsupported} unsupported{unions}{cut}",
        total - unsupported
    )
}

/// An operation's budget cuts: each one (`--cuts`), or how many (a document like Stripe's has
/// thousands, most of a report).
fn write_cuts(
    out: &mut impl Write,
    budget_cuts: &[impl std::fmt::Display],
    cuts: Cuts,
) -> io::Result<()> {
    if cuts == Cuts::List {
        for d in budget_cuts {
            writeln!(out, "    cut: {d}")?;
        }
        return Ok(());
    }
    let n = budget_cuts.len();
    let schemas = if n == 1 { "schema" } else { "schemas" };
    writeln!(
        out,
        "    cut: {n} {schemas} written as any JSON value by the schema budget \
         (`catalog check --cuts` lists them)"
    )
}

/// The most the tool list may cost, in tokens: all tools together, and any one tool
/// (`catalog::mcp::Limits` where the `mcp` feature is on).
struct Limits {
    list_tokens: usize,
    tool_tokens: usize,
}

/// `--budget` or `--tool-budget`, with or without `=TOKENS`.
fn is_budget_flag(arg: &str) -> bool {
    ["--budget", "--tool-budget"]
        .iter()
        .any(|f| arg == *f || arg.starts_with(&format!("{f}=")))
}

/// Why the arguments of `check --budget` cannot be used (a usage error, exit 2).
#[derive(Debug, PartialEq, Eq)]
enum ArgsError {
    /// An argument that is no flag `check --budget` takes, or a second spec.
    Unexpected(String),
    /// `--tool-budget` not followed by its number.
    NoNumber(String),
    /// A flag's value that is not a positive whole number.
    NotPositive {
        /// The flag.
        flag: String,
        /// The value given.
        value: String,
    },
    /// No spec among the arguments.
    NoSpec,
}

impl std::fmt::Display for ArgsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArgsError::Unexpected(arg) => write!(f, "unexpected argument `{arg}`"),
            ArgsError::NoNumber(flag) => write!(f, "`{flag}` needs a number of tokens"),
            ArgsError::NotPositive { flag, value } => write!(
                f,
                "`{flag}` needs a positive whole number of tokens, got `{value}`"
            ),
            ArgsError::NoSpec => f.write_str("no spec given"),
        }
    }
}

impl std::error::Error for ArgsError {}

/// The spec and the limits of `check --budget <tokens> [--tool-budget <tokens>] <spec>` (either
/// limit may be left out; `--flag=N` works as well as `--flag N`).
fn budget_args<'a>(args: &[&'a str]) -> Result<(&'a str, Limits), ArgsError> {
    let mut limits = Limits {
        list_tokens: usize::MAX,
        tool_tokens: usize::MAX,
    };
    let mut spec = None;
    let mut args = args.iter().copied().peekable();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg, None),
        };
        let slot = match flag {
            "--budget" => &mut limits.list_tokens,
            "--tool-budget" => &mut limits.tool_tokens,
            _ if !arg.starts_with("--") && spec.is_none() => {
                spec = Some(arg);
                continue;
            }
            _ => return Err(ArgsError::Unexpected(arg.to_string())),
        };
        // `--budget` alone (then the spec) measures without a limit.
        let value = match inline {
            Some(v) => v,
            None => match args.peek() {
                Some(v) if v.starts_with(|c: char| c.is_ascii_digit()) => {
                    args.next().unwrap_or_default()
                }
                _ if flag == "--budget" => continue,
                _ => return Err(ArgsError::NoNumber(flag.to_string())),
            },
        };
        *slot = match value.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(ArgsError::NotPositive {
                    flag: flag.to_string(),
                    value: value.to_string(),
                });
            }
        };
    }
    let spec = spec.ok_or(ArgsError::NoSpec)?;
    Ok((spec, limits))
}

/// `tools/list`'s size with one scaffolded tool per operation, expanded one at a time; with
/// `limits`, a failure naming the largest tools when it is over.
#[cfg(feature = "mcp")]
fn budget(spec: &Path, limits: Option<Limits>) -> ExitCode {
    let (info, normalized) = match load(spec) {
        Ok(x) => x,
        Err(code) => return code,
    };
    println!(
        "{}: {} {} (OpenAPI {}), one tool per operation as `catalog scaffold` writes it",
        info.stem, info.title, info.version, info.openapi
    );
    let ops = normalized.operations.iter().map(|s| normalized.inlined(s));
    let budget = catalog::mcp::Budget::of_operations(ops);
    println!("{budget}");
    let limits = limits.map(|l| catalog::mcp::Limits {
        list_tokens: l.list_tokens,
        tool_tokens: l.tool_tokens,
    });
    match limits.map(|l| budget.check(l)) {
        Some(Err(over)) => {
            eprintln!("error: {over}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

#[cfg(not(feature = "mcp"))]
fn budget(_spec: &Path, _limits: Option<Limits>) -> ExitCode {
    eprintln!("error: `--budget` needs the `mcp` feature (it measures tools/list as served)");
    ExitCode::FAILURE
}

fn scaffold(spec: &Path, operation: &str) -> ExitCode {
    let (info, index) = match load(spec) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let stem = &info.stem;
    let op = match index.find(operation) {
        Lookup::Found(op) => op,
        Lookup::Ambiguous(keys) => {
            eprintln!(
                "error: operationId `{operation}` is used by {} operations of `{stem}`; name the \
                 one you mean by method and path:",
                keys.len()
            );
            for k in keys {
                eprintln!("    catalog scaffold {} \"{k}\"", spec.display());
            }
            return ExitCode::FAILURE;
        }
        Lookup::NotFound => {
            let names: Vec<String> = index.names().collect();
            let candidates: Vec<Candidate> = names.iter().map(|n| Candidate::new(n)).collect();
            let hint = match suggest(operation, None, &candidates) {
                s @ Suggestion::Name { .. } => s.to_string(),
                Suggestion::Accepted(_) => format!(
                    "run `catalog check {}` to list its {} operations",
                    spec.display(),
                    index.operations.len()
                ),
            };
            eprintln!("error: no operation `{operation}` in `{stem}`; {hint}");
            return ExitCode::FAILURE;
        }
    };
    if !op.is_supported() {
        eprintln!(
            "error: operation `{}` cannot be wrapped by a tool:",
            op.display_name()
        );
        for u in &op.unsupported {
            eprintln!("    {} at {}", u.reason, u.pointer);
        }
        return ExitCode::FAILURE;
    }
    let mut options = Options::new(&op, stem);
    // An id shared by several operations cannot name this one in `#[tool]`: use what the user
    // typed, which found exactly one.
    if op.id.is_some() && matches!(index.find(&op.display_name()), Lookup::Ambiguous(_)) {
        options.operation = op.key();
    }
    // Nested types are named for the component schemas the stored operation references.
    let origin = index
        .operations
        .iter()
        .find(|stored| stored.key() == op.key())
        .map(|stored| Origin {
            stored,
            shared: &index.shared,
        });
    print!(
        "use catalog::tool;\n\n{}",
        scaffold_from(&op, &options, origin)
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::{ArgsError, budget_args};

    fn refused(args: &[&str]) -> ArgsError {
        match budget_args(args) {
            Ok((spec, _)) => panic!("{args:?} read as spec `{spec}`"),
            Err(e) => e,
        }
    }

    #[test]
    fn both_limits_are_read_in_either_form_around_the_spec() {
        let (spec, limits) =
            budget_args(&["--budget=1500", "s.yaml", "--tool-budget", "300"]).expect("valid");
        assert_eq!(
            (spec, limits.list_tokens, limits.tool_tokens),
            ("s.yaml", 1500, 300)
        );
        let (spec, limits) = budget_args(&["--budget", "s.yaml"]).expect("no limit");
        assert_eq!(
            (spec, limits.list_tokens, limits.tool_tokens),
            ("s.yaml", usize::MAX, usize::MAX)
        );
    }

    #[test]
    fn an_argument_no_flag_takes_is_named() {
        for (args, arg) in [
            (&["--budget", "10", "a.yaml", "b.yaml"][..], "b.yaml"),
            (&["--budget", "10", "--cuts", "a.yaml"][..], "--cuts"),
        ] {
            let e = refused(args);
            assert_eq!(e, ArgsError::Unexpected(arg.into()), "{args:?}");
            assert_eq!(e.to_string(), format!("unexpected argument `{arg}`"));
        }
    }

    #[test]
    fn a_tool_budget_without_its_number_is_refused() {
        let e = refused(&["--tool-budget", "a.yaml"]);
        assert_eq!(e, ArgsError::NoNumber("--tool-budget".into()));
        assert_eq!(e.to_string(), "`--tool-budget` needs a number of tokens");
    }

    #[test]
    fn a_budget_that_is_not_a_positive_whole_number_is_refused() {
        for (args, flag, value) in [
            (&["--budget=x", "a.yaml"][..], "--budget", "x"),
            (&["--budget", "0", "a.yaml"][..], "--budget", "0"),
            (&["--tool-budget=-3", "a.yaml"][..], "--tool-budget", "-3"),
            (&["--budget=", "a.yaml"][..], "--budget", ""),
        ] {
            let e = refused(args);
            assert_eq!(
                e,
                ArgsError::NotPositive {
                    flag: flag.into(),
                    value: value.into()
                },
                "{args:?}"
            );
            assert_eq!(
                e.to_string(),
                format!("`{flag}` needs a positive whole number of tokens, got `{value}`")
            );
        }
    }

    #[test]
    fn limits_without_a_spec_are_refused() {
        let e = refused(&["--tool-budget", "60"]);
        assert_eq!(e, ArgsError::NoSpec);
        assert_eq!(e.to_string(), "no spec given");
    }
}
