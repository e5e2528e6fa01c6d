//! `docs/settings.md` lists every setting the code reads: each `"CATALOG_*"` or `"OTEL_*"`
//! name written in the production code is a row of its tables, and each `CATALOG_*` row is a
//! name some code or test of the workspace still reads (the `OTEL_*` ones are also read by the
//! OpenTelemetry exporter itself). The run time reads its environment in one place,
//! `catalog-runtime/src/wire/environment.rs`: a read anywhere else in `catalog-runtime/src` fails.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const PRODUCTION: [&str; 5] = [
    "catalog-core/src",
    "catalog-runtime/src",
    "catalog-macros/src",
    "src",
    "real-specs/src",
];
const EVERYWHERE: [&str; 10] = [
    "catalog-core/src",
    "catalog-core/tests",
    "catalog-runtime/src",
    "catalog-runtime/tests",
    "catalog-macros/src",
    "src",
    "real-specs/src",
    "real-specs/tests",
    "tests",
    "examples",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The setting names in `text`: runs of `CATALOG_` or `OTEL_` then capitals, digits and `_`,
/// not ending in `_` (a prefix such as `CATALOG_CREDENTIAL_` is not a name), each with the
/// quote before it required when `quoted`.
fn names(text: &str, quoted: bool) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for prefix in ["CATALOG_", "OTEL_"] {
        let mut rest = text;
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().next_back();
            let tail = &rest[at..];
            let len = tail
                .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
                .unwrap_or(tail.len());
            let name = &tail[..len];
            let ends_quoted = tail[len..].starts_with('"');
            if !name.ends_with('_') && (!quoted || (before == Some('"') && ends_quoted)) {
                found.insert(name.to_string());
            }
            rest = &tail[len.max(1)..];
        }
    }
    found
}

