//! Compile time of `#[tool]`: the median wall time of `cargo check` on generated crates, after a
//! warm dependency build, touching only the crate's `src/lib.rs` between runs (interleaved).
//!
//! 1. 200 `#[tool]`s against NetBox (every parameter a field) against the same 200 structs with
//!    `#[derive(serde::Deserialize, schemars::JsonSchema)]` and no catalog: how rmcp users write
//!    tools today, unchecked.
//! 2. Curated: 200 `#[tool]`s over NetBox's list operations as a user writes them (the path
//!    parameters, two to five filters as fields, one glob omitting every other filter, its
//!    coverage pinned in the crate's `catalog.lock` by the warm build and compared on every
//!    timed one) against the same structs with serde + schemars.
//! 3. One tool against NetBox's index against the same tool against a one-operation spec.
//!
//! Every check runs with `CARGO_INCREMENTAL=0` (the bench sets it, whatever the environment
//! says), then the curated pair is timed again with incremental compilation on, cargo's default
//! for `cargo check`: the compiler then reuses the type checking of unchanged items, and what is
//! left is mostly macro expansion, which is never cached.
//!
//! ```sh
//! CATALOG_SPECS_DIR=../shared/specs cargo bench --bench compile
//! ```
//!
//! The generated crates live in `<target dir>/catalog-compile-bench/` and share its `target/`.
//! `CATALOG_BENCH_RUNS` sets the number of timed runs of each 200-tool crate (default 5); the
//! one-tool crates get three times as many. `CATALOG_BENCH_SMOKE=1` builds 5 tools per crate and
//! times each once (CI does, so that the bench cannot rot; its figures mean nothing).

#[path = "../tests/support/mod.rs"]
mod support;

use catalog::index::{Index, Lookup};
use catalog::model::Operation;
use catalog_core::present::scaffold::{Options, scaffold_with};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use support::{TempCrate, lit};

/// The number of NetBox tools in crates A and B (and the curated crates).
fn tools_wanted() -> usize {
    if smoke() { 5 } else { 200 }
}

fn smoke() -> bool {
    std::env::var_os("CATALOG_BENCH_SMOKE").is_some()
}
/// The NetBox operation of the one-tool crates: a read with four parameters.
const ONE_OP: &str = "dcim_sites_retrieve";

