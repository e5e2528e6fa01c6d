//! The house rules that a reviewer would otherwise check by eye: the facade's public surface is
//! pinned in `tests/house/public-api.txt` (any addition or removal shows in review), and the
//! audit phase does not reach back into the serving phase.

use std::collections::BTreeSet;
use std::path::Path;

/// Every name `src/lib.rs` makes public, as `catalog::path::Name`, read from its `pub use` and
/// `pub mod` items (nested `pub mod` blocks included), sorted.
fn public_surface(lib: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut modules: Vec<(String, usize)> = Vec::new(); // (module name, brace depth it opened at)
    let mut depth = 0usize;
    let mut rest = strip_comments(lib);
    while !rest.is_empty() {
        let item = rest.trim_start();
        let hidden = item.starts_with("#[doc(hidden)]");
        let item = item.trim_start_matches("#[doc(hidden)]").trim_start();
        let item = strip_cfg(item);
        let prefix = std::iter::once("catalog")
            .chain(modules.iter().map(|(m, _)| m.as_str()))
            .collect::<Vec<_>>()
            .join("::");
        if let Some(after) = item.strip_prefix("pub use ") {
            let end = after.find(';').expect("a `pub use` ends with `;`");
            for name in leaf_names(&after[..end]) {
                let tag = if hidden { " (hidden)" } else { "" };
                names.insert(format!("{prefix}::{name}{tag}"));
            }
            rest = after[end + 1..].to_string();
            continue;
        }
        if let Some(after) = item.strip_prefix("pub mod ") {
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(format!("{prefix}::{name} (module)"));
            let open = after.find('{').expect("an inline `pub mod` block");
            depth += 1;
            modules.push((name, depth));
            rest = after[open + 1..].to_string();
            continue;
        }
        // Step over one character, tracking braces so nested module blocks close.
        let mut chars = item.chars();
        match chars.next() {
            Some('{') => depth += 1,
            Some('}') => {
                if modules.last().is_some_and(|(_, d)| *d == depth) {
                    modules.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        rest = chars.as_str().to_string();
    }
    names
}

fn strip_comments(src: &str) -> String {
    src.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn strip_cfg(item: &str) -> &str {
    let mut item = item;
    while item.starts_with("#[cfg(") {
        let end = item.find(")]").expect("a closed #[cfg]");
        item = item[end + 2..].trim_start();
    }
    item
}

/// `a::b::{C, D as E, f::G}` -> `C`, `E`, `G`.
fn leaf_names(path: &str) -> Vec<String> {
    let path: String = path.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = path.find('{') else {
        let last = path.rsplit("::").next().unwrap_or(&path);
        return vec![
            last.rsplit(" as ")
                .next()
                .unwrap_or(last)
                .trim()
                .to_string(),
        ];
    };
    let inner = path[open + 1..].trim_end_matches('}');
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            let last = s.rsplit("::").next().unwrap_or(s);
            last.rsplit(" as ")
                .next()
                .unwrap_or(last)
                .trim()
                .to_string()
        })
        .collect()
}

#[test]
fn the_public_surface_is_pinned() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    let actual: Vec<String> = public_surface(&lib).into_iter().collect();
    let pin_path = root.join("tests/house/public-api.txt");
    if std::env::var_os("CATALOG_REPIN").is_some() {
        std::fs::write(&pin_path, actual.join("\n") + "\n").expect("write the pin");
    }
    let pinned = std::fs::read_to_string(&pin_path).unwrap_or_default();
    let pinned: Vec<&str> = pinned.lines().collect();
    assert!(
        actual.iter().map(String::as_str).eq(pinned.iter().copied()),
        "the public surface of `catalog` changed; review it, then re-pin with \
         CATALOG_REPIN=1 cargo test --test house\n--- pinned\n{}\n--- actual\n{}",
        pinned.join("\n"),
        actual.join("\n")
    );
}

#[test]
fn the_surface_reader_sees_nested_modules_and_hidden_items() {
    let lib = "pub use a::{B, c::D as E};\n#[cfg(feature = \"x\")]\npub mod m {\n    pub use z::{F};\n}\n#[doc(hidden)]\npub use q::r as __g;\npub use s::T;";
    let got: Vec<String> = public_surface(lib).into_iter().collect();
    assert_eq!(
        got,
        [
            "catalog::B",
            "catalog::E",
            "catalog::T",
            "catalog::__g (hidden)",
            "catalog::m (module)",
            "catalog::m::F",
        ]
    );
}

/// Every `use` path of a source file (comments and doc links excluded).
fn use_paths(src: &str) -> Vec<String> {
    strip_comments(src)
        .split(';')
        .filter_map(|stmt| {
            let stmt = stmt.trim_start();
            let at = stmt.find("use ")?;
            let head = &stmt[..at];
            (head.is_empty() || head.trim() == "pub" || head.ends_with('\n') || head.ends_with(' '))
                .then(|| stmt[at + 4..].split_whitespace().collect::<String>())
        })
        .collect()
}

#[test]
fn the_audit_phase_does_not_import_the_serving_phase() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog-core/src/audit");
    let mut checked = 0;
    for entry in std::fs::read_dir(&root).expect("catalog-core/src/audit") {
        let path = entry.expect("a directory entry").path();
        let src = std::fs::read_to_string(&path).expect("a source file");
        for used in use_paths(&src) {
            assert!(
                !used.contains("serve::") && !used.contains("Catalog"),
                "{} imports `{used}`: the recorder and coverage take an index and a tool list, \
                 so that serving can depend on auditing and never the other way round",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(
        checked >= 3,
        "expected mod.rs, recorder.rs and coverage.rs, read {checked} files"
    );
}

#[test]
fn the_import_reader_finds_imports_and_skips_doc_links() {
    let src = "//! see [`Catalog`](crate::serve::catalog::Catalog)\nuse crate::index::Index;\npub use crate::serve::x;\nfn f() {}";
    assert_eq!(use_paths(src), ["crate::index::Index", "crate::serve::x"]);
}