/// A source file without its test module (`#[cfg(test)]` and what follows) and without the
/// files that are tests whole.
fn production_text(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap_or_default();
    match text.find("#[cfg(test)]\nmod ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

fn read_in(dirs: &[&str], text: impl Fn(&Path) -> String) -> BTreeMap<String, PathBuf> {
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(&root().join(dir), &mut files);
    }
    let mut read = BTreeMap::new();
    for file in files {
        for name in names(&text(&file), true) {
            read.entry(name).or_insert_with(|| file.clone());
        }
    }
    read
}

fn listed() -> BTreeSet<String> {
    let table = std::fs::read_to_string(root().join("docs/settings.md"))
        .expect("docs/settings.md is readable");
    names(&table, false)
}

#[test]
fn every_setting_the_code_reads_is_in_the_table() {
    let listed = listed();
    let missing: Vec<String> = read_in(&PRODUCTION, production_text)
        .into_iter()
        .filter(|(name, _)| !listed.contains(name))
        .map(|(name, file)| {
            let file = file
                .strip_prefix(root())
                .unwrap_or(&file)
                .display()
                .to_string();
            format!("{name} (read in {file})")
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/settings.md does not list: {}; add a row saying what reads it, what it does and \
         its default",
        missing.join(", ")
    );
}

#[test]
fn every_catalog_setting_in_the_table_is_read() {
    let read = read_in(&EVERYWHERE, |p| {
        std::fs::read_to_string(p).unwrap_or_default()
    });
    let stale: Vec<String> = listed()
        .into_iter()
        .filter(|name| name.starts_with("CATALOG_") && !read.contains_key(name))
        .collect();
    assert!(
        stale.is_empty(),
        "docs/settings.md lists settings nothing reads: {}; remove their rows",
        stale.join(", ")
    );
}

#[test]
fn names_are_whole_quoted_settings() {
    let text = r#"let a = "CATALOG_TIMEOUT_SECS"; format!("CATALOG_CREDENTIAL_{}"); // CATALOG_NOTE "OTEL_SDK_DISABLED""#;
    assert_eq!(
        names(text, true),
        BTreeSet::from([
            "CATALOG_TIMEOUT_SECS".to_string(),
            "OTEL_SDK_DISABLED".to_string()
        ])
    );
    assert_eq!(
        names("`CATALOG_CREDENTIAL_<SCHEME>` and `CATALOG_PINS`", false),
        BTreeSet::from(["CATALOG_PINS".to_string()])
    );
}

/// The one file of the run time that reads the process environment.
const READER: &str = "catalog-runtime/src/wire/environment.rs";

/// What reads the process environment in Rust source: the standard library's readers
/// (`env::var`, `env::var_os`, `env::vars`, or any of them imported) and hyper-util's proxy
/// matcher.
const READS: [&str; 3] = ["env::var", "use std::env", "Matcher::from_env"];

/// The reads of the environment in `text` (comments left out), as the lines that hold them.
fn reads(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .filter(|code| READS.iter().any(|read| code.contains(read)))
        .map(|code| code.trim().to_string())
        .collect()
}

#[test]
fn the_run_time_reads_its_environment_in_one_place() {
    let mut files = Vec::new();
    rust_files(&root().join("catalog-runtime/src"), &mut files);
    let elsewhere: Vec<String> = files
        .iter()
        .filter(|file| !file.ends_with(READER))
        .flat_map(|file| {
            let shown = file
                .strip_prefix(root())
                .unwrap_or(file)
                .display()
                .to_string();
            reads(&production_text(file))
                .into_iter()
                .map(move |line| format!("{shown}: {line}"))
        })
        .collect();
    assert!(
        elsewhere.is_empty(),
        "the run time reads the environment outside {READER}:\n{}\nread it through \
         `crate::wire::environment::var` (a settings reader takes it as its `lookup`) and list \
         the variable in docs/settings.md",
        elsewhere.join("\n")
    );
    let reader = std::fs::read_to_string(root().join(READER)).expect("the reader is readable");
    assert_eq!(
        reads(&reader),
        [
            "std::env::var(name).ok()",
            "std::env::var_os(name)",
            "std::env::vars_os()",
            "hyper_util::client::proxy::matcher::Matcher::from_env()",
        ],
        "{READER} reads each variable the caller names, the names set (for the check by name), \
         and the standard proxy variables"
    );
}

#[test]
fn reads_are_found_in_code_not_comments() {
    let text = "let a = std::env::var(\"X\").ok(); // std::env::var_os(\"Y\")\n\
                // Matcher::from_env()\n\
                let p = Matcher::from_env();\n\
                use std::env::vars_os;\n\
                let d = std::env::temp_dir();\n\
                let e = crate::wire::environment::var_os(\"Z\");";
    assert_eq!(
        reads(text),
        [
            "let a = std::env::var(\"X\").ok();",
            "let p = Matcher::from_env();",
            "use std::env::vars_os;"
        ]
    );
}

/// Every `CATALOG_*` name the table lists passes the start-up check by name, and nothing else
/// with the prefix does: the table, the code's reads and the check agree.
#[test]
fn every_catalog_setting_in_the_table_passes_the_check_by_name() {
    use catalog_runtime::config::setting_names::check;
    use catalog_runtime::tools::catalog::Catalog;
    let table = std::fs::read_to_string(root().join("docs/settings.md"))
        .expect("docs/settings.md is readable");
    // The rows of the tables (the prose around them shows misspellings, and credentials are
    // named from a catalog's schemes).
    let rows: String = table
        .lines()
        .filter(|line| line.starts_with('|'))
        .collect::<Vec<_>>()
        .join("\n");
    let listed: Vec<String> = names(&rows, false)
        .into_iter()
        .filter(|name| name.starts_with("CATALOG_"))
        .collect();
    assert!(listed.len() > 50, "{listed:?}");
    assert_eq!(check(&Catalog::new(), &listed), Ok(()));
    assert!(check(&Catalog::new(), ["CATALOG_NOT_A_SETTING"]).is_err());
}