fn main() {
    let Some(specs) = std::env::var_os("CATALOG_SPECS_DIR") else {
        eprintln!("skipped: CATALOG_SPECS_DIR is not set (e.g. CATALOG_SPECS_DIR=../shared/specs)");
        return;
    };
    let runs: usize = std::env::var("CATALOG_BENCH_RUNS")
        .ok()
        .map(|r| r.parse().expect("CATALOG_BENCH_RUNS is a number"))
        .unwrap_or(if smoke() { 1 } else { 5 });
    let netbox = support::workspace_root()
        .join(specs)
        .join("netbox-4.6.8.json");
    let netbox = netbox
        .canonicalize()
        .expect("netbox-4.6.8.json is in CATALOG_SPECS_DIR");
    let base = target_dir().join("catalog-compile-bench");
    let bench = Bench {
        target: base.join("target"),
        incremental: false,
    };

    let started = Instant::now();
    let index = Index::load(&netbox).expect("NetBox loads");
    eprintln!(
        "loaded NetBox ({} operations) in {:.1} s",
        index.operations.len(),
        started.elapsed().as_secs_f64()
    );
    let (tools, picked, how) = netbox_tools(&index);
    let a = catalog_crate(&base, "bench-tools-catalog", &netbox, &tools);
    let b = derive_crate(&base, "bench-tools-schemars", &tools);
    let curated = curated_tools(&index);
    let e = catalog_crate(&base, "bench-curated-catalog", &netbox, &curated);
    let f = derive_crate(&base, "bench-curated-schemars", &curated);
    let g = catalog_crate_with(
        &base,
        "bench-curated-optimized",
        &netbox,
        &curated,
        OPTIMIZED_MACRO,
    );
    let (one, tiny_spec) = one_tool(&index, &netbox);
    let c = catalog_crate(&base, "bench-one-netbox", &netbox, &[one.0]);
    let tiny_path = base.join("one-operation.json");
    put_file(&tiny_path, &tiny_spec);
    let d = catalog_crate(&base, "bench-one-tiny", &tiny_path, &[one.1]);

    // Dependencies, build scripts (indexing) and one untimed edit each.
    for c in [&a, &b, &e, &f, &c, &d] {
        let started = Instant::now();
        bench.check(c, false);
        bench.check(c, true);
        eprintln!(
            "warmed {} in {:.1} s",
            name(c),
            started.elapsed().as_secs_f64()
        );
    }

    // The curated crate's first build pinned what each glob covers in its `catalog.lock`; every
    // timed build reads and compares those pins, as a user's crate does.
    let pins = std::fs::read_to_string(e.dir.join("catalog.lock"))
        .expect("the curated crate's first build wrote catalog.lock");
    assert_eq!(
        pins.lines().filter(|line| *line == "[[glob]]").count(),
        curated.len(),
        "one pin per curated tool's glob:\n{pins}"
    );

    let (ta, tb) = bench.interleaved(&a, &b, runs);
    let (te, tf) = bench.interleaved(&e, &f, runs);
    // A one-tool check takes a fraction of a second, so load on the machine moves it more: three
    // times the runs, still cheap.
    let one_runs = if smoke() { 1 } else { runs * 3 };
    let (tc, td) = bench.interleaved(&c, &d, one_runs);
    // Incremental: a build of its own (cargo keeps incremental and non-incremental builds of the
    // path dependencies apart), warmed before the timed runs.
    let incremental = Bench {
        incremental: true,
        ..bench
    };
    for c in [&e, &f, &g] {
        incremental.check(c, false);
        incremental.check(c, true);
    }
    let (tei, tfi) = incremental.interleaved(&e, &f, runs);
    let (tgi, tfi2) = incremental.interleaved(&g, &f, runs);

    let fields: usize = picked.iter().map(|op| op.params.len()).sum();
    println!(
        "spec: netbox-4.6.8.json ({} operations)",
        index.operations.len()
    );
    println!(
        "crate A: {} #[tool]s, scaffolded ({how}; {fields} fields); crate B: the same structs \
         with #[derive(Deserialize, JsonSchema)] (schemars 1)",
        tools_wanted()
    );
    println!(
        "runs: {runs} each, interleaved, after a warm build; src/lib.rs touched before each; \
         CARGO_INCREMENTAL=0 unless said"
    );
    println!("A runs (s): {}", list(&ta));
    println!("B runs (s): {}", list(&tb));
    let (ma, mb) = (median(ta), median(tb));
    println!("median cargo check A (catalog):  {:.3} s", secs(ma));
    println!("median cargo check B (schemars): {:.3} s", secs(mb));
    println!("ratio A/B: {:.3} (target <= 1.0)", secs(ma) / secs(mb));
    let curated_fields: usize = curated.iter().map(|t| t.wire.len()).sum();
    println!(
        "curated: crate E: {} #[tool]s over NetBox list operations ({curated_fields} fields, the \
         other filters omitted by one glob each); crate F: the same structs with serde + schemars",
        curated.len()
    );
    println!("E runs (s): {}", list(&te));
    println!("F runs (s): {}", list(&tf));
    let (me, mf) = (median(te), median(tf));
    println!("median cargo check E (catalog):  {:.3} s", secs(me));
    println!("median cargo check F (schemars): {:.3} s", secs(mf));
    println!(
        "ratio E/F (curated): {:.3} (target <= 1.0)",
        secs(me) / secs(mf)
    );
    println!("with incremental compilation (CARGO_INCREMENTAL=1):");
    println!("E runs (s): {}", list(&tei));
    println!("F runs (s): {}", list(&tfi));
    let (mei, mfi) = (median(tei), median(tfi));
    println!(
        "median cargo check E (catalog), incremental:  {:.3} s",
        secs(mei)
    );
    println!(
        "median cargo check F (schemars), incremental: {:.3} s",
        secs(mfi)
    );
    println!(
        "ratio E/F (curated), incremental: {:.3}",
        secs(mei) / secs(mfi)
    );
    println!(
        "crate G: crate E with catalog-macros and catalog-core at opt-level 3 (docs/performance.md)"
    );
    println!("G runs (s): {}", list(&tgi));
    println!("F runs (s): {}", list(&tfi2));
    let (mgi, mfi2) = (median(tgi), median(tfi2));
    println!(
        "median cargo check G (catalog, macro optimized), incremental: {:.3} s",
        secs(mgi)
    );
    println!(
        "median cargo check F (schemars), incremental:                 {:.3} s",
        secs(mfi2)
    );
    println!(
        "ratio G/F (curated, macro optimized), incremental: {:.3}",
        secs(mgi) / secs(mfi2)
    );
    println!(
        "one tool ({ONE_OP}): NetBox's index against a one-operation spec, {one_runs} runs each, \
         interleaved"
    );
    println!("NetBox runs (s): {}", list(&tc));
    println!("tiny runs (s):   {}", list(&td));
    let (mc, md) = (median(tc), median(td));
    println!("median cargo check, NetBox index:   {:.3} s", secs(mc));
    println!("median cargo check, one-operation:  {:.3} s", secs(md));
    println!(
        "ratio NetBox/one-operation: {:.3} (target <= 1.1)",
        secs(mc) / secs(md)
    );
}

