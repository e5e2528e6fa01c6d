//! What `#[tool]` writes, pinned: every tool of the example (`examples/taskboard/tools.rs`,
//! checked against `openapi/taskboard.yaml`) is expanded here and formatted by `rustfmt`, and
//! the text must equal `catalog-macros/tests/expanded/<tool>.rs`. A change to the emitted code
//! shows in review as a diff of those files, as progenitor's generated clients do.
//! `CATALOG_REPIN=1 cargo test -p catalog-macros expanded` writes them again.
//!
//! The macro finds the index through `CATALOG_INDEX_DIR`, read from the process environment;
//! setting it needs `unsafe` in edition 2024, so the test indexes the spec, then runs itself
//! again as a child process with the variable set, and the child does the expanding.

use std::path::{Path, PathBuf};
use std::process::Command;

const CHILD: &str = "EXPANDED_TEST_CHILD";
const TEST: &str = "expanded::the_example_tools_expand_to_their_pinned_code";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("catalog-macros sits in the workspace")
        .to_path_buf()
}

fn pins_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expanded")
}

/// The structs of `source` that carry `#[tool(...)]`, each with its arguments.
fn tools_in(source: &str) -> Vec<(proc_macro2::TokenStream, syn::ItemStruct)> {
    let file = syn::parse_file(source).expect("the example's tools parse");
    let mut tools = Vec::new();
    for item in file.items {
        let syn::Item::Struct(mut item) = item else {
            continue;
        };
        let Some(at) = item.attrs.iter().position(|a| a.path().is_ident("tool")) else {
            continue;
        };
        let attr = item.attrs.remove(at);
        let args = match attr.meta {
            syn::Meta::List(list) => list.tokens,
            _ => proc_macro2::TokenStream::new(),
        };
        tools.push((args, item));
    }
    tools
}

/// Why `rustfmt` did not format the expanded code.
#[derive(Debug)]
enum RustfmtError {
    /// It could not be started (not installed).
    Start(std::io::Error),
    /// The code could not be handed to it, or its output read.
    Pipe(std::io::Error),
    /// It refused the code; holds what it printed on stderr.
    Refused(String),
}

impl std::fmt::Display for RustfmtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RustfmtError::Start(e) => write!(
                f,
                "rustfmt could not start ({e}); `rustup component add rustfmt`"
            ),
            RustfmtError::Pipe(e) => write!(f, "{e}"),
            RustfmtError::Refused(stderr) => f.write_str(stderr),
        }
    }
}

impl std::error::Error for RustfmtError {}

/// `code` as `rustfmt` prints it, or why it could not.
fn rustfmt(code: &str) -> Result<String, RustfmtError> {
    format_with("rustfmt", code)
}

/// `code` as `program` (rustfmt) prints it.
fn format_with(program: &str, code: &str) -> Result<String, RustfmtError> {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(["--edition", "2024", "--emit", "stdout"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(RustfmtError::Start)?;
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(code.as_bytes());
    // Reap the child before reporting a write that failed, so no zombie is left.
    let out = child.wait_with_output().map_err(RustfmtError::Pipe)?;
    written.map_err(RustfmtError::Pipe)?;
    if !out.status.success() {
        return Err(RustfmtError::Refused(
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// In the child: every tool expanded and formatted, by file name.
fn expand_all() -> Vec<(String, String)> {
    let source = std::fs::read_to_string(workspace().join("examples/taskboard/tools.rs"))
        .expect("the example's tools are readable");
    let index_dir = std::env::var(catalog_core::index::INDEX_DIR_VAR).expect("set by the parent");
    tools_in(&source)
        .into_iter()
        .map(|(args, item)| {
            let name = heck::ToSnakeCase::to_snake_case(item.ident.to_string().as_str());
            let input = crate::ast::Input::new(item);
            let code = crate::expand::tool(args, &input).to_string();
            let text = rustfmt(&code).unwrap_or_else(|e| panic!("{name}: {e}"));
            // The index folder is a temporary one; the pin names it by its variable.
            let text = text.replace(index_dir.as_str(), "$CATALOG_INDEX_DIR");
            (format!("{name}.rs"), text)
        })
        .collect()
}

#[test]
fn the_example_tools_expand_to_their_pinned_code() {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    let dir = std::env::temp_dir().join(format!("catalog-expanded-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    catalog_core::spec::build::index_to(&workspace().join("openapi/taskboard.yaml"), &dir)
        .expect("the example's spec indexes");
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([TEST, "--exact", "--nocapture", "--test-threads", "1"])
        .env(CHILD, "1")
        .env(catalog_core::index::INDEX_DIR_VAR, &dir)
        .output()
        .expect("the test runs itself");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn child() {
    let expanded = expand_all();
    assert!(
        expanded.len() >= 8,
        "the example has a tool for each of its 8 operations; found {}",
        expanded.len()
    );
    let repin = std::env::var_os("CATALOG_REPIN").is_some();
    let mut differ = Vec::new();
    for (file, text) in &expanded {
        let path = pins_dir().join(file);
        if repin {
            std::fs::create_dir_all(pins_dir()).expect("the pins folder");
            std::fs::write(&path, text).expect("the pin is written");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(pinned) if &pinned == text => {}
            Ok(_) => differ.push(format!("{file} differs from its pin")),
            Err(_) => differ.push(format!("{file} has no pin")),
        }
    }
    assert!(
        differ.is_empty(),
        "what #[tool] writes changed: {}; review the new code, then \
         `CATALOG_REPIN=1 cargo test -p catalog-macros expanded` and commit \
         catalog-macros/tests/expanded/",
        differ.join(", ")
    );
}

#[test]
fn tools_are_read_with_their_arguments_and_without_the_attribute() {
    let source = "#[tool(operation = \"GetTask\")] pub struct GetTask { pub task_id: String }";
    let tools = tools_in(source);
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0].1.ident, "GetTask");
    assert_eq!(tools[0].0.to_string(), "operation = \"GetTask\"");
    assert!(
        tools[0].1.attrs.is_empty(),
        "the #[tool] attribute is taken off the struct"
    );
}

#[test]
fn rustfmt_that_cannot_start_says_how_to_install_it() {
    let e = format_with("catalog-no-such-rustfmt", "fn main() {}").expect_err("no such program");
    let RustfmtError::Start(io) = &e else {
        panic!("not a start error: {e:?}");
    };
    assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
    assert_eq!(
        e.to_string(),
        format!("rustfmt could not start ({io}); `rustup component add rustfmt`")
    );
}

#[test]
fn code_rustfmt_refuses_is_reported_with_what_it_printed() {
    let e = rustfmt("fn (").expect_err("not Rust");
    let RustfmtError::Refused(stderr) = &e else {
        panic!("not a refusal: {e:?}");
    };
    assert!(stderr.contains("error"), "{stderr}");
    assert_eq!(e.to_string(), *stderr);
}

#[test]
fn a_formatter_that_stops_reading_is_a_pipe_error() {
    // `true` exits without reading its input: writing more than a pipe holds fails.
    let e = format_with("true", &"x".repeat(1 << 20)).expect_err("the pipe is closed");
    let RustfmtError::Pipe(io) = &e else {
        panic!("not a pipe error: {e:?}");
    };
    assert_eq!(io.kind(), std::io::ErrorKind::BrokenPipe);
    assert_eq!(e.to_string(), io.to_string());
}