/// This binary's target directory: `<target>/<profile>/deps/compile-<hash>`.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| support::workspace_root().join("target"))
}

/// One scaffolded tool: its struct text and, for the derive crate, each field's wire name.
struct Tool {
    text: String,
    /// Per parameter, in order: the argument name the agent sends.
    wire: Vec<String>,
}

/// Every (supported / wanted)-th supported operation, the first `wanted` of them: a deterministic spread
/// of list, read, create, update and delete operations.
fn netbox_tools(index: &Index) -> (Vec<Tool>, Vec<&Operation>, String) {
    let supported: Vec<&Operation> = index
        .operations
        .iter()
        .filter(|op| op.is_supported())
        .collect();
    let wanted = tools_wanted();
    let step = (supported.len() / wanted).max(1);
    let how = format!("every {step}th of {} supported operations", supported.len());
    let picked: Vec<&Operation> = supported.into_iter().step_by(step).take(wanted).collect();
    assert_eq!(
        picked.len(),
        wanted,
        "NetBox has {wanted} supported operations"
    );
    let mut used = HashSet::new();
    let tools = picked
        .iter()
        .map(|op| tool(index, op, &index.spec.stem, &mut used))
        .collect();
    (tools, picked, how)
}

/// The curated tools: NetBox's list operations (GET, every parameter a path parameter or an
/// optional query filter, at least six filters), each as a user writes it: the path parameters
/// and the first two to five filters as fields, one `omitted("query.*", ...)` for the rest.
fn curated_tools(index: &Index) -> Vec<Tool> {
    let lists: Vec<&Operation> = index
        .operations
        .iter()
        .filter(|op| op.is_supported() && op.method == "GET" && op.body.is_none())
        .filter(|op| {
            op.params.iter().all(|p| {
                p.location == catalog::model::Location::Path
                    || (p.location == catalog::model::Location::Query && !p.required)
            })
        })
        .filter(|op| {
            op.params
                .iter()
                .filter(|p| p.location == catalog::model::Location::Query)
                .count()
                >= 6
        })
        .collect();
    // NetBox 4.6.8 has 133 such operations: the curated scenario takes them all when more are
    // wanted, and says so.
    let wanted = tools_wanted().min(lists.len());
    assert!(
        wanted > 0,
        "NetBox has no list operation with six filters or more"
    );
    println!(
        "curated: {wanted} of NetBox's {} list operations with six filters or more",
        lists.len()
    );
    let mut used = HashSet::new();
    lists
        .iter()
        .take(wanted)
        .enumerate()
        .map(|(i, op)| curate(tool(index, op, &index.spec.stem, &mut used), op, 2 + i % 4))
        .collect()
}

/// Keeps the path parameters and the first `filters` query parameters of a scaffold as fields
/// and omits the other filters with one glob.
fn curate(scaffolded: Tool, op: &Operation, filters: usize) -> Tool {
    let mut text = String::new();
    let mut wire = Vec::new();
    let mut lines = scaffolded.text.lines().peekable();
    // The attribute: keep `spec` and `operation`, replace the commented alternatives by a glob.
    for line in lines.by_ref() {
        if line == ")]" {
            text.push_str(
                "    omitted(\"query.*\", reason = \"the filters above are the ones an agent needs \
                 here; the others narrow the same list in ways it has not been asked to, and \
                 NetBox's first page of 50 is all it reads\"),\n)]\n",
            );
            break;
        }
        if !line.trim_start().starts_with("//") {
            text.push_str(line);
            text.push('\n');
        }
    }
    // The struct: one block per parameter (a comment, maybe `#[arg]`, the field).
    let mut kept_filters = 0;
    let mut param = 0;
    let mut block = String::new();
    for line in lines {
        if line.starts_with("pub struct") || line == "}" {
            text.push_str(line);
            text.push('\n');
            continue;
        }
        block.push_str(line);
        block.push('\n');
        if line.starts_with("    pub ") {
            let p = &op.params[param];
            let keep = p.location == catalog::model::Location::Path || {
                kept_filters += 1;
                kept_filters <= filters
            };
            if keep {
                text.push_str(&block);
                wire.push(scaffolded.wire[param].clone());
            }
            block.clear();
            param += 1;
        }
    }
    Tool { text, wire }
}

/// The scaffold of `op` with a struct name not in `used`, as `tests/scaffold.rs` writes them.
fn tool(index: &Index, op: &Operation, stem: &str, used: &mut HashSet<String>) -> Tool {
    let mut options = Options::new(op, stem);
    // A shared operationId cannot name the operation; `catalog scaffold` does the same.
    if matches!(index.find(&options.operation), Lookup::Ambiguous(_)) {
        options.operation = op.key();
    }
    let base = options.struct_name.clone();
    let mut n = 1;
    while !used.insert(options.struct_name.clone()) {
        n += 1;
        options.struct_name = format!("{base}{n}");
    }
    let text = flat(&scaffold_with(op, &options));
    // A union body is scaffolded as its first arm (`variant = 0`): its fields are that arm's.
    let mut as_written = op.clone();
    if catalog_core::check::union::union_arms(op).is_some() {
        catalog_core::check::union::pick_variant(
            &mut as_written,
            &catalog_core::check::union::Variant::Index(0),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", op.key()));
    }
    let wire = wire_names(&as_written, &text);
    Tool { text, wire }
}

/// The scaffold as it was written before it declared nested types, which the figures of
/// BENCHMARKS.md measure: the tool struct alone, each nested struct (and a map or or-empty of
/// them) `serde_json::Value` and each string enum `String`.
fn flat(scaffold: &str) -> String {
    let Some(end) = scaffold.find("\n}\n").map(|i| i + 3) else {
        return scaffold.to_string();
    };
    let (tool, types) = scaffold.split_at(end);
    let declared: Vec<(&str, &str)> = types
        .lines()
        .filter_map(|l| {
            let l = l.strip_suffix(" {")?;
            l.strip_prefix("pub struct ")
                .map(|n| (n, "serde_json::Value"))
                .or_else(|| l.strip_prefix("pub enum ").map(|n| (n, "String")))
        })
        .collect();
    let mut out = String::with_capacity(tool.len());
    for line in tool.lines() {
        match line
            .strip_prefix("    pub ")
            .and_then(|f| f.split_once(": "))
        {
            Some((ident, ty)) => {
                let mut ty = ty.trim_end_matches(',').to_string();
                for (name, flat) in &declared {
                    for wrapped in [
                        format!("std::collections::BTreeMap<String, {name}>"),
                        format!("catalog::OrEmpty<{name}>"),
                    ] {
                        ty = ty.replace(&wrapped, "serde_json::Value");
                    }
                    ty = replace_word(&ty, name, flat);
                }
                out.push_str(&format!("    pub {ident}: {ty},\n"));
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// `text` with each whole-word `word` (a type name) replaced by `with`.
fn replace_word(text: &str, word: &str, with: &str) -> String {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + word.len()..].chars().next();
        out.push_str(&rest[..i]);
        if before.is_some_and(is_word) || after.is_some_and(is_word) {
            out.push_str(word);
        } else {
            out.push_str(with);
        }
        rest = &rest[i + word.len()..];
    }
    out.push_str(rest);
    out
}

/// The argument name of each field: its `#[arg(rename)]`, else the parameter's name, else (the
/// whole body) the field's identifier.
fn wire_names(op: &Operation, text: &str) -> Vec<String> {
    let mut wire = Vec::new();
    let mut rename = None;
    let lines = text.lines().skip_while(|l| !l.starts_with("pub struct"));
    for line in lines.skip(1) {
        if let Some(arg) = line.trim().strip_prefix("#[arg(") {
            rename = arg
                .split_once("rename = \"")
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(r, _)| r.to_string());
        } else if let Some(field) = line.strip_prefix("    pub ") {
            let p = &op.params[wire.len()];
            let ident = field.split(':').next().unwrap();
            let ident = ident.strip_prefix("r#").unwrap_or(ident);
            wire.push(match rename.take() {
                Some(r) => r,
                None if p.name.is_empty() => ident.to_string(),
                None => p.name.clone(),
            });
        }
    }
    assert_eq!(
        wire.len(),
        op.params.len(),
        "one field per parameter:\n{text}"
    );
    wire
}

/// A crate of `#[tool]`s whose build script indexes `spec`.
fn catalog_crate(base: &Path, name: &str, spec: &Path, tools: &[Tool]) -> TempCrate {
    catalog_crate_with(base, name, spec, tools, "")
}

/// The profile lines docs/performance.md gives a user whose incremental checks wait on the
/// macro: the macro and the crate it runs on optimized, as sqlx advises for its macros.
const OPTIMIZED_MACRO: &str = "\n[profile.dev.package.catalog-macros]\nopt-level = 3\n\n\
                               [profile.dev.package.catalog-core]\nopt-level = 3\n";

/// [`catalog_crate`], with `profile` appended to its `Cargo.toml`.
fn catalog_crate_with(
    base: &Path,
    name: &str,
    spec: &Path,
    tools: &[Tool],
    profile: &str,
) -> TempCrate {
    let c = fresh(base, name);
    let root = support::workspace_root();
    put(
        &c,
        "Cargo.toml",
        &format!(
            "[package]\nname = {name:?}\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [workspace]\n\n\
             [dependencies]\ncatalog = {{ path = {root:?} }}\nserde_json = \"1\"\n\n\
             [build-dependencies]\ncatalog = {{ path = {root:?} }}\n{profile}",
            root = root.display().to_string(),
        ),
    );
    put(
        &c,
        "build.rs",
        &format!(
            "fn main() {{\n    catalog::build::index({}).unwrap();\n}}\n",
            lit(spec.display().to_string())
        ),
    );
    let all: Vec<&str> = tools.iter().map(|t| t.text.as_str()).collect();
    put(
        &c,
        "src/lib.rs",
        &format!("use catalog::tool;\n\n{}", all.join("\n")),
    );
    c
}

/// The same structs as plain serde + schemars types: the `#[tool]` attribute becomes the derives,
/// each `#[arg]` a `#[serde(rename)]` to the same argument name.
fn derive_crate(base: &Path, name: &str, tools: &[Tool]) -> TempCrate {
    let c = fresh(base, name);
    put(
        &c,
        "Cargo.toml",
        &format!(
            "[package]\nname = {name:?}\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [workspace]\n\n\
             [dependencies]\nschemars = \"1\"\nserde = {{ version = \"1\", features = [\"derive\"] }}\n\
             serde_json = \"1\"\n"
        ),
    );
    let mut lib = String::new();
    for t in tools {
        let mut in_attr = false;
        let mut field = 0;
        for line in t.text.lines() {
            if line == "#[tool(" {
                in_attr = true;
                lib.push_str("#[derive(serde::Deserialize, schemars::JsonSchema)]\n");
            } else if in_attr {
                in_attr = line != ")]";
            } else if line.trim_start().starts_with("#[arg(") {
                // The rename, if any, is written before the field below.
            } else if let Some(rest) = line.strip_prefix("    pub ") {
                let ident = rest.split(':').next().unwrap();
                let bare = ident.strip_prefix("r#").unwrap_or(ident);
                let wire = &t.wire[field];
                if wire != bare {
                    lib.push_str(&format!("    #[serde(rename = {})]\n", lit(wire)));
                }
                lib.push_str(line);
                lib.push('\n');
                field += 1;
            } else {
                lib.push_str(line);
                lib.push('\n');
            }
        }
        lib.push('\n');
    }
    put(&c, "src/lib.rs", &lib);
    c
}

/// The NetBox tool for [`ONE_OP`] and the same tool against a one-operation spec holding only
/// that operation (its parameters copied from NetBox; they use no `$ref`), with that spec's text.
fn one_tool(index: &Index, netbox: &Path) -> ((Tool, Tool), String) {
    let Lookup::Found(op) = index.find(ONE_OP) else {
        panic!("{ONE_OP} is one NetBox operation");
    };
    let doc: Value = serde_json::from_slice(&std::fs::read(netbox).unwrap()).unwrap();
    let raw = &doc["paths"][&op.path][op.method.to_ascii_lowercase()];
    let mut operation = json!({"responses": {"200": {"description": "ok"}}});
    for key in ["operationId", "summary", "description", "parameters"] {
        if let Some(v) = raw.get(key) {
            operation[key] = v.clone();
        }
    }
    let spec = json!({
        "openapi": "3.0.3",
        "info": {"title": "one operation", "version": "1"},
        "paths": {op.path.clone(): {op.method.to_ascii_lowercase(): operation}}
    })
    .to_string();
    let doc = catalog_core::spec::load::parse(
        spec.as_bytes(),
        catalog_core::spec::load::Format::Json,
        "one-operation",
    )
    .unwrap();
    let tiny = Index::from_document(&doc);
    let big = tool(index, &op, &index.spec.stem, &mut HashSet::new());
    let small = tool(
        &tiny,
        &tiny.operations[0],
        "one-operation",
        &mut HashSet::new(),
    );
    // The same tool but for the spec it names. The one-operation spec documents its response
    // without NetBox's component schemas, so the scaffold's `// output:` comment differs.
    let without_output = |t: &str| {
        t.lines()
            .filter(|l| !l.trim_start().starts_with("// output:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        without_output(&big.text.replace(&index.spec.stem, "one-operation")),
        without_output(&small.text),
        "the one-operation spec gives the same scaffold"
    );
    ((big, small), spec)
}

/// The crate directory `base/name`. What an earlier run wrote is kept, so that a rerun finds its
/// dependencies and build scripts still fresh.
fn fresh(base: &Path, name: &str) -> TempCrate {
    let dir = base.join(name);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let c = TempCrate { dir };
    // The versions this workspace is tested with; cargo adds what the crate needs beyond them.
    if !c.dir.join("Cargo.lock").exists() {
        std::fs::copy(
            support::workspace_root().join("Cargo.lock"),
            c.dir.join("Cargo.lock"),
        )
        .unwrap();
    }
    c
}

/// Writes a file of the crate unless it already holds `text`: an unchanged `build.rs` or spec
/// keeps its mtime, so the build script does not rerun.
fn put(c: &TempCrate, rel: &str, text: &str) {
    put_file(&c.dir.join(rel), text);
}

fn put_file(path: &Path, text: &str) {
    if std::fs::read(path).ok().as_deref() != Some(text.as_bytes()) {
        std::fs::write(path, text).unwrap();
    }
}

fn name(c: &TempCrate) -> String {
    c.dir.file_name().unwrap().to_string_lossy().into_owned()
}

struct Bench {
    target: PathBuf,
    /// `CARGO_INCREMENTAL` for every check.
    incremental: bool,
}

impl Bench {
    /// `cargo check` in `c`, timed; with `touch`, after rewriting `src/lib.rs` unchanged so that
    /// only the crate itself recompiles (its build script does not rerun).
    fn check(&self, c: &TempCrate, touch: bool) -> Duration {
        let lib = c.dir.join("src/lib.rs");
        if touch {
            let text = std::fs::read(&lib).unwrap();
            std::fs::write(&lib, text).unwrap();
        }
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let started = Instant::now();
        let out = Command::new(cargo)
            .arg("check")
            .current_dir(&c.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_TERM_COLOR", "never")
            .env(
                "CARGO_INCREMENTAL",
                if self.incremental { "1" } else { "0" },
            )
            .env_remove("CATALOG_INDEX_DIR")
            // The default glob pin mode: the first build records, later ones read and compare.
            .env_remove("CATALOG_PINS")
            .output()
            .unwrap();
        let took = started.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{}: cargo check failed:\n{stderr}",
            name(c)
        );
        if touch {
            // Only this crate was checked: no dependency or build script was rebuilt or rerun.
            assert!(
                !stderr.contains("Compiling"),
                "{}: more than the crate was rebuilt:\n{stderr}",
                name(c)
            );
            assert!(
                stderr.contains("Checking"),
                "{}: nothing was checked",
                name(c)
            );
        }
        took
    }

    /// `runs` timed checks of each crate, alternating.
    fn interleaved(
        &self,
        x: &TempCrate,
        y: &TempCrate,
        runs: usize,
    ) -> (Vec<Duration>, Vec<Duration>) {
        let (mut tx, mut ty) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            tx.push(self.check(x, true));
            ty.push(self.check(y, true));
        }
        (tx, ty)
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

fn list(v: &[Duration]) -> String {
    v.iter()
        .map(|d| format!("{:.3}", secs(*d)))
        .collect::<Vec<_>>()
        .join(" ")
}
